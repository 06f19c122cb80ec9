import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  allPermissionCodes,
  menuMessages,
  type MenuCreate,
  type MenuNode,
  type MenuSaveApis,
  msg,
  type WebMenu,
} from '@casedesk/shared';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { present } from '../../platform/envelope.js';
import { fieldRefusal, notFound } from '../../platform/errors.js';
import { buildTree, wouldCycle } from '../../platform/tree.js';
import { webApi } from '../webApi/index.js';
import { menu, menuApi } from './menu.table.js';

type MenuRow = typeof menu.$inferSelect;
/** An identification that is no permission code (free text from before it gated entries) gates nothing. */
const knownCodes = new Set<string>(allPermissionCodes);

/**
 * The signed-in user's route tree: entries whose module `page` permission (and identification's permission, when
 * set) they hold; empty groups drop out.
 */
export async function webMenus(db: Db, actor: Actor): Promise<WebMenu[]> {
  const [rows, codeRoles] = await Promise.all([
    db.select().from(menu).where(eq(menu.enabled, true)).orderBy(asc(menu.sort), asc(menu.id)),
    rowsOf<{ code: string; roles: string[] }>(
      db,
      sql`select p.module || ':' || p.action as code, array_agg(distinct r.code) as roles from permission p
            join role_permission rp on rp.permission_id = p.id join role r on r.id = rp.role_id and r.enabled
           group by p.module, p.action`,
    ),
  ]);
  const rolesByCode = new Map(codeRoles.map((r) => [r.code, r.roles]));
  // Entries need their module's page permission and, when set, the permission their identification names.
  const needs = (row: MenuRow) =>
    [row.permissionModule && `${row.permissionModule}:page`, row.identification].filter(
      (code): code is string => !!code && knownCodes.has(code),
    );
  const visible = (row: MenuRow) => needs(row).every((code) => actor.permissions.has(code));
  const rolesOf = (row: MenuRow) => {
    const codes = needs(row);
    if (codes.length === 0) return actor.roles;
    return (rolesByCode.get(codes[0]!) ?? []).filter((role) => codes.every((c) => rolesByCode.get(c)?.includes(role)));
  };

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
            roles: rolesOf(row),
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

const fieldError = fieldRefusal;

/** The menu tree's own rules: a known parent without cycles, route names and paths unique (the router keys on them). */
export async function checkMenu(tx: Tx, input: Record<string, unknown>, id: number | undefined): Promise<void> {
  const { parentId, name, path } = input as Pick<MenuCreate, 'parentId' | 'name' | 'path'>;
  const others = id === undefined ? undefined : ne(menu.id, id);
  if (parentId != null) {
    const [parent] = await tx.select({ id: menu.id }).from(menu).where(eq(menu.id, parentId));
    if (!parent) throw fieldError('parentId', msg(menuMessages, 'parentUnknown'));
    if (id !== undefined && (await wouldCycle(tx, { table: menu, key: menu.id, parent: menu.parentId }, id, parentId)))
      throw fieldError('parentId', msg(menuMessages, 'parentCycle'));
  }
  const [sameName] = await tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(sql`lower(${menu.name}) = lower(${name})`, others));
  if (sameName) throw fieldError('name', msg(menuMessages, 'nameTaken', { name }));
  const [samePath] = await tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(sql`lower(${menu.path}) = lower(${path})`, others));
  if (samePath) throw fieldError('path', msg(menuMessages, 'pathTaken', { name: path }));
}

/** Every entry, hidden and disabled ones too, as a tree for the editor. */
export async function menuTree(db: Db): Promise<MenuNode[]> {
  const rows = await db.select().from(menu).orderBy(asc(menu.sort), asc(menu.id));
  return buildTree(
    rows,
    (row) => row.id,
    (row) => row.parentId,
    (row): MenuNode => ({ ...present(row), children: [] }),
  );
}

async function requireMenu(q: Queryable, id: number): Promise<void> {
  const [row] = await q.select({ id: menu.id }).from(menu).where(eq(menu.id, id));
  if (!row) throw notFound();
}

const apisOf = (q: Queryable, menuId: number) =>
  q
    .select({
      id: webApi.id,
      method: webApi.method,
      url: webApi.url,
      name: webApi.name,
      code: webApi.code,
      enabled: webApi.enabled,
    })
    .from(menuApi)
    .innerJoin(webApi, eq(webApi.id, menuApi.webApiId))
    .where(eq(menuApi.menuId, menuId))
    .orderBy(asc(webApi.url), asc(webApi.method));

/** The web APIs a menu's screen calls. */
export async function menuApis(db: Db, menuId: number) {
  await requireMenu(db, menuId);
  return apisOf(db, menuId);
}

/** Replaces a menu's bound APIs with the given set, all or nothing. */
export async function saveMenuApis(db: Db, actor: Actor, input: MenuSaveApis) {
  const wanted = [...new Set(input.webApiIds)];
  return db.transaction(async (tx) => {
    await requireMenu(tx, input.menuId);
    if (wanted.length > 0) {
      const found = await tx.select({ id: webApi.id }).from(webApi).where(inArray(webApi.id, wanted));
      if (found.length !== wanted.length) throw fieldError('webApiIds', msg(menuMessages, 'apiUnknown'));
    }
    const before = (await tx.select({ id: menuApi.webApiId }).from(menuApi).where(eq(menuApi.menuId, input.menuId)))
      .map((r) => r.id)
      .sort((a, b) => a - b);
    await tx.delete(menuApi).where(eq(menuApi.menuId, input.menuId));
    if (wanted.length > 0)
      await tx.insert(menuApi).values(wanted.map((webApiId) => ({ menuId: input.menuId, webApiId })));
    await writeAudit(tx, {
      entity: 'Menu',
      entityId: input.menuId,
      action: 'update',
      actorId: actor.userId,
      changes: { webApiIds: { from: before, to: [...wanted].sort((a, b) => a - b) } },
    });
    return apisOf(tx, input.menuId);
  });
}
