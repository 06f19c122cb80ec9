import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PermissionQuery } from '@casedesk/shared';
import type { Queryable } from '../../platform/db.js';
import { likePattern } from '../../platform/resource.js';
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
