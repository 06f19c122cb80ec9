import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { webhook, webhookDelivery } from './webhook.table.js';

/** The channel a commit with new deliveries NOTIFYs: each process's sender wakes on it (and sweeps on a timer). */
export const webhookOutboxChannel = 'webhook_outbox';

/** `msg_` + 24 random bytes, base64url: the `webhook-id` of every attempt of one message. */
export const newWebhookMessageId = () => `msg_${randomBytes(24).toString('base64url')}`;

/** One message, as Standard Webhooks shapes it: `{ type, timestamp, data }`. */
export type WebhookMessage = {
  event: string;
  data: Record<string, unknown>;
  /** What it is about, for the delivery log's filters. */
  ticketId?: number | null;
  triggerId?: number | null;
};

/**
 * Writes a delivery per webhook, in the caller's transaction (the outbox): to `webhookIds` (a trigger's action; only
 * active ones), else to every active webhook that lists the event. NOTIFYs the senders, which hear it at commit.
 * Answers how many were queued.
 */
export async function queueWebhooks(
  tx: Tx,
  message: WebhookMessage,
  to: { webhookIds?: readonly number[] } = {},
): Promise<number> {
  const targets = await tx
    .select({ id: webhook.id })
    .from(webhook)
    .where(
      and(
        eq(webhook.status, 'Active'),
        to.webhookIds ? inArray(webhook.id, [...to.webhookIds]) : sql`${message.event} = any(${webhook.events})`,
      ),
    );
  if (targets.length === 0) return 0;
  const timestamp = new Date().toISOString();
  await tx.insert(webhookDelivery).values(
    targets.map((target) => ({
      webhookId: target.id,
      messageId: newWebhookMessageId(),
      event: message.event,
      payload: { type: message.event, timestamp, data: message.data },
      ticketId: message.ticketId ?? null,
      triggerId: message.triggerId ?? null,
    })),
  );
  await tx.execute(sql`select pg_notify(${webhookOutboxChannel}, '')`);
  return targets.length;
}
