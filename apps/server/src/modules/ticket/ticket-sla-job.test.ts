import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlaCalendar, SlaPolicy } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { addTicket, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { email } from '../email/email.table.js';
import { notification } from '../notification/notification.table.js';
import { appUser } from '../user/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import { checkSlaClocks, slaCheckHandler, ticket, ticketHistory } from './index.js';

const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe('sla.check: warnings and breaches told once', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let adminToken: string;
  let calendarId: number;
  let counter = 0;
  beforeAll(async () => {
    adminToken = (await signIn(ctx, await createUser(ctx, { roles: ['admin'] }))).token;
    calendarId = dataOf<SlaCalendar>(
      await ctx.call('POST', '/api/SlaCalendar/Add', {
        token: adminToken,
        body: { name: 'Around the clock', timeZone: 'UTC', workingHours: allDay },
      }),
    ).id;
  });

  /** A project of its own with a policy for it: 60 min first response, 240 min resolution, warned 30 min before. */
  async function world(extra: Record<string, unknown> = {}) {
    const w = await ticketWorld(ctx);
    const policy = dataOf<SlaPolicy>(
      await ctx.call('POST', '/api/SlaPolicy/Add', {
        token: adminToken,
        body: {
          name: `Job policy ${++counter}`,
          calendarId,
          conditions: [{ field: 'projectId', op: 'in', value: [w.projectId] }],
          firstResponseMinutes: 60,
          resolutionMinutes: 240,
          warnBeforeMinutes: 30,
          pauseStatuses: ['Pending'],
          ...extra,
        },
      }),
    );
    return { ...w, policy };
  }
  const clockOf = async (id: number) => {
    const [row] = await ctx.db
      .select({
        openDate: ticket.openDate,
        assignTo: ticket.assignTo,
        status: ticket.status,
        next: ticket.slaNextCheckAt,
        frDue: ticket.slaFirstResponseDueAt,
        due: ticket.dueDate,
      })
      .from(ticket)
      .where(eq(ticket.id, id));
    return row!;
  };
  /** The bell entries of a ticket's clock (warnings and breaches), oldest first. */
  const bells = (ticketId: number) =>
    ctx.db
      .select({
        to: notification.toUserId,
        type: notification.msType,
        key: notification.titleKey,
        title: notification.title,
      })
      .from(notification)
      .where(
        and(
          inArray(notification.msType, ['slaWarning', 'slaBreached']),
          sql`(${notification.linkData}->>'id')::int = ${ticketId}`,
        ),
      )
      .orderBy(notification.id);
  const newTicket = (w: { projectId: number; categoryId: number; agent: Staff }) =>
    addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });

  it('tells a warning once; then the breach once, without its warning again', async () => {
    const w = await world();
    const t = await newTicket(w);
    const clock = await clockOf(t.id);
    expect(clock.assignTo).toBe(w.agent.id);
    expect(clock.next?.getTime()).toBe(minutes(clock.openDate, 30).getTime());

    await checkSlaClocks(ctx.db, { now: minutes(clock.openDate, 35) });
    expect((await bells(t.id)).map((b) => [b.to, b.key])).toEqual([[w.agent.id, 'slaWarningFirstResponse']]);
    expect((await clockOf(t.id)).next?.getTime()).toBe(clock.frDue!.getTime());
    await checkSlaClocks(ctx.db, { now: minutes(clock.openDate, 36) });
    expect(await bells(t.id)).toHaveLength(1);

    await checkSlaClocks(ctx.db, { now: minutes(clock.openDate, 65) });
    await checkSlaClocks(ctx.db, { now: minutes(clock.openDate, 66) });
    expect((await bells(t.id)).map((b) => b.key)).toEqual(['slaWarningFirstResponse', 'slaBreachedFirstResponse']);
    // The breach's mail to the assignee, once.
    const mails = await ctx.db
      .select({ event: email.event, to: email.to })
      .from(email)
      .where(and(eq(email.ticketId, t.id), inArray(email.event, ['slaWarning', 'slaBreached'])));
    expect(mails.map((m) => m.event).sort()).toEqual(['slaBreached', 'slaWarning']);
  });

  it('tells the warning and the breach of the next update once each, counted from the last public reply', async () => {
    const w = await world({ nextUpdateMinutes: 120, resolutionMinutes: 24 * 60 });
    const t = await newTicket(w);
    const reply = await ctx.call('POST', '/api/TicketComment/Add', {
      token: w.agent.token,
      body: { ticketId: t.id, comment: '<p>Looking into it</p>', public: true },
    });
    expect(reply.status, reply.raw).toBe(200);
    const [row] = await ctx.db
      .select({ answeredAt: ticket.slaFirstResponseAt, next: ticket.slaNextCheckAt })
      .from(ticket)
      .where(eq(ticket.id, t.id));
    const answeredAt = row!.answeredAt!;
    expect(row!.next!.getTime()).toBeCloseTo(minutes(answeredAt, 90).getTime(), -3);

    await checkSlaClocks(ctx.db, { now: minutes(answeredAt, 95) });
    await checkSlaClocks(ctx.db, { now: minutes(answeredAt, 96) });
    expect((await bells(t.id)).map((b) => b.key)).toEqual(['slaWarningNextUpdate']);
    await checkSlaClocks(ctx.db, { now: minutes(answeredAt, 125) });
    await checkSlaClocks(ctx.db, { now: minutes(answeredAt, 126) });
    expect((await bells(t.id)).map((b) => b.key)).toEqual(['slaWarningNextUpdate', 'slaBreachedNextUpdate']);
  });

  it('tells only the breach when the warning and the due instant both passed since the last check', async () => {
    const w = await world();
    const t = await newTicket(w);
    const { openDate } = await clockOf(t.id);
    const counts = await checkSlaClocks(ctx.db, { now: minutes(openDate, 250) });
    expect(counts.breaches).toBeGreaterThanOrEqual(2);
    expect((await bells(t.id)).map((b) => b.key).sort()).toEqual(['slaBreachedFirstResponse', 'slaBreachedResolution']);
    expect((await clockOf(t.id)).next).toBeNull();
    await checkSlaClocks(ctx.db, { now: minutes(openDate, 300) });
    expect(await bells(t.id)).toHaveLength(2);
  });

  it('no longer tells the first response once a public reply answered it; a paused ticket is not told', async () => {
    const w = await world();
    const answered = await newTicket(w);
    const paused = await newTicket(w);
    const { openDate } = await clockOf(answered.id);
    const reply = await ctx.call('POST', '/api/TicketComment/Add', {
      token: w.agent.token,
      body: { ticketId: answered.id, comment: 'On it', public: true },
    });
    expect(reply.status).toBe(200);
    const pending = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: paused.id, rowVersion: paused.rowVersion, status: 'Pending' },
    });
    expect(pending.status).toBe(200);
    expect((await clockOf(paused.id)).next).toBeNull();

    await checkSlaClocks(ctx.db, { now: minutes(openDate, 215) });
    expect((await bells(answered.id)).map((b) => b.key)).toEqual(['slaWarningResolution']);
    expect(await bells(paused.id)).toHaveLength(0);
  });

  it('tells the assignee, the escalation users and the active members of its groups once each, who may see it, in their language', async () => {
    const w0 = await ticketWorld(ctx);
    const chinese = await staff(ctx, [w0.projectId]);
    await ctx.db
      .update(appUser)
      .set({ language: 'zh-cn', timeZone: 'Asia/Shanghai' })
      .where(eq(appUser.id, chinese.id));
    const member = await staff(ctx, [w0.projectId]);
    const inactive = await createUser(ctx, { permissions: ['ticket:view'], projects: [w0.projectId] });
    const inactiveMember = await createUser(ctx, { permissions: ['ticket:view'], projects: [w0.projectId] });
    const outsider = await staff(ctx, []); // sees only their own tickets: not this one
    const [group] = await ctx.db
      .insert(userGroup)
      .values({ name: `Escalation ${++counter}` })
      .returning({ id: userGroup.id });
    await ctx.db
      .insert(userGroupMember)
      .values(
        [member.id, chinese.id, inactiveMember.id, w0.agent.id].map((userId) => ({ groupId: group!.id, userId })),
      );
    const policy = dataOf<SlaPolicy>(
      await ctx.call('POST', '/api/SlaPolicy/Add', {
        token: adminToken,
        body: {
          name: `Job policy ${++counter}`,
          calendarId,
          conditions: [{ field: 'projectId', op: 'in', value: [w0.projectId] }],
          firstResponseMinutes: 60,
          resolutionMinutes: 240,
          warnBeforeMinutes: 30,
          escalation: {
            notifyUserIds: [chinese.id, inactive.id, outsider.id, w0.agent.id],
            notifyGroupIds: [group!.id],
            assignToId: null,
          },
        },
      }),
    );
    expect(policy.id).toBeGreaterThan(0);
    // Left the desk after the policy named them.
    await ctx.db
      .update(appUser)
      .set({ status: 'Inactive' })
      .where(inArray(appUser.id, [inactive.id, inactiveMember.id]));
    const t = await newTicket(w0);
    const { openDate, frDue } = await clockOf(t.id);
    await checkSlaClocks(ctx.db, { now: minutes(openDate, 31) });
    const told = await bells(t.id);
    expect(told.map((b) => b.to).sort((a, b) => a - b)).toEqual(
      [w0.agent.id, chinese.id, member.id].sort((a, b) => a - b),
    );
    const zh = told.find((b) => b.to === chinese.id)!;
    const shanghai = new Intl.DateTimeFormat('zh-CN', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Shanghai',
    }).format(frDue!);
    expect(zh.title).toBe(`工单 ${t.caseNumber}：首次响应将于 ${shanghai} 到期`);
    expect(told.find((b) => b.to === w0.agent.id)!.title).toMatch(
      new RegExp(`^Ticket ${t.caseNumber}: the first response is due \\w{3} \\d+, \\d{4}, \\d+:\\d{2} [AP]M$`),
    );
    // The Chinese reader's mail is the zh-cn template, the due instant in their zone.
    const [mail] = await ctx.db
      .select({ subject: email.subject, language: email.language })
      .from(email)
      .where(
        and(
          eq(email.ticketId, t.id),
          eq(email.event, 'slaWarning'),
          sql`${email.to} @> array[${`${chinese.loginName}@example.test`}]::text[]`,
        ),
      );
    expect(mail).toEqual({
      subject: `[${t.caseNumber}] 服务级别预警：首次响应将于 ${shanghai} 到期`,
      language: 'zh-cn',
    });
  });

  it('reassigns a breached ticket to the escalation assignee, with its history and the assignment told', async () => {
    const w = await ticketWorld(ctx);
    const lead = await staff(ctx, [w.projectId]);
    dataOf<SlaPolicy>(
      await ctx.call('POST', '/api/SlaPolicy/Add', {
        token: adminToken,
        body: {
          name: `Job policy ${++counter}`,
          calendarId,
          conditions: [{ field: 'projectId', op: 'in', value: [w.projectId] }],
          firstResponseMinutes: 60,
          resolutionMinutes: 240,
          escalation: { notifyUserIds: [], notifyGroupIds: [], assignToId: lead.id },
        },
      }),
    );
    const t = await newTicket(w);
    const { openDate } = await clockOf(t.id);
    const counts = await checkSlaClocks(ctx.db, { now: minutes(openDate, 61) });
    expect(counts.escalated).toBeGreaterThanOrEqual(1);
    expect((await clockOf(t.id)).assignTo).toBe(lead.id);
    const history = await ctx.db
      .select({ actorId: ticketHistory.actorId, changes: ticketHistory.changes })
      .from(ticketHistory)
      .where(and(eq(ticketHistory.ticketId, t.id), sql`${ticketHistory.changes} ? 'slaBreached'`));
    expect(history).toEqual([
      {
        actorId: null,
        changes: expect.objectContaining({
          slaBreached: { from: null, to: 'firstResponse' },
          assignTo: { from: w.agent.id, to: lead.id },
        }),
      },
    ]);
    // Both the old and the new assignee hear of the breach; the new one is told of the assignment too.
    expect((await bells(t.id)).map((b) => b.to).sort((a, b) => a - b)).toEqual(
      [w.agent.id, lead.id].sort((a, b) => a - b),
    );
    const assigned = await ctx.db
      .select({ id: notification.id })
      .from(notification)
      .where(
        and(
          eq(notification.toUserId, lead.id),
          eq(notification.msType, 'ticketAssigned'),
          sql`(${notification.linkData}->>'id')::int = ${t.id}`,
        ),
      );
    expect(assigned).toHaveLength(1);
    // The next breach (resolution) does not reassign again, and is told to the ticket's assignee now, the lead.
    await checkSlaClocks(ctx.db, { now: minutes(openDate, 241) });
    expect((await clockOf(t.id)).assignTo).toBe(lead.id);
    expect((await bells(t.id)).filter((b) => b.key === 'slaBreachedResolution').map((b) => b.to)).toEqual([lead.id]);
  });

  it('two workers at once tell each instant once (one after the other on PGlite)', async () => {
    const w = await world();
    const tickets = [];
    for (let i = 0; i < 12; i++) tickets.push(await newTicket(w));
    const { openDate } = await clockOf(tickets[tickets.length - 1]!.id);
    const now = minutes(openDate, 35);
    const run = () => checkSlaClocks(ctx.db, { now, batch: 3 });
    if (process.env.TEST_DATABASE_URL) await Promise.all([run(), run(), run()]);
    else for (let i = 0; i < 2; i++) await run();
    for (const t of tickets) expect((await bells(t.id)).map((b) => b.key)).toEqual(['slaWarningFirstResponse']);
  });

  it('runs as the sla.check handler and says what it did', async () => {
    const result = await slaCheckHandler.run(
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        fireTime: new Date(),
        jobId: null,
        signal: new AbortController().signal,
      },
      { batch: 200 },
    );
    expect(result).toEqual({ message: expect.stringMatching(/^\d+ ticket\(s\) checked: \d+ warning\(s\)/) });
  });
});
