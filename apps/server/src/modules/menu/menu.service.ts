import { asc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { WebMenu } from '@casedesk/shared';
import { rowsOf, type Db } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import { menu } from './menu.table.js';

type MenuRow = typeof menu.$inferSelect;

/** The signed-in user's route tree: entries whose module `page` permission they hold; empty groups drop out. */
export async function webMenus(db: Db, actor: Actor): Promise<WebMenu[]> {
  const [rows, pageRoles] = await Promise.all([
    db.select().from(menu).where(eq(menu.enabled, true)).orderBy(asc(menu.sort), asc(menu.id)),
    rowsOf<{ module: string; roles: string[] }>(
      db,
      sql`select p.module, array_agg(distinct r.code) as roles from permission p
            join role_permission rp on rp.permission_id = p.id join role r on r.id = rp.role_id and r.enabled
           where p.action = 'page' group by p.module`,
    ),
  ]);
  const rolesByModule = new Map(pageRoles.map((r) => [r.module, r.roles]));
  const visible = (row: MenuRow) => !row.permissionModule || actor.permissions.has(`${row.permissionModule}:page`);

  const build = (parentId: number | null): WebMenu[] =>
    rows
      .filter((row) => row.parentId === parentId && visible(row))
      .flatMap((row) => {
        const children = build(row.id);
        const isGroup = rows.some((child) => child.parentId === row.id);
        if (isGroup && children.length === 0) return [];
        const entry: WebMenu = {
          path: row.path,
          name: row.name,
          component: row.component,
          meta: {
            title: row.title,
            titles: row.titles ?? undefined,
            isLink: row.menuType === 'link' ? (row.linkUrl ?? '') : '',
            isHide: row.isHide,
            isKeepAlive: row.isKeepAlive,
            isAffix: row.isAffix,
            isIframe: row.isIframe,
            roles: row.permissionModule ? (rolesByModule.get(row.permissionModule) ?? []) : actor.roles,
            icon: row.icon,
          },
        };
        if (row.redirect) entry.redirect = row.redirect;
        else if (children[0]) entry.redirect = children[0].path;
        if (children.length > 0) entry.children = children;
        return [entry];
      });

  return build(null);
}
