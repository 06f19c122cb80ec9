import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isOpenDateRangeValid, ticketMessages, type TicketPage, type TicketQuery } from '@casedesk/shared';
import type { Db, Queryable } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { present } from '../../platform/envelope.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { htmlToText } from '../../platform/html.js';
import { searchableText, weightedVector } from '../../platform/text-search.js';
import { fileUrlOf, storedFile } from '../file/index.js';
import { appUser } from '../user/index.js';
import { actionsFor, allowedStatuses, visibleSql } from './ticket.policy.js';
import {
  broadSearch,
  estimateKeywordRows,
  estimateRows,
  type TicketFilter,
  ticketListSql,
  ticketNameColumns,
  ticketPageSql,
  ticketRecordColumns,
  ticketSearchTuning,
  ticketTotal,
  userNameSql,
} from './ticket.queries.js';
import { ticket } from './ticket.table.js';

// Reading tickets: one, its details, a list page. Writes live in ticket-create / ticket-change, and
// the checks they share in ticket-references.

/** Case numbers: `<prefix>-<year>-<6+ digit sequence>`; the prefix is Settings → Basic, this is its default. */
export const ticketNumbering = { prefix: 'TCK' };
export const fileOwner = 'Ticket';

/** A history entry's field changes. */
export type Changes = Record<string, { from: unknown; to: unknown }>;
/** Writes that removed files answer their paths, to delete from disk once committed. */
export type WriteResult<T> = { value: T; removedFiles: string[] };

/** The ticket if the actor sees it; `lock` takes the row for an update. */
export async function findVisible(q: Queryable, actor: Actor, id: number, lock = false) {
  const query = q
    .select(ticketRecordColumns)
    .from(ticket)
    .where(and(eq(ticket.id, id), visibleSql(actor)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export type TicketRecord = NonNullable<Awaited<ReturnType<typeof findVisible>>>;

export async function getTicket(db: Queryable, actor: Actor, id: number): Promise<TicketRecord> {
  const row = await findVisible(db, actor, id);
  if (!row) throw notFound();
  return row;
}

/** Whether the actor sees this ticket (used by file downloads). */
export async function ticketVisible(q: Queryable, actor: Actor, id: number): Promise<boolean> {
  const [row] = await q
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.id, id), visibleSql(actor)));
  return !!row;
}

export async function ticketDetail(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({
      ...ticketRecordColumns,
      ...ticketNameColumns,
      solvedByName: userNameSql(ticket.solvedBy),
    })
    .from(ticket)
    .where(and(eq(ticket.id, id), visibleSql(actor)));
  if (!row) throw notFound();
  const [files, parent, children, grantUsers] = await Promise.all([
    db
      .select({
        fileId: storedFile.id,
        name: storedFile.name,
        ext: storedFile.ext,
        size: storedFile.size,
        fileType: storedFile.fileType,
        createdAt: storedFile.createdAt,
        createdBy: storedFile.createdBy,
      })
      .from(storedFile)
      .where(and(eq(storedFile.ownerEntity, fileOwner), eq(storedFile.ownerId, id)))
      .orderBy(asc(storedFile.id)),
    row.parentTicket
      ? db
          .select({ id: ticket.id, caseNumber: ticket.caseNumber, subject: ticket.subject })
          .from(ticket)
          .where(and(eq(ticket.id, row.parentTicket), visibleSql(actor)))
      : Promise.resolve([]),
    db
      .select({ id: ticket.id, caseNumber: ticket.caseNumber, subject: ticket.subject, status: ticket.status })
      .from(ticket)
      .where(and(eq(ticket.parentTicket, id), visibleSql(actor)))
      .orderBy(asc(ticket.id))
      .limit(100),
    row.grantAccess.length
      ? db
          .select({ id: appUser.id, name: sql<string>`coalesce(${appUser.fullName}, ${appUser.loginName})` })
          .from(appUser)
          .where(inArray(appUser.id, row.grantAccess))
      : Promise.resolve([]),
  ]);
  return {
    ...present(row),
    files: files.map((f) => ({ ...present(f), fileUrl: fileUrlOf(f.fileId) })),
    parent: parent[0] ?? null,
    children,
    grantAccessUsers: grantUsers,
    actions: actionsFor(actor, row),
    allowedStatuses: allowedStatuses(actor, row),
  };
}

