import { and, count, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { msg, ticketMessages, type OpenItemQuery } from '@casedesk/shared';
import type { Queryable } from '../../platform/db.js';
import { fieldRefusal } from '../../platform/errors.js';
import { likePattern } from '../../platform/resource.js';
import { project } from '../project/index.js';
import { ticket } from '../ticket/index.js';
import { userNameSql } from '../user/index.js';
import { userGroup } from '../userGroup/index.js';
import { openItem, openItemRelatedTicket } from './openItem.table.js';

/** An item as lists and details show it: the record with its ticket's number and the names of its ids. */
export const openItemColumns = {
  ...getTableColumns(openItem),
  ticketNumber: ticket.caseNumber,
  ticketSubject: ticket.subject,
  ticketStatus: ticket.status,
  projectName: sql<string | null>`(select p.project_name from ${project} p where p.id = ${openItem.projectId})`,
  pointOfContactName: userNameSql(openItem.pointOfContact),
  groupName: sql<string | null>`(select g.name from ${userGroup} g where g.id = ${openItem.groupId})`,
  relatedTickets: sql<number[]>`coalesce((select array_agg(r.ticket_id order by r.ticket_id)
    from ${openItemRelatedTicket} r where r.open_item_id = ${openItem.id}), '{}'::integer[])`,
};

/** The list query: items joined with their (visible) ticket. */
export const selectOpenItems = (q: Queryable) =>
  q.select(openItemColumns).from(openItem).innerJoin(ticket, eq(ticket.id, openItem.ticketId));

/** The query fields `openItemFilters` handles (no equality on same-named columns). */
export const openItemFilterFields = ['status', 'priority', 'ticketId', 'projectId', 'taskCategory', 'pointOfContact'];

/** A list query's filters and keyword (the scope is the resource's). */
export function openItemFilters(query: Omit<OpenItemQuery, 'page' | 'pageSize'>): SQL | undefined {
  if (query.openDateFrom && query.openDateTo && query.openDateTo < query.openDateFrom)
    throw fieldRefusal('openDateTo', msg(ticketMessages, 'endBeforeStart'));
  const keyword = query.keyword?.trim();
  return and(
    query.status?.length ? inArray(openItem.status, query.status) : undefined,
    query.ticketId ? eq(openItem.ticketId, query.ticketId) : undefined,
    query.ticketNumber ? ilike(ticket.caseNumber, likePattern(query.ticketNumber)) : undefined,
    query.projectId ? eq(openItem.projectId, query.projectId) : undefined,
    query.priority?.length ? inArray(openItem.priority, query.priority) : undefined,
    query.taskCategory ? eq(openItem.taskCategory, query.taskCategory) : undefined,
    query.pointOfContact ? eq(openItem.pointOfContact, query.pointOfContact) : undefined,
    query.openDateFrom ? gte(openItem.openDate, query.openDateFrom) : undefined,
    query.openDateTo ? lte(openItem.openDate, query.openDateTo) : undefined,
    keyword
      ? or(
          ilike(openItem.description, likePattern(keyword)),
          ilike(openItem.comment, likePattern(keyword)),
          ilike(ticket.caseNumber, likePattern(keyword)),
        )
      : undefined,
  );
}

/** What a list may be sorted by. */
export const openItemSortable = {
  id: openItem.id,
  serial: openItem.serial,
  sortId: openItem.sortId,
  ticketNumber: ticket.caseNumber,
  priority: openItem.priority,
  status: openItem.status,
  taskCategory: openItem.taskCategory,
  openDate: openItem.openDate,
  closeDate: openItem.closeDate,
  loe: openItem.loe,
  approvedDate: openItem.approvedDate,
  modifiedAt: openItem.modifiedAt,
};

/** The order when none is asked: a ticket's own order, else the newest first. */
export const openItemDefaultOrder = (query: Pick<OpenItemQuery, 'ticketId'>) =>
  query.ticketId
    ? [
        { field: 'sortId', desc: false },
        { field: 'id', desc: false },
      ]
    : [{ field: 'openDate', desc: true }];

/** How many items match and their LOE total (exact: numeric summed by the database, answered as text). */
export async function openItemTotals(q: Queryable, where: SQL | undefined) {
  const [row] = await q
    .select({
      total: count(),
      loeTotal: sql<string>`coalesce(sum(${openItem.loe}), 0)::numeric(20,2)::text`,
    })
    .from(openItem)
    .innerJoin(ticket, eq(ticket.id, openItem.ticketId))
    .where(where);
  return { total: row?.total ?? 0, loeTotal: row?.loeTotal ?? '0.00' };
}
