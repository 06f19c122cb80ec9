import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  isOpenDateRangeValid,
  msg,
  ticketMessages,
  type TicketPage,
  type TicketQuery,
  type CustomValues,
  type TicketSla,
} from '@casedesk/shared';
import { prebuiltSelection, rowsOf, type Db, type Queryable } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { present } from '../../platform/envelope.js';
import { fieldRefusal, notFound } from '../../platform/errors.js';
import { htmlToText } from '../../platform/html.js';
import { searchableText, weightedVector } from '../../platform/text-search.js';
import { fileUrlOf, storedFile } from '../file/index.js';
import { slaPolicy } from '../sla/index.js';
import { appUser, userNameSql } from '../user/index.js';
import { actionsFor, allowedStatuses, visibleSql } from './ticket.policy.js';
import {
  broadSearch,
  chooseSearchPath,
  newestFromBothIndexes,
  newestWindow,
  type TicketFilter,
  ticketListSql,
  ticketNameColumns,
  ticketPageSql,
  ticketRecordColumns,
  searchEstimates,
  ticketEstimate,
  ticketFilterKey,
  type TicketListSql,
  ticketTotal,
  withinNewest,
} from './ticket.queries.js';
import { slaAnswer, slaHoldsOf, slaPolicyNameColumns } from './ticket-sla.service.js';
import { tagsOf, tagsOfTicket } from './ticket-tag.service.js';
import { customValuesOf, customValuesOfTicket } from './ticket-custom.service.js';
import { watchersOf } from './ticket-watch.service.js';
import { ticket, ticketTag } from './ticket.table.js';

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

export async function getTicket(db: Queryable, actor: Actor, id: number): Promise<TicketAnswer> {
  const row = await findVisible(db, actor, id);
  if (!row) throw notFound();
  return ticketAnswer(db, row);
}

/** A record as `Get`, `Add` and `Update` answer it: with its tags, service-level clock and the policy's name. */
export type TicketAnswer = TicketRecord & { sla: TicketSla; tags: string[]; customFields: CustomValues };
export async function ticketAnswer(q: Queryable, row: TicketRecord): Promise<TicketAnswer> {
  const [policy] = row.slaPolicyId
    ? await q
        .select({ slaPolicyName: slaPolicy.name, slaPolicySeedCode: slaPolicy.seedCode })
        .from(slaPolicy)
        .where(eq(slaPolicy.id, row.slaPolicyId))
    : [];
  return {
    ...row,
    tags: await tagsOfTicket(q, row.id),
    customFields: await customValuesOfTicket(q, row.id),
    sla: slaAnswer({ ...row, ...policy }),
  };
}

/** Whether the actor sees this ticket (used by file downloads). */
export async function ticketVisible(q: Queryable, actor: Actor, id: number): Promise<boolean> {
  const [row] = await q
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.id, id), visibleSql(actor)));
  return !!row;
}

/** The record's columns and names as Detail shows them, built once (the ticket page reads them every time). */
const detailSelection = prebuiltSelection({
  ...ticketRecordColumns,
  ...ticketNameColumns,
  ...slaPolicyNameColumns,
  solvedByName: userNameSql(ticket.solvedBy),
});
type DetailFile = {
  fileId: number;
  name: string;
  ext: string;
  size: number;
  fileType: string;
  createdAt: string;
  createdBy: number | null;
};
type DetailRow = {
  files: DetailFile[];
  parent: { id: number; caseNumber: string; subject: string } | null;
  mergedInto: { id: number; caseNumber: string; subject: string } | null;
  children: { id: number; caseNumber: string; subject: string; status: string }[];
  grantAccessUsers: { id: number; name: string }[];
  tags: string[];
};

/**
 * The record with its files, parent, children and granted users, in one statement. Parent and children are
 * shown only if the actor sees them too (in those subqueries `"ticket"` is the linked ticket).
 */
