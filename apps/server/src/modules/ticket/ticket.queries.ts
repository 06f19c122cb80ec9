import { and, desc, eq, getTableName, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  openTicketStatuses,
  ticketCountCap,
  ticketSortFields,
  type TicketQuery,
  type TicketStatus,
} from '@casedesk/shared';
import { prebuiltSelection, rowsOf, type Queryable, type SelectionRow } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { likePattern, sortOrder } from '../../platform/resource.js';
import { keywordQuery } from '../../platform/text-search.js';
import { category } from '../category/index.js';
import { company } from '../company/index.js';
import { project } from '../project/index.js';
import { userNameSql } from '../user/index.js';
import { seesAllPrivate, visibleSql } from './ticket.policy.js';
import { clockColumns, slaPolicyNameColumns, slaStateCondition } from './ticket-sla.service.js';
import { tagsCondition } from './ticket-tag.service.js';
import { customCondition } from './ticket-custom.service.js';
import { ticket } from './ticket.table.js';

/** Every column of a ticket record, without the search documents. */
export const ticketRecordColumns = {
  id: ticket.id,
  rowVersion: ticket.rowVersion,
  createdAt: ticket.createdAt,
  createdBy: ticket.createdBy,
  modifiedAt: ticket.modifiedAt,
  modifiedBy: ticket.modifiedBy,
  caseNumber: ticket.caseNumber,
  subject: ticket.subject,
  content: ticket.content,
  status: ticket.status,
  priority: ticket.priority,
  categoryId: ticket.categoryId,
  projectId: ticket.projectId,
  companyId: ticket.companyId,
  assignTo: ticket.assignTo,
  delegateTo: ticket.delegateTo,
  ticketType: ticket.ticketType,
  ticketFrom: ticket.ticketFrom,
  subjectType: ticket.subjectType,
  openDate: ticket.openDate,
  closeDate: ticket.closeDate,
  openedBy: ticket.openedBy,
  solvedBy: ticket.solvedBy,
  customer: ticket.customer,
  customerEmail: ticket.customerEmail,
  telephone: ticket.telephone,
  firstName: ticket.firstName,
  lastName: ticket.lastName,
  emails: ticket.emails,
  businessUnit: ticket.businessUnit,
  parentTicket: ticket.parentTicket,
  requestTypeId: ticket.requestTypeId,
  privateTicket: ticket.privateTicket,
  grantAccess: ticket.grantAccess,
  attachments: ticket.attachments,
  scheduledDate: ticket.scheduledDate,
  mergedIntoId: ticket.mergedIntoId,
  mergedAt: ticket.mergedAt,
  ...clockColumns,
};
export type TicketRow = {
  [K in keyof typeof ticketRecordColumns]: (typeof ticketRecordColumns)[K]['_']['data'] extends infer D
    ? (typeof ticketRecordColumns)[K]['_']['notNull'] extends true
      ? D
      : D | null
    : never;
};

