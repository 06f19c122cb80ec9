import { and, asc, eq, gte, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  slaFinalStatuses,
  type CustomValues,
  type SlaState,
  type TicketSla,
  type TicketSlaHold,
  type TicketStatus,
} from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import { utcDay } from '../delegate/index.js';
import {
  clockAfter,
  loadChoosablePolicies,
  policiesReadCustom,
  policyFor,
  slaPolicy,
  workingMinutesBetween,
  type ChoosablePolicy,
  type Clock,
  type ClockPolicy,
} from '../sla/index.js';
import { customValuesOfTicket } from './ticket-custom.service.js';
import { ticket, ticketSlaHold } from './ticket.table.js';

/*
 * The service-level clock on tickets (contract section 19): its columns, how a change moves it (in the change's
 * own transaction), its spans of waiting, and how it reads in an answer. The arithmetic is the sla module's.
 */

/** The clock's columns (read with a ticket, set by a change). */
export const clockColumns = {
  slaPolicyId: ticket.slaPolicyId,
  slaFirstResponseDueAt: ticket.slaFirstResponseDueAt,
  slaFirstResponseAt: ticket.slaFirstResponseAt,
  slaFirstResponseWarnAt: ticket.slaFirstResponseWarnAt,
  slaNextUpdateDueAt: ticket.slaNextUpdateDueAt,
  slaNextUpdateWarnAt: ticket.slaNextUpdateWarnAt,
  slaUpdateMinutes: ticket.slaUpdateMinutes,
  slaUpdateBreaches: ticket.slaUpdateBreaches,
  dueDate: ticket.dueDate,
  slaResolutionWarnAt: ticket.slaResolutionWarnAt,
  slaResolvedAt: ticket.slaResolvedAt,
  slaFirstResponseMinutes: ticket.slaFirstResponseMinutes,
  slaResolutionMinutes: ticket.slaResolutionMinutes,
  slaPausedSince: ticket.slaPausedSince,
  slaPausedMinutes: ticket.slaPausedMinutes,
  slaHeldBy: ticket.slaHeldBy,
  slaApprovalRunning: ticket.slaApprovalRunning,
  slaNextCheckAt: ticket.slaNextCheckAt,
};

/** The policy's name beside a ticket's clock, for answers (a subquery: lists read 20 rows). */
export const slaPolicyNameColumns = {
  slaPolicyName: sql<string | null>`(select p.name from ${slaPolicy} p where p.id = "ticket"."sla_policy_id")`,
  slaPolicySeedCode: sql<string | null>`(select p.seed_code from ${slaPolicy} p where p.id = "ticket"."sla_policy_id")`,
};

/** The fields a policy's conditions read, and what the clock counts from. */
export type ClockTicket = {
  openDate: Date;
  status: TicketStatus;
  priority: (typeof ticket.$inferSelect)['priority'];
  projectId: number;
  categoryId: number | null;
  companyId: number | null;
  ticketType: string | null;
  /** Its custom values as they will be after the change; absent: read from the ticket when a policy needs them. */
  customFields?: Record<string, unknown>;
};

/** Holidays are read from the UTC day before the opening: a day that covers the opening's day in every zone. */
export const clockHolidaysFrom = (openDate: Date) => utcDay(new Date(openDate.getTime() - 86_400_000));

/** The policies a ticket's clock may take, with their calendars (one statement). */
export const clockPolicies = (q: Queryable, openDate: Date) => loadChoosablePolicies(q, clockHolidaysFrom(openDate));

export type ClockMove = {
  now: Date;
  approvalRunning?: boolean;
  publicReply?: boolean;
  /** Already loaded by the caller (a create's facts statement brings them). */
  policies?: ChoosablePolicy[];
};

/**
 * The clock of a ticket after a change, with its spans of waiting written: answers the columns to set on the
 * ticket. The policy is chosen again on every change: a changed field a condition reads, or an edited policy,
 * applies at the ticket's next change (a ticket resolved for good keeps the one it had).
 */