export function checkDateRange(query: Pick<TicketQuery, 'openDateFrom' | 'openDateTo'>) {
  if (!isOpenDateRangeValid(query.openDateFrom, query.openDateTo))
    throw badRequest(ticketMessages.endBeforeStart, [{ field: 'openDateTo', message: ticketMessages.endBeforeStart }]);
}

export async function queryTickets(db: Db, actor: Actor, query: TicketQuery): Promise<TicketPage> {
  checkDateRange(query);
  let built = ticketListSql(actor, query);
  // A keyword search: relevance when it is narrow, newest first (the user's sort, if any) when it is broad.
  let searchOrder: TicketPage['searchOrder'];
  let broad = false;
  if (built.rank && built.keywordMatch) {
    const sorted = (query.orderBy?.length ?? 0) > 0;
    const keyword = query.keyword?.trim() ?? '';
    broad = (await estimateKeywordRows(db, keyword, built.keywordMatch)) > ticketSearchTuning.broadAbove;
    if (broad) built = broadSearch(built, sorted);
    searchOrder = sorted ? 'sorted' : broad ? 'newest' : 'relevance';
  }
  const items = await ticketPageSql(db, built, query.page, query.pageSize);
  const offset = (query.page - 1) * query.pageSize;
  const first = items[0];
  // A short page, or a ranked search (which read every match), tells the total without counting.
  const counted =
    first && 'matches' in first
      ? { total: Number(first.matches), exact: true }
      : items.length < query.pageSize && (items.length > 0 || query.page === 1)
        ? { total: offset + items.length, exact: true }
        : broad
          ? // Counting even 1,000 of a common word's matches reads its whole posting list: estimate instead.
            { total: Math.max(await estimateRows(db, built.where), offset + items.length + 1), exact: false }
          : await ticketTotal(db, built.where);
  return {
    items: items.map((i) => {
      const { matches: _matches, ...item } = i as typeof i & { matches?: number };
      return { ...present(item), actions: actionsFor(actor, item) };
    }),
    total: counted.total,
    totalExact: counted.exact,
    ...(searchOrder ? { searchOrder } : {}),
  };
}

export function exportFilter(actor: Actor, query: TicketFilter) {
  checkDateRange(query);
  return ticketListSql(actor, query);
}

// ---- the search document, written by create and change ----

type SearchFields = {
  caseNumber: string;
  subject: string;
  content: string;
  customer?: string | null;
  customerEmail?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  telephone?: string | null;
};

/** A search document from its texts (weights: A number and subject, B customer, C content). */
export const searchDocSql = (
  numberAndSubject: string | SQLWrapper,
  people: string | SQLWrapper,
  content: string | SQLWrapper,
) =>
  sql`(${weightedVector(numberAndSubject, 'A')}
    || ${weightedVector(people, 'B')}
    || ${weightedVector(content, 'C')})`;
export const peopleText = (t: Omit<SearchFields, 'caseNumber'>) =>
  searchableText(t.customer, t.customerEmail, t.firstName, t.lastName, t.telephone);
export const contentText = (t: Omit<SearchFields, 'caseNumber'>) => searchableText(htmlToText(t.content));

/** The ticket's own search document. */
export function ticketSearchDoc(t: SearchFields): SQL {
  const numberWords = t.caseNumber.replace(/-/g, ' ');
  return searchDocSql(searchableText(t.caseNumber, numberWords, t.subject), peopleText(t), contentText(t));
}
