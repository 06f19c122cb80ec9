import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  slaStates,
  type SlaCalendar,
  type SlaState,
  type SlaPolicy,
  type TicketDetail,
  type TicketSla,
} from '@casedesk/shared';
import { rowsOf } from '../../platform/db.js';
import { useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { addTicket, admin, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import {
  approve,
  approver,
  chain,
  end,
  person,
  publishWorkflow,
  start,
  submit,
} from '../../../test/workflow-factories.js';
import { stoppedClock, type Clock } from '../sla/index.js';
import { slaStateCondition, slaStateOf, slaStateSql } from './ticket-sla.service.js';
import { ticket, ticketSlaHold } from './ticket.table.js';

// Every day 00:00-24:00 in UTC: working minutes are wall-clock minutes, so due instants are the opening + targets.
const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
const minute = 60_000;

type TicketWithSla = { id: number; rowVersion: number; openDate: string; dueDate: string | null; sla: TicketSla };

describe('the service-level clock on tickets', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let boss: Staff;
  let world: Awaited<ReturnType<typeof ticketWorld>>;
  let calendarId: number;
  let counter = 0;
  let high: SlaPolicy;
  let low: SlaPolicy;

  const addPolicy = async (extra: Record<string, unknown>) =>
    dataOf<SlaPolicy>(
      await ctx.call('POST', '/api/SlaPolicy/Add', {
        token: boss.token,
        body: {
          name: `Clock policy ${++counter}`,
          calendarId,
          conditions: [{ field: 'projectId', op: 'eq', value: world.projectId }],
          firstResponseMinutes: 60,
          resolutionMinutes: 480,
          pauseStatuses: ['Pending'],
          warnBeforeMinutes: 30,
          ...extra,
        },
      }),
    );

  beforeAll(async () => {
    boss = await admin(ctx);
    world = await ticketWorld(ctx);
    const calendar = await ctx.call('POST', '/api/SlaCalendar/Add', {
      token: boss.token,
      body: { name: 'Around the clock', timeZone: 'UTC', workingHours: allWeek },
    });
    calendarId = dataOf<SlaCalendar>(calendar).id;
    high = await addPolicy({
      priority: 1,
      conditions: [
        { field: 'projectId', op: 'eq', value: world.projectId },
        { field: 'priority', op: 'ge', value: 'High' },
      ],
      firstResponseMinutes: 30,
      resolutionMinutes: 240,
      pauseDuringApproval: true,
    });
    low = await addPolicy({ priority: 2 });
  });

  const create = (body: Record<string, unknown> = {}) =>
    addTicket(ctx, world.agent.token, {
      projectId: world.projectId,
      categoryId: world.categoryId,
      priority: 'Low',
      ...body,
    }) as Promise<TicketWithSla & { caseNumber: string; status: string }>;
  const get = async (id: number) =>
    dataOf<TicketWithSla>(await ctx.call('GET', `/api/Ticket/Get/${id}`, { token: world.agent.token }));
  const update = async (id: number, body: Record<string, unknown>) => {
    const { rowVersion } = await get(id);
    const response = await ctx.call('POST', '/api/Ticket/Update', {
      token: world.agent.token,
      body: { id, rowVersion, ...body },
    });
    expect(response.status, response.raw).toBe(200);
    return dataOf<TicketWithSla>(response);
  };
  const comment = async (id: number, isPublic: boolean) => {
    const response = await ctx.call('POST', '/api/TicketComment/Add', {
      token: world.agent.token,
      body: { ticketId: id, comment: '<p>On it</p>', public: isPublic },
    });
    expect(response.status, response.raw).toBe(200);
  };
  const at = (iso: string | null | undefined) => new Date(iso!).getTime();

  it('counts a new ticket from its opening by the policy its fields choose, and says so in every answer', async () => {
    const created = await create();
    const open = at(created.openDate);
    expect(created.sla).toMatchObject({
      policyId: low.id,
      policyName: low.name,
      paused: false,
      pausedSince: null,
      heldBy: 'agent',
      state: 'ok',
      firstResponseAt: null,
      resolvedAt: null,
    });
    expect(at(created.sla!.firstResponseDueAt) - open).toBe(60 * minute);
    expect(at(created.sla!.resolutionDueAt) - open).toBe(480 * minute);
    expect(created.dueDate).toBe(created.sla!.resolutionDueAt);
    expect((await get(created.id)).sla).toEqual(created.sla);
    const detail = dataOf<TicketDetail>(
      await ctx.call('GET', `/api/Ticket/Detail/${created.id}`, { token: world.agent.token }),
    );
    expect(detail.sla).toEqual(created.sla);
    expect(detail.slaHolds).toEqual([]);
    const list = await ctx.call('POST', '/api/Ticket/Query', {
      token: world.agent.token,
      body: { keyword: created.caseNumber },
    });
    expect(dataOf<{ items: TicketWithSla[] }>(list).items[0]!.sla).toEqual(created.sla);
  });

  it('has no clock (and no due date) where no policy applies', async () => {
    const other = await ticketWorld(ctx);
    const lone = await addTicket(ctx, other.agent.token, { projectId: other.projectId, categoryId: other.categoryId });
    expect(lone.sla).toBeNull();
    expect(lone.dueDate).toBeNull();
  });

  it('chooses again when a field a condition reads changes, counting from the opening', async () => {
    const created = await create();
    const raised = await update(created.id, { priority: 'Urgent' });
    expect(raised.sla!.policyId).toBe(high.id);
    expect(at(raised.sla!.firstResponseDueAt) - at(created.openDate)).toBe(30 * minute);
    expect(at(raised.dueDate) - at(created.openDate)).toBe(240 * minute);
    const lowered = await update(created.id, { priority: 'Medium' });
    expect(lowered.sla!.policyId).toBe(low.id);
    expect(at(lowered.dueDate) - at(created.openDate)).toBe(480 * minute);
  });

  it('takes the first public reply by staff as the first response; an internal note is not one', async () => {
    const created = await create();
    await comment(created.id, false);
    expect((await get(created.id)).sla!.firstResponseAt).toBeNull();
    await comment(created.id, true);
    const answered = (await get(created.id)).sla!;
    expect(answered.firstResponseAt).not.toBeNull();
    expect(at(answered.firstResponseAt)).toBeGreaterThanOrEqual(at(created.openDate));
    await comment(created.id, true);
    expect((await get(created.id)).sla!.firstResponseAt).toBe(answered.firstResponseAt);
  });

  it('stops in a pause status, held by the customer, and pushes the due instants on by the pause', async () => {
    const created = await create();
    const pending = await update(created.id, { status: 'Pending' });
    expect(pending.sla).toMatchObject({ paused: true, heldBy: 'customer', state: 'paused' });
    expect(pending.sla!.pausedSince).not.toBeNull();
    // The pause lasted an hour (moved back rather than waited for).
    const since = new Date(at(pending.sla!.pausedSince) - 60 * minute);
    await ctx.db.update(ticket).set({ slaPausedSince: since }).where(eq(ticket.id, created.id));
    await ctx.db.update(ticketSlaHold).set({ startedAt: since }).where(eq(ticketSlaHold.ticketId, created.id));
    const resumed = await update(created.id, { status: 'InProgress' });
    expect(resumed.sla).toMatchObject({ paused: false, pausedSince: null, heldBy: 'agent', state: 'ok' });
    const pushed = at(resumed.sla!.resolutionDueAt) - at(created.sla!.resolutionDueAt);
    expect(pushed).toBeGreaterThanOrEqual(60 * minute);
    expect(pushed).toBeLessThan(61 * minute);
    const detail = dataOf<TicketDetail>(
      await ctx.call('GET', `/api/Ticket/Detail/${created.id}`, { token: world.agent.token }),
    );
    expect(detail.slaHolds).toHaveLength(1);
    expect(detail.slaHolds[0]).toMatchObject({ heldBy: 'customer', paused: true, status: 'Pending' });
    expect(detail.slaHolds[0]!.workingMinutes).toBe(60);
    expect(detail.slaHolds[0]!.endedAt).not.toBeNull();
  });

  it('holds a reply given while paused to a first-response due moved on by the pause so far', async () => {
    const created = await create();
    const pending = await update(created.id, { status: 'Pending' });
    // Waiting on the customer for 90 minutes (moved back rather than waited for), past the 60-minute target.
    const since = new Date(at(pending.sla!.pausedSince) - 90 * minute);
    await ctx.db.update(ticket).set({ slaPausedSince: since }).where(eq(ticket.id, created.id));
    await comment(created.id, true);
    const answered = (await get(created.id)).sla!;
    expect(answered.state).toBe('paused');
    const moved = at(answered.firstResponseDueAt) - at(created.sla!.firstResponseDueAt);
    expect(moved).toBeGreaterThanOrEqual(90 * minute);
    expect(moved).toBeLessThan(92 * minute);
    const resumed = await update(created.id, { status: 'InProgress' });
    expect(resumed.sla!.state).toBe('ok');
  });

  it('is met when resolved in time; a reopened ticket runs again without counting the time it stood resolved', async () => {
    const created = await create();
    const resolved = await update(created.id, { status: 'Resolved' });
    expect(resolved.sla).toMatchObject({ state: 'met', paused: false });
    expect(resolved.sla!.resolvedAt).not.toBeNull();
    const reopened = await update(created.id, { status: 'InProgress' });
    expect(reopened.sla).toMatchObject({ state: 'ok', resolvedAt: null });
    expect(at(reopened.dueDate)).toBeGreaterThanOrEqual(at(created.dueDate));
    // Closed after resolving keeps the clock as it stopped.
    const again = await update(created.id, { status: 'Resolved' });
    const closed = await update(created.id, { status: 'Closed' });
    expect(closed.sla).toEqual(again.sla);
  });

  it('is breached past a due instant, found by the slaState filter and sorted by slaResolutionDueAt', async () => {
    const late = await create({ subject: 'Late one' });
    const fine = await create({ subject: 'Fine one' });
    // Opened a day ago, never answered: both targets passed.
    const dayAgo = new Date(Date.now() - 24 * 60 * minute);
    await ctx.db
      .update(ticket)
      .set({
        openDate: dayAgo,
        slaFirstResponseDueAt: new Date(dayAgo.getTime() + 60 * minute),
        slaFirstResponseWarnAt: new Date(dayAgo.getTime() + 30 * minute),
        dueDate: new Date(dayAgo.getTime() + 480 * minute),
        slaResolutionWarnAt: new Date(dayAgo.getTime() + 450 * minute),
      })
      .where(eq(ticket.id, late.id));
    expect((await get(late.id)).sla!.state).toBe('breached');
    const query = async (body: Record<string, unknown>) =>
      dataOf<{ items: TicketWithSla[] }>(
        await ctx.call('POST', '/api/Ticket/Query', {
          token: world.agent.token,
          body: { projectId: world.projectId, pageSize: 100, ...body },
        }),
      ).items.map((t) => t.id);
    const breached = await query({ slaState: ['breached'] });
    expect(breached).toContain(late.id);
    expect(breached).not.toContain(fine.id);
    expect(await query({ slaState: ['ok', 'warning'] })).toContain(fine.id);
    const sorted = await query({ orderBy: [{ field: 'slaResolutionDueAt', direction: 'asc' }] });
    expect(sorted.indexOf(late.id)).toBeLessThan(sorted.indexOf(fine.id));
    const bad = await ctx.call('POST', '/api/Ticket/Query', {
      token: world.agent.token,
      body: { slaState: ['late'] },
    });
    expect(bad.status).toBe(400);
  });

  it('waits on the approvers while an approval runs, stopped when the policy says so, and runs again after', async () => {
    const created = await create({ priority: 'High' });
    const boss2 = await person(ctx);
    await publishWorkflow(ctx, chain(start(), approver('a', [boss2.id]), end()), { projectId: world.projectId });
    const { instance } = await submit(ctx, world.agent, created.id);
    const waiting = (await get(created.id)).sla!;
    expect(waiting).toMatchObject({ heldBy: 'approver', paused: true, state: 'paused', policyId: high.id });
    await approve(ctx, boss2, instance.id);
    const after = (await get(created.id)).sla!;
    expect(after).toMatchObject({ heldBy: 'agent', paused: false });
    const detail = dataOf<TicketDetail>(
      await ctx.call('GET', `/api/Ticket/Detail/${created.id}`, { token: world.agent.token }),
    );
    expect(detail.slaHolds.map((h) => [h.heldBy, h.paused, h.status, h.endedAt !== null])).toEqual([
      ['approver', true, null, true],
    ]);
  });

  it('asks for a public update within the next-update target of the last one, and keeps a late one as a breach', async () => {
    const updates = await addPolicy({
      priority: 0,
      conditions: [
        { field: 'projectId', op: 'eq', value: world.projectId },
        { field: 'ticketType', op: 'eq', value: 'Problem' },
      ],
      nextUpdateMinutes: 120,
    });
    const created = await create({ ticketType: 'Problem' });
    expect(created.sla).toMatchObject({ policyId: updates.id, nextUpdateDueAt: null });
    await comment(created.id, true);
    const answered = (await get(created.id)).sla!;
    expect(at(answered.nextUpdateDueAt) - at(answered.firstResponseAt)).toBeCloseTo(120 * minute, -3);
    // A private note is no update.
    await comment(created.id, false);
    expect((await get(created.id)).sla!.nextUpdateDueAt).toBe(answered.nextUpdateDueAt);

    // Two hours pass without an update (the instants are moved back, as time would have moved them on).
    const past = (minutes: number) => new Date(Date.now() - minutes * minute);
    await ctx.db
      .update(ticket)
      .set({ slaNextUpdateDueAt: past(1), slaNextUpdateWarnAt: past(31) })
      .where(eq(ticket.id, created.id));
    expect((await get(created.id)).sla!.state).toBe('breached');
    const before = Date.now();
    await comment(created.id, true);
    const late = (await get(created.id)).sla!;
    expect(at(late.nextUpdateDueAt)).toBeGreaterThanOrEqual(before + 120 * minute - 1000);
    expect(late.state).toBe('breached');
    const [row] = await ctx.db
      .select({ breaches: ticket.slaUpdateBreaches })
      .from(ticket)
      .where(eq(ticket.id, created.id));
    expect(row!.breaches).toBe(1);
    const resolved = await update(created.id, { status: 'Resolved' });
    expect(resolved.sla).toMatchObject({ state: 'breached', nextUpdateDueAt: null });
  });

  it('reads the same state in SQL (the filter) as in the answers, for every kind of clock', async () => {
    const now = Date.now();
    const t = (minutes: number) => new Date(now + minutes * minute);
    const base: Clock = {
      ...stoppedClock,
      slaPolicyId: low.id,
      slaFirstResponseDueAt: t(60),
      slaFirstResponseWarnAt: t(30),
      dueDate: t(480),
      slaResolutionWarnAt: t(450),
    };
    const clocks: Clock[] = [
      base,
      { ...base, slaFirstResponseWarnAt: t(-1) },
      { ...base, slaFirstResponseWarnAt: t(-1), slaFirstResponseAt: t(-2) },
      { ...base, slaFirstResponseDueAt: t(-1), slaFirstResponseWarnAt: t(-5) },
      { ...base, slaFirstResponseAt: t(-1), slaFirstResponseDueAt: t(-2) },
      { ...base, slaPausedSince: t(-10) },
      { ...base, slaPausedSince: t(-10), dueDate: t(-20) },
      { ...base, slaResolvedAt: t(-1) },
      { ...base, slaResolvedAt: t(-1), dueDate: t(-2) },
      { ...base, slaResolvedAt: t(-1), slaFirstResponseDueAt: t(-3) },
      { ...base, slaResolutionWarnAt: t(-1), slaFirstResponseAt: t(-100) },
      // The next update: warned, overdue, and given late once (a breach that stays, also once resolved).
      { ...base, slaFirstResponseAt: t(-100), slaNextUpdateWarnAt: t(-1), slaNextUpdateDueAt: t(29) },
      { ...base, slaFirstResponseAt: t(-100), slaNextUpdateWarnAt: t(-31), slaNextUpdateDueAt: t(-1) },
      { ...base, slaFirstResponseAt: t(-100), slaNextUpdateDueAt: t(100), slaUpdateBreaches: 1 },
      { ...base, slaFirstResponseAt: t(-100), slaResolvedAt: t(-1), slaUpdateBreaches: 1 },
      { ...base, slaFirstResponseAt: t(-100), slaPausedSince: t(-10), slaNextUpdateDueAt: t(-5) },
      { ...base, slaFirstResponseAt: t(-100), slaPausedSince: t(-10), slaNextUpdateDueAt: t(-20) },
      { ...base, slaFirstResponseDueAt: null, slaFirstResponseWarnAt: null },
      { ...base, slaFirstResponseDueAt: null, slaFirstResponseWarnAt: null, slaResolutionWarnAt: t(-1) },
      { ...stoppedClock },
      { ...stoppedClock, dueDate: t(-5) },
    ];
    const made = await create();
    const seen = new Set<string | null>();
    for (const clock of clocks) {
      await ctx.db.update(ticket).set(clock).where(eq(ticket.id, made.id));
      const [row] = await rowsOf<{ state: string | null }>(
        ctx.db,
        sql`select ${slaStateSql} as state from ${ticket} where ${ticket.id} = ${made.id}`,
      );
      const expected = slaStateOf(clock, new Date());
      expect(row!.state, JSON.stringify(clock)).toBe(expected);
      seen.add(expected);
      // The filter's indexable form finds the ticket exactly when its state is one of those asked for.
      const asked: SlaState[][] = [
        ...slaStates.map((s) => [s]),
        ['ok', 'warning'],
        ['warning', 'breached'],
        ['met', 'breached'],
        ['paused', 'met'],
        [...slaStates],
      ];
      for (const states of asked) {
        const found = await ctx.db
          .select({ id: ticket.id })
          .from(ticket)
          .where(and(eq(ticket.id, made.id), slaStateCondition(states)));
        expect(found.length, `${JSON.stringify(clock)} in ${states.join(',')}`).toBe(
          expected !== null && states.includes(expected) ? 1 : 0,
        );
        // Asked for open tickets only: a running clock is found the same way.
        if (clock.slaResolvedAt) continue;
        const open = await ctx.db
          .select({ id: ticket.id })
          .from(ticket)
          .where(and(eq(ticket.id, made.id), slaStateCondition(states, { openOnly: true })));
        expect(open.length, `open: ${JSON.stringify(clock)} in ${states.join(',')}`).toBe(found.length);
      }
    }
    expect([...seen].sort()).toEqual([...slaStates, null].sort());
  });
});
