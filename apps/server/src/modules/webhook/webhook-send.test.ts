import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookResponseExcerpt } from '@casedesk/shared';
import { signIn, useTestApp } from '../../../test/helpers.js';
import { closedPort } from '../../../test/mail-servers.js';
import { addTicket, admin, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { allowPrivate, newSecret, startReceiver, type Receiver } from '../../../test/webhook-receiver.js';
import { auditLog } from '../../platform/platform.table.js';
import { email } from '../email/index.js';
import { queueWebhooks } from './webhook-outbox.service.js';
import { sendDueWebhooks, type DeliveryRow } from './webhook-send.service.js';
import { webhook, webhookDelivery } from './webhook.table.js';
import { appUser } from '../user/index.js';

const ctx = useTestApp();
let boss: Staff;
let receiver: Receiver;
let world: Awaited<ReturnType<typeof ticketWorld>>;

beforeAll(async () => {
  boss = await admin(ctx);
  receiver = await startReceiver();
  world = await ticketWorld(ctx);
  await allowPrivate(ctx, boss.token, true);
});
afterAll(async () => receiver?.close());

let counter = 0;
/** A webhook to the receiver (or `url`), straight through the API; answers its id and secret. */
async function hookTo(events: string[] = [], url = receiver.url()) {
  const secret = newSecret();
  const response = await ctx.call('POST', '/api/Webhook/Add', {
    token: boss.token,
    body: { name: `Send ${++counter} ${randomBytes(3).toString('hex')}`, url, events, secret },
  });
  expect(response.status, response.raw).toBe(200);
  return { id: (response.body.data as { id: number }).id, secret };
}

/** One delivery to the webhook, queued as a trigger's action queues it. */
const queueOne = (webhookId: number, data: Record<string, unknown> = { n: 1 }) =>
  ctx.db.transaction((tx) => queueWebhooks(tx, { event: 'ticket.created', data }, { webhookIds: [webhookId] }));

const deliveriesOf = (webhookId: number) =>
  ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.webhookId, webhookId)).orderBy(webhookDelivery.id);

