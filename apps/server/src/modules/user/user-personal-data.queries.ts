import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { rowsOf, type Queryable, type Tx } from '../../platform/db.js';
import { auditLog, loginLog } from '../../platform/platform.table.js';
import { dept } from '../dept/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import { userColumns, userLinks } from './user.queries.js';
import { appUser, userProject, userRole } from './user.table.js';

const pageSize = 500;

/** The user's own record as the API shows it (never the password hash), its roles, groups and departments. */
export async function ownParts(q: Queryable, userId: number) {
  const [profile, links] = await Promise.all([
    q.select(userColumns).from(appUser).where(eq(appUser.id, userId)),
    userLinks(q, userId),
  ]);
  const [groups, departments] = await Promise.all([
    q
      .select({ id: userGroup.id, name: userGroup.name })
      .from(userGroupMember)
      .innerJoin(userGroup, eq(userGroup.id, userGroupMember.groupId))
      .where(eq(userGroupMember.userId, userId))
      .orderBy(asc(userGroup.id)),
    // The department they belong to and those they lead (approvals route to a leader).
    q
      .select({
        id: dept.id,
        code: dept.code,
        name: dept.name,
        member: sql<boolean>`exists (select 1 from ${appUser} u where u.id = ${userId} and u.dept_id = ${dept.id})`,
        leader: sql<boolean>`${dept.leaderId} is not distinct from ${userId}`,
      })
      .from(dept)
      .where(
        or(eq(dept.leaderId, userId), sql`${dept.id} = (select u.dept_id from ${appUser} u where u.id = ${userId})`),
      )
      .orderBy(asc(dept.id)),
  ]);
  return {
    profile: profile.map((row) => ({ ...row, projects: links.projectList })),
    roles: links.roleList,
    groups,
    departments,
  };
}

/** Audit entries about the user and by them, oldest first, a page at a time (an administrator's may be many). */
export async function* auditEntriesOf(q: Queryable, userId: number): AsyncGenerator<unknown> {
  let after = 0;
  for (;;) {
    const rows = await q
      .select()
      .from(auditLog)
      .where(
        and(
          gt(auditLog.id, after),
          or(and(eq(auditLog.entity, 'User'), eq(auditLog.entityId, userId)), eq(auditLog.actorId, userId)),
        ),
      )
      .orderBy(asc(auditLog.id))
      .limit(pageSize);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.id;
  }
}

/** The user's sign-in records, oldest first, a page at a time. */
export async function* signInsOf(q: Queryable, userId: number): AsyncGenerator<unknown> {
  let after = 0;
  for (;;) {
    const rows = await q
      .select()
      .from(loginLog)
      .where(and(gt(loginLog.id, after), eq(loginLog.userId, userId)))
      .orderBy(asc(loginLog.id))
      .limit(pageSize);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.id;
  }
}

/** The sign-in records keep no name or address of an erased user: the row stays, counted by the log. */
export async function eraseSignIns(tx: Tx, userId: number, loginName: string): Promise<void> {
  await tx.update(loginLog).set({ loginName, ip: null, userAgent: null }).where(eq(loginLog.userId, userId));
}

/** The fields of a user that tell who they are; the trail keeps that they changed, never their old values. */
const personalFields = [
  'loginName',
  'realName',
  'lastName',
  'fullName',
  'email',
  'mobile',
  'photo',
  'remark',
  'location',
  'jobTitle',
  'escalation',
  'address',
  'birth',
];

/** The user's own audit trail keeps its entries, with each personal value read "erased". */
export async function eraseAuditValues(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    update audit_log a
       set changes = (select jsonb_object_agg(e.key, case when e.key = any(${sql.raw(
         `array[${personalFields.map((f) => `'${f}'`).join(', ')}]`,
       )}) then '{"from": "erased", "to": "erased"}'::jsonb else e.value end)
                        from jsonb_each(a.changes) e)
     where a.entity = 'User' and a.entity_id = ${userId} and a.changes is not null
       and jsonb_typeof(a.changes) = 'object' and a.changes <> '{}'::jsonb`);
}

/** An erased user holds no role, group or project: they can do nothing, and nobody routes work to them. */
export async function dropLinks(tx: Tx, userId: number): Promise<void> {
  await tx.delete(userRole).where(eq(userRole.userId, userId));
  await tx.delete(userGroupMember).where(eq(userGroupMember.userId, userId));
  await tx.delete(userProject).where(eq(userProject.userId, userId));
}

/** Whether the user is an active administrator and no other active, undeleted user is one. */
export async function isLastAdministrator(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await rowsOf<{ holds: boolean; others: number }>(
    tx,
    sql`select exists (select 1 from user_role ur join role r on r.id = ur.role_id
                        where ur.user_id = ${userId} and r.code = 'admin') as holds,
               (select count(*)::int from user_role ur join role r on r.id = ur.role_id
                  join app_user u on u.id = ur.user_id
                 where r.code = 'admin' and u.id <> ${userId} and u.status = 'Active'
                   and u.deleted_at is null) as others`,
  );
  return Boolean(row?.holds) && Number(row?.others) === 0;
}
