import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '../../platform/actor.js';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { dept } from '../dept/index.js';
import { position } from '../position/index.js';
import { project } from '../project/index.js';
import { role } from '../role/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import { appUser, userProject, userRole } from './user.table.js';

const idArray = (statement: SQL) =>
  sql<number[]>`coalesce((${statement}), '{}')`.mapWith((v: unknown) => (Array.isArray(v) ? v : []).map(Number));

/** Every column of a user the API may show (never the password hash), with its links as id arrays. */
export const userColumns = {
  id: appUser.id,
  rowVersion: appUser.rowVersion,
  createdAt: appUser.createdAt,
  createdBy: appUser.createdBy,
  modifiedAt: appUser.modifiedAt,
  modifiedBy: appUser.modifiedBy,
  loginName: appUser.loginName,
  realName: appUser.realName,
  lastName: appUser.lastName,
  fullName: appUser.fullName,
  email: appUser.email,
  mobile: appUser.mobile,
  status: appUser.status,
  deptId: appUser.deptId,
  deptName: sql<string | null>`(select d.name from ${dept} d where d.id = app_user.dept_id)`,
  positionId: appUser.positionId,
  positionName: sql<string | null>`(select p.name from ${position} p where p.id = app_user.position_id)`,
  userType: appUser.userType,
  language: appUser.language,
  timeZone: appUser.timeZone,
  location: appUser.location,
  jobTitle: appUser.jobTitle,
  escalation: appUser.escalation,
  remark: appUser.remark,
  sex: appUser.sex,
  birth: appUser.birth,
  address: appUser.address,
  photo: appUser.photo,
  masterUser: appUser.masterUser,
  privateTicket: appUser.privateTicket,
  canEmail: appUser.canEmail,
  incidentEmailNotify: appUser.incidentEmailNotify,
  needToChangePwd: appUser.needToChangePwd,
  lockedAt: appUser.lockedAt,
  errorCount: appUser.errorCount,
  lastErrorTime: appUser.lastErrorTime,
  lastLoginTime: appUser.lastLoginTime,
  lastLoginIp: appUser.lastLoginIp,
  deletedAt: appUser.deletedAt,
  deletedBy: appUser.deletedBy,
  roles: idArray(
    sql`select array_agg(ur.role_id order by ur.role_id) from ${userRole} ur where ur.user_id = app_user.id`,
  ),
  roleNames: sql<
    string[]
  >`coalesce((select array_agg(r.code order by r.sort, r.id) from ${userRole} ur join ${role} r on r.id = ur.role_id where ur.user_id = app_user.id), '{}')`,
  roleTitles: sql<
    string[]
  >`coalesce((select array_agg(r.name order by r.sort, r.id) from ${userRole} ur join ${role} r on r.id = ur.role_id where ur.user_id = app_user.id), '{}')`,
  groups: idArray(
    sql`select array_agg(m.group_id order by m.group_id) from ${userGroupMember} m where m.user_id = app_user.id`,
  ),
  projects: idArray(
    sql`select array_agg(up.project_id order by up.project_id) from ${userProject} up where up.user_id = app_user.id`,
  ),
};

export type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

export function selectUsers(q: Queryable, where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
  return q
    .select(userColumns)
    .from(appUser)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** Every permission each user holds through any of their roles (enabled or not: enabling one grants it). */
export async function permissionsOfUsers(q: Queryable, userIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await rowsOf<{ user_id: number; codes: string[] }>(
    q,
    sql`select ur.user_id, array_agg(distinct p.code) as codes from user_role ur
          join role_permission rp on rp.role_id = ur.role_id join permission p on p.id = rp.permission_id
         where ur.user_id in ${userIds} group by ur.user_id`,
  );
  for (const row of rows) result.set(Number(row.user_id), row.codes);
  return result;
}

/** The permission codes of the given roles, all together. */
export async function permissionsOfRoles(q: Queryable, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await rowsOf<{ code: string }>(
    q,
    sql`select distinct p.code from role_permission rp join permission p on p.id = rp.permission_id
         where rp.role_id in ${roleIds}`,
  );
  return rows.map((r) => r.code);
}

/** The data scopes of the given roles. */
export async function dataScopesOfRoles(q: Queryable, roleIds: number[]): Promise<DataScope[]> {
  if (roleIds.length === 0) return [];
  const rows = await q.selectDistinct({ dataScope: role.dataScope }).from(role).where(inArray(role.id, roleIds));
  return rows.map((r) => r.dataScope);
}

/** Roles, groups and projects with their names, for `Detail/{id}`. */
export async function userLinks(q: Queryable, userId: number) {
  const [roleList, groupList, projectList] = await Promise.all([
    q
      .select({ id: role.id, code: role.code, name: role.name })
      .from(userRole)
      .innerJoin(role, eq(role.id, userRole.roleId))
      .where(eq(userRole.userId, userId))
      .orderBy(asc(role.sort), asc(role.id)),
    q
      .select({ id: userGroup.id, name: userGroup.name, isDefault: userGroup.isDefault })
      .from(userGroupMember)
      .innerJoin(userGroup, eq(userGroup.id, userGroupMember.groupId))
      .where(eq(userGroupMember.userId, userId))
      .orderBy(asc(userGroup.sort), asc(userGroup.name)),
    q
      .select({ id: project.id, projectCode: project.projectCode, projectName: project.projectName })
      .from(userProject)
      .innerJoin(project, eq(project.id, userProject.projectId))
      .where(eq(userProject.userId, userId))
      .orderBy(asc(project.projectCode)),
  ]);
  return { roleList, groupList, projectList };
}

/** Whether the department and position exist, and which role, group and project ids do not. */
export async function missingReferences(
  q: Queryable,
  refs: {
    deptId?: number | null;
    positionId?: number | null;
    roles?: number[];
    groups?: number[];
    projects?: number[];
  },
) {
  const missing = async (ids: number[] | undefined, table: typeof role | typeof userGroup | typeof project) => {
    if (!ids || ids.length === 0) return [];
    const found = await q.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    const present = new Set(found.map((r) => r.id));
    return ids.filter((id) => !present.has(id));
  };
  const one = async (id: number | null | undefined, table: typeof dept | typeof position) => {
    if (!id) return true;
    const [row] = await q.select({ id: table.id }).from(table).where(eq(table.id, id));
    return Boolean(row);
  };
  return {
    deptFound: await one(refs.deptId, dept),
    positionFound: await one(refs.positionId, position),
    roles: await missing(refs.roles, role),
    groups: await missing(refs.groups, userGroup),
    projects: await missing(refs.projects, project),
  };
}

/** The login name's current holder other than `exceptId`, deleted or not (names are never reused). */
export async function loginNameHolder(q: Queryable, loginName: string, exceptId?: number) {
  const [row] = await q
    .select({ id: appUser.id, deletedAt: appUser.deletedAt })
    .from(appUser)
    .where(
      and(
        sql`lower(${appUser.loginName}) = lower(${loginName})`,
        exceptId ? sql`${appUser.id} <> ${exceptId}` : undefined,
      ),
    );
  return row;
}

export const notDeleted = isNull(appUser.deletedAt);
