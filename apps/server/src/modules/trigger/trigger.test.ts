import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Trigger, TriggerDryRunResult } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { addTicket, staffWith, ticketWorld } from '../../../test/ticket-factories.js';

// Triggers as records (contract section 23): saved with the checks the schema cannot make, listed in order, tried.

const ctx = useTestApp();
const manager = ['trigger:page', 'trigger:view', 'trigger:create', 'trigger:edit', 'trigger:delete'];
const call = (token: string, path: string, body: Record<string, unknown>) =>
  ctx.call('POST', `/api/Trigger/${path}`, { token, body, headers: { 'message-keys': '1' } });
const unique = () => `${randomBytes(4).toString('hex')} trigger`;

describe('triggers', () => {
  it("adds, lists in order, updates and deletes; the list carries the last day's runs", async () => {
    const boss = await staffWith(ctx, manager);
    const p = randomBytes(3).toString('hex');
    const later = await call(boss.token, 'Add', {
      name: `${p} later`,
      event: 'ticket.created',
      order: 20,
      actions: [{ set: { priority: 'High' } }],
    });
    expect(later.status, later.raw).toBe(200);
    const sooner = await call(boss.token, 'Add', {
      name: `${p} sooner`,
      event: 'schedule',
      cron: '0 0 8 * * ?',
      order: 10,
      actions: [{ addTags: ['daily'] }],
    });
    expect(sooner.status, sooner.raw).toBe(200);
    expect((sooner.body.data as Trigger).nextRunAt).not.toBeNull();
    const list = await call(boss.token, 'Query', { keyword: p, pageSize: 50 });
    const items = (list.body.data as { items: Trigger[] }).items;
    expect(items.map((t) => [t.name, t.runsToday, t.failuresToday])).toEqual([
      [`${p} sooner`, 0, 0],
      [`${p} later`, 0, 0],
    ]);
    const saved = later.body.data as Trigger & { id: number; rowVersion: number };
    const same = await call(boss.token, 'Add', {
      name: `${p} LATER`,
      event: 'ticket.created',
      actions: [{ addTags: ['x'] }],
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ messageKey: 'trigger.nameTaken' });
    const off = await call(boss.token, 'Update', {
      id: saved.id,
      rowVersion: saved.rowVersion,
      name: saved.name,
      event: 'ticket.created',
      actions: saved.actions,
      status: 'Inactive',
    });
    expect(off.status, off.raw).toBe(200);
    const filtered = await call(boss.token, 'Query', { keyword: p, status: 'Inactive' });
    expect((filtered.body.data as { items: Trigger[] }).items.map((t) => t.name)).toEqual([`${p} later`]);
    expect((await ctx.call('POST', `/api/Trigger/Delete/${saved.id}`, { token: boss.token })).status).toBe(200);
  });

  it('refuses with a 400 naming the part: unknown field, custom field, change operator, comment on comment, records', async () => {
    const boss = await staffWith(ctx, manager);
    const refused = async (body: Record<string, unknown>, field: string, key: string) => {
      const answer = await call(boss.token, 'Add', { name: unique(), ...body });
      expect(answer.status, answer.raw).toBe(400);
      const errors = (answer.body.data as { errors?: { field: string; messageKey?: string }[] } | null)?.errors ?? [];
      expect(errors, answer.raw).toEqual(expect.arrayContaining([expect.objectContaining({ field, messageKey: key })]));
    };
    const actions = [{ set: { priority: 'High' } }];
    await refused(
      { event: 'ticket.created', conditions: [{ field: 'colour', op: 'eq', value: 'red' }], actions },
      'conditions.0.field',
      'trigger.unknownField',
    );
    await refused(
      { event: 'ticket.created', conditions: [{ field: 'custom.nosuch', op: 'eq', value: 'x' }], actions },
      'conditions.0.field',
      'trigger.unknownCustomField',
    );
    await refused(
      { event: 'ticket.created', conditions: [{ field: 'status', op: 'changed' }], actions },
      'conditions.0.op',
      'trigger.changedOnlyOnUpdate',
    );
    await refused(
      { event: 'comment.added', actions: [{ comment: { public: false, body: 'Again' } }] },
      'actions.0',
      'trigger.commentOnComment',
    );
    await refused(
      { event: 'ticket.created', actions: [{ set: { assignTo: 2_000_000_000 } }] },
      'actions.0.set.assignTo',
      'trigger.userUnknown',
    );
    await refused(
      { event: 'ticket.created', actions: [{ webhookId: 2_000_000_000 }] },
      'actions.0.webhookId',
      'trigger.webhookUnknown',
    );
    await refused(
      { event: 'ticket.created', conditions: [{ field: 'projectId', op: 'eq', value: 2_000_000_000 }], actions },
      'conditions.0.value',
      'trigger.recordUnknown',
    );
  });

  it('refuses a loop: two triggers (or one) that set a field back and forth', async () => {
    const boss = await staffWith(ctx, manager);
    const first = await call(boss.token, 'Add', {
      name: unique(),
      event: 'ticket.updated',
      conditions: [{ field: 'ticketType', op: 'changedTo', value: 'Problem' }],
      actions: [{ set: { ticketType: 'Incident' } }],
    });
    expect(first.status, first.raw).toBe(200);
    const back = await call(boss.token, 'Add', {
      name: unique(),
      event: 'ticket.updated',
      conditions: [{ field: 'ticketType', op: 'eq', value: 'Incident' }],
      actions: [{ set: { ticketType: 'Problem' } }],
    });
    expect(back.status, back.raw).toBe(400);
    expect(back.body).toMatchObject({ messageKey: 'trigger.loop' });
    expect(JSON.stringify(back.body)).toContain((first.body.data as Trigger).name);
    // Inactive, it cannot loop.
    const inactive = await call(boss.token, 'Add', {
      name: unique(),
      event: 'ticket.updated',
      status: 'Inactive',
      conditions: [{ field: 'ticketType', op: 'eq', value: 'Incident' }],
      actions: [{ set: { ticketType: 'Problem' } }],
    });
    expect(inactive.status, inactive.raw).toBe(200);
  });

  it('keeps a webhook that a trigger sends to: its delete is refused naming the trigger', async () => {
    const boss = await staffWith(ctx, [...manager, 'webhook:create', 'webhook:delete', 'webhook:view']);
    const hook = await ctx.call('POST', '/api/Webhook/Add', {
      token: boss.token,
      body: { name: unique(), url: 'https://8.8.8.8/hook', secret: `whsec_${randomBytes(32).toString('base64')}` },
    });
    expect(hook.status, hook.raw).toBe(200);
    const hookId = (hook.body.data as { id: number }).id;
    const name = unique();
    const sending = await call(boss.token, 'Add', { name, event: 'ticket.created', actions: [{ webhookId: hookId }] });
    expect(sending.status, sending.raw).toBe(200);
    const held = await ctx.call('POST', `/api/Webhook/Delete/${hookId}`, {
      token: boss.token,
      headers: { 'message-keys': '1' },
    });
    expect(held.status, held.raw).toBe(409);
    expect(held.body).toMatchObject({ messageKey: 'webhook.inUse', messageValues: { trigger: name } });
    const triggerId = (sending.body.data as { id: number }).id;
    expect((await ctx.call('POST', `/api/Trigger/Delete/${triggerId}`, { token: boss.token })).status).toBe(200);
    expect((await ctx.call('POST', `/api/Webhook/Delete/${hookId}`, { token: boss.token })).status).toBe(200);
  });

  it('dry run: what would change, nothing written; who may not', async () => {
    const w = await ticketWorld(ctx);
    const boss = await staffWith(ctx, manager, [w.projectId]);
    const made = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      priority: 'Low',
    });
    const trigger = {
      name: unique(),
      event: 'ticket.updated',
      conditions: [
        { field: 'priority', op: 'eq', value: 'Low' },
        { field: 'status', op: 'changed' },
      ],
      actions: [{ set: { priority: 'High' } }, { addTags: ['checked'] }, { comment: { public: false, body: 'Seen' } }],
    };
    const tried = await call(boss.token, 'DryRun', { trigger, ticketId: made.id });
    expect(tried.status, tried.raw).toBe(200);
    const result = tried.body.data as TriggerDryRunResult;
    expect(result.conditions.map((c) => c.holds)).toEqual([true, null]);
    expect(result.actions[0]).toMatchObject({
      kind: 'set',
      changes: { priority: { from: 'Low', to: 'High' } },
      problem: null,
    });
    expect(result.actions[1]).toMatchObject({ kind: 'addTags', changes: { tags: { from: [], to: ['checked'] } } });
    expect(result.actions[2]).toMatchObject({ kind: 'comment', summary: 'Adds an internal comment.', problem: null });
    const now = await ctx.call('GET', `/api/Ticket/Get/${made.id}`, { token: w.agent.token });
    expect(now.body.data).toMatchObject({ priority: 'Low', rowVersion: made.rowVersion });
    // Without trigger:* nothing; a ticket the caller does not see is not found.
    const none = await staffWith(ctx, []);
    expect((await call(none.token, 'DryRun', { trigger, ticketId: made.id })).status).toBe(403);
    expect((await call(none.token, 'Query', {})).status).toBe(403);
    expect((await call(none.token, 'Add', { ...trigger, name: unique() })).status).toBe(403);
    expect((await ctx.call('POST', '/api/TriggerRun/Query', { token: none.token, body: {} })).status).toBe(403);
    const blind = await staffWith(ctx, manager);
    expect((await call(blind.token, 'DryRun', { trigger, ticketId: made.id })).status).toBe(404);
  });
});
