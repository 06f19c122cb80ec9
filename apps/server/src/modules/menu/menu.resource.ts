import { and, count, inArray, notInArray } from 'drizzle-orm';
import { menuCreateSchema, menuMessages, msg, menuQuerySchema, menuSchema, menuUpdateSchema } from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { menu } from './menu.table.js';
import { checkMenu } from './menu.service.js';

export const menuResource = defineResource({
  name: 'Menu',
  module: 'menu',
  label: 'menu',
  table: menu,
  schemas: {
    record: menuSchema,
    create: menuCreateSchema,
    update: menuUpdateSchema,
    query: menuQuerySchema,
  },
  keywordColumns: [menu.path, menu.name, menu.title, menu.component],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'id', desc: false },
  ],
  check: checkMenu,
  async referencedBy(tx, ids) {
    const [children] = await tx
      .select({ n: count() })
      .from(menu)
      .where(and(inArray(menu.parentId, ids), notInArray(menu.id, ids)));
    if (children && children.n > 0) return msg(menuMessages, 'hasChildren', { count: children.n });
    return undefined;
  },
  exportColumns: [
    { field: 'id', width: 8 },
    { field: 'parentId', width: 8 },
    { field: 'path', width: 30 },
    { field: 'name', width: 24 },
    { field: 'component', width: 30 },
    { field: 'title', width: 24 },
    { field: 'menuType', values: 'menuType', width: 8 },
    { field: 'linkUrl', width: 30 },
    { field: 'icon', width: 20 },
    { field: 'permissionModule', width: 18 },
    { field: 'sort', width: 8 },
    { field: 'isHide', values: 'boolean', width: 8 },
    { field: 'enabled', values: 'boolean', width: 8 },
  ],
});
