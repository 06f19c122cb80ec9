import { foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys, userKey } from '../user/user.table.js';

export const dept = pgTable(
  'dept',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    parentId: integer('parent_id'),
    orgId: integer('org_id'),
    leaderId: integer('leader_id'),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
  },
  (t) => [
    uniqueIndex('dept_code_uq').on(t.code),
    index('dept_parent_idx').on(t.parentId),
    foreignKey({ name: 'dept_parent_fk', columns: [t.parentId], foreignColumns: [t.id] }).onDelete('restrict'),
    userKey('dept_leader_fk', t.leaderId),
    ...authorKeys('dept', t),
  ],
);
