import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { Webhook as Signer } from 'standardwebhooks';
import { z } from 'zod';
import { msg, webhookMessages, webhookResponseExcerpt, webhookRetryHours, type Message } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { openSealed } from '../../platform/secrets.js';
import { readSettings } from '../setting/index.js';
import { resolveTarget } from './webhook-address.js';
import { disableFailingWebhook } from './webhook-disable.service.js';
import { postJson, type PostOutcome } from './webhook-http.js';
import { webhook, webhookDelivery } from './webhook.table.js';

export type DeliveryRow = typeof webhookDelivery.$inferSelect;
type WebhookRow = typeof webhook.$inferSelect;

/** Waits before the 2nd, 3rd ... attempt; the last one repeats until `webhookRetryHours` after the delivery was made. */
export const webhookRetryDelaysMs = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];

export type WebhookSendOptions = {
  /** The clock (tests move `created_at` back rather than the clock; the bench keeps it). */
  now?: Date;
  batchSize?: number;
  /** How long a claimed delivery is this process's; past it another process sends it (at least once). */
  leaseSeconds?: number;
  timeoutMs?: number;
  /** Sends at once per process. */
  concurrency?: number;
  /** Claims these deliveries only (Test: its own delivery, in the request). */
  deliveryIds?: number[];
  /** Test: one attempt, no retry (a failure is Failed at once), sent whatever the webhook's status. */
  test?: boolean;
  /** Called after a claim committed, before anything is sent (the two-sender test counts claims). */
  afterClaim?: (rows: DeliveryRow[]) => Promise<void> | void;
};

export type WebhookSendSummary = { delivered: number; retried: number; failed: number };

/**
 * One pass of the webhook outbox, the e-mail outbox's three steps, without a transaction open during network I/O:
 * 1. a short transaction claims due Pending deliveries (`for update skip locked`, a lease, the attempt counted),
 *    also those whose lease ran out (a process died while sending: sent again, at least once, same `webhook-id`);
 * 2. the POSTs, a few at a time, outside any transaction;
 * 3. a short transaction per delivery writes the outcome, guarded by the lease this process set.
 */
export async function sendDueWebhooks(db: Db, options: WebhookSendOptions = {}): Promise<WebhookSendSummary> {
  const summary: WebhookSendSummary = { delivered: 0, retried: 0, failed: 0 };
  const claimed = await claimDue(db, options);
  if (claimed.length === 0) return summary;
  await options.afterClaim?.(claimed);
  const hooks = await webhooksOf(db, claimed);
  const allowPrivate = (await readSettings(db)).toggles.webhookPrivateAddresses;
  const queue = [...claimed];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const outcome = await sendClaimed(db, row, hooks.get(row.webhookId), allowPrivate, options);
      summary[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, claimed.length) }, worker));
  return summary;
}

async function claimDue(db: Db, options: WebhookSendOptions): Promise<DeliveryRow[]> {
  const now = options.now ?? new Date();
  const leaseUntil = new Date(now.getTime() + (options.leaseSeconds ?? 120) * 1000);
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: webhookDelivery.id })
      .from(webhookDelivery)
      .where(
        and(
          eq(webhookDelivery.status, 'Pending'),
          lte(webhookDelivery.nextAttemptAt, now),
          or(isNull(webhookDelivery.leaseUntil), lt(webhookDelivery.leaseUntil, now)),
          options.deliveryIds ? inArray(webhookDelivery.id, options.deliveryIds) : undefined,
        ),
      )
      .orderBy(asc(webhookDelivery.nextAttemptAt))
      .limit(options.batchSize ?? 50)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(webhookDelivery)
      .set({ leaseUntil, attempts: sql`${webhookDelivery.attempts} + 1` })
      .where(inArray(webhookDelivery.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  });
}

type OpenWebhook = WebhookRow & { plainSecret: string };

async function webhooksOf(db: Db, rows: DeliveryRow[]): Promise<Map<number, OpenWebhook>> {
  const ids = [...new Set(rows.map((row) => row.webhookId))];
  const found = await db.select().from(webhook).where(inArray(webhook.id, ids));
  const opened = await Promise.all(
    found.map(async (hook) => ({ ...hook, plainSecret: await openSealed(db, hook.secret) })),
  );
  return new Map(opened.map((hook) => [hook.id, hook]));
}

/** The body as sent: the payload's JSON text (signed as is). */
const bodyOf = (row: DeliveryRow) => JSON.stringify(row.payload);

/** Sends one claimed delivery and writes what came of it. */
async function sendClaimed(
  db: Db,
  row: DeliveryRow,
  hook: OpenWebhook | undefined,
  allowPrivate: boolean,
  options: WebhookSendOptions,
): Promise<keyof WebhookSendSummary> {
  const now = options.now ?? new Date();
  // A switched-off webhook's queued deliveries fail at once (a Test is sent whatever its status).
  if (!hook || (hook.status !== 'Active' && !options.test))
    return recordOutcome(db, row, { ...noAnswer, error: msg(webhookMessages, 'switchedOff') }, now, {
      final: true,
      health: false,
    });
  const outcome = await post(row, hook, allowPrivate, options.timeoutMs ?? 10_000);
  return recordOutcome(db, row, outcome, now, { final: options.test ?? false, health: hook.status === 'Active' });
}

