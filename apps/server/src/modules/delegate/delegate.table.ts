import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { describeReference } from '../../platform/db-errors.js';
import { project } from '../project/project.table.js';
import { authorKeys, userKey } from '../user/user.table.js';

/**
 * A user's delegate (spec section 3): while it is on and the day is within its dates, new tickets
 * assigned to `delegateBy` in one of its projects also get `delegateTo`. Routes: a later issue.
 */
export const delegate = pgTable(
  'delegate',
  {
    ...recordColumns(),
    delegateBy: integer('delegate_by').notNull(),
    delegateTo: integer('delegate_to').notNull(),
    delegateDate: date('delegate_date').notNull().defaultNow(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    delegateType: text('delegate_type').notNull().default('Ticket'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('delegate_by_idx').on(t.delegateBy, t.startDate),
    index('delegate_to_idx').on(t.delegateTo),
    userKey('delegate_delegate_by_fk', t.delegateBy),
    userKey('delegate_delegate_to_fk', t.delegateTo),
    ...authorKeys('delegate', t),
  ],
);

/** The projects a user delegate applies to. */
export const delegateProject = pgTable(
  'delegate_project',
  {
    delegateId: integer('delegate_id')
      .notNull()
      .references(() => delegate.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.delegateId, t.projectId] }),
    index('delegate_project_project_idx').on(t.projectId),
    foreignKey({ name: 'delegate_project_project_fk', columns: [t.projectId], foreignColumns: [project.id] }).onDelete(
      'restrict',
    ),
  ],
);

describeReference('delegate_project_project_fk', {
  target: 'project',
  table: 'delegate_project',
  column: 'project_id',
  inUse: (n) => `This project is used by ${n} delegate(s) and cannot be deleted.`,
});
