import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { scheduledTicketResults, ticketPriorities } from '@casedesk/shared';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { category } from '../category/category.table.js';
import { company } from '../company/company.table.js';
import { project } from '../project/project.table.js';
import { ticket } from '../ticket/ticket.table.js';
import { authorKeys, userKey } from '../user/user.table.js';

/**
 * A ticket template and its recurrence: a Quartz `cron` (next times in the server setting's time zone) or a
 * one-off `scheduledDate`. The scheduler claims rows whose `nextRunAt` has come and creates the ticket as the
 * row's creator (its owner).
 */
export const scheduledTicket = pgTable(
  'scheduled_ticket',
  {
    ...recordColumns(),
    subject: text('subject').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    priority: text('priority', { enum: ticketPriorities }).notNull(),
    categoryId: integer('category_id'),
    projectId: integer('project_id').notNull(),
    companyId: integer('company_id'),
    assignTo: integer('assign_to'),
    ticketType: text('ticket_type'),
    subjectType: text('subject_type'),
    customer: text('customer'),
    customerEmail: text('customer_email'),
    telephone: text('telephone'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    emails: text('emails'),
    businessUnit: text('business_unit'),
    privateTicket: boolean('private_ticket').notNull().default(false),
    grantAccess: integer('grant_access')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    cron: text('cron'),
    scheduledDate: timestamptz('scheduled_date'),
    enabled: boolean('enabled').notNull().default(true),
    /** Null when nothing is due any more (disabled, or a one-off that ran). */
    nextRunAt: timestamptz('next_run_at'),
    lastRunAt: timestamptz('last_run_at'),
    lastTicketId: integer('last_ticket_id'),
    lastResult: text('last_result', { enum: scheduledTicketResults }),
    lastMessage: text('last_message'),
    runCount: integer('run_count').notNull().default(0),
  },
  (t) => [
    // What the scheduler's claim reads every few seconds: only the enabled rows, by due time.
    index('scheduled_ticket_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled}`),
    index('scheduled_ticket_project_idx').on(t.projectId, t.id),
    index('scheduled_ticket_created_by_idx').on(t.createdBy),
    foreignKey({ name: 'scheduled_ticket_project_fk', columns: [t.projectId], foreignColumns: [project.id] }).onDelete(
      'restrict',
    ),
    foreignKey({
      name: 'scheduled_ticket_category_fk',
      columns: [t.categoryId],
      foreignColumns: [category.id],
    }).onDelete('restrict'),
    foreignKey({ name: 'scheduled_ticket_company_fk', columns: [t.companyId], foreignColumns: [company.id] }).onDelete(
      'restrict',
    ),
    // A deleted ticket leaves the template's "last ticket" empty, never blocks the delete.
    foreignKey({
      name: 'scheduled_ticket_last_ticket_fk',
      columns: [t.lastTicketId],
      foreignColumns: [ticket.id],
    }).onDelete('set null'),
    userKey('scheduled_ticket_assign_to_fk', t.assignTo),
    ...authorKeys('scheduled_ticket', t),
  ],
);

/**
 * One fire time of a scheduled ticket and the ticket it made: the link from a ticket to its template, and
 * the guard that a fire time makes at most one ticket (unique), whichever process claimed it.
 */
export const scheduledTicketRun = pgTable(
  'scheduled_ticket_run',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    scheduledTicketId: integer('scheduled_ticket_id')
      .notNull()
      .references(() => scheduledTicket.id, { onDelete: 'cascade' }),
    fireTime: timestamptz('fire_time').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    status: text('status', { enum: ['Running', ...scheduledTicketResults] }).notNull(),
    ticketId: integer('ticket_id').references(() => ticket.id, { onDelete: 'set null' }),
    message: text('message'),
  },
  (t) => [
    uniqueIndex('scheduled_ticket_run_fire_uq').on(t.scheduledTicketId, t.fireTime),
    index('scheduled_ticket_run_ticket_idx').on(t.ticketId),
  ],
);
