import { or, eq, type SQL } from 'drizzle-orm';
import type { DelegateAction } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { hasPermission } from '../../platform/access.js';
import { delegate, delegateLog } from './delegate.table.js';

/*
 * Who may do what with delegations (the routes already require `delegate:create` / `:edit` / `:delete` /
 * `:batchDelete` / `:set` for the on/off switch / `:history`):
 * - A user manages their own delegations (`delegateBy` = themself) with the route's permission alone.
 * - Another user's delegation is an administrator's: `user:edit`, and `delegate:add` to add one for them or
 *   `delegate:set` to change, switch or delete one. The common role has `delegate:add`/`:set` for its own work but
 *   not `user:edit`, so it never reaches another user's delegations.
 * - Seeing: a user sees the delegations and the audit entries they are the owner or the delegate of; with
 *   `user:view` (an administrator who sees users) every one.
 */

const isAdministrator = (actor: Actor) => hasPermission(actor, 'user:edit');

/** Whether the actor may add a delegation whose owner is `ownerId`. */
export const mayAddFor = (actor: Actor, ownerId: number) =>
  ownerId === actor.userId || (isAdministrator(actor) && hasPermission(actor, 'delegate:add'));

/** Whether the actor may change, switch or delete a delegation whose owner is `ownerId`. */
export const mayManage = (actor: Actor, ownerId: number) =>
  ownerId === actor.userId || (isAdministrator(actor) && hasPermission(actor, 'delegate:set'));

/** Whether the actor sees every delegation and audit entry, not only their own. */
export const seesAll = (actor: Actor) => hasPermission(actor, 'user:view');

/** The list scope of delegations: by or to the actor, unless they see all. */
export function delegateScope(actor: Actor): SQL | undefined {
  if (seesAll(actor)) return undefined;
  return or(eq(delegate.delegateBy, actor.userId), eq(delegate.delegateTo, actor.userId));
}

/** The scope of the delegate audit: entries the actor is the owner or the delegate of, unless they see all. */
export function historyScope(actor: Actor): SQL | undefined {
  if (seesAll(actor)) return undefined;
  return or(eq(delegateLog.delegateBy, actor.userId), eq(delegateLog.delegateTo, actor.userId));
}

/** What the actor may do with a delegation they see, for the buttons of the list. */
export function delegateActionsFor(actor: Actor, row: { delegateBy: number }): DelegateAction[] {
  if (!mayManage(actor, row.delegateBy)) return [];
  const actions: DelegateAction[] = [];
  if (hasPermission(actor, 'delegate:edit')) actions.push('edit');
  if (hasPermission(actor, 'delegate:delete')) actions.push('delete');
  if (hasPermission(actor, 'delegate:set')) actions.push('onOff');
  return actions;
}