export async function ticketDetail(db: Db, actor: Actor, id: number) {
  const visible = visibleSql(actor);
  const andVisible = visible ? sql`and ${visible}` : sql``;
  const [raw] = await rowsOf<Record<string, unknown> & DetailRow>(
    db,
    sql`select ${detailSelection.sql},
          coalesce((select json_agg(json_build_object('fileId', f.id, 'name', f.name, 'ext', f.ext, 'size', f.size,
                                      'fileType', f.file_type, 'createdAt', f.created_at, 'createdBy', f.created_by)
                                    order by f.id)
                      from ${storedFile} f where f.owner_entity = ${fileOwner} and f.owner_id = ${id}), '[]') as "files",
          (select json_build_object('id', ${ticket.id}, 'caseNumber', ${ticket.caseNumber}, 'subject', ${ticket.subject})
             from ${ticket}
            where ${ticket.id} = (select t0.parent_ticket from ${ticket} t0 where t0.id = ${id}) ${andVisible}) as "parent",
          (select json_build_object('id', ${ticket.id}, 'caseNumber', ${ticket.caseNumber}, 'subject', ${ticket.subject})
             from ${ticket}
            where ${ticket.id} = (select t0.merged_into_id from ${ticket} t0 where t0.id = ${id}) ${andVisible}) as "mergedInto",
          coalesce((select json_agg(c order by c.id)
                      from (select ${ticket.id} as id, ${ticket.caseNumber} as "caseNumber", ${ticket.subject} as subject,
                                   ${ticket.status} as status
                              from ${ticket} where ${ticket.parentTicket} = ${id} ${andVisible}
                             order by ${ticket.id} limit 100) c), '[]') as "children",
          coalesce((select json_agg(json_build_object('id', u.id, 'name', coalesce(u.full_name, u.login_name)) order by u.id)
                      from ${appUser} u where u.id = any(${ticket.grantAccess})), '[]') as "grantAccessUsers",
          coalesce((select json_agg(tt.tag order by tt.tag) from ${ticketTag} tt where tt.ticket_id = ${id}), '[]') as "tags"
        from ${ticket} where ${ticket.id} = ${id} ${andVisible}`,
  );
  if (!raw) throw notFound();
  const { files, parent, mergedInto, children, grantAccessUsers, tags, ...record } = raw;
  const row = detailSelection.rowOf(record);
  return {
    ...present(row),
    files: files.map((f) => ({ ...f, createdAt: new Date(f.createdAt).toISOString(), fileUrl: fileUrlOf(f.fileId) })),
    parent,
    mergedInto,
    children,
    grantAccessUsers,
    tags,
    customFields: await customValuesOfTicket(db, id),
    actions: actionsFor(actor, row),
    allowedStatuses: allowedStatuses(actor, row),
    sla: slaAnswer(row),
    slaHolds: await slaHoldsOf(db, id),
    ...(await watchersOf(db, id, actor.userId)),
  };
}

export function checkDateRange(query: Pick<TicketQuery, 'openDateFrom' | 'openDateTo'>) {
  if (!isOpenDateRangeValid(query.openDateFrom, query.openDateTo))
    throw fieldRefusal('openDateTo', msg(ticketMessages, 'endBeforeStart'));
}

type PageItems = Awaited<ReturnType<typeof ticketPageSql>>;

/**
 * A keyword search's page by the path `chooseSearchPath` picks (contract-tickets "Broad keywords"). Newest first
 * walks the id index only through a window of the newest tickets; when that holds too few of the caller's matches,
 * the page comes from both indexes instead, in the same order.
 */
async function searchPage(db: Db, actor: Actor, query: TicketQuery, built: TicketListSql & { keywordMatch: SQL }) {
  const sorted = (query.orderBy?.length ?? 0) > 0;
  const estimates = await searchEstimates(db, actor, query.keyword?.trim() ?? '', built.keywordMatch);
  const path = chooseSearchPath(estimates, query.pageSize, sorted);
  const searchOrder: TicketPage['searchOrder'] = sorted ? 'sorted' : path === 'newest' ? 'newest' : 'relevance';
  const page = (b: TicketListSql) => ticketPageSql(db, b, query.page, query.pageSize);
  if (path === 'withinVisible')
    return { items: await page(ticketListSql(actor, query, { drivenBy: 'visibility' })), searchOrder, broad: false };
  if (path === 'ranked') return { items: await page(built), searchOrder, broad: false };
  const newest = broadSearch(built, sorted);
  const window = sorted ? undefined : newestWindow(estimates, query.page * query.pageSize);
  let items: PageItems = await page(window ? withinNewest(newest, window) : newest);
  if (window && items.length < query.pageSize)
    items = await page(newestFromBothIndexes(ticketListSql(actor, query, { drivenBy: 'both' })));
  return { items, searchOrder, broad: true };
}

export async function queryTickets(db: Db, actor: Actor, query: TicketQuery): Promise<TicketPage> {
  checkDateRange(query);
  const built = ticketListSql(actor, query);
  const { keywordMatch } = built;
  const search =
    built.rank && keywordMatch ? await searchPage(db, actor, query, { ...built, keywordMatch }) : undefined;
  const items = search?.items ?? (await ticketPageSql(db, built, query.page, query.pageSize));
  const { searchOrder, broad = false } = search ?? {};
  const offset = (query.page - 1) * query.pageSize;
  const first = items[0];
  // A short page, or a ranked search (which read every match), tells the total without counting.
  const filterKey = ticketFilterKey(actor, query);
  const counted =
    first && 'matches' in first
      ? { total: Number(first.matches), exact: true }
      : items.length < query.pageSize && (items.length > 0 || query.page === 1)
        ? { total: offset + items.length, exact: true }
        : broad
          ? // Counting even 1,000 of a common word's matches reads its whole posting list: estimate instead.
            {
              total: Math.max(await ticketEstimate(db, built.where, filterKey), offset + items.length + 1),
              exact: false,
            }
          : await ticketTotal(db, built.where, filterKey);
  const now = new Date();
  // The page's tags and custom values, a statement each.
  const ids = items.map((item) => item.id);
  const tags = await tagsOf(db, ids);
  const customFields = await customValuesOf(db, ids);
  return {
    items: items.map((i) => {
      const { matches: _matches, ...item } = i as typeof i & { matches?: number };
      return {
        ...present(item),
        tags: tags.get(item.id) ?? [],
        customFields: customFields.get(item.id) ?? {},
        sla: slaAnswer(item, now),
        actions: actionsFor(actor, item),
      };
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
