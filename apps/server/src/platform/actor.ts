import { sql } from 'drizzle-orm';
import { messages } from '@casedesk/shared';
import { rowsOf, type Queryable } from '../db/database.js';
import { sessionEnded } from './errors.js';

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
};

export type DataScope = 'all' | 'projects' | 'own';

type ActorRow = {
  id: number;
  login_name: string;
  status: string;
  locked_at: Date | null;
  deleted_at: Date | null;
  need_to_change_pwd: boolean;
  private_ticket: boolean;
  revoked_at: Date | null;
  expires_at: Date;
  permissions: string[];
  roles: string[];
  projects: number[];
  data_scope: DataScope;
};

/** Loads the actor of a session, or throws 4005 when the session or its user can no longer continue. */
export async function loadActor(q: Queryable, userId: number, sessionId: string, tokenExp: number): Promise<Actor> {
  const [row] = await rowsOf<ActorRow>(
    q,
    sql`select u.id, u.login_name, u.status, u.locked_at, u.deleted_at, u.need_to_change_pwd, u.private_ticket,
          s.revoked_at, s.expires_at,
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
                     where ur.user_id = u.id), 'own') as data_scope
        from app_user u join user_session s on s.user_id = u.id
       where u.id = ${userId} and s.id = ${sessionId}`,
  );
  if (!row || row.revoked_at || new Date(row.expires_at) <= new Date()) throw sessionEnded(messages.sessionRevoked);
  if (row.deleted_at || row.status !== 'Active') throw sessionEnded(messages.accountInactive);
  if (row.locked_at) throw sessionEnded(messages.accountLocked);
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
