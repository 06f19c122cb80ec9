import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TriggerAction, TriggerCondition, TriggerEvent, TriggerRunOutcome } from '@casedesk/shared';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/** A trigger (contract section 23): on an event or a schedule, when its conditions hold, its actions on the ticket. */
export const trigger = pgTable(
  'trigger',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    event: text('event').$type<TriggerEvent>().notNull(),
    cron: text('cron'),
    // Read whole when the trigger runs and never queried inside: jsonb, in the shape the API gives.
    conditions: jsonb('conditions').$type<TriggerCondition[]>().notNull().default([]),
    actions: jsonb('actions').$type<TriggerAction[]>().notNull(),
    order: integer('order').notNull().default(100),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    /** A scheduled trigger's next fire (claimed with `for update skip locked`); null for events or when inactive. */
    nextRunAt: timestamptz('next_run_at'),
    lastRunAt: timestamptz('last_run_at'),
  },
  (t) => [
    uniqueIndex('trigger_name_uq').on(sql`lower(${t.name})`),
    // The engine's one read per event: the active triggers of that event in their order.
    index('trigger_event_idx').on(t.event, t.status, t.order),
    ...authorKeys('trigger', t),
  ],
);

/** One run of one trigger on one ticket (the trigger log; kept `triggerRunRetentionDays`). */
export const triggerRun = pgTable(
  'trigger_run',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // No foreign keys: the log outlives a deleted trigger or an archived ticket, so each run keeps their names as they
    // were (the list shows the trigger's current name while it exists, and says when it was deleted).
    triggerId: integer('trigger_id').notNull(),
    triggerName: text('trigger_name').notNull().default(''),
    ticketId: integer('ticket_id'),
    caseNumber: text('case_number'),
    event: text('event').$type<TriggerEvent>().notNull(),
    outcome: text('outcome').$type<TriggerRunOutcome>().notNull(),
    depth: integer('depth').notNull().default(0),
    /** English text; `message_key` + values word it in the reader's language. */
    message: text('message').notNull().default(''),
    messageKey: text('message_key'),
    messageValues: jsonb('message_values').$type<Record<string, unknown>>(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('trigger_run_created_idx').on(t.createdAt),
    index('trigger_run_trigger_idx').on(t.triggerId, t.createdAt),
    index('trigger_run_ticket_idx').on(t.ticketId, t.createdAt),
  ],
);
