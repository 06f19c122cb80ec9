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
    { header: 'Id', field: 'id', width: 8 },
    { header: 'Parent', field: 'parentId', width: 8 },
    { header: 'Path', field: 'path', width: 30 },
    { header: 'Name', field: 'name', width: 24 },
    { header: 'Component', field: 'component', width: 30 },
    { header: 'Title', field: 'title', width: 24 },
    { header: 'Type', field: 'menuType', width: 8 },
    { header: 'Link URL', field: 'linkUrl', width: 30 },
    { header: 'Icon', field: 'icon', width: 20 },
    { header: 'Permission module', field: 'permissionModule', width: 18 },
    { header: 'Sort', field: 'sort', width: 8 },
    { header: 'Hidden', field: 'isHide', width: 8 },
    { header: 'Enabled', field: 'enabled', width: 8 },
  ],
});
