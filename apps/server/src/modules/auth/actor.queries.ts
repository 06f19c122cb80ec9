import { sql, type Placeholder } from 'drizzle-orm';
import { messages, msg, type Message } from '@casedesk/shared';
import { noSessionId, type Actor, type ActorLoader, type DataScope } from '../../platform/actor.js';
import { claimNonceSql } from '../../platform/auth-token.js';
import { preparedStatement, rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { sessionEnded } from '../../platform/errors.js';

export type UserRow = {
  id: number;
  login_name: string;
  status: string;
  locked_at: Date | null;
  deleted_at: Date | null;
  need_to_change_pwd: boolean;
  private_ticket: boolean;
  /** A JSON array of the permission codes, in order: see `permissionsOf`. */
  permissions: string;
  roles: string[];
  projects: number[];
  data_scope: DataScope;
  /** The user's interface language (`en`, `zh-cn`, `zh-tw`): refusals are worded in it. */
  language: string;
};
type ActorRow = UserRow & { revoked_at: Date | null; expires_at: Date };

/** The user's state and what their enabled roles grant, for the user aliased `u`. */
export const actorColumns = sql`u.id, u.login_name, u.status, u.locked_at, u.deleted_at, u.need_to_change_pwd, u.private_ticket, u.language,
          coalesce((select json_agg(distinct p.code)::text from user_role ur
                     join role r on r.id = ur.role_id and r.enabled
                     join role_permission rp on rp.role_id = r.id
                     join permission p on p.id = rp.permission_id and p.enabled
                    where ur.user_id = u.id), '[]') as permissions,
          coalesce((select array_agg(r.code order by r.sort, r.id) from user_role ur
                     join role r on r.id = ur.role_id and r.enabled where ur.user_id = u.id), '{}') as roles,
          coalesce((select array_agg(up.project_id order by up.project_id) from user_project up
                    where up.user_id = u.id), '{}') as projects,
          coalesce((select case when bool_or(r.data_scope = 'all') then 'all'
                                when bool_or(r.data_scope = 'projects') then 'projects' end
                      from user_role ur join role r on r.id = ur.role_id and r.enabled
                     where ur.user_id = u.id), 'own') as data_scope`;

/** Throws what a user who may no longer act gets; with `ended`, the session kind (4005), else 401. */
export function refuseUser(row: UserRow, ended: (message: Message) => Error) {
  if (row.deleted_at || row.status !== 'Active') throw ended(msg(messages, 'accountInactive'));
  if (row.locked_at) throw ended(msg(messages, 'accountLocked'));
}

/**
 * The permission set of a JSON list of codes. Every request loads its caller's codes afresh (no stale
 * permissions); the few distinct lists there are (one per combination of roles) are turned into a set once, not
 * parsed again on every request (for an administrator, some hundred codes).
 */
const permissionSets = new Map<string, ReadonlySet<string>>();
export function permissionsOf(codes: string): ReadonlySet<string> {
  let set = permissionSets.get(codes);
  if (!set) {
    if (permissionSets.size >= 1000) permissionSets.clear(); // bounded: a set is cheap to make again
    set = new Set(JSON.parse(codes) as string[]);
    permissionSets.set(codes, set);
  }
  return set;
}

export function actorOf(row: UserRow, sessionId: string, tokenExp: number): Actor {
  return {
    userId: row.id,
    loginName: row.login_name,
    sessionId,
    tokenExp,
    permissions: permissionsOf(row.permissions),
    roles: row.roles,
    projects: row.projects.map(Number),
    privateTicket: row.private_ticket,
    needToChangePwd: row.need_to_change_pwd,
    dataScope: row.data_scope,
    language: row.language,
  };
}

const sessionActorSql = (userId: number | Placeholder, sessionId: string | Placeholder) =>
  sql`select ${actorColumns}, s.revoked_at, s.expires_at
        from app_user u join user_session s on s.user_id = u.id
       where u.id = ${userId} and s.id = ${sessionId}`;

function sessionActorOf(row: ActorRow | undefined, sessionId: string, tokenExp: number): Actor {
  if (!row || row.revoked_at || new Date(row.expires_at) <= new Date())
    throw sessionEnded(msg(messages, 'sessionRevoked'));
  // A lock stops new sign-ins but never ends a session already open (contract section 17): otherwise anyone
  // could sign a user out by typing wrong passwords. An administrator's Lock ends the sessions itself.
  if (row.deleted_at || row.status !== 'Active') throw sessionEnded(msg(messages, 'accountInactive'));
  return actorOf(row, sessionId, tokenExp);
}

/** Loads the actor of a session, or throws 4005 when the session or its user can no longer continue. */
export async function loadActor(q: Queryable, userId: number, sessionId: string, tokenExp: number): Promise<Actor> {
  const [row] = await rowsOf<ActorRow>(q, sessionActorSql(userId, sessionId));
  return sessionActorOf(row, sessionId, tokenExp);
}

type ClaimRow = { fresh: boolean } & (ActorRow | { [K in keyof ActorRow]: null });

/** Built once and planned once per connection: it runs on every request. */
const claimNonceAndLoadActorStatement = preparedStatement<ClaimRow>(
  'casedesk_claim_nonce_load_actor',
  () =>
    sql`${claimNonceSql(sql.placeholder('nonce'))}
        select exists (select 1 from claimed) as fresh, a.*
          from (select 1) as one
          left join (${sessionActorSql(sql.placeholder('userId'), sql.placeholder('sessionId'))}) as a on true`,
);

/**
 * The Auth-Token's nonce claim and `loadActor` in one statement (one round trip per request instead of two).
 * 'replayed' when the nonce was seen before, whatever the session's state, as the separate check answers.
 */
export async function claimNonceAndLoadActor(
  q: Queryable,
  nonce: string,
  userId: number,
  sessionId: string,
  tokenExp: number,
): Promise<Actor | 'replayed'> {
  const [row] = await claimNonceAndLoadActorStatement(q, { nonce, userId, sessionId });
  if (!row?.fresh) return 'replayed';
  return sessionActorOf(row.id === null ? undefined : (row as ActorRow), sessionId, tokenExp);
}

/** The actors of the active (not deleted) users among `userIds`, without a session (`setUserActors`). */
export async function activeUserActors(q: Queryable, userIds: readonly number[]): Promise<Actor[]> {
  const ids = sql.join(
    userIds.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  const rows = await rowsOf<UserRow>(
    q,
    sql`select ${actorColumns} from app_user u where u.id in (${ids}) and u.status = 'Active' and u.deleted_at is null`,
  );
  return rows.map((row) => actorOf(row, noSessionId, 0));
}

/** What the access check is given to load the caller (the platform reads no module table). */
export const actorLoader = (db: Db): ActorLoader => ({
  load: (userId, sessionId, tokenExp) => loadActor(db, userId, sessionId, tokenExp),
  claimNonceAndLoad: (nonce, userId, sessionId, tokenExp) =>
    claimNonceAndLoadActor(db, nonce, userId, sessionId, tokenExp),
});
