import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { admin } from '../../../test/ticket-factories.js';
import { addTrigger, getTicket, runsOf, triggerWorld, updateTicket } from '../../../test/trigger-factories.js';
import { emitDomainEvent } from '../../platform/events.js';

// Every condition operator (contract section 23: the registry's, plus changed / changed to / changed from), on
// fixed fields, tags and custom fields, judged by the engine on a real event: each trigger that holds tags the
// ticket with its own name, its twin that does not hold leaves no tag and no run.

const ctx = useTestApp();
const label = (en: string) => ({ en, 'zh-cn': `${en}（简）`, 'zh-tw': `${en}（繁）` });

/** Two ticket custom fields of this file: a select (north, south) and a decimal. */
async function customFields(token: string) {
  const region = `region_${randomBytes(3).toString('hex')}`;
  const budget = `budget_${randomBytes(3).toString('hex')}`;
  for (const body of [
    {
      key: region,
      type: 'select',
      options: ['north', 'south'].map((value) => ({ value, label: label(value) })),
    },
    { key: budget, type: 'decimal' },
  ]) {
    const response = await ctx.call('POST', '/api/CustomField/Add', {
      token,
      body: { appliesTo: 'Ticket', label: label(body.key), ...body },
    });
    expect(response.status, response.raw).toBe(200);
  }
  return { region, budget };
}

