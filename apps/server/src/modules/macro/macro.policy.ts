import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../platform/actor.js';
import { hasPermission } from '../../platform/access.js';
import { userGroupMember } from '../userGroup/index.js';
import { macro } from './macro.table.js';

/*
 * Who may do what with macros (the routes require `macro:view` for every call: using macros and keeping private
 * ones is every agent's; the kit's create/edit/delete codes mean managing the shared ones here):
 * - A user keeps private macros of their own (owner = themself) with `macro:view` alone.
 * - Sharing one, and changing or deleting a shared one, is a manager's: `macro:create` / `macro:edit` /
 *   `macro:delete`. A manager (`macro:edit`) also sees and manages every macro, private ones included.
 * - Seeing: the owner; a shared macro's group members (no groups: everyone with `macro:view`).
 */

/** Whether the actor manages macros: sees all, changes shared ones and other users' ones. */
export const managesMacros = (actor: Actor) => hasPermission(actor, 'macro:edit');

/** Whether the actor may save a macro as shared (a new one needs `macro:create`, a change `macro:edit`). */
export const mayShare = (actor: Actor, creating: boolean) =>
  hasPermission(actor, creating ? 'macro:create' : 'macro:edit');

/** Whether the actor may change (`edit`) or delete a macro. */
export function mayManage(actor: Actor, action: 'edit' | 'delete', row: { ownerId: number; shared: boolean }) {
  if (row.ownerId === actor.userId && !row.shared) return true;
  return hasPermission(actor, action === 'edit' ? 'macro:edit' : 'macro:delete') && managesMacros(actor);
}

/** The macros the actor sees: their own, and the shared ones meant for them; a manager sees all. */
export function macroScope(actor: Actor): SQL | undefined {
  if (managesMacros(actor)) return undefined;
  const inGroups = sql`exists (select 1 from ${userGroupMember}
    where ${userGroupMember.userId} = ${actor.userId} and ${userGroupMember.groupId} = any(${macro.groupIds}))`;
  return or(
    eq(macro.ownerId, actor.userId),
    and(eq(macro.shared, true), or(sql`cardinality(${macro.groupIds}) = 0`, inGroups)),
  );
}
