import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TicketComment } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { ticketWorld, type TicketData } from '../../../test/ticket-factories.js';
import {
  addTrigger,
  getTicket as getTicketOf,
  runsOf as runsOfTrigger,
  triggerWorld,
  updateTicket,
} from '../../../test/trigger-factories.js';
import { email } from '../email/index.js';
import { notification } from '../notification/index.js';
import { ticketComment, ticketHistory } from '../ticket/index.js';
import { webhook, webhookDelivery } from '../webhook/index.js';

// The engine (contract section 23): events fire the active triggers in order, inside the change's transaction.

const ctx = useTestApp();
const runsOf = (triggerId: number) => runsOfTrigger(ctx, triggerId);
const getTicket = (token: string, id: number) => getTicketOf(ctx, token, id);
const update = (token: string, ticket: TicketData, body: Record<string, unknown>) =>
  updateTicket(ctx, token, ticket, body);
const world = () => triggerWorld(ctx);

describe('trigger engine', () => {
  it('on create: sets fields and tags, answers the ticket as the triggers left it, history names the trigger', async () => {
    const w = await world();
    const t = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      conditions: [w.mine, { field: 'subject', op: 'eq', value: 'Urgent printer' }],
      actions: [{ set: { priority: 'Urgent' } }, { addTags: ['vip'] }],
    });
    const made = await w.ticket({ subject: 'Urgent printer', priority: 'Low' });
    expect(made.priority).toBe('Urgent');
    const now = await getTicket(w.agent.token, made.id);
    expect(now.rowVersion).toBe(made.rowVersion);
    expect(now.tags).toEqual(['vip']);
    const history = await ctx.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, made.id));
    expect(history.some((h) => (h.changes as Record<string, { to: unknown }>)?.trigger?.to === t.name)).toBe(true);
    const runs = await runsOf(t.id);
    expect(runs).toMatchObject([{ outcome: 'Applied', depth: 0, ticketId: made.id, event: 'ticket.created' }]);
    expect(runs[0]!.changes).toMatchObject({ priority: { from: 'Low', to: 'Urgent' } });
    // A ticket the conditions do not take is left alone, and no run is logged.
    const other = await w.ticket({ subject: 'Other', priority: 'Low' });
    expect(other.priority).toBe('Low');
    expect(await runsOf(t.id)).toHaveLength(1);
  });

  it('on update: change operators read the change; ranks compare priorities; order decides', async () => {
    const w = await world();
    const first = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.updated',
      order: 1,
      conditions: [
        w.mine,
        { field: 'status', op: 'changedTo', value: 'Pending' },
        { field: 'priority', op: 'ge', value: 'High' },
      ],
      actions: [{ addTags: ['first'] }],
    });
    const second = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.updated',
      order: 2,
      conditions: [w.mine, { field: 'tags', op: 'changedTo', value: 'first' }],
      actions: [{ addTags: ['second'] }],
    });
    const from = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.updated',
      conditions: [w.mine, { field: 'priority', op: 'changedFrom', value: 'Urgent' }],
      actions: [{ set: { ticketType: 'Incident' } }],
    });
    const low = await w.ticket({ priority: 'Low' });
    const lowPending = await update(w.agent.token, low, { status: 'Pending' });
    expect(lowPending.status, lowPending.raw).toBe(200);
    expect((lowPending.body.data as TicketData).tags ?? []).toEqual([]);
    const urgent = await w.ticket({ priority: 'Urgent' });
    const answered = await update(w.agent.token, urgent, { status: 'Pending' });
    const now = await getTicket(w.agent.token, urgent.id);
    expect(now.tags).toEqual(['first', 'second']);
    expect((answered.body.data as TicketData).rowVersion).toBe(now.rowVersion);
    expect(await runsOf(first.id)).toMatchObject([{ outcome: 'Applied', depth: 0 }]);
    expect(await runsOf(second.id)).toMatchObject([{ outcome: 'Applied', depth: 1 }]);
    await update(w.agent.token, now, { priority: 'High' });
    expect((await getTicket(w.agent.token, urgent.id)).ticketType).toBe('Incident');
    expect(await runsOf(from.id)).toHaveLength(1);
  });

  it('comments, mails, bells and webhooks on a comment, an internal comment on SLA-free approval-free events', async () => {
    const w = await world();
    const [hook] = await ctx.db
      .insert(webhook)
      .values({ name: `h ${randomBytes(3).toString('hex')}`, url: 'https://example.com/h', events: [], secret: 's' })
      .returning();
    const t = await addTrigger(ctx, w.boss.token, {
      event: 'comment.added',
      conditions: [w.mine, { field: 'comment.public', op: 'eq', value: true }],
      actions: [
        { mail: { templateId: await templateId(), to: 'customer' } },
        { mail: { templateId: await templateId(), to: [w.agent.id] } },
        { notify: { userIds: [w.agent.id], groupIds: [] } },
        { webhookId: hook!.id },
      ],
    });
    const c = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      conditions: [w.mine],
      actions: [{ comment: { public: false, body: 'Seen: {{ ticket.caseNumber }}' } }],
    });
    const made = await w.ticket();
    const comments = await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, made.id));
    expect(comments.map((row) => [row.public, row.comment])).toEqual([[false, `Seen: ${made.caseNumber}`]]);
    expect(await runsOf(c.id)).toMatchObject([{ outcome: 'Applied' }]);
    // An internal comment does not fire the public-comment trigger; a public one does.
    expect(await runsOf(t.id)).toHaveLength(0);
    const said = await ctx.call('POST', '/api/TicketComment/Add', {
      token: w.agent.token,
      body: { ticketId: made.id, comment: 'Hello', public: true },
    });
    expect(said.status, said.raw).toBe(200);
    expect(await runsOf(t.id)).toMatchObject([{ outcome: 'Applied' }]);
    const mails = await ctx.db
      .select()
      .from(email)
      .where(and(eq(email.ticketId, made.id)));
    const to = mails.filter((m) => m.templateId === null || true).flatMap((m) => m.to);
    expect(to).toEqual(expect.arrayContaining(['c@example.com']));
    const bells = await ctx.db.select().from(notification).where(eq(notification.toUserId, w.agent.id));
    expect(bells.some((b) => b.titleKey === 'ticketTrigger')).toBe(true);
    const deliveries = await ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.triggerId, t.id));
    expect(deliveries).toMatchObject([{ webhookId: hook!.id, event: 'comment.added', ticketId: made.id }]);
    expect((deliveries[0]!.payload as { data: { ticket: { caseNumber: string } } }).data.ticket.caseNumber).toBe(
      made.caseNumber,
    );
    void ({} as TicketComment);
  });

  it('a failing trigger logs Failed and the change commits; a chain stops past the depth limit', async () => {
    const w = await world();
    const elsewhere = await ticketWorld(ctx);
    const failing = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      order: 1,
      conditions: [w.mine],
      // A category of another project: refused by the ticket's own check.
      actions: [{ set: { categoryId: elsewhere.categoryId } }],
    });
    const made = await w.ticket({ subject: 'Still saved' });
    expect(made.categoryId).toBe(w.categoryId);
    expect(await runsOf(failing.id)).toMatchObject([{ outcome: 'Failed', messageKey: 'ticket.categoryNotInProject' }]);
    // tags a → b → c → d → e → f: five triggers each adding the next tag; the fifth runs at depth 4 and is stopped.
    const letters = ['a', 'b', 'c', 'd', 'e', 'f'];
    const chain = [];
    for (let i = 0; i < 5; i += 1)
      chain.push(
        await addTrigger(ctx, w.boss.token, {
          event: 'ticket.updated',
          conditions: [w.mine, { field: 'tags', op: 'changedTo', value: letters[i] }],
          actions: [{ addTags: [letters[i + 1]] }],
        }),
      );
    await update(w.agent.token, await getTicket(w.agent.token, made.id), { tags: ['a'] });
    const outcomes = [];
    for (const t of chain) outcomes.push((await runsOf(t.id)).map((r) => [r.outcome, r.depth]));
    expect(outcomes).toEqual([
      [['Applied', 0]],
      [['Applied', 1]],
      [['Applied', 2]],
      [['Applied', 3]],
      [['DepthLimit', 4]],
    ]);
    expect((await getTicket(w.agent.token, made.id)).tags).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

