import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../platform/actor.js';
import { hasPermission } from '../../platform/access.js';
import { userGroupMember } from '../userGroup/index.js';
import { ticketView } from './ticket-view.table.js';

/*
 * Who may do what with saved ticket views (the routes require `ticketView:view` for every call), as with macros:
 * - A user keeps private views of their own (owner = themself) with `ticketView:view` alone.
 * - Sharing one, and changing or deleting a shared one, is a manager's: `ticketView:create` / `ticketView:edit` /
 *   `ticketView:delete`.
 * - Seeing: the owner; a shared view's group members (no groups: everyone with `ticketView:view`). Unlike macros,
 *   a manager does not see other users' private views: a view is a list in its reader's sidebar, counted for them,
 *   and another agent's private lists would only crowd it.
 */

/** Whether the actor manages ticket views: changes and deletes the shared ones they see. */
export const managesViews = (actor: Actor) => hasPermission(actor, 'ticketView:edit');

/** Whether the actor may save a view as shared (a new one needs `ticketView:create`, a change `ticketView:edit`). */
export const mayShare = (actor: Actor, creating: boolean) =>
  hasPermission(actor, creating ? 'ticketView:create' : 'ticketView:edit');

/** Whether the actor may change (`edit`) or delete a view. */
export function mayManage(actor: Actor, action: 'edit' | 'delete', row: { ownerId: number; shared: boolean }) {
  if (row.ownerId === actor.userId && !row.shared) return true;
  return hasPermission(actor, action === 'edit' ? 'ticketView:edit' : 'ticketView:delete') && managesViews(actor);
}

/** The views the actor sees: their own, and the shared ones meant for them. */
export function ticketViewScope(actor: Actor): SQL | undefined {
  const inGroups = sql`exists (select 1 from ${userGroupMember}
    where ${userGroupMember.userId} = ${actor.userId} and ${userGroupMember.groupId} = any(${ticketView.groupIds}))`;
  return or(
    eq(ticketView.ownerId, actor.userId),
    and(eq(ticketView.shared, true), or(sql`cardinality(${ticketView.groupIds}) = 0`, inGroups)),
  );
}
