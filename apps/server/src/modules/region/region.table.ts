import { foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { msg, regionMessages } from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { describeReference } from '../../platform/db-errors.js';
import { authorKeys } from '../user/user.table.js';

/** Administrative regions, a tree by `parentCode` (country, province, city, district ...). */
export const region = pgTable(
  'region',
  {
    ...recordColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    pinyin: text('pinyin'),
    zipCode: text('zip_code'),
    parentCode: text('parent_code'),
    type: integer('type').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('region_code_uq').on(t.code),
    index('region_parent_code_idx').on(t.parentCode),
    foreignKey({ name: 'region_parent_fk', columns: [t.parentCode], foreignColumns: [t.code] }).onDelete('restrict'),
    ...authorKeys('region', t),
  ],
);

// The save checks the parent too, but the key meets a missing one first: the same answer.
describeReference('region_parent_fk', {
  target: 'region',
  table: 'region',
  column: 'parent_code',
  missing: msg(regionMessages, 'parentUnknown'),
});
