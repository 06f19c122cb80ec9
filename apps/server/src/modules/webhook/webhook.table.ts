import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEvent } from '@casedesk/shared';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/** A receiver of events (contract section 23): its address, what it hears, and its signing secret, sealed. */
export const webhook = pgTable(
  'webhook',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull().default([]),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** `whsec_…`, sealed with the server's key (`sealSecret`); never in an answer. */
    secret: text('secret').notNull(),
    status: text('status').$type<'Active' | 'Inactive'>().notNull().default('Active'),
    /** The first failed delivery since the last one that went through; a day of it switches the webhook off. */
    failingSince: timestamptz('failing_since'),
    disabledByFailures: boolean('disabled_by_failures').notNull().default(false),
    lastDeliveryAt: timestamptz('last_delivery_at'),
    lastResponseStatus: integer('last_response_status'),
  },
  (t) => [uniqueIndex('webhook_name_uq').on(sql`lower(${t.name})`), ...authorKeys('webhook', t)],
);

/**
 * The outbox and the delivery log in one: a row per message to one webhook, written in the transaction of the
 * change, sent after it (claimed with a lease, so any process sends it and a dead one's claim runs out).
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhook.id, { onDelete: 'cascade' }),
    /** `webhook-id`: `msg_` + random, the same on every attempt. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').defaultNow(),
    /** Set while a process sends it; another process may take it once this has passed. */
    leaseUntil: timestamptz('lease_until'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** English text; `last_error_key` + values word it in the reader's language (as the trigger log's messages). */
    lastError: text('last_error'),
    lastErrorKey: text('last_error_key'),
    lastErrorValues: jsonb('last_error_values').$type<Record<string, string | number>>(),
    durationMs: integer('duration_ms'),
    /** What it is about (no foreign keys: the log outlives an archived ticket or a deleted trigger). */
    ticketId: integer('ticket_id'),
    triggerId: integer('trigger_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_delivery_message_uq').on(t.messageId),
    index('webhook_delivery_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'Pending'`),
    index('webhook_delivery_webhook_idx').on(t.webhookId, t.id),
    index('webhook_delivery_ticket_idx').on(t.ticketId),
  ],
);
