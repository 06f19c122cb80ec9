import { eq } from 'drizzle-orm';
import { messages, msg, webhookMessages, type WebhookCreate, type WebhookUpdate } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { Db } from '../../platform/db.js';
import { conflict, fieldRefusal, notFound } from '../../platform/errors.js';
import { versionedUpdate } from '../../platform/resource.js';
import { sealSecret } from '../../platform/secrets.js';
import { readSettings } from '../setting/index.js';
import { resolveTarget } from './webhook-address.js';
import { webhook } from './webhook.table.js';

export type WebhookRow = typeof webhook.$inferSelect;

/** A webhook as the API shows it: the secret never, only that one is set. */
export function webhookAnswer(row: WebhookRow) {
  const { secret, ...shown } = row;
  return { ...shown, secretSet: secret !== '' };
}
export type WebhookAnswer = ReturnType<typeof webhookAnswer>;

/** What the audit log keeps: never the (sealed) secret, only that it changed. */
const audited = (row: WebhookRow) => webhookAnswer(row);

/** The URL's host, resolved now: a private address is refused unless Settings → Toggles allows it. */
async function checkUrl(db: Db, url: string) {
  const allowPrivate = (await readSettings(db)).toggles.webhookPrivateAddresses;
  const target = await resolveTarget(new URL(url), allowPrivate);
  if (!target.ok) throw fieldRefusal('url', target.message);
}

const sameName = () => fieldRefusal('name', msg(webhookMessages, 'nameTaken'));

export async function addWebhook(db: Db, actor: Actor, input: WebhookCreate): Promise<WebhookAnswer> {
  await checkUrl(db, input.url);
  const { secret, ...fields } = input;
  const sealed = await sealSecret(db, secret);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(webhook)
        .values({ ...fields, secret: sealed, createdBy: actor.userId, modifiedBy: actor.userId })
        .returning();
      if (!inserted) throw new Error('insert returned nothing');
      await writeAudit(tx, { entity: 'Webhook', entityId: inserted.id, action: 'create', actorId: actor.userId });
      return inserted;
    });
    return webhookAnswer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw sameName();
    throw error;
  }
}

/** Without `secret` the stored one stays. Switching a webhook on again clears the failures that switched it off. */
export async function updateWebhook(db: Db, actor: Actor, input: WebhookUpdate): Promise<WebhookAnswer> {
  const { id, rowVersion, secret, ...fields } = input;
  if (fields.url !== undefined) await checkUrl(db, fields.url);
  const sealed = secret === undefined ? undefined : await sealSecret(db, secret);
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(webhook).where(eq(webhook.id, id));
      if (!before) throw notFound();
      const reopened = fields.status === 'Active' && before.status !== 'Active';
      const versioned = versionedUpdate(webhook, id, rowVersion, actor);
      const [updated] = await tx
        .update(webhook)
        .set({
          ...fields,
          ...(sealed === undefined ? {} : { secret: sealed }),
          ...(reopened ? { disabledByFailures: false, failingSince: null } : {}),
          ...versioned.set,
        })
        .where(versioned.where)
        .returning();
      if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
      const changes = diff(audited(before), audited(updated));
      if (sealed !== undefined) changes.secret = { from: '***', to: '***' };
      await writeAudit(tx, { entity: 'Webhook', entityId: id, action: 'update', actorId: actor.userId, changes });
      return updated;
    });
    return webhookAnswer(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw sameName();
    throw error;
  }
}
