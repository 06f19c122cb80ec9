import { eq, inArray, sql } from 'drizzle-orm';
import { allPermissionCodes, commonRolePermissionCodes, type PermissionCode } from '@casedesk/shared';
import { menu } from '../modules/menu/menu.table.js';
import { permission, role, rolePermission } from '../modules/role/role.table.js';
import { appUser, userRole } from '../modules/user/user.table.js';
import { hashPassword } from '../platform/passwords.js';
import type { Db, Tx } from './database.js';
import { menuSeed, type MenuSeed } from './seed-menus.js';

export const defaultAdminPassword = 'Admin@12345';

const humanize = (code: string) => {
  const [module = '', action = ''] = code.split(':');
  const words = (s: string) => s.replace(/([A-Z])/g, ' $1').toLowerCase();
  return `${words(module)}: ${words(action)}`.replace(/^./, (c) => c.toUpperCase());
};

async function ensureRole(
  tx: Tx,
  code: 'admin' | 'common',
  name: string,
  description: string,
  codes: PermissionCode[],
  resync: boolean,
) {
  const inserted = await tx
    .insert(role)
    .values({
      code,
      name,
      description,
      isSystem: true,
      dataScope: code === 'admin' ? 'all' : 'projects',
      sort: code === 'admin' ? 0 : 1,
    })
    .onConflictDoNothing()
    .returning({ id: role.id });
  const [row] = await tx.select({ id: role.id }).from(role).where(eq(role.code, code));
  if (!row || (!resync && inserted.length === 0)) return row?.id;
  const ids = await tx.select({ id: permission.id }).from(permission).where(inArray(permission.code, codes));
  await tx
    .insert(rolePermission)
    .values(ids.map((p) => ({ roleId: row.id, permissionId: p.id })))
    .onConflictDoNothing();
  return row.id;
}

async function insertMenus(tx: Tx, entries: MenuSeed[], parentId: number | null) {
  for (const [index, entry] of entries.entries()) {
    const [en, zhCn, zhTw] = entry.titles;
    const [row] = await tx
      .insert(menu)
      .values({
        parentId,
        path: entry.path,
        name: entry.name,
        component: entry.component ?? '',
        sort: (index + 1) * 10,
        title: en,
        titles: { en, 'zh-cn': zhCn, 'zh-tw': zhTw },
        isHide: entry.hide ?? false,
        isAffix: entry.affix ?? false,
        icon: entry.icon ?? '',
        permissionModule: entry.module ?? null,
        identification: entry.identification ?? null,
      })
      .returning({ id: menu.id });
    if (entry.children && row) await insertMenus(tx, entry.children, row.id);
  }
}

/**
 * What every database needs, applied at each start and safe to repeat: the permission codes, the
 * system roles (admin always holds every permission), the first menu tree and the first administrator.
 */
export async function seedSystem(db: Db, options: { adminPassword: string | undefined }): Promise<void> {
  // Hash outside the transaction: the embedded database has a single connection.
  const [{ users } = { users: 0 }] = await db.select({ users: sql<number>`count(*)::int` }).from(appUser);
  const adminHash = users === 0 ? await hashPassword(options.adminPassword ?? defaultAdminPassword) : undefined;

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
    const adminRoleId = await ensureRole(
      tx,
      'admin',
      'Administrator',
      'System role with every permission',
      allPermissionCodes,
      true,
    );
    await ensureRole(
      tx,
      'common',
      'Staff',
      'System role: tickets, open items, own account and own delegates',
      commonRolePermissionCodes,
      false,
    );

    const [{ menus } = { menus: 0 }] = await tx.select({ menus: sql<number>`count(*)::int` }).from(menu);
    if (menus === 0) await insertMenus(tx, menuSeed, null);

    if (adminHash && adminRoleId) {
      const [admin] = await tx
        .insert(appUser)
        .values({
          loginName: 'admin',
          passwordHash: adminHash,
          realName: 'System',
          lastName: 'Administrator',
          fullName: 'System Administrator',
          userType: 'Staff',
          privateTicket: true,
          needToChangePwd: options.adminPassword === undefined,
        })
        .onConflictDoNothing()
        .returning({ id: appUser.id });
      if (admin) await tx.insert(userRole).values({ userId: admin.id, roleId: adminRoleId });
    }
  });
}