const only = async (webhookId: number): Promise<DeliveryRow> => {
  const rows = await deliveriesOf(webhookId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

const received = (messageId: string) => receiver.received.filter((r) => r.headers['webhook-id'] === messageId);

describe('the webhook sender', () => {
  it('queues a ticket event for subscribed webhooks only, with the ticket summary, signed and Delivered on a 200', async () => {
    const hook = await hookTo(['ticket.created']);
    const deaf = await hookTo(['sla.breached']);
    const ticket = await addTicket(ctx, boss.token, {
      projectId: world.projectId,
      categoryId: world.categoryId,
      subject: 'Webhook printer',
      tags: ['printer'],
    });
    expect(await deliveriesOf(deaf.id)).toHaveLength(0);
    const queued = await only(hook.id);
    expect(queued).toMatchObject({ status: 'Pending', event: 'ticket.created', ticketId: ticket.id, attempts: 0 });
    receiver.answer('ok');
    await sendDueWebhooks(ctx.db, { deliveryIds: [queued.id] });
    const [got] = received(queued.messageId);
    expect(got).toBeDefined();
    const payload = new Verifier(hook.secret).verify(got!.body, got!.headers as Record<string, string>);
    expect(payload).toMatchObject({
      type: 'ticket.created',
      data: {
        ticket: {
          id: ticket.id,
          caseNumber: ticket.caseNumber,
          subject: 'Webhook printer',
          projectId: world.projectId,
          categoryId: world.categoryId,
          tags: ['printer'],
          url: expect.stringContaining(`/ticket/info/${ticket.id}`),
        },
      },
    });
    expect(() => new Verifier(newSecret()).verify(got!.body, got!.headers as Record<string, string>)).toThrow();
    const sent = await only(hook.id);
    expect(sent).toMatchObject({
      status: 'Delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'thanks',
      lastError: null,
    });
    const [health] = await ctx.db.select().from(webhook).where(eq(webhook.id, hook.id));
    expect(health).toMatchObject({ lastResponseStatus: 200, failingSince: null });
  });

  it('500, then 200: two attempts with the same webhook-id, the second after the back-off', async () => {
    const hook = await hookTo();
    await queueOne(hook.id);
    const row = await only(hook.id);
    receiver.answer('fail', 'ok');
    expect(await sendDueWebhooks(ctx.db, { deliveryIds: [row.id] })).toMatchObject({ retried: 1 });
    const waiting = await only(hook.id);
    expect(waiting).toMatchObject({
      status: 'Pending',
      attempts: 1,
      responseStatus: 500,
      responseBody: 'receiver broke',
    });
    expect(waiting.lastError).toContain('500');
    // Not due yet: nothing is sent.
    expect(await sendDueWebhooks(ctx.db, { deliveryIds: [row.id] })).toMatchObject({ delivered: 0, retried: 0 });
    const later = new Date(waiting.nextAttemptAt!.getTime() + 1000);
    expect(await sendDueWebhooks(ctx.db, { deliveryIds: [row.id], now: later })).toMatchObject({ delivered: 1 });
    expect(await only(hook.id)).toMatchObject({ status: 'Delivered', attempts: 2 });
    expect(received(row.messageId)).toHaveLength(2);
    const [health] = await ctx.db.select().from(webhook).where(eq(webhook.id, hook.id));
    expect(health!.failingSince).toBeNull();
  });

  it('records a timeout for a slow receiver and for one that never answers, and a refused connection', async () => {
    for (const mode of ['slow', 'silent'] as const) {
      const hook = await hookTo();
      await queueOne(hook.id);
      receiver.answer(mode);
      await sendDueWebhooks(ctx.db, { deliveryIds: [(await only(hook.id)).id], timeoutMs: 300 });
      const row = await only(hook.id);
      expect(row, mode).toMatchObject({ status: 'Pending', attempts: 1, responseStatus: null });
      expect(row.lastError).toContain('No complete answer within 0.3 s');
    }
    const closed = await hookTo([], `http://localhost:${await closedPort()}/hook`);
    await queueOne(closed.id);
    await sendDueWebhooks(ctx.db, { deliveryIds: [(await only(closed.id)).id] });
    expect((await only(closed.id)).lastError).toContain('ECONNREFUSED');
  });

  it('follows no redirect (the Location is in lastError) and keeps at most the excerpt of a large answer', async () => {
    const hook = await hookTo();
    await queueOne(hook.id);
    const row = await only(hook.id);
    const before = receiver.received.length;
    receiver.answer('redirect');
    await sendDueWebhooks(ctx.db, { deliveryIds: [row.id] });
    expect(receiver.received.length).toBe(before + 1);
    const redirected = await only(hook.id);
    expect(redirected).toMatchObject({ status: 'Pending', responseStatus: 302 });
    expect(redirected.lastError).toContain('http://169.254.169.254/latest');

    const big = await hookTo();
    await queueOne(big.id);
    receiver.answer('big');
    await sendDueWebhooks(ctx.db, { deliveryIds: [(await only(big.id)).id] });
    const capped = await only(big.id);
    expect(capped.status).toBe('Delivered');
    expect(capped.responseBody).toHaveLength(webhookResponseExcerpt);
  });

  it('refuses a private address at send time once Settings no longer allow it (nothing reaches the receiver)', async () => {
    const hook = await hookTo();
    await queueOne(hook.id);
    const row = await only(hook.id);
    const before = receiver.received.length;
    await allowPrivate(ctx, boss.token, false);
    try {
      await sendDueWebhooks(ctx.db, { deliveryIds: [row.id] });
    } finally {
      await allowPrivate(ctx, boss.token, true);
    }
    expect(receiver.received.length).toBe(before);
    const refused = await only(hook.id);
    expect(refused).toMatchObject({ status: 'Pending', attempts: 1 });
    expect(refused.lastError).toContain('127.0.0.1 is a loopback, link-local or private address');
  });

  it('two senders at once never send one delivery twice in a round (leases)', async () => {
    const hook = await hookTo();
    for (let i = 0; i < 12; i++) await queueOne(hook.id, { n: i });
    const ids = (await deliveriesOf(hook.id)).map((d) => d.id);
    const claims: number[] = [];
    const note = (rows: DeliveryRow[]) => void claims.push(...rows.map((r) => r.id));
    const [a, b] = await Promise.all([
      sendDueWebhooks(ctx.db, { deliveryIds: ids, batchSize: 5, afterClaim: note }),
      sendDueWebhooks(ctx.db, { deliveryIds: ids, batchSize: 5, afterClaim: note }),
    ]);
    expect(a.delivered + b.delivered).toBe(claims.length);
    expect(new Set(claims).size).toBe(claims.length);
    await sendDueWebhooks(ctx.db, { deliveryIds: ids, batchSize: 50 });
    const rows = await deliveriesOf(hook.id);
    expect(rows.every((r) => r.status === 'Delivered' && r.attempts === 1)).toBe(true);
    for (const row of rows) expect(received(row.messageId)).toHaveLength(1);
  });

  it('words each failure in the delivery log in its reader’s language; a deleted ticket keeps its case number', async () => {
    const hook = await hookTo();
    const closed = await hookTo([], `http://localhost:${await closedPort()}/hook`);
    const ticket = await addTicket(ctx, boss.token, { projectId: world.projectId, categoryId: world.categoryId });
    for (const id of [hook.id, closed.id])
      await ctx.db.transaction((tx) =>
        queueWebhooks(
          tx,
          { event: 'ticket.created', data: { ticket: { caseNumber: ticket.caseNumber } }, ticketId: ticket.id },
          { webhookIds: [id] },
        ),
      );
    receiver.answer('fail');
    await sendDueWebhooks(ctx.db, { deliveryIds: [(await only(hook.id)).id] });
    await sendDueWebhooks(ctx.db, { deliveryIds: [(await only(closed.id)).id] });
    expect(await only(hook.id)).toMatchObject({
      lastError: 'The receiver answered 500',
      lastErrorKey: 'webhook.receiverAnswered',
      lastErrorValues: { status: 500 },
    });
    expect(await only(closed.id)).toMatchObject({ lastErrorKey: 'webhook.connectionFailed' });
    const deleted = await ctx.call('POST', `/api/Ticket/Delete/${ticket.id}`, { token: boss.token });
    expect(deleted.status, deleted.raw).toBe(200);

    const reader = await admin(ctx);
    await ctx.db.update(appUser).set({ language: 'zh-tw' }).where(eq(appUser.id, reader.id));
    const { token } = await signIn(ctx, reader);
    const read = async (webhookId: number) => {
      const page = await ctx.call('POST', '/api/WebhookDelivery/Query', { token, body: { webhookId } });
      expect(page.status, page.raw).toBe(200);
      return (page.body.data as { items: Record<string, unknown>[] }).items[0]!;
    };
    const answered = await read(hook.id);
    expect(answered).toMatchObject({ lastError: '接收端回傳 500', caseNumber: ticket.caseNumber });
    expect(answered).not.toHaveProperty('lastErrorKey');
    expect((await read(closed.id)).lastError).toMatch(/^連線失敗：ECONNREFUSED/);
  });

  it('switches a webhook off after a day of failures, audits it and mails each active admin once', async () => {
    const hook = await hookTo();
    await queueOne(hook.id);
    await queueOne(hook.id);
    const [first, second] = await deliveriesOf(hook.id);
    // A day ago: the webhook has failed since then and the delivery's retry window is over.
    const dayAgo = sql`now() - interval '25 hours'`;
    await ctx.db.update(webhook).set({ failingSince: dayAgo }).where(eq(webhook.id, hook.id));
    await ctx.db.update(webhookDelivery).set({ createdAt: dayAgo }).where(eq(webhookDelivery.id, first!.id));
    const mailsBefore = (await ctx.db.select({ id: email.id }).from(email)).length;
    receiver.answer('fail');
    expect(await sendDueWebhooks(ctx.db, { deliveryIds: [first!.id] })).toMatchObject({ failed: 1 });
    const [off] = await ctx.db.select().from(webhook).where(eq(webhook.id, hook.id));
    expect(off).toMatchObject({ status: 'Inactive', disabledByFailures: true });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'Webhook'), eq(auditLog.entityId, hook.id), eq(auditLog.action, 'update')));
    expect(audits.some((a) => a.actorId === null)).toBe(true);
    const mails = (await ctx.db.select().from(email)).slice(mailsBefore);
    const admins = mails.filter((m) => m.subject.includes(`"${(off as { name: string }).name}"`));
    expect(admins.length).toBeGreaterThanOrEqual(1);
    expect(admins.map((m) => m.to[0])).toContain((await adminEmail(boss.id)) ?? 'none');

    // The other queued delivery of a switched-off webhook fails without a request; no second mail.
    const before = receiver.received.length;
    await sendDueWebhooks(ctx.db, { deliveryIds: [second!.id] });
    expect(receiver.received.length).toBe(before);
    expect((await deliveriesOf(hook.id))[1]).toMatchObject({
      status: 'Failed',
      lastError: 'The webhook is switched off.',
      lastErrorKey: 'webhook.switchedOff',
    });
    expect((await ctx.db.select().from(email)).length).toBe(mails.length + mailsBefore);

    // Switched on again: the failures are forgotten.
    const got = (await ctx.call('GET', `/api/Webhook/Get/${hook.id}`, { token: boss.token })).body.data as object;
    const on = await ctx.call('POST', '/api/Webhook/Update', { token: boss.token, body: { ...got, status: 'Active' } });
    expect(on.body.data).toMatchObject({ status: 'Active', disabledByFailures: false, failingSince: null });
  });
});

async function adminEmail(userId: number) {
  const [row] = await ctx.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, userId));
  return row?.email;
}