/** `"table"."column"`: correlated subqueries must not bind a same-named column of their own table. */
export const qualified = (column: PgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Names shown next to ids in lists and details. */
export const ticketNameColumns = {
  categoryName: sql<
    string | null
  >`(select c.category_description from ${category} c where c.id = ${qualified(ticket.categoryId)})`,
  projectName: sql<
    string | null
  >`(select p.project_name from ${project} p where p.id = ${qualified(ticket.projectId)})`,
  companyName: sql<string | null>`(select c.name from ${company} c where c.id = ${qualified(ticket.companyId)})`,
  assignToName: userNameSql(ticket.assignTo),
  delegateToName: userNameSql(ticket.delegateTo),
  createdByName: userNameSql(ticket.createdBy),
};

const listColumns = {
  id: ticket.id,
  rowVersion: ticket.rowVersion,
  caseNumber: ticket.caseNumber,
  subject: ticket.subject,
  status: ticket.status,
  priority: ticket.priority,
  categoryId: ticket.categoryId,
  projectId: ticket.projectId,
  companyId: ticket.companyId,
  assignTo: ticket.assignTo,
  delegateTo: ticket.delegateTo,
  ticketType: ticket.ticketType,
  ticketFrom: ticket.ticketFrom,
  openDate: ticket.openDate,
  closeDate: ticket.closeDate,
  customer: ticket.customer,
  customerEmail: ticket.customerEmail,
  privateTicket: ticket.privateTicket,
  parentTicket: ticket.parentTicket,
  createdBy: ticket.createdBy,
  modifiedAt: ticket.modifiedAt,
  ...clockColumns,
  ...ticketNameColumns,
  ...slaPolicyNameColumns,
};

const searchDocument = sql`(${ticket.searchDoc} || ${ticket.searchComments})`;
/**
 * The same document as an expression no index serves: when the search is driven by the caller's few visible
 * tickets, PostgreSQL would otherwise still AND in the keyword's whole posting list (a common word's is ~180,000
 * entries at 1M tickets: ~45 ms) to check a few dozen rows.
 */
const searchDocumentUnindexed = sql`(${ticket.searchDoc} || ${ticket.searchComments} || ''::tsvector)`;
const openStatuses = [...openTicketStatuses] as TicketStatus[];
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

const sortColumns: Record<(typeof ticketSortFields)[number], PgColumn> = {
  id: ticket.id,
  caseNumber: ticket.caseNumber,
  subject: ticket.subject,
  status: ticket.status,
  priority: ticket.priority,
  openDate: ticket.openDate,
  closeDate: ticket.closeDate,
  dueDate: ticket.dueDate,
  modifiedAt: ticket.modifiedAt,
  // The resolution due is the due date: one column, one index.
  slaResolutionDueAt: ticket.dueDate,
};

export type TicketFilter = Omit<TicketQuery, 'page' | 'pageSize'>;

/** A built list query: its conditions, its order and (for keyword searches) its rank. */
export type TicketListSql = {
  where: SQL | undefined;
  order: SQL[];
  rank: SQL | undefined;
  /** The keyword's own condition (what ranking would read), for deciding whether a search is broad. */
  keywordMatch?: SQL | undefined;
};

/**
 * Which indexes may drive a keyword search: the keyword's (the visibility is then a filter no index serves, since
 * intersecting with a project's 100,000 index entries costs more than checking a few hundred rows), the caller's
 * visibility's (the keyword then a filter), or both (their bitmaps intersected).
 */
export type SearchDrivenBy = 'keyword' | 'visibility' | 'both';

/** The WHERE and ORDER BY of a ticket list: the caller's visibility, then the filters of contract section 7. */
export function ticketListSql(
  actor: Actor,
  query: TicketFilter,
  { drivenBy = 'keyword' }: { drivenBy?: SearchDrivenBy } = {},
): TicketListSql {
  const conditions: (SQL | undefined)[] = [visibleSql(actor, !!query.keyword?.trim() && drivenBy === 'keyword')];
  if (query.status?.length) conditions.push(inArray(ticket.status, query.status));
  if (query.priority?.length) conditions.push(inArray(ticket.priority, query.priority));
  if (query.ticketFrom?.length) conditions.push(inArray(ticket.ticketFrom, query.ticketFrom));
  if (query.categoryId) conditions.push(eq(ticket.categoryId, query.categoryId));
  if (query.projectId) conditions.push(eq(ticket.projectId, query.projectId));
  if (query.companyId) conditions.push(eq(ticket.companyId, query.companyId));
  if (query.assignTo) conditions.push(eq(ticket.assignTo, query.assignTo));
  if (query.privateTicket !== undefined) conditions.push(eq(ticket.privateTicket, query.privateTicket));
  conditions.push(tagsCondition(query.tags, query.tagsMode));
  conditions.push(customCondition(query.custom));
  if (query.slaState?.length) {
    // A view of open work, or a status filter of open statuses only: every clock it shows runs.
    const openOnly =
      ['mine', 'unassigned', 'overdue', 'open'].includes(query.view ?? '') ||
      (!!query.status?.length && query.status.every((status) => openStatuses.includes(status)));
    conditions.push(slaStateCondition(query.slaState, { openOnly }));
  }
  if (query.openDateFrom) conditions.push(gte(ticket.openDate, new Date(query.openDateFrom)));
  if (query.openDateTo) {
    // A bare day includes the whole of that day.
    const to = new Date(query.openDateTo);
    if (dayPattern.test(query.openDateTo)) conditions.push(lt(ticket.openDate, new Date(to.getTime() + 86_400_000)));
    else conditions.push(lte(ticket.openDate, to));
  }
  const me = actor.userId;
  switch (query.view) {
    case 'mine':
      conditions.push(or(eq(ticket.assignTo, me), eq(ticket.delegateTo, me)), inArray(ticket.status, openStatuses));
      break;
    case 'unassigned':
      conditions.push(isNull(ticket.assignTo), inArray(ticket.status, openStatuses));
      break;
    case 'overdue':
      conditions.push(inArray(ticket.status, openStatuses), lt(ticket.dueDate, sql`now()`));
      break;
    case 'open':
      conditions.push(inArray(ticket.status, openStatuses));
      break;
    default:
      break;
  }

  let rank: SQL | undefined;
  let keywordMatch: SQL | undefined;
  const keyword = query.keyword?.trim() ?? '';
  if (keyword) {
    const tsq = keywordQuery(keyword);
    // Trigrams only for what can be part of a case number (letters, digits, dashes; a digit in it).
    const caseLike = keyword.length >= 3 && /^[a-z0-9-]+$/i.test(keyword) && /\d/.test(keyword);
    const partialCase = caseLike ? sql`${ticket.caseNumber} ilike ${likePattern(keyword)}` : undefined;
    const document = drivenBy === 'visibility' ? searchDocumentUnindexed : searchDocument;
    const matches = [tsq ? sql`${document} @@ ${tsq}` : undefined, partialCase].filter(
      (c): c is SQL => c !== undefined,
    );
    // Nothing searchable in the keyword (punctuation only): it matches nothing.
    keywordMatch = matches.length > 0 ? or(...matches) : sql`false`;
    conditions.push(keywordMatch);
    rank = sql`(${tsq ? sql`ts_rank(${searchDocument}, ${tsq})` : sql`0`}
      + case when lower(${ticket.caseNumber}) = lower(${keyword}) then 10
             ${partialCase ? sql`when ${partialCase} then 1` : sql``} else 0 end)`;
  }

  const order = sortOrder(query.orderBy, sortColumns);
  if (order.length === 0 && rank) order.push(sql`${rank} desc`);
  order.push(desc(ticket.id));
  return { where: and(...conditions.filter((c): c is SQL => c !== undefined)), order, rank, keywordMatch };
}

/** The list's columns, built once (every list page selects them). */
const listSelection = prebuiltSelection(listColumns);
type ListRow = SelectionRow<typeof listColumns>;

export async function ticketPageSql(
  db: Queryable,
  built: TicketListSql,
  page: number,
  pageSize: number,
): Promise<(ListRow | (ListRow & { rank: number; matches: number }))[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${listSelection.sql}
          ${built.rank ? sql`, ${built.rank} as "rank", count(*) over () as "matches"` : sql``}
          from ${ticket} ${built.where ? sql`where ${built.where}` : sql``}
         order by ${sql.join(built.order, sql`, `)}
         limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return rows.map((row) => {
    const item = listSelection.rowOf(row);
    // Ranking reads every match anyway: the exact total (`matches`) comes with the page.
    return built.rank ? { ...item, rank: Number(row.rank), matches: Number(row.matches) } : item;
  });
}

/** Counts at most `ticketCountCap + 1` rows, so a broad filter never counts a million. */
export function ticketCappedCountSql(where: SQL | undefined) {
  return sql`select count(*)::integer as n from (select 1 from ${ticket} ${where ? sql`where ${where}` : sql``} limit ${ticketCountCap + 1}) capped`;
}

/** The planner's estimate of the rows a filter matches (no rows are read). */
export async function estimateRows(db: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${ticket} ${where ? sql`where ${where}` : sql``}`,
  );
  const plan = (typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']) as
    { Plan: { 'Plan Rows': number } }[] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * A keyword the planner expects in more than `broadAbove` tickets is "broad": ranking reads every ticket with the
 * word (visible to the user or not: the visibility filter runs on the rows the index gave), and a common word
 * is in a fifth of a million tickets. The estimate is of the keyword alone (the GIN index's statistics know it;
 * the visibility expressions have none). Narrower searches are ranked by relevance.
 * An object so that a test can move the line (one test file is one process).
 */
export const ticketSearchTuning = {
  broadAbove: 5_000,
  estimateTtlMs: 60_000,
  /** A test's fixed choice of path and window (a few test tickets give the planner nothing to estimate from). */
  path: undefined as SearchPath | undefined,
  window: undefined as number | undefined,
};

/**
 * How a keyword search is answered (contract-tickets "Broad keywords"):
 * - `ranked`: from the keyword's index, every match ranked (or in the caller's sort); the keyword is narrow.
 * - `newest`: newest first (or the caller's sort) from the id index, which stops after a page: the keyword is
 *   broad and the caller sees enough tickets that a page of visible matches is found soon.
 * - `withinVisible`: ranked (or the caller's sort) among the caller's own visible tickets, read through the
 *   visibility's indexes: the caller sees so few tickets that reading all of them costs less than either of
 *   the others (newest first would walk most of the table to fill a page; the keyword's index, its whole
 *   posting list).
 */
export type SearchPath = 'ranked' | 'newest' | 'withinVisible';

/** Planner estimates of the rows each way would start from. */
export type SearchEstimates = { keywordRows: number; visibleRows: number; allRows: number };

/**
 * The path of a keyword search, by the rows each reads. Newest first reads, until it has `pageSize` tickets both
 * visible and matching, about pageSize ÷ (share visible × share matching) rows (taking the two as independent);
 * with the caller's own sort it must read every match. Pure, so that the choice is tested by itself.
 */
export function chooseSearchPath(e: SearchEstimates, pageSize: number, sorted: boolean): SearchPath {
  if (ticketSearchTuning.path) return ticketSearchTuning.path;
  if (e.keywordRows <= ticketSearchTuning.broadAbove) return 'ranked';
  const all = Math.max(1, e.allRows);
  const visibleMatchingShare = (Math.max(1, e.visibleRows) / all) * (Math.max(1, e.keywordRows) / all);
  const newestReads = sorted ? e.keywordRows : Math.min(all, pageSize / visibleMatchingShare);
  return e.visibleRows < Math.min(newestReads, e.keywordRows) ? 'withinVisible' : 'newest';
}

const remembered = new Map<string, { rows: number; until: number }>();

/**
 * A number about the tickets, remembered per process for `estimateTtlMs` under `key`: the planner's estimate of a
 * condition (the keyword, whose visibility, a list's filter), or that a list was counted past the cap. An estimate
 * depends on nothing but the condition and the statistics (which change with ANALYZE), so paging through a list
 * or a search, or many people searching the same word, plan it once instead of paying a round trip per request.
 */
async function rememberedRows(key: string, compute: () => Promise<number>): Promise<number> {
  const now = Date.now();
  const known = remembered.get(key);
  if (known && known.until > now) return known.rows;
  const rows = await compute();
  if (remembered.size >= 5000) remembered.clear(); // bounded; refilled by the next requests
  remembered.set(key, { rows, until: now + ticketSearchTuning.estimateTtlMs });
  return rows;
}

const rememberedEstimate = (db: Queryable, key: string, where: SQL | undefined) =>
  rememberedRows(`estimate:${key}`, () => estimateRows(db, where));

/** Whose visibility: the same key for every actor `visibleSql` treats the same. */
const visibilityKey = (actor: Actor) =>
  `${actor.userId}:${actor.dataScope}:${actor.projects.join(',')}:${seesAllPrivate(actor)}`;

/** A list's filter and whose it is: the key of its remembered estimate and count. */
export const ticketFilterKey = (actor: Actor, filter: TicketFilter & { page?: number; pageSize?: number }) => {
  const { page: _page, pageSize: _pageSize, orderBy: _orderBy, ...conditions } = filter;
  return `${visibilityKey(actor)}|${JSON.stringify(conditions)}`;
};

/** The planner's estimate of a list's rows, remembered under its `ticketFilterKey`. */
export const ticketEstimate = (db: Queryable, where: SQL | undefined, key: string) =>
  rememberedEstimate(db, `filter:${key}`, where);

/** The estimates `chooseSearchPath` weighs, for this keyword and this caller. */
export async function searchEstimates(
  db: Queryable,
  actor: Actor,
  keyword: string,
  keywordMatch: SQL,
): Promise<SearchEstimates> {
  const keywordRows = await rememberedEstimate(db, `keyword:${keyword}`, keywordMatch);
  // Only a broad keyword needs the other two (a narrow search stays one statement).
  if (keywordRows <= ticketSearchTuning.broadAbove)
    return { keywordRows, visibleRows: keywordRows, allRows: keywordRows };
  const allRows = await rememberedEstimate(db, 'all', undefined);
  const visibility = visibleSql(actor);
  const visibleRows = visibility
    ? await rememberedEstimate(db, `visible:${visibilityKey(actor)}`, visibility)
    : allRows;
  return { keywordRows, visibleRows, allRows };
}

/**
 * The broad form of a keyword search: the same conditions, no rank and no window count; the user's sort, or
 * newest first (then by id, so pages neither repeat nor skip a ticket).
 */
export const broadSearch = (built: TicketListSql, sorted: boolean): TicketListSql => ({
  ...built,
  order: sorted ? built.order : [desc(ticket.id)],
  rank: undefined,
});

/**
 * How many of the newest ids the newest-first path walks before giving up on the id index: four times the rows
 * it expects to read for `rowsNeeded` visible matches (at least 5,000; none when that is the whole table). Beyond it the caller's visible matches
 * are rarer than the estimates said (a word common elsewhere but rare in the caller's projects: the estimates
 * take the two as independent), and walking on could read the whole table (8.5 s at 1M tickets).
 */
export function newestWindow(e: SearchEstimates, rowsNeeded: number): number | undefined {
  if (ticketSearchTuning.window) return ticketSearchTuning.window;
  const all = Math.max(1, e.allRows);
  const share = (Math.max(1, e.visibleRows) / all) * (Math.max(1, e.keywordRows) / all);
  const window = Math.max(5_000, Math.ceil((4 * rowsNeeded) / share));
  return window < all ? window : undefined; // the window would hold the whole table
}

/** The newest-first search within the newest `window` ids. */
export const withinNewest = (built: TicketListSql, window: number): TicketListSql => ({
  ...built,
  where: and(built.where, sql`${ticket.id} > (select max(${ticket.id}) from ${ticket}) - ${window}`),
});

/**
 * Newest first from both indexes, for when the window held too few: the keyword's and the visibility's bitmaps
 * intersected (then few rows: the window just showed the visible matches are rare), sorted by id. `id + 0` so
 * that the planner does not walk the id index again, which its estimates favour.
 */
export const newestFromBothIndexes = (built: TicketListSql): TicketListSql => ({
  ...built,
  order: [sql`${ticket.id} + 0 desc`],
  rank: undefined,
});

/** Past this many estimated matches the list does not count at all: the estimate is the total. */
export const ticketEstimateOnlyAbove = ticketCountCap * 20;

/**
 * The total of a list page that came back full. Above `ticketEstimateOnlyAbove` estimated rows, the estimate; below,
 * a count that stops past `ticketCountCap` (exact when it stops short). That a filter counted past the cap is
 * remembered under its `key` like its estimate, so the next pages and reloads within a minute do not count again:
 * tickets are rarely removed, and the total shown is an estimate in both cases.
 */
export async function ticketTotal(
  db: Queryable,
  where: SQL | undefined,
  key: string,
): Promise<{ total: number; exact: boolean }> {
  const estimate = await ticketEstimate(db, where, key);
  if (estimate > ticketEstimateOnlyAbove) return { total: estimate, exact: false };
  const pastCap = remembered.get(`pastCap:${key}`);
  if (!pastCap || pastCap.until <= Date.now()) {
    const [counted] = await rowsOf<{ n: number }>(db, ticketCappedCountSql(where));
    const n = Number(counted?.n ?? 0);
    if (n <= ticketCountCap) return { total: n, exact: true };
    await rememberedRows(`pastCap:${key}`, async () => n);
  }
  return { total: Math.max(ticketCountCap + 1, estimate), exact: false };
}

/** Rows of a list, all of them, in its order, read in chunks (exports). */
export async function* ticketRowsInOrder(db: Queryable, built: TicketListSql, chunk = 2000, max = 1_000_000) {
  for (let page = 1; (page - 1) * chunk < max; page++) {
    const rows = await ticketPageSql(db, built, page, chunk);
    yield* rows;
    if (rows.length < chunk) return;
  }
}
