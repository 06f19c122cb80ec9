import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PermissionQuery } from '@casedesk/shared';
import type { Queryable } from '../../platform/db.js';
import { likePattern } from '../../platform/resource.js';
import { appUser, userRole } from '../user/index.js';
import { permission, role, rolePermission } from './role.table.js';

/** The permission codes of one role, sorted. */
export async function codesOfRole(q: Queryable, roleId: number): Promise<string[]> {
  const rows = await q
    .select({ code: permission.code })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
    .where(eq(rolePermission.roleId, roleId))
    .orderBy(asc(permission.code));
  return rows.map((r) => r.code);
}

/** Every role's permission codes, by role id. */
export async function codesByRole(q: Queryable): Promise<Map<number, string[]>> {
  const rows = await q
    .select({ roleId: rolePermission.roleId, code: permission.code })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
    .orderBy(asc(permission.code));
  const byRole = new Map<number, string[]>();
  for (const row of rows) byRole.set(row.roleId, [...(byRole.get(row.roleId) ?? []), row.code]);
  return byRole;
}

/** The role's links become exactly these codes. */
export async function replaceRolePermissions(q: Queryable, roleId: number, codes: string[]): Promise<void> {
  await q.delete(rolePermission).where(eq(rolePermission.roleId, roleId));
  if (codes.length === 0) return;
  const ids = await q.select({ id: permission.id }).from(permission).where(inArray(permission.code, codes));
  if (ids.length > 0) await q.insert(rolePermission).values(ids.map((p) => ({ roleId, permissionId: p.id })));
}

/** Users holding the roles: live ones and, separately, deleted ones (who get the role back on restore). */
export async function usersOfRoles(q: Queryable, roleIds: number[]) {
  const [row] = await q
    .select({
      live: sql<number>`count(*) filter (where ${appUser.deletedAt} is null)::int`,
      deleted: sql<number>`count(*) filter (where ${appUser.deletedAt} is not null)::int`,
    })
    .from(userRole)
    .innerJoin(appUser, eq(appUser.id, userRole.userId))
    .where(inArray(userRole.roleId, roleIds));
  return { live: row?.live ?? 0, deleted: row?.deleted ?? 0 };
}

/** The live users of a role, a page at a time. */
export async function roleUserPage(
  q: Queryable,
  roleId: number,
  options: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const keyword = options.keyword?.trim();
  const where = and(
    eq(userRole.roleId, roleId),
    isNull(appUser.deletedAt),
    keyword
      ? sql`(${appUser.loginName} ilike ${likePattern(keyword)} or ${appUser.fullName} ilike ${likePattern(keyword)} or ${appUser.email} ilike ${likePattern(keyword)})`
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    q
      .select({
        id: appUser.id,
        loginName: appUser.loginName,
        fullName: appUser.fullName,
        email: appUser.email,
        status: appUser.status,
        deptId: appUser.deptId,
        locked: sql<boolean>`${appUser.lockedAt} is not null`,
      })
      .from(userRole)
      .innerJoin(appUser, eq(appUser.id, userRole.userId))
      .where(where)
      .orderBy(asc(appUser.loginName))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    q.select({ n: count() }).from(userRole).innerJoin(appUser, eq(appUser.id, userRole.userId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findRole(q: Queryable, id: number) {
  const [row] = await q.select().from(role).where(eq(role.id, id));
  return row;
}

export const permissionColumns = {
  id: permission.id,
  code: permission.code,
  module: permission.module,
  action: permission.action,
  name: permission.name,
  isButton: permission.isButton,
  sort: permission.sort,
  enabled: permission.enabled,
};

export function permissionWhere(query: Omit<PermissionQuery, 'page' | 'pageSize'>) {
  const keyword = query.keyword?.trim();
  return and(
    keyword
      ? or(ilike(permission.code, likePattern(keyword)), ilike(permission.name, likePattern(keyword)))
      : undefined,
    query.module ? eq(permission.module, query.module) : undefined,
    query.action ? eq(permission.action, query.action) : undefined,
    query.isButton === undefined ? undefined : eq(permission.isButton, query.isButton),
  );
}
