import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { delegateMessages, msg } from '@casedesk/shared';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { describeReference } from '../../platform/db-errors.js';
import { project } from '../project/project.table.js';
import { authorKeys, userKey } from '../user/user.table.js';

/**
 * A user's delegate (spec section 3): while it is on and the day is within its dates, new tickets
 * assigned to `delegateBy` in one of its projects (none listed: every project) also get `delegateTo`, and
 * approval tasks too when its type is `Approval` or `All` (`delegate.queries.ts`).
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
  inUse: (n) => msg(delegateMessages, 'projectUsed', { count: n }),
});

/**
 * The delegate audit (`POST Delegate/History`, `delegate:history`): every change of a delegation, and every
 * ticket and approval task that reached a delegate. Append-only.
 */
export const delegateLog = pgTable(
  'delegate_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The delegation; kept after it is deleted (no foreign key), so that its history stays readable. */
    delegateId: integer('delegate_id'),
    /** `created` | `updated` | `enabled` | `disabled` | `deleted` | `ticketReached` | `taskReached`. */
    event: text('event').notNull(),
    delegateBy: integer('delegate_by').notNull(),
    delegateTo: integer('delegate_to').notNull(),
    ticketId: integer('ticket_id'),
    taskId: bigint('task_id', { mode: 'number' }),
    instanceId: integer('instance_id'),
    actorId: integer('actor_id'),
    /** For changes: the fields before and after. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('delegate_log_by_idx').on(t.delegateBy, t.id),
    index('delegate_log_to_idx').on(t.delegateTo, t.id),
    index('delegate_log_delegate_idx').on(t.delegateId, t.id),
  ],
);
