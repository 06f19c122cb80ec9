import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TicketArchive } from '@casedesk/shared';
import { timestamptz } from '../../platform/columns.js';

/**
 * Closed and cancelled tickets the `ticket.archive` job moved out of `ticket` (Data Management's retention
 * rule): the id and case number they had, the columns the visibility rule reads, and the whole read-only record
 * (names, comments, history, file references) as it was. No keys to other tables: an archive outlives them.
 */
export const ticketArchive = pgTable(
  'ticket_archive',
  {
    /** The ticket's own id (a second move of the same ticket is a no-op). */
    id: integer('id').primaryKey(),
    caseNumber: text('case_number').notNull(),
    projectId: integer('project_id').notNull(),
    privateTicket: boolean('private_ticket').notNull(),
    createdBy: integer('created_by'),
    assignTo: integer('assign_to'),
    delegateTo: integer('delegate_to'),
    grantAccess: integer('grant_access')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    closeDate: timestamptz('close_date'),
    archivedAt: timestamptz('archived_at').notNull().defaultNow(),
    record: jsonb('record').$type<Omit<TicketArchive, 'archivedAt'>>().notNull(),
  },
  (t) => [
    uniqueIndex('ticket_archive_case_number_uq').on(t.caseNumber),
    index('ticket_archive_project_idx').on(t.projectId),
  ],
);
