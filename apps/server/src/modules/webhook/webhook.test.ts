import { eq } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook, WebhookDelivery } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { admin, staffWith, type Staff } from '../../../test/ticket-factories.js';
import { allowPrivate, newSecret, startReceiver, type Receiver } from '../../../test/webhook-receiver.js';
import { auditLog } from '../../platform/platform.table.js';
import { sendDueWebhooks } from './webhook-send.service.js';
import { webhook, webhookDelivery } from './webhook.table.js';

const ctx = useTestApp();
let boss: Staff;
let receiver: Receiver;

beforeAll(async () => {
  boss = await admin(ctx);
  receiver = await startReceiver();
  await allowPrivate(ctx, boss.token, true);
});
afterAll(async () => receiver?.close());

let counter = 0;
/** Refusals answered with their message keys, as the web asks for them. */
const headers = { 'Message-Keys': '1' };
const add = (body: Record<string, unknown> = {}, token = boss.token) =>
  ctx.call('POST', '/api/Webhook/Add', {
    token,
    headers,
    body: { name: `Hook ${++counter}`, url: receiver.url(), events: ['ticket.created'], secret: newSecret(), ...body },
  });
async function added(body: Record<string, unknown> = {}): Promise<Webhook & { id: number; rowVersion: number }> {
  const response = await add(body);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Webhook & { id: number; rowVersion: number };
}

