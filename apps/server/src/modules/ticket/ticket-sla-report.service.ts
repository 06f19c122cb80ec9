import { sql, type SQL } from 'drizzle-orm';
import {
  msg,
  slaReportMaxDays,
  slaReportMessages,
  type SlaReport,
  type SlaReportQuery,
  type SlaReportRow,
} from '@casedesk/shared';
import { rowsOf, type Queryable } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { fieldRefusal } from '../../platform/errors.js';
import type { ExportColumn } from '../../platform/export.js';
import { category } from '../category/index.js';
import { project } from '../project/index.js';
import { readSettings } from '../setting/index.js';
import { visibleSql } from './ticket.policy.js';
import { ticket, ticketSlaHold } from './ticket.table.js';

/*
 * The service-level report (issue 28): per project, category or month opened, how the desk kept its targets.
 * One statement over the tickets a policy counts, within the caller's visibility; the times are the working
 * minutes the clock kept when each target was reached (pauses left out), so a weekend is not the desk's time.
 */

const dayMs = 86_400_000;

function checkPeriod(query: SlaReportQuery) {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / dayMs + 1;
  if (days < 1) throw fieldRefusal('to', msg(slaReportMessages, 'endBeforeStart'));
  if (days > slaReportMaxDays) throw fieldRefusal('to', msg(slaReportMessages, 'tooLong'));
}

/** A group's key from a ticket, and its name from the key (read once per group, after the counting). */
type Grouping = { key: SQL; name: (key: SQL) => SQL };

function groupingOf(query: SlaReportQuery, timeZone: string): Grouping {
  switch (query.groupBy) {
    case 'category':
      return {
        key: sql`coalesce(${ticket.categoryId}::text, 'none')`,
        name: (k) => sql`(select c.category_description from ${category} c where c.id = nullif(${k}, 'none')::integer)`,
      };
    case 'month':
      return { key: sql`to_char(${ticket.openDate} at time zone ${timeZone}, 'YYYY-MM')`, name: () => sql`null::text` };
    default:
      return {
        key: sql`${ticket.projectId}::text`,
        name: (k) => sql`(select p.project_name from ${project} p where p.id = ${k}::integer)`,
      };
  }
}

type RawRow = Omit<SlaReportRow, 'firstResponseRate' | 'resolutionRate'> & { grand: boolean };

/** `Ticket/SlaReport`: a row per group (in key order) and the total. */
export async function slaReport(q: Queryable, actor: Actor, query: SlaReportQuery): Promise<SlaReport> {
  checkPeriod(query);
  const { timeZone } = (await readSettings(q)).basic;
  const { key, name } = groupingOf(query, timeZone);
  const visible = visibleSql(actor);
  // The period's days in the desk's zone: from its first midnight to the midnight after its last day.
  const from = sql`(${query.from}::date::timestamp at time zone ${timeZone})`;
  const to = sql`((${query.to}::date + 1)::timestamp at time zone ${timeZone})`;
  const rows = await rowsOf<RawRow>(
    q,
    sql`with counted as (
          select ${key} as key, ${ticket.id} as id,
                 ${ticket.slaFirstResponseAt} as fr_at, ${ticket.slaFirstResponseDueAt} as fr_due,
                 ${ticket.slaResolvedAt} as res_at, ${ticket.dueDate} as res_due,
                 ${ticket.slaFirstResponseMinutes} as fr_minutes,
                 -- A cancelled or merged ticket was not resolved (a merged one's request goes on in its target):
                 -- its resolution is neither met nor timed.
                 case when ${ticket.status} in ('Cancelled', 'Merged') then null else ${ticket.slaResolutionMinutes} end as res_minutes,
                 ${ticket.status} in ('Cancelled', 'Merged') as cancelled
            from ${ticket}
           where ${ticket.slaPolicyId} is not null and ${ticket.openDate} >= ${from} and ${ticket.openDate} < ${to}
             ${query.projectId ? sql`and ${ticket.projectId} = ${query.projectId}` : sql``}
             ${visible ? sql`and ${visible}` : sql``}),
        held as (
          select h.ticket_id,
                 sum(coalesce(h.working_minutes, 0)) filter (where h.held_by = 'customer') as customer,
                 sum(coalesce(h.working_minutes, 0)) filter (where h.held_by = 'approver') as approver
            from ${ticketSlaHold} h where h.ticket_id in (select id from counted) group by h.ticket_id),
        groups as (
        select c.key, grouping(c.key) = 1 as grand,
               count(*)::integer as tickets,
               count(*) filter (where coalesce(c.fr_at, c.res_at) is not null or c.fr_due < now())::integer
                 as "firstResponseMeasured",
               count(*) filter (where coalesce(c.fr_at, c.res_at) <= c.fr_due)::integer as "firstResponseMet",
               count(*) filter (where not c.cancelled and (c.res_at is not null or c.res_due < now()))::integer
                 as "resolutionMeasured",
               count(*) filter (where not c.cancelled and c.res_at <= c.res_due)::integer as "resolutionMet",
               percentile_cont(0.5) within group (order by c.fr_minutes) as "firstResponseMedianMinutes",
               percentile_cont(0.9) within group (order by c.fr_minutes) as "firstResponseP90Minutes",
               percentile_cont(0.5) within group (order by c.res_minutes) as "resolutionMedianMinutes",
               percentile_cont(0.9) within group (order by c.res_minutes) as "resolutionP90Minutes",
               coalesce(sum(h.customer), 0)::float8 as "customerHeldMinutes",
               coalesce(sum(h.approver), 0)::float8 as "approverHeldMinutes"
          from counted c left join held h on h.ticket_id = c.id
         group by grouping sets ((c.key), ()))
        select g.*, case when g.grand then null else ${name(sql`g.key`)} end as name
          from groups g
         order by g.grand, g.key`,
  );
  const shaped = rows.map(({ grand: _grand, ...row }) => shapeRow(row));
  const total = rows.findIndex((r) => r.grand);
  const empty = shapeRow({ ...zeroRow });
  return {
    rows: shaped.filter((_, i) => i !== total),
    total: total >= 0 ? { ...shaped[total]!, key: null, name: null } : empty,
  };
}

