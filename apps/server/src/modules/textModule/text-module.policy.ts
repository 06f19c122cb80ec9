import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { TextModuleAction } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { hasPermission } from '../../platform/access.js';
import { textModule } from './text-module.table.js';

/*
 * Who may do what with canned replies (the routes already require `textModule:view` / `:create` / `:edit` /
 * `:delete`):
 * - A private reply is its owner's (its creator): only they see and change it; a manager may delete it (the
 *   replies of someone who left), never read it into their own words.
 * - A shared reply is seen by the members of its groups, or by everyone when it has none; it is changed by those
 *   who manage canned replies (`textModule:manage`), who also see every reply.
 */

type ReplyRow = { createdBy: number | null; shared: boolean };

/** Whether the actor manages canned replies: shares them, changes shared ones, sees and deletes every one. */
export const managesReplies = (actor: Actor) => hasPermission(actor, 'textModule:manage');

const owns = (actor: Actor, row: ReplyRow) => row.createdBy === actor.userId;

/** Whether the actor may change (`edit`) or delete a reply they see. */
export function mayChangeReply(actor: Actor, action: TextModuleAction, row: ReplyRow): boolean {
  if (row.shared) return managesReplies(actor);
  return owns(actor, row) || (action === 'delete' && managesReplies(actor));
}

/** The list scope: the actor's own replies and the shared ones of their groups (or of no group); all for a manager. */
export function textModuleScope(actor: Actor): SQL | undefined {
  if (managesReplies(actor)) return undefined;
  return or(
    eq(textModule.createdBy, actor.userId),
    sql`(${textModule.shared} and (cardinality(${textModule.groupIds}) = 0 or ${textModule.groupIds} && array(
      select m.group_id from user_group_member m where m.user_id = ${actor.userId})))`,
  );
}

/** The buttons of a row: what `mayChangeReply` allows and the route's permission grants. */
export function textModuleActionsFor(actor: Actor, row: ReplyRow): TextModuleAction[] {
  const actions: TextModuleAction[] = [];
  if (hasPermission(actor, 'textModule:edit') && mayChangeReply(actor, 'edit', row)) actions.push('edit');
  if (hasPermission(actor, 'textModule:delete') && mayChangeReply(actor, 'delete', row)) actions.push('delete');
  return actions;
}