export async function movedClock(
  tx: Queryable,
  ticketId: number | undefined,
  before: Clock,
  after: ClockTicket,
  move: ClockMove,
): Promise<{ clock: Clock; policy: ClockPolicy | undefined }> {
  const approvalRunning = move.approvalRunning ?? before.slaApprovalRunning;
  // A resolved ticket that stays resolved or closes keeps its clock as it stopped.
  if (before.slaResolvedAt && (slaFinalStatuses as readonly string[]).includes(after.status))
    return { clock: { ...before, slaApprovalRunning: approvalRunning }, policy: undefined };
  const policies = move.policies ?? (await clockPolicies(tx, after.openDate));
  const customFields =
    after.customFields ??
    (ticketId !== undefined && policiesReadCustom(policies) ? await customValuesOfTicket(tx, ticketId) : undefined);
  const policy = policyFor(policies, {
    projectId: after.projectId,
    categoryId: after.categoryId,
    companyId: after.companyId,
    priority: after.priority,
    ticketType: after.ticketType,
    customFields: customFields as CustomValues | undefined,
  });
  const moved = clockAfter(before, {
    now: move.now,
    openDate: after.openDate,
    status: after.status,
    approvalRunning,
    publicReply: move.publicReply,
    policy,
  });
  if (ticketId !== undefined && moved.holdEnds) await endHold(tx, ticketId, move.now, policy);
  if (ticketId !== undefined && moved.holdStarts)
    await tx.insert(ticketSlaHold).values({ ticketId, ...moved.holdStarts, startedAt: move.now });
  return { clock: moved.clock, policy };
}

/** Writes a new ticket's first span of waiting (a create knows its id only after the insert). */
export async function startHold(tx: Queryable, ticketId: number, clock: Clock, status: TicketStatus, at: Date) {
  if (clock.slaHeldBy === 'agent') return;
  await tx.insert(ticketSlaHold).values({
    ticketId,
    heldBy: clock.slaHeldBy,
    paused: clock.slaPausedSince !== null,
    status: clock.slaHeldBy === 'customer' ? status : null,
    startedAt: at,
  });
}

async function endHold(tx: Queryable, ticketId: number, now: Date, policy: ClockPolicy | undefined) {
  const [open] = await tx
    .select({ id: ticketSlaHold.id, startedAt: ticketSlaHold.startedAt })
    .from(ticketSlaHold)
    .where(and(eq(ticketSlaHold.ticketId, ticketId), isNull(ticketSlaHold.endedAt)));
  if (!open) return;
  await tx
    .update(ticketSlaHold)
    .set({
      endedAt: now,
      workingMinutes: policy ? Math.round(workingMinutesBetween(policy.calendar, open.startedAt, now)) : null,
    })
    .where(eq(ticketSlaHold.id, open.id));
}

/** The clock's columns that differ from before (a change sets only those). */
export function changedClock(before: Clock, after: Clock): Partial<Clock> {
  const changed: Partial<Clock> = {};
  for (const key of Object.keys(after) as (keyof Clock)[]) {
    const a = after[key];
    const b = before[key];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) Object.assign(changed, { [key]: a });
  }
  return changed;
}

/**
 * Moves a ticket's clock for something that is not a field change (a public reply, an approval starting or
 * ending, a status set by another module), in the caller's transaction. The ticket's rowVersion stays: the clock
 * is not the user's edit, and an open edit form must not turn stale over a reply.
 */
export async function moveTicketClock(
  tx: Tx,
  ticketId: number,
  move: Omit<ClockMove, 'now' | 'policies'> & { now?: Date },
): Promise<void> {
  const [row] = await tx
    .select({
      ...clockColumns,
      openDate: ticket.openDate,
      status: ticket.status,
      priority: ticket.priority,
      projectId: ticket.projectId,
      categoryId: ticket.categoryId,
      companyId: ticket.companyId,
      ticketType: ticket.ticketType,
    })
    .from(ticket)
    .where(eq(ticket.id, ticketId))
    .for('update');
  if (!row) return;
  // A reply on a ticket without a policy, or after the first response when no next update is due, changes nothing.
  if (
    move.publicReply &&
    move.approvalRunning === undefined &&
    (!row.slaPolicyId || (row.slaFirstResponseAt && !row.slaNextUpdateDueAt))
  )
    return;
  const { clock } = await movedClock(tx, ticketId, row, row, { ...move, now: move.now ?? new Date() });
  const set = changedClock(row, clock);
  if (Object.keys(set).length > 0) await tx.update(ticket).set(set).where(eq(ticket.id, ticketId));
}