async function templateId() {
  const { emailTemplate } = await import('../email/index.js');
  const [row] = await ctx.db
    .select({ id: emailTemplate.id })
    .from(emailTemplate)
    .where(eq(emailTemplate.status, 'Active'))
    .limit(1);
  return row!.id;
}

describe('scheduled triggers', () => {
  it('runs a due trigger over the tickets its conditions find, once, and moves its next run on', async () => {
    const { runScheduledTriggers } = await import('./trigger-schedule.service.js');
    const { trigger } = await import('./trigger.table.js');
    const w = await world();
    const pending = await w.ticket({ priority: 'Low' });
    const other = await w.ticket({ priority: 'High' });
    const t = await addTrigger(ctx, w.boss.token, {
      event: 'schedule',
      cron: '0 0 8 * * ?',
      conditions: [
        w.mine,
        { field: 'priority', op: 'eq', value: 'Low' },
        { field: 'hoursSinceCreated', op: 'ge', value: 0 },
      ],
      actions: [{ addTags: ['nudged'] }],
    });
    await ctx.db
      .update(trigger)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(trigger.id, t.id));
    await runScheduledTriggers(ctx.db);
    await runScheduledTriggers(ctx.db);
    expect(await runsOf(t.id)).toMatchObject([{ outcome: 'Applied', ticketId: pending.id, event: 'schedule' }]);
    expect((await getTicket(w.agent.token, other.id)).tags ?? []).toEqual([]);
    const [row] = await ctx.db.select().from(trigger).where(eq(trigger.id, t.id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(row!.lastRunAt).not.toBeNull();
  });
});

describe('SLA and approval events', () => {
  it('a breach and a finished approval on a ticket fire their triggers, with the event fields as conditions', async () => {
    const { emitDomainEvent } = await import('../../platform/events.js');
    const w = await world();
    const made = await w.ticket();
    const breach = await addTrigger(ctx, w.boss.token, {
      event: 'sla.breached',
      conditions: [w.mine, { field: 'sla.target', op: 'eq', value: 'resolution' }],
      actions: [{ set: { priority: 'Urgent' } }],
    });
    const approved = await addTrigger(ctx, w.boss.token, {
      event: 'approval.finished',
      conditions: [w.mine, { field: 'approval.status', op: 'eq', value: 'Approved' }],
      actions: [{ addTags: ['approved'] }],
    });
    const sla = (target: 'firstResponse' | 'resolution') =>
      ctx.db.transaction((tx) =>
        emitDomainEvent(tx, {
          type: 'sla.breached',
          ticketId: made.id,
          target,
          dueAt: new Date(),
          recipientIds: [],
          timeZone: 'UTC',
          actorId: null,
        }),
      );
    await sla('firstResponse');
    expect(await runsOf(breach.id)).toHaveLength(0);
    await sla('resolution');
    expect(await runsOf(breach.id)).toMatchObject([{ outcome: 'Applied', event: 'sla.breached' }]);
    const finished = (status: 'Approved' | 'Rejected', businessType: 'Ticket' | 'Invoice') =>
      ctx.db.transaction((tx) =>
        emitDomainEvent(tx, {
          type: 'workflow.finished',
          instanceId: 1,
          initiatorId: w.agent.id,
          status,
          businessType,
          businessId: made.id,
          title: 'x',
          path: '/x',
          actorId: null,
        }),
      );
    await finished('Rejected', 'Ticket');
    await finished('Approved', 'Invoice');
    expect(await runsOf(approved.id)).toHaveLength(0);
    await finished('Approved', 'Ticket');
    expect(await runsOf(approved.id)).toMatchObject([{ outcome: 'Applied', event: 'approval.finished' }]);
    const now = await getTicket(w.agent.token, made.id);
    expect([now.priority, now.tags]).toEqual(['Urgent', ['approved']]);
  });
});
