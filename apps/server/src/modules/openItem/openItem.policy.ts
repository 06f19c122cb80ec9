import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { OpenItemAction, TicketStatus } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { ticket, visibleSql } from '../ticket/index.js';
import { openItem } from './openItem.table.js';

/*
 * Who may do what with open items (the routes already require `openItem:view` / `:create` / `:edit` / `:delete`):
 * - An item is visible exactly when its ticket is (the ticket module's rule); otherwise it does not exist.
 * - Adding needs `openItem:addItem` too (the spec's "add item"); attaching files `openItem:editFile`, removing
 *   them `openItem:deleteFile`.
 * - Items of a Closed or Cancelled ticket are read-only.
 */

/** The list scope: items whose ticket the actor sees (the query joins the ticket). */
export const openItemScope = (actor: Actor): SQL | undefined => visibleSql(actor);

/** The same scope for a query that does not join the ticket. */
export const openItemScopeAlone = (actor: Actor): SQL | undefined => {
  const visible = visibleSql(actor);
  return visible
    ? sql`exists (select 1 from ${ticket} where ${and(eq(ticket.id, openItem.ticketId), visible)})`
    : undefined;
};

export const ticketIsOpen = (status: TicketStatus) =>
  status !== 'Closed' && status !== 'Cancelled' && status !== 'Merged';

export const mayAddItem = (actor: Actor) =>
  hasPermission(actor, 'openItem:create') && hasPermission(actor, 'openItem:addItem');

/** What the actor may do with an item they see; the web shows buttons from it. */
export function openItemActionsFor(actor: Actor, ticketStatus: TicketStatus): OpenItemAction[] {
  if (!ticketIsOpen(ticketStatus)) return [];
  const actions: OpenItemAction[] = [];
  if (hasPermission(actor, 'openItem:edit')) actions.push('edit');
  // Shown even for a Complete item: the server's refusal says why it cannot go.
  if (hasPermission(actor, 'openItem:delete')) actions.push('delete');
  if (hasPermission(actor, 'openItem:editFile')) actions.push('editFile');
  if (hasPermission(actor, 'openItem:deleteFile')) actions.push('deleteFile');
  return actions;
}
