import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { project } from '../project/project.table.js';
import { authorKeys, userKey } from '../user/user.table.js';

export const category = pgTable(
  'category',
  {
    ...recordColumns(),
    categoryCode: text('category_code').notNull(),
    categoryDescription: text('category_description').notNull(),
    categoryStatus: text('category_status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    /** Default first assignee of new tickets in this category (a user id). */
    newTicketAssignee: integer('new_ticket_assignee'),
  },
  (t) => [
    uniqueIndex('category_code_uq').on(t.categoryCode),
    userKey('category_new_ticket_assignee_fk', t.newTicketAssignee),
    ...authorKeys('category', t),
  ],
);

export const categoryProject = pgTable(
  'category_project',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.projectId] }), index('category_project_project_idx').on(t.projectId)],
);