/** A clock's state at `now`: one definition, here and in SQL (`slaStateSql`); the tests hold them equal. */
export function slaStateOf(clock: Clock, now: Date): SlaState | null {
  // No policy ever counted it (a ticket from before service levels keeps its old due date, but no clock).
  if (clock.slaPolicyId === null && clock.slaFirstResponseDueAt === null) return null;
  const fr = clock.slaFirstResponseDueAt?.getTime() ?? Infinity;
  const due = clock.dueDate?.getTime() ?? Infinity;
  const lateUpdate = clock.slaUpdateBreaches > 0;
  if (clock.slaResolvedAt) {
    const answered = (clock.slaFirstResponseAt ?? clock.slaResolvedAt).getTime();
    return answered <= fr && clock.slaResolvedAt.getTime() <= due && !lateUpdate ? 'met' : 'breached';
  }
  const at = (clock.slaPausedSince ?? now).getTime();
  const update = clock.slaNextUpdateDueAt?.getTime() ?? Infinity;
  if ((clock.slaFirstResponseAt?.getTime() ?? at) > fr || at > due || at > update || lateUpdate) return 'breached';
  if (clock.slaPausedSince) return 'paused';
  const frWarn = clock.slaFirstResponseAt ? Infinity : (clock.slaFirstResponseWarnAt?.getTime() ?? Infinity);
  const warnings = [
    frWarn,
    clock.slaResolutionWarnAt?.getTime() ?? Infinity,
    clock.slaNextUpdateWarnAt?.getTime() ?? Infinity,
  ];
  if (warnings.some((warnAt) => at >= warnAt)) return 'warning';
  return 'ok';
}

/*
 * The same state in SQL, from one set of predicates: `slaStateSql` (a value) and `slaStateCondition` (the list's
 * filter) are built from them. Each is a plain comparison of a column with now() or with another column, guarded so
 * that it is never null (NOT of it is then exact), which lets the planner estimate a filter from the columns'
 * statistics and read a page of running clocks from an index in due order.
 */
const t = ticket;
/** A policy counts the ticket (or did: a deleted policy leaves its instants). */
const hasClock = sql`(${t.slaPolicyId} is not null or ${t.slaFirstResponseDueAt} is not null)`;
/** The instant the clock stands at (now, or when it paused) is past `due`. */
const passed = (due: typeof t.dueDate) =>
  sql`(${due} is not null and ((${t.slaPausedSince} is null and ${due} < now())
    or (${t.slaPausedSince} is not null and ${t.slaPausedSince} > ${due})))`;
/** A running clock missed a target: a late first response or update, or a due instant passed. */
const runningBreached = sql`(
  (${t.slaFirstResponseAt} is not null and ${t.slaFirstResponseDueAt} is not null
    and ${t.slaFirstResponseAt} > ${t.slaFirstResponseDueAt})
  or (${t.slaFirstResponseAt} is null and ${passed(t.slaFirstResponseDueAt)})
  or ${passed(t.dueDate)} or ${passed(t.slaNextUpdateDueAt)} or ${t.slaUpdateBreaches} > 0)`;
/** A running clock that is not paused has reached a warning instant (checked once it is not breached). */
const runningWarned = sql`(
  (${t.slaFirstResponseAt} is null and ${t.slaFirstResponseWarnAt} <= now())
  or ${t.slaResolutionWarnAt} <= now() or ${t.slaNextUpdateWarnAt} <= now())`;
const running = sql`${t.slaResolvedAt} is null`;
const notPaused = sql`${t.slaPausedSince} is null`;
/** A stopped clock met every target. */
const stoppedMet = sql`(coalesce(${t.slaFirstResponseAt}, ${t.slaResolvedAt}) <= coalesce(${t.slaFirstResponseDueAt}, 'infinity')
  and ${t.slaResolvedAt} <= coalesce(${t.dueDate}, 'infinity') and ${t.slaUpdateBreaches} = 0)`;

