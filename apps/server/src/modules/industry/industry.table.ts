import { foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { industryMessages, msg } from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { describeReference } from '../../platform/db-errors.js';
import { authorKeys } from '../user/user.table.js';

export const industry = pgTable(
  'industry',
  {
    ...recordColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
  },
  (t) => [
    uniqueIndex('industry_code_uq').on(t.code),
    index('industry_parent_idx').on(t.parentId),
    foreignKey({ name: 'industry_parent_fk', columns: [t.parentId], foreignColumns: [t.id] }).onDelete('restrict'),
    ...authorKeys('industry', t),
  ],
);

// The save checks the parent too, but the key meets a missing one first: the same answer.
describeReference('industry_parent_fk', {
  target: 'industry',
  table: 'industry',
  column: 'parent_id',
  missing: msg(industryMessages, 'parentUnknown'),
});
