import { eq, sql } from 'drizzle-orm';
import { msg, webhookMessages } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { newWebhookMessageId, webhookOutboxChannel } from './webhook-outbox.service.js';
import { webhookDeliveryResource } from './webhook.resource.js';
import { sendDueWebhooks } from './webhook-send.service.js';
import { webhook, webhookDelivery } from './webhook.table.js';

/**
 * `Webhook/Redeliver`: the logged delivery again, the same `webhook-id` (receivers drop a duplicate), Pending and due
 * now; the senders hear the NOTIFY at commit. Refused while it still waits for its next try. A delivery older than
 * the retry window gets this one attempt: failing again, it is Failed.
 */
export async function redeliverWebhook(db: Db, actor: Actor, deliveryId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(webhookDelivery).where(eq(webhookDelivery.id, deliveryId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', msg(webhookMessages, 'deliveryUnknown'));
    if (row.status === 'Pending') throw conflict(msg(webhookMessages, 'stillPending'));
    await tx
      .update(webhookDelivery)
      .set({ status: 'Pending', nextAttemptAt: new Date(), leaseUntil: null, deliveredAt: null })
      .where(eq(webhookDelivery.id, deliveryId));
    await writeAudit(tx, {
      entity: 'WebhookDelivery',
      entityId: deliveryId,
      action: 'update',
      actorId: actor.userId,
      changes: { status: { from: row.status, to: 'Pending' } },
    });
    await tx.execute(sql`select pg_notify(${webhookOutboxChannel}, '')`);
  });
  return webhookDeliveryResource.get(db, actor, deliveryId);
}

/**
 * `Webhook/Test`: a `webhook.test` message to the webhook (whatever its status), committed, then sent at once in
 * this request; answers the delivery with the receiver's answer (or, when another process took it first, as it is).
 */
export async function testWebhook(db: Db, actor: Actor, id: number) {
  const deliveryId = await db.transaction(async (tx) => {
    const [hook] = await tx.select().from(webhook).where(eq(webhook.id, id));
    if (!hook) throw notFound();
    const timestamp = new Date().toISOString();
    const [row] = await tx
      .insert(webhookDelivery)
      .values({
        webhookId: hook.id,
        messageId: newWebhookMessageId(),
        event: 'webhook.test',
        payload: { type: 'webhook.test', timestamp, data: { webhookId: hook.id, name: hook.name, sentAt: timestamp } },
      })
      .returning({ id: webhookDelivery.id });
    await writeAudit(tx, { entity: 'WebhookDelivery', entityId: row!.id, action: 'create', actorId: actor.userId });
    return row!.id;
  });
  await sendDueWebhooks(db, { deliveryIds: [deliveryId], test: true });
  return webhookDeliveryResource.get(db, actor, deliveryId);
}