/** Each running state as a condition (the clock has a policy and runs). */
const runningStateConditions: Record<Exclude<SlaState, 'met'>, SQL> = {
  breached: runningBreached,
  paused: sql`(${t.slaPausedSince} is not null and not ${runningBreached})`,
  warning: sql`(${notPaused} and not ${runningBreached} and coalesce(${runningWarned}, false))`,
  ok: sql`(${notPaused} and not ${runningBreached} and not coalesce(${runningWarned}, false))`,
};

/** A clock's state in SQL (null where no policy counts the ticket). */
export const slaStateSql = sql<SlaState | null>`(case
  when not ${hasClock} then null
  when ${t.slaResolvedAt} is not null then case when ${stoppedMet} then 'met' else 'breached' end
  when ${runningBreached} then 'breached'
  when ${t.slaPausedSince} is not null then 'paused'
  when coalesce(${runningWarned}, false) then 'warning'
  else 'ok' end)`;

/**
 * The list's `slaState` filter: the rows whose `slaStateSql` is one of `states`. A running clock (not resolved;
 * every clock has a resolution due) is found by `ticket_sla_running_idx` in due order, and one that is ok or
 * warning has its due still ahead; a stopped clock is looked for among the rest. `openOnly`: the list asks for
 * open tickets only, whose clocks all run (a final status stops a clock, reopening starts it), so the stopped part
 * is left out.
 */
export function slaStateCondition(states: readonly SlaState[], { openOnly = false } = {}): SQL {
  const runningAsked = states.filter((s): s is Exclude<SlaState, 'met'> => s !== 'met');
  const stoppedAsked = openOnly ? [] : states.filter((s) => s === 'met' || s === 'breached');
  const parts: SQL[] = [];
  if (runningAsked.length > 0)
    parts.push(
      and(
        running,
        isNotNull(t.dueDate),
        hasClock,
        runningAsked.every((s) => s === 'ok' || s === 'warning') ? gte(t.dueDate, sql`now()`) : undefined,
        or(...runningAsked.map((s) => runningStateConditions[s])),
      )!,
    );
  if (stoppedAsked.length > 0) {
    const met = stoppedAsked.includes('met');
    const breached = stoppedAsked.includes('breached');
    const which = met && breached ? undefined : met ? stoppedMet : sql`not ${stoppedMet}`;
    parts.push(and(isNotNull(t.slaResolvedAt), hasClock, which)!);
  }
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How a ticket's clock reads in an answer (null when no policy counts it). */
export function slaAnswer(
  row: Clock & { slaPolicyName?: string | null; slaPolicySeedCode?: string | null },
  now = new Date(),
): TicketSla {
  const state = slaStateOf(row, now);
  if (state === null) return null;
  return {
    policyId: row.slaPolicyId,
    policyName: row.slaPolicyName ?? null,
    policySeedCode: row.slaPolicySeedCode ?? null,
    firstResponseDueAt: iso(row.slaFirstResponseDueAt),
    firstResponseAt: iso(row.slaFirstResponseAt),
    nextUpdateDueAt: iso(row.slaNextUpdateDueAt),
    resolutionDueAt: iso(row.dueDate),
    resolvedAt: iso(row.slaResolvedAt),
    paused: row.slaPausedSince !== null,
    pausedSince: iso(row.slaPausedSince),
    heldBy: row.slaHeldBy,
    state,
  };
}

/** A ticket's spans of waiting, oldest first (the ticket page). */
export async function slaHoldsOf(q: Queryable, ticketId: number): Promise<TicketSlaHold[]> {
  const rows = await q
    .select({
      heldBy: ticketSlaHold.heldBy,
      paused: ticketSlaHold.paused,
      status: ticketSlaHold.status,
      startedAt: ticketSlaHold.startedAt,
      endedAt: ticketSlaHold.endedAt,
      workingMinutes: ticketSlaHold.workingMinutes,
    })
    .from(ticketSlaHold)
    .where(eq(ticketSlaHold.ticketId, ticketId))
    .orderBy(asc(ticketSlaHold.id))
    .limit(500);
  return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString(), endedAt: iso(r.endedAt) }));
}