const noAnswer: PostOutcome = { status: null, body: null, error: null, durationMs: 0 };

async function post(
  row: DeliveryRow,
  hook: OpenWebhook,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<PostOutcome> {
  const url = new URL(hook.url);
  const target = await resolveTarget(url, allowPrivate);
  if (!target.ok) return { ...noAnswer, error: target.message };
  const body = bodyOf(row);
  const sentAt = new Date();
  const headers = {
    ...hook.headers,
    'content-type': 'application/json',
    'user-agent': 'Casedesk-Webhook',
    'webhook-id': row.messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Signer(hook.plainSecret).sign(row.messageId, sentAt, body),
  };
  const outcome = await postJson(url, headers, body, {
    address: target.address,
    family: target.family,
    timeoutMs,
    excerpt: webhookResponseExcerpt,
  });
  return outcome;
}

const isSuccess = (outcome: PostOutcome) =>
  outcome.error === null && outcome.status !== null && outcome.status < 300 && outcome.status >= 200;

/** Why an answer that came is a failure (3xx: the redirect is not followed). */
function failureOf(outcome: PostOutcome, location: string | undefined): Message {
  if (outcome.error !== null) return outcome.error;
  const status = outcome.status ?? 0;
  if (status >= 300 && status < 400)
    return location
      ? msg(webhookMessages, 'redirect', { status, location: location.slice(0, 1000) })
      : msg(webhookMessages, 'redirectBare', { status });
  return msg(webhookMessages, 'receiverAnswered', { status });
}

/** The next attempt's time, or null when the retry window (`webhookRetryHours` from the delivery's making) is over. */
export function nextAttemptAfter(row: Pick<DeliveryRow, 'attempts' | 'createdAt'>, now: Date): Date | null {
  const delay =
    webhookRetryDelaysMs[Math.min(row.attempts, webhookRetryDelaysMs.length) - 1] ?? webhookRetryDelaysMs[0]!;
  const next = new Date(now.getTime() + delay);
  return next.getTime() > row.createdAt.getTime() + webhookRetryHours * 3_600_000 ? null : next;
}

/** Writes the attempt (only while this process's lease holds) and the webhook's health; a day failing switches it off. */
async function recordOutcome(
  db: Db,
  row: DeliveryRow,
  outcome: PostOutcome,
  now: Date,
  how: { final: boolean; health: boolean },
): Promise<keyof WebhookSendSummary> {
  const success = isSuccess(outcome);
  const next = success || how.final ? null : nextAttemptAfter(row, now);
  const verdict: keyof WebhookSendSummary = success ? 'delivered' : next ? 'retried' : 'failed';
  const failure = success ? null : failureOf(outcome, outcome.location);
  await db.transaction(async (tx) => {
    const [written] = await tx
      .update(webhookDelivery)
      .set({
        status: success ? 'Delivered' : next ? 'Pending' : 'Failed',
        nextAttemptAt: next,
        leaseUntil: null,
        responseStatus: outcome.status,
        responseBody: outcome.body,
        lastError: failure ? failure.text.slice(0, 2000) : null,
        lastErrorKey: failure?.key ?? null,
        lastErrorValues: failure?.values ?? null,
        durationMs: outcome.durationMs,
        deliveredAt: success ? now : null,
      })
      .where(and(eq(webhookDelivery.id, row.id), eq(webhookDelivery.leaseUntil, row.leaseUntil!)))
      .returning({ id: webhookDelivery.id });
    if (!written || !how.health) return;
    const [hook] = await tx
      .update(webhook)
      .set({
        lastDeliveryAt: now,
        lastResponseStatus: outcome.status,
        failingSince: success ? null : sql`coalesce(${webhook.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhook.id, row.webhookId))
      .returning();
    if (hook && !success) await disableFailingWebhook(tx, hook, now);
  });
  return verdict;
}

/** The `webhook.send` job: every few seconds, sends what the outbox holds (the NOTIFY wakes senders sooner). */
export const webhookSendHandler = defineJobHandler({
  className: 'webhook.send',
  title: { en: 'Send webhooks', 'zh-cn': '发送 Webhook', 'zh-tw': '發送 Webhook' },
  params: z
    .object({
      batchSize: z.number().int().min(1).max(1000).default(50),
      leaseSeconds: z.number().int().min(15).max(3600).default(120),
      concurrency: z.number().int().min(1).max(32).default(4),
    })
    .strict(),
  async run(ctx, params) {
    const total: WebhookSendSummary = { delivered: 0, retried: 0, failed: 0 };
    for (let batch = 0; batch < 100 && !ctx.signal.aborted; batch++) {
      const done = await sendDueWebhooks(ctx.db, params);
      for (const key of Object.keys(total) as (keyof WebhookSendSummary)[]) total[key] += done[key];
      if (done.delivered + done.retried + done.failed < params.batchSize) break;
    }
    return { message: `${total.delivered} delivered, ${total.retried} to retry, ${total.failed} failed` };
  },
});