describe('trigger conditions', () => {
  it('judges eq, ne, gt, ge, lt, le, in, contains on fields, tags and custom fields when a ticket is created', async () => {
    const w = await triggerWorld(ctx);
    const { region, budget } = await customFields((await admin(ctx)).token);
    // [tag the trigger adds, its condition, whether it holds for the ticket below]
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['eq-yes', { field: 'priority', op: 'eq', value: 'High' }, true],
      ['eq-no', { field: 'priority', op: 'eq', value: 'Low' }, false],
      ['ne-yes', { field: 'priority', op: 'ne', value: 'Low' }, true],
      ['ne-no', { field: 'priority', op: 'ne', value: 'High' }, false],
      // Priorities compare by rank: Low < Medium < High < Urgent.
      ['gt-yes', { field: 'priority', op: 'gt', value: 'Medium' }, true],
      ['gt-no', { field: 'priority', op: 'gt', value: 'High' }, false],
      ['ge-yes', { field: 'priority', op: 'ge', value: 'High' }, true],
      ['ge-no', { field: 'priority', op: 'ge', value: 'Urgent' }, false],
      ['lt-yes', { field: 'priority', op: 'lt', value: 'Urgent' }, true],
      ['lt-no', { field: 'priority', op: 'lt', value: 'High' }, false],
      ['le-yes', { field: 'priority', op: 'le', value: 'High' }, true],
      ['le-no', { field: 'priority', op: 'le', value: 'Medium' }, false],
      ['in-yes', { field: 'priority', op: 'in', value: ['High', 'Urgent'] }, true],
      ['in-no', { field: 'priority', op: 'in', value: ['Low', 'Medium'] }, false],
      ['contains-yes', { field: 'subject', op: 'contains', value: 'fire' }, true],
      ['contains-no', { field: 'subject', op: 'contains', value: 'water' }, false],
      ['tags-yes', { field: 'tags', op: 'contains', value: 'printer' }, true],
      ['tags-no', { field: 'tags', op: 'contains', value: 'network' }, false],
      ['custom-eq-yes', { field: `custom.${region}`, op: 'eq', value: 'north' }, true],
      ['custom-eq-no', { field: `custom.${region}`, op: 'eq', value: 'south' }, false],
      ['custom-gt-yes', { field: `custom.${budget}`, op: 'gt', value: 100 }, true],
      ['custom-gt-no', { field: `custom.${budget}`, op: 'gt', value: 1000 }, false],
      ['hours-yes', { field: 'hoursSinceCreated', op: 'lt', value: 1 }, true],
    ];
    const saved = [];
    for (const [tag, condition] of cases)
      saved.push(
        await addTrigger(ctx, w.boss.token, {
          event: 'ticket.created',
          conditions: [w.mine, condition],
          actions: [{ addTags: [tag] }],
        }),
      );
    const made = await w.ticket({
      subject: 'Printer on fire',
      priority: 'High',
      tags: ['printer'],
      customFields: { [region]: 'north', [budget]: '500' },
    });
    const held = cases.filter(([, , holds]) => holds).map(([tag]) => tag);
    expect((await getTicket(ctx, w.agent.token, made.id)).tags).toEqual(['printer', ...held].sort());
    for (const [index, [tag, , holds]] of cases.entries())
      expect(
        (await runsOf(ctx, saved[index]!.id)).map((run) => run.outcome),
        tag,
      ).toEqual(holds ? ['Applied'] : []);
  });

  it('changed, changed to and changed from read the update: fixed fields, tags and custom fields', async () => {
    const w = await triggerWorld(ctx);
    const { region } = await customFields((await admin(ctx)).token);
    const on = (tag: string, condition: Record<string, unknown>) =>
      addTrigger(ctx, w.boss.token, {
        event: 'ticket.updated',
        conditions: [w.mine, condition],
        actions: [{ addTags: [tag] }],
      });
    const statusChanged = await on('status-changed', { field: 'status', op: 'changed' });
    const regionSouth = await on('went-south', { field: `custom.${region}`, op: 'changedTo', value: 'south' });
    const untagged = await on('was-printer', { field: 'tags', op: 'changedFrom', value: 'printer' });
    const lowered = await on('was-high', { field: 'priority', op: 'changedFrom', value: 'High' });
    const made = await w.ticket({ priority: 'High', tags: ['printer'], customFields: { [region]: 'north' } });

    // Only the priority and the custom field change: "status changed" holds not.
    const first = await updateTicket(ctx, w.agent.token, made, {
      priority: 'Low',
      customFields: { [region]: 'south' },
    });
    expect(first.status, first.raw).toBe(200);
    let now = await getTicket(ctx, w.agent.token, made.id);
    expect(now.tags).toEqual(['printer', 'was-high', 'went-south']);
    expect(await runsOf(ctx, statusChanged.id)).toHaveLength(0);
    expect(await runsOf(ctx, regionSouth.id)).toMatchObject([{ outcome: 'Applied', depth: 0 }]);
    expect(await runsOf(ctx, lowered.id)).toMatchObject([{ outcome: 'Applied', depth: 0 }]);

    // The status changes and the printer tag goes: both fire; the region, already south, changed to nothing.
    const second = await updateTicket(ctx, w.agent.token, now, {
      status: 'Pending',
      tags: ['was-high', 'went-south'],
    });
    expect(second.status, second.raw).toBe(200);
    now = await getTicket(ctx, w.agent.token, made.id);
    expect(now.tags).toEqual(['status-changed', 'was-high', 'was-printer', 'went-south']);
    expect(await runsOf(ctx, statusChanged.id)).toMatchObject([{ outcome: 'Applied', depth: 0 }]);
    expect(await runsOf(ctx, untagged.id)).toMatchObject([{ outcome: 'Applied', depth: 0 }]);
    expect(await runsOf(ctx, regionSouth.id)).toHaveLength(1);
    expect(await runsOf(ctx, lowered.id)).toHaveLength(1);
  });

  it('an SLA warning fires its own triggers with the target as a condition, not the breach ones', async () => {
    const w = await triggerWorld(ctx);
    const made = await w.ticket();
    const warned = await addTrigger(ctx, w.boss.token, {
      event: 'sla.warning',
      conditions: [w.mine, { field: 'sla.target', op: 'in', value: ['firstResponse', 'nextUpdate'] }],
      actions: [{ set: { priority: 'High' } }],
    });
    const breached = await addTrigger(ctx, w.boss.token, {
      event: 'sla.breached',
      conditions: [w.mine],
      actions: [{ addTags: ['breached'] }],
    });
    const warn = (target: 'firstResponse' | 'resolution') =>
      ctx.db.transaction((tx) =>
        emitDomainEvent(tx, {
          type: 'sla.warning',
          ticketId: made.id,
          target,
          dueAt: new Date(),
          recipientIds: [],
          timeZone: 'UTC',
          actorId: null,
        }),
      );
    await warn('resolution');
    expect(await runsOf(ctx, warned.id)).toHaveLength(0);
    await warn('firstResponse');
    expect(await runsOf(ctx, warned.id)).toMatchObject([{ outcome: 'Applied', event: 'sla.warning' }]);
    expect(await runsOf(ctx, breached.id)).toHaveLength(0);
    const now = await getTicket(ctx, w.agent.token, made.id);
    expect([now.priority, now.tags ?? []]).toEqual(['High', []]);
  });
});
