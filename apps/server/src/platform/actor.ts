import type { Queryable } from './db.js';

/** Who is calling, as loaded from the database on every request (no stale permissions). */
export type Actor = {
  userId: number;
  loginName: string;
  sessionId: string;
  tokenExp: number;
  permissions: ReadonlySet<string>;
  roles: string[];
  projects: number[];
  privateTicket: boolean;
  needToChangePwd: boolean;
  /** Widest data scope of the user's enabled roles: 'all' beats 'projects' beats 'own'. */
  dataScope: DataScope;
  /** The user's interface language (`en`, `zh-cn`, `zh-tw`); what the server says to them is worded in it. */
  language?: string;
  /** Set when the call came with a personal API token (`cdk_…`) rather than a signed-in session. */
  apiTokenId?: number;
};

export type DataScope = 'all' | 'projects' | 'own';

/**
 * How the access check loads the actor of a session; the auth module supplies it (it owns users, roles and
 * sessions), so the platform reads no module table.
 */
export type ActorLoader = {
  /** The actor of a session, or throws 4005 when the session or its user can no longer continue. */
  load(userId: number, sessionId: string, tokenExp: number): Promise<Actor>;
  /** The Auth-Token's nonce claim and `load` in one round trip; 'replayed' when the nonce was seen before. */
  claimNonceAndLoad(nonce: string, userId: number, sessionId: string, tokenExp: number): Promise<Actor | 'replayed'>;
};

/** Personal API tokens belong to no session: this id matches none (so "end this session" ends nothing). */
export const noSessionId = '00000000-0000-0000-0000-000000000000';

/** The actors of active users by id, as work without a session sees them (a job telling users of a ticket). */
export type UserActors = (q: Queryable, userIds: readonly number[]) => Promise<Actor[]>;
let userActors: UserActors | undefined;

/** The app sets it once at build from the auth module (which owns users and roles): the platform reads no table. */
export function setUserActors(load: UserActors): void {
  userActors = load;
}

/** The actors of those of `userIds` who are active (not deleted), for visibility checks made on their behalf. */
export function actorsOfUsers(q: Queryable, userIds: readonly number[]): Promise<Actor[]> {
  if (!userActors) throw new Error('No user actors loader: the app sets it at build (setUserActors)');
  return userIds.length === 0 ? Promise.resolve([]) : userActors(q, userIds);
}
