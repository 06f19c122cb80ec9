import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TicketBatchQuery } from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys, userKey } from '../user/user.table.js';

type SortField = { field: string; desc: boolean };

/** A saved ticket view (contract section 20): a named ticket list; private to its owner unless shared. */
export const ticketView = pgTable(
  'ticket_view',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    // Read whole and never queried inside: jsonb, in the shape the API gives (a Ticket/Query body).
    query: jsonb('query').$type<TicketBatchQuery>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    sort: jsonb('sort').$type<SortField[]>().notNull(),
    ownerId: integer('owner_id').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** A shared view serves these groups' members; none: everyone who has ticket views. */
    groupIds: integer('group_ids').array().notNull().default([]),
  },
  (t) => [
    index('ticket_view_owner_idx').on(t.ownerId),
    userKey('ticket_view_owner_fk', t.ownerId),
    ...authorKeys('ticket_view', t),
  ],
);
