import { getTableColumns, sql } from 'drizzle-orm';
import {
  customFieldCreateSchema,
  customFieldMessages,
  customFieldQuerySchema,
  customFieldSchema,
  customFieldUpdateSchema,
  msg,
} from '@casedesk/shared';
import { rowsOf } from '../../platform/db.js';
import { defineResource } from '../../platform/resource.js';
import { category } from '../category/index.js';
import { customField } from './custom-field.table.js';
import { customValueTables } from './custom-field.service.js';

const schemas = {
  record: customFieldSchema,
  create: customFieldCreateSchema,
  update: customFieldUpdateSchema,
  query: customFieldQuerySchema,
};

/**
 * Custom field definitions: an administrator's resource (`customField:*`). Key, record kind and type are fixed
 * by the update schema; deleting a field that holds values is refused by counting them (archive it instead).
 */
export const customFieldResource = defineResource({
  name: 'CustomField',
  module: 'customField',
  label: 'customField',
  table: customField,
  schemas,
  // The categories by name, so the list and the editor never show an id.
  columns: {
    ...getTableColumns(customField),
    categories: sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', c.id,
        'name', c.category_description) order by c.category_description)
      from ${category} c where c.id = any(${customField.categoryIds})), '[]'::json)`,
  },
  keywordColumns: [customField.key, sql`${customField.label}::text`],
  sortable: {
    key: customField.key,
    sort: customField.sort,
    type: customField.type,
    modifiedAt: customField.modifiedAt,
  },
  defaultOrder: [{ field: 'sort', desc: false }],
  async referencedBy(tx, ids) {
    let count = 0;
    for (const table of customValueTables) {
      const [row] = await rowsOf<{ count: number }>(
        tx,
        sql`select count(distinct ${table.recordId})::integer as "count" from ${table.table}
             where ${table.fieldId} in ${sql`(${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`}`,
      );
      count += Number(row?.count ?? 0);
    }
    return count > 0 ? msg(customFieldMessages, 'inUse', { count }) : undefined;
  },
  exportColumns: [
    { field: 'key' },
    { field: 'type' },
    { field: 'required' },
    { field: 'status', values: 'activeStatus' },
  ],
});
