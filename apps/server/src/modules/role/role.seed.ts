import { eq, inArray } from 'drizzle-orm';
import { allPermissionCodes, commonRolePermissionCodes, seededNames, type PermissionCode } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import { permission, role, rolePermission } from './role.table.js';

const humanize = (code: string) => {
  const [module = '', action = ''] = code.split(':');
  const words = (s: string) => s.replace(/([A-Z])/g, ' $1').toLowerCase();
  return `${words(module)}: ${words(action)}`.replace(/^./, (c) => c.toUpperCase());
};

async function ensureRole(tx: Tx, code: 'admin' | 'common', codes: PermissionCode[], resync: boolean) {
  const inserted = await tx
    .insert(role)
    .values({
      code,
      name: seededNames.role[code],
      description: seededNames.roleDescription[code],
      isSystem: true,
      dataScope: code === 'admin' ? 'all' : 'projects',
      sort: code === 'admin' ? 0 : 1,
    })
    .onConflictDoNothing()
    .returning({ id: role.id });
  const [row] = await tx.select({ id: role.id }).from(role).where(eq(role.code, code));
  if (!row || (!resync && inserted.length === 0)) return;
  const ids = await tx.select({ id: permission.id }).from(permission).where(inArray(permission.code, codes));
  await tx
    .insert(rolePermission)
    .values(ids.map((p) => ({ roleId: row.id, permissionId: p.id })))
    .onConflictDoNothing();
}

/** The permission codes and the system roles; admin always holds every permission, Staff gets its codes once. */
export async function seedRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permission)
      .values(
        allPermissionCodes.map((code, sort) => {
          const [module = '', action = ''] = code.split(':');
          return { code, module, action, name: humanize(code), sort, isButton: action !== 'page' };
        }),
      )
      .onConflictDoNothing();
    await ensureRole(tx, 'admin', allPermissionCodes, true);
    await ensureRole(tx, 'common', commonRolePermissionCodes, false);
  });
}
