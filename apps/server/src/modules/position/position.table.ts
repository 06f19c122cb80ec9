import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

export const position = pgTable(
  'position',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
  },
  (t) => [uniqueIndex('position_code_uq').on(t.code), ...authorKeys('position', t)],
);
