import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { webApi } from '../webApi/web-api.table.js';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/** The route table the web app builds its menu from (contract section 5). */
export const menu = pgTable(
  'menu',
  {
    ...recordColumns(),
    parentId: integer('parent_id'),
    path: text('path').notNull(),
    name: text('name').notNull(),
    component: text('component').notNull().default(''),
    redirect: text('redirect'),
    sort: integer('sort').notNull().default(0),
    menuType: text('menu_type', { enum: ['menu', 'link', 'iframe'] })
      .notNull()
      .default('menu'),
    title: text('title').notNull(),
    titles: jsonb('titles').$type<Record<string, string>>(),
    linkUrl: text('link_url'),
    isHide: boolean('is_hide').notNull().default(false),
    isKeepAlive: boolean('is_keep_alive').notNull().default(true),
    isAffix: boolean('is_affix').notNull().default(false),
    isIframe: boolean('is_iframe').notNull().default(false),
    icon: text('icon').notNull().default(''),
    identification: text('identification'),
    /** The permission module whose `page` code shows this entry; null: shown to every signed-in user. */
    permissionModule: text('permission_module'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('menu_parent_idx').on(t.parentId),
    foreignKey({ name: 'menu_parent_fk', columns: [t.parentId], foreignColumns: [t.id] }).onDelete('restrict'),
    ...authorKeys('menu', t),
  ],
);

/** The server endpoints a menu's screen calls (Menu → APIs); kept for administrators and the API registry. */
export const menuApi = pgTable(
  'menu_api',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menu.id, { onDelete: 'cascade' }),
    webApiId: integer('web_api_id')
      .notNull()
      .references(() => webApi.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.webApiId] }), index('menu_api_web_api_idx').on(t.webApiId)],
);
