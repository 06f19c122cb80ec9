import { msg, userMessages, type UserAction } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { badRequest, fieldRefusal } from '../../platform/errors.js';
import { notHeld } from '../role/index.js';

/**
 * No escalation through user management: an actor manages (edits, resets, locks, deletes) only users
 * whose permissions are all their own too, and grants only roles whose permissions they hold. The actor
 * holds the route's permission, so a refusal here is a business rule (400), not a missing permission.
 */
export const canManage = (actor: Actor, targetPermissions: Iterable<string>) =>
  notHeld(actor, targetPermissions).length === 0;

export function assertCanManage(actor: Actor, targetPermissions: Iterable<string>): void {
  if (!canManage(actor, targetPermissions)) throw badRequest(msg(userMessages, 'cannotManage'));
}

/** Only an actor who sees every project may hand out projects that are not theirs. */
export function assertProjectsGrantable(actor: Actor, added: number[]): void {
  if (actor.dataScope === 'all') return;
  if (added.some((id) => !actor.projects.includes(id)))
    throw fieldRefusal('projects', msg(userMessages, 'cannotGrantProjects'));
}

/** Deleting, locking or deactivating oneself would end one's own session mid-task; refused. */
export function assertNotSelf(actor: Actor, ids: number[]): void {
  if (ids.includes(actor.userId)) throw badRequest(msg(userMessages, 'notYourself'));
}

/** A user as the personal-data rules read them. */
export type PersonalDataTarget = { id: number; permissions: string[]; erased: boolean };

/** An administrator who edits users takes the data of anyone they may manage (one's own: Account/PersonalData). */
export const mayExportPersonalData = (actor: Actor, user: PersonalDataTarget) =>
  actor.permissions.has('user:edit') && canManage(actor, user.permissions);

/** Erasing is a deletion that cannot be undone: never oneself, never twice. */
export const mayErase = (actor: Actor, user: PersonalDataTarget) =>
  actor.permissions.has('user:delete') &&
  user.id !== actor.userId &&
  !user.erased &&
  canManage(actor, user.permissions);

export type UserState = {
  id: number;
  status: string;
  locked: boolean;
  deleted: boolean;
  /** Erased (contract 24): the login name is `deleted-<id>`. */
  erased: boolean;
  /** Every permission of the user's roles. */
  permissions: string[];
};

/** What the actor may do with this user, for the web app's buttons; the routes check the same rules. */
export function userActionsFor(actor: Actor, user: UserState): UserAction[] {
  const has = (code: string) => actor.permissions.has(code);
  if (!canManage(actor, user.permissions)) return [];
  const self = user.id === actor.userId;
  const personal: UserAction[] = [
    ...(mayExportPersonalData(actor, user) ? (['exportPersonalData'] as const) : []),
    ...(mayErase(actor, user) ? (['erase'] as const) : []),
  ];
  if (user.deleted) return [...(has('user:restore') && !user.erased ? (['restore'] as const) : []), ...personal];
  const actions: UserAction[] = [];
  if (has('user:edit')) actions.push('edit', 'resetPassword');
  if (has('user:delete') && !self) actions.push('delete');
  if (has('user:unlock') && !self) actions.push(user.locked ? 'unlock' : 'lock');
  if (has('user:onOff') && !self) actions.push(user.status === 'Active' ? 'deactivate' : 'activate');
  return [...actions, ...personal];
}
