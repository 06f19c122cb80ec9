import { msg, userMessages, type Message } from '@casedesk/shared';
import type { Actor, DataScope } from '../../platform/actor.js';
import { badRequest, fieldRefusal } from '../../platform/errors.js';

// No escalation through roles: no one grants permissions or a data scope they do not hold themselves, whether
// by editing a role or by giving one to a user (the user module asks the same rules).

/** The codes of `codes` the actor does not hold. */
export function notHeld(actor: Actor, codes: Iterable<string>): string[] {
  return [...new Set(codes)].filter((code) => !actor.permissions.has(code)).sort();
}

export function assertCanGrant(actor: Actor, grantedPermissions: Iterable<string>): void {
  if (notHeld(actor, grantedPermissions).length > 0) throw badRequest(msg(userMessages, 'cannotGrant'));
}

/** How many tickets a data scope shows: 'all' beats 'projects' beats 'own'. */
const scopeWidth: Record<DataScope, number> = { own: 0, projects: 1, all: 2 };

/** True when `scope` shows tickets the actor's own data scope does not. */
export const widerThanActor = (actor: Actor, scope: DataScope) => scopeWidth[scope] > scopeWidth[actor.dataScope];

/** No one grants more than they hold: a role's data scope no wider than the actor's own. */
export function assertScopeGrantable(actor: Actor, scopes: Iterable<DataScope>, message: Message): void {
  for (const scope of scopes) if (widerThanActor(actor, scope)) throw fieldRefusal('dataScope', message);
}