const zeroRow: Omit<RawRow, 'grand'> = {
  key: null,
  name: null,
  tickets: 0,
  firstResponseMeasured: 0,
  firstResponseMet: 0,
  resolutionMeasured: 0,
  resolutionMet: 0,
  firstResponseMedianMinutes: null,
  firstResponseP90Minutes: null,
  resolutionMedianMinutes: null,
  resolutionP90Minutes: null,
  customerHeldMinutes: 0,
  approverHeldMinutes: 0,
};

const minutes = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
const rate = (met: number, measured: number) => (measured > 0 ? met / measured : null);

function shapeRow(row: Omit<RawRow, 'grand'>): SlaReportRow {
  return {
    ...row,
    firstResponseRate: rate(row.firstResponseMet, row.firstResponseMeasured),
    resolutionRate: rate(row.resolutionMet, row.resolutionMeasured),
    firstResponseMedianMinutes: minutes(row.firstResponseMedianMinutes),
    firstResponseP90Minutes: minutes(row.firstResponseP90Minutes),
    resolutionMedianMinutes: minutes(row.resolutionMedianMinutes),
    resolutionP90Minutes: minutes(row.resolutionP90Minutes),
    customerHeldMinutes: Math.round(Number(row.customerHeldMinutes)),
    approverHeldMinutes: Math.round(Number(row.approverHeldMinutes)),
  };
}

/** The report as a spreadsheet: the same rows and the total, rates as percentages. */
export const slaReportExportColumns: ExportColumn[] = [
  { field: 'name', label: 'slaReportGroup', width: 28 },
  { field: 'tickets', label: 'slaReportTickets', width: 10 },
  { field: 'firstResponsePercent', label: 'slaReportFirstResponseRate', width: 14 },
  { field: 'resolutionPercent', label: 'slaReportResolutionRate', width: 14 },
  { field: 'firstResponseMedianMinutes', label: 'slaReportFirstResponseMedian', width: 16 },
  { field: 'firstResponseP90Minutes', label: 'slaReportFirstResponseP90', width: 16 },
  { field: 'resolutionMedianMinutes', label: 'slaReportResolutionMedian', width: 16 },
  { field: 'resolutionP90Minutes', label: 'slaReportResolutionP90', width: 16 },
  { field: 'customerHeldMinutes', label: 'slaReportCustomerHeld', width: 16 },
  { field: 'approverHeldMinutes', label: 'slaReportApproverHeld', width: 16 },
];

/** The report's rows as the spreadsheet reads them (the total last, named by `totalName`). */
export async function* slaReportExportRows(report: SlaReport, totalName: string, noCategory: string) {
  const percent = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);
  for (const row of [...report.rows, { ...report.total, name: totalName }])
    yield {
      ...row,
      name: row.name ?? (row.key === 'none' ? noCategory : row.key),
      firstResponsePercent: percent(row.firstResponseRate),
      resolutionPercent: percent(row.resolutionRate),
    };
}
