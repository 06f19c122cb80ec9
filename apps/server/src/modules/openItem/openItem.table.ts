import { sql } from 'drizzle-orm';
import { date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { project } from '../project/project.table.js';
import { ticket } from '../ticket/ticket.table.js';
import { appUser, authorKeys } from '../user/user.table.js';
import { userGroup } from '../userGroup/user-group.table.js';

/**
 * An open item of a ticket (spec section 3). `serial` numbers the items of one ticket 1, 2, 3 (taken under
 * the ticket's row lock); `sortId` is their order on the ticket page. The ticket number is read from the ticket.
 */
export const openItem = pgTable(
  'open_item',
  {
    ...recordColumns(),
    ticketId: integer('ticket_id').notNull(),
    serial: integer('serial').notNull(),
    sortId: integer('sort_id').notNull(),
    priority: text('priority', { enum: ['Low', 'Medium', 'High', 'Urgent'] })
      .notNull()
      .default('Medium'),
    projectId: integer('project_id'),
    taskCategory: text('task_category'),
    status: text('status', { enum: ['Open', 'InProgress', 'Complete', 'Cancelled'] })
      .notNull()
      .default('Open'),
    openDate: date('open_date', { mode: 'string' }).notNull(),
    closeDate: timestamptz('close_date'),
    loe: numeric('loe', { precision: 9, scale: 2 }),
    approvedDate: date('approved_date', { mode: 'string' }),
    pointOfContact: integer('point_of_contact'),
    /** The user group that works the item (a request's fulfilment item may name one). */
    groupId: integer('group_id'),
    description: text('description').notNull(),
    comment: text('comment'),
    /** Stored file ids owned by `OpenItem` (the file module's owner columns say the same). */
    attachments: integer('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    uniqueIndex('open_item_ticket_serial_uq').on(t.ticketId, t.serial),
    index('open_item_ticket_sort_idx').on(t.ticketId, t.sortId),
    index('open_item_contact_idx').on(t.pointOfContact, t.status),
    // The list's default order (newest first), alone and under a status filter: a page reads the index, not a sort
    // of every row (bench:finance, 500,000 items: 1.5 s → 0.5 ms). NULLS FIRST is what ORDER BY … DESC means.
    index('open_item_open_date_idx').on(t.openDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('open_item_status_idx').on(t.status, t.openDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({ name: 'open_item_ticket_fk', columns: [t.ticketId], foreignColumns: [ticket.id] }).onDelete('cascade'),
    foreignKey({ name: 'open_item_project_fk', columns: [t.projectId], foreignColumns: [project.id] }).onDelete(
      'restrict',
    ),
    foreignKey({ name: 'open_item_contact_fk', columns: [t.pointOfContact], foreignColumns: [appUser.id] }).onDelete(
      'set null',
    ),
    foreignKey({ name: 'open_item_group_fk', columns: [t.groupId], foreignColumns: [userGroup.id] }).onDelete(
      'set null',
    ),
    ...authorKeys('open_item', t),
  ],
);

/** The tickets an open item relates to (its "configured relation": an item with any cannot be deleted). */
export const openItemRelatedTicket = pgTable(
  'open_item_related_ticket',
  {
    openItemId: integer('open_item_id')
      .notNull()
      .references(() => openItem.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.openItemId, t.ticketId] }), index('open_item_related_ticket_idx').on(t.ticketId)],
);
