import { sql, type Placeholder } from 'drizzle-orm';
import { messages } from '@casedesk/shared';
import { preparedStatement, rowsOf, type Queryable } from './db.js';
import { claimNonceSql } from './auth-token.js';
import { sessionEnded, unauthorized } from './errors.js';

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
  /** Set when the call came with a personal API token (`cdk_…`) rather than a signed-in session. */
  apiTokenId?: number;
};

export type DataScope = 'all' | 'projects' | 'own';

type UserRow = {
  id: number;
  login_name: string;
  status: string;
  locked_at: Date | null;
  deleted_at: Date | null;
  need_to_change_pwd: boolean;
  private_ticket: boolean;
  permissions: string[];
  roles: string[];
  projects: number[];
  data_scope: DataScope;
};
type ActorRow = UserRow & { revoked_at: Date | null; expires_at: Date };

/** The user's state and what their enabled roles grant, for the user aliased `u`. */
const userColumns = sql`u.id, u.login_name, u.status, u.locked_at, u.deleted_at, u.need_to_change_pwd, u.private_ticket,
          coalesce((select array_agg(distinct p.code) from user_role ur
                     join role r on r.id = ur.role_id and r.enabled
                     join role_permission rp on rp.role_id = r.id
                     join permission p on p.id = rp.permission_id and p.enabled
                    where ur.user_id = u.id), '{}') as permissions,
          coalesce((select array_agg(r.code order by r.sort, r.id) from user_role ur
                     join role r on r.id = ur.role_id and r.enabled where ur.user_id = u.id), '{}') as roles,
          coalesce((select array_agg(up.project_id order by up.project_id) from user_project up
                    where up.user_id = u.id), '{}') as projects,
          coalesce((select case when bool_or(r.data_scope = 'all') then 'all'
                                when bool_or(r.data_scope = 'projects') then 'projects' end
                      from user_role ur join role r on r.id = ur.role_id and r.enabled
                     where ur.user_id = u.id), 'own') as data_scope`;

/** Throws what a user who may no longer act gets; with `ended`, the session kind (4005), else 401. */
function refuseUser(row: UserRow, ended: (message: string) => Error) {
  if (row.deleted_at || row.status !== 'Active') throw ended(messages.accountInactive);
  if (row.locked_at) throw ended(messages.accountLocked);
}

function actorOf(row: UserRow, sessionId: string, tokenExp: number): Actor {
  return {
    userId: row.id,
    loginName: row.login_name,
    sessionId,
    tokenExp,
    permissions: new Set(row.permissions),
    roles: row.roles,
    projects: row.projects.map(Number),
    privateTicket: row.private_ticket,
    needToChangePwd: row.need_to_change_pwd,
    dataScope: row.data_scope,
  };
}

const sessionActorSql = (userId: number | Placeholder, sessionId: string | Placeholder) =>
  sql`select ${userColumns}, s.revoked_at, s.expires_at
        from app_user u join user_session s on s.user_id = u.id
       where u.id = ${userId} and s.id = ${sessionId}`;

function sessionActorOf(row: ActorRow | undefined, sessionId: string, tokenExp: number): Actor {
  if (!row || row.revoked_at || new Date(row.expires_at) <= new Date()) throw sessionEnded(messages.sessionRevoked);
  refuseUser(row, sessionEnded);
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

/** Personal API tokens belong to no session: this id matches none (so "end this session" ends nothing). */
export const noSessionId = '00000000-0000-0000-0000-000000000000';

type TokenActorRow = UserRow & { token_id: number; token_expires_at: Date; last_used_at: Date | null };

/**
 * The owner of a personal API token as the actor, or undefined when the token is unknown, revoked or
 * expired. An owner who is inactive, deleted or locked is refused with 401 (a token has no session to end).
 */
export async function loadActorByApiToken(
  q: Queryable,
  tokenHash: string,
): Promise<{ actor: Actor; lastUsedAt: Date | null } | undefined> {
  const [row] = await rowsOf<TokenActorRow>(
    q,
    sql`select ${userColumns}, t.id as token_id, t.expires_at as token_expires_at, t.last_used_at
          from api_token t join app_user u on u.id = t.user_id
         where t.token_hash = ${tokenHash} and t.revoked_at is null and t.expires_at > now()`,
  );
  if (!row) return undefined;
  refuseUser(row, () => unauthorized());
  const actor = actorOf(row, noSessionId, Math.floor(new Date(row.token_expires_at).getTime() / 1000));
  return { actor: { ...actor, apiTokenId: row.token_id }, lastUsedAt: row.last_used_at };
}