describe('webhooks', () => {
  it('never answers the secret, stores it sealed, keeps it when an update leaves it out, and audits without it', async () => {
    const secret = newSecret();
    const hook = await added({ secret, headers: { 'X-Tenant': 'acme' } });
    expect(hook).toMatchObject({ secretSet: true, headers: { 'X-Tenant': 'acme' }, status: 'Active' });
    expect(JSON.stringify(hook)).not.toContain(secret);
    const [row] = await ctx.db.select().from(webhook).where(eq(webhook.id, hook.id));
    expect(row!.secret).toMatch(/^v1:/);
    const got = await ctx.call('GET', `/api/Webhook/Get/${hook.id}`, { token: boss.token });
    const listed = await ctx.call('POST', '/api/Webhook/Query', { token: boss.token, body: { keyword: hook.name } });
    for (const response of [got, listed]) {
      expect(response.status, response.raw).toBe(200);
      expect(response.raw).not.toContain(secret);
      expect(response.raw).not.toContain('v1:');
    }
    // What Get gave comes back renamed: the secret stays (a test delivery verifies with the first secret).
    const renamed = await ctx.call('POST', '/api/Webhook/Update', {
      token: boss.token,
      body: { ...(got.body.data as object), name: `${hook.name} renamed` },
    });
    expect(renamed.status, renamed.raw).toBe(200);
    receiver.answer('ok');
    const tested = await ctx.call('POST', '/api/Webhook/Test', { token: boss.token, body: { id: hook.id } });
    expect(tested.status, tested.raw).toBe(200);
    expect(tested.body.data).toMatchObject({
      status: 'Delivered',
      responseStatus: 200,
      event: 'webhook.test',
      attempts: 1,
    });
    const last = receiver.received.at(-1)!;
    const verified = new Verifier(secret).verify(last.body, last.headers as Record<string, string>);
    expect(verified).toMatchObject({
      type: 'webhook.test',
      data: { webhookId: hook.id, name: `${hook.name} renamed` },
    });
    expect(last.headers).toMatchObject({ 'x-tenant': 'acme', 'user-agent': 'Casedesk-Webhook' });

    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, hook.id));
    expect(JSON.stringify(audits.filter((a) => a.entity === 'Webhook'))).not.toContain('v1:');
    // A new secret is audited as changed, never shown.
    const current = (await ctx.call('GET', `/api/Webhook/Get/${hook.id}`, { token: boss.token })).body.data as Webhook;
    const rekeyed = await ctx.call('POST', '/api/Webhook/Update', {
      token: boss.token,
      body: { id: hook.id, rowVersion: (current as unknown as { rowVersion: number }).rowVersion, secret: newSecret() },
    });
    expect(rekeyed.status, rekeyed.raw).toBe(200);
    const [changed] = await ctx.db.select().from(webhook).where(eq(webhook.id, hook.id));
    expect(changed!.secret).not.toBe(row!.secret);
  });

  it('refuses a name taken (any case) and a loopback or private address unless Settings allow it', async () => {
    const hook = await added();
    const taken = await add({ name: hook.name.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ messageKey: 'webhook.nameTaken' });

    await allowPrivate(ctx, boss.token, false);
    try {
      for (const url of [
        receiver.url(),
        // Names are judged by what they resolve to.
        'http://localhost:9/x',
        'http://127.0.0.1:9/x',
        'http://0.0.0.0/x',
        'http://[::1]/x',
        // An IPv4 loopback inside IPv6 (the URL parser writes it as ::ffff:7f00:1).
        'http://[::ffff:127.0.0.1]/x',
        'http://10.1.2.3/',
        'http://172.16.5.4/',
        'http://192.168.1.1/',
        'http://100.64.0.1/',
        'http://169.254.169.254/',
        'http://[fe80::1]/',
        'http://[fd00::1]/',
      ]) {
        const refused = await add({ url });
        expect(refused.status, url).toBe(400);
        expect(refused.body).toMatchObject({ messageKey: 'webhook.privateAddress' });
        expect(refused.body.data).toMatchObject({ errors: [{ field: 'url' }] });
      }
      const unresolvable = await add({ url: 'http://no-such-host.invalid/x' });
      expect(unresolvable.body).toMatchObject({ messageKey: 'webhook.unresolvable' });
    } finally {
      await allowPrivate(ctx, boss.token, true);
    }
    expect((await add({ url: 'http://127.0.0.1:9/x' })).status).toBe(200);
  });

  it('logs deliveries with names, shows the payload in Detail, redelivers with the same webhook-id', async () => {
    const hook = await added();
    receiver.answer('ok');
    const tested = (await ctx.call('POST', '/api/Webhook/Test', { token: boss.token, body: { id: hook.id } })).body
      .data as WebhookDelivery;
    const listed = await ctx.call('POST', '/api/WebhookDelivery/Query', {
      token: boss.token,
      body: { webhookId: hook.id, status: 'Delivered' },
    });
    expect(listed.status, listed.raw).toBe(200);
    const items = (listed.body.data as { items: WebhookDelivery[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: tested.id, webhookName: hook.name, caseNumber: null });
    expect(items[0]).not.toHaveProperty('payload');
    const detail = await ctx.call('GET', `/api/WebhookDelivery/Detail/${tested.id}`, { token: boss.token });
    expect(detail.body.data).toMatchObject({ payload: { type: 'webhook.test' } });

    const before = receiver.received.length;
    const again = await ctx.call('POST', '/api/Webhook/Redeliver', {
      token: boss.token,
      body: { deliveryId: tested.id },
    });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'Pending' });
    const refused = await ctx.call('POST', '/api/Webhook/Redeliver', {
      token: boss.token,
      headers,
      body: { deliveryId: tested.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'webhook.stillPending' });
    await sendDueWebhooks(ctx.db, { deliveryIds: [tested.id] });
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(tested.messageId);
    const [row] = await ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, tested.id));
    expect(row).toMatchObject({ status: 'Delivered', attempts: 2 });
  });

  it('a deleted webhook takes its delivery log with it: no delivery is left naming a webhook that is gone', async () => {
    const hook = await added();
    receiver.answer('ok');
    const tested = (await ctx.call('POST', '/api/Webhook/Test', { token: boss.token, body: { id: hook.id } })).body
      .data as WebhookDelivery;
    expect(tested).toMatchObject({ webhookName: hook.name, status: 'Delivered' });
    const deleted = await ctx.call('POST', `/api/Webhook/Delete/${hook.id}`, { token: boss.token });
    expect(deleted.status, deleted.raw).toBe(200);
    expect(await ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.webhookId, hook.id))).toEqual([]);
    const gone = await ctx.call('GET', `/api/WebhookDelivery/Get/${tested.id}`, { token: boss.token });
    expect(gone.status).toBe(404);
  });

  it('who may not: a staff member without webhook permissions neither reads, adds, tests nor redelivers', async () => {
    const hook = await added();
    const viewer = await staffWith(ctx, ['webhook:view']);
    const nobody = await staffWith(ctx, []);
    expect((await add({}, nobody.token)).status).toBe(403);
    expect((await add({}, viewer.token)).status).toBe(403);
    expect((await ctx.call('POST', '/api/Webhook/Query', { token: nobody.token, body: {} })).status).toBe(403);
    expect((await ctx.call('POST', '/api/WebhookDelivery/Query', { token: nobody.token, body: {} })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Webhook/Query', { token: viewer.token, body: {} })).status).toBe(200);
    for (const token of [nobody.token, viewer.token]) {
      expect((await ctx.call('POST', '/api/Webhook/Test', { token, body: { id: hook.id } })).status).toBe(403);
      expect((await ctx.call('POST', '/api/Webhook/Redeliver', { token, body: { deliveryId: 1 } })).status).toBe(403);
    }
  });
});
