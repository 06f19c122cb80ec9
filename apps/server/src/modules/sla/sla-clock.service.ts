import { sql, type SQL } from 'drizzle-orm';
import type { Condition, TicketStatus, WorkingHours } from '@casedesk/shared';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { holidaysFromQuery } from '../setting/index.js';
import type { ClockPolicy } from './sla-clock.js';

/** A policy as the clock chooses and counts with it. */
export type ChoosablePolicy = ClockPolicy & {
  priority: number;
  status: 'Active' | 'Inactive';
  conditions: Condition[];
};

type PolicyJson = Omit<ChoosablePolicy, 'calendar'> & {
  timeZone: string;
  workingHours: WorkingHours[];
  extraHolidays: string[];
};

/**
 * The active policies in the order they are tried, each with its calendar, as one json value: a subquery that
 * the ticket create's facts statement embeds, so that a create stays two statements.
 */
export const activePoliciesJson: SQL<PolicyJson[]> = sql`(select coalesce(json_agg(json_build_object(
    'id', p.id, 'name', p.name, 'seedCode', p.seed_code, 'priority', p.priority, 'status', p.status,
    'conditions', p.conditions, 'firstResponseMinutes', p.first_response_minutes,
    'nextUpdateMinutes', p.next_update_minutes, 'resolutionMinutes', p.resolution_minutes, 'warnBeforeMinutes', p.warn_before_minutes,
    'pauseStatuses', p.pause_statuses, 'pauseDuringApproval', p.pause_during_approval,
    'timeZone', c.time_zone, 'workingHours', c.working_hours, 'extraHolidays', c.extra_holidays)
    order by p.priority, p.id), '[]'::json)
  from sla_policy p join sla_calendar c on c.id = p.calendar_id where p.status = 'Active')`;

/**
 * The policies with their working calendars: closed on the Settings holidays from `holidays` (every calendar
 * observes them) and on the calendar's own extra days.
 */
export function choosablePolicies(policies: PolicyJson[], holidays: readonly string[]): ChoosablePolicy[] {
  return policies.map(({ timeZone, workingHours, extraHolidays, ...policy }) => ({
    ...policy,
    pauseStatuses: policy.pauseStatuses as TicketStatus[],
    calendar: {
      timeZone,
      workingHours,
      closedDays: new Set([...holidays, ...extraHolidays]),
    },
  }));
}

/** The active policies and the Settings holidays from `fromDay` on, in one statement. */
export async function loadChoosablePolicies(q: Queryable, fromDay: string): Promise<ChoosablePolicy[]> {
  const [row] = await rowsOf<{ policies: PolicyJson[]; holidays: string[] }>(
    q,
    sql`select ${activePoliciesJson} as policies, array(${holidaysFromQuery(q, fromDay)})::text[] as holidays`,
  );
  return choosablePolicies(row?.policies ?? [], row?.holidays ?? []);
}
