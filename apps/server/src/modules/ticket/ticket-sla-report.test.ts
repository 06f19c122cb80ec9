import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlaCalendar, SlaReport } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { addTicket, admin, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { ticket, ticketSlaHold } from './ticket.table.js';

const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
const minute = 60_000;
const today = new Date().toISOString().slice(0, 10);

describe('the service-level report', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let boss: Staff;
  let world: Awaited<ReturnType<typeof ticketWorld>>;

  beforeAll(async () => {
    boss = await admin(ctx);
    world = await ticketWorld(ctx);
    const calendar = dataOf<SlaCalendar>(
      await ctx.call('POST', '/api/SlaCalendar/Add', {
        token: boss.token,
        body: { name: 'Report clock', timeZone: 'UTC', workingHours: allWeek },
      }),
    );
    const policy = await ctx.call('POST', '/api/SlaPolicy/Add', {
      token: boss.token,
      body: {
        name: 'Report policy',
        calendarId: calendar.id,
        conditions: [{ field: 'projectId', op: 'eq', value: world.projectId }],
        firstResponseMinutes: 60,
        resolutionMinutes: 480,
        pauseStatuses: ['Pending'],
      },
    });
    expect(policy.status, policy.raw).toBe(200);
  });

  const report = async (who: Staff, body: Record<string, unknown>) => {
    const response = await ctx.call('POST', '/api/Ticket/SlaReport', { token: who.token, body });
    expect(response.status, response.raw).toBe(200);
    return dataOf<SlaReport>(response);
  };

  it('counts attainment, median and 90th percentile working times and the time held, per project and in total', async () => {
    const made = [];
    for (let i = 0; i < 4; i++)
      made.push(await addTicket(ctx, world.agent.token, { projectId: world.projectId, categoryId: world.categoryId }));
    const open = (t: { [key: string]: unknown }) => new Date(String(t.openDate)).getTime();
    // Answered in 10, 20, 30 and 100 working minutes; resolved in 100, 200, 300 (in time) and 900 (late).
    const times = [
      [10, 100],
      [20, 200],
      [30, 300],
      [100, 900],
    ] as const;
    for (const [i, t] of made.entries()) {
      const [fr, res] = times[i]!;
      await ctx.db
        .update(ticket)
        .set({
          slaFirstResponseAt: new Date(open(t) + fr * minute),
          slaFirstResponseMinutes: fr,
          slaResolvedAt: new Date(open(t) + res * minute),
          slaResolutionMinutes: res,
        })
        .where(eq(ticket.id, t.id));
    }
    await ctx.db.insert(ticketSlaHold).values([
      { ticketId: made[0]!.id, heldBy: 'customer', paused: true, startedAt: new Date(), workingMinutes: 45 },
      { ticketId: made[1]!.id, heldBy: 'approver', paused: false, startedAt: new Date(), workingMinutes: 15 },
    ]);
    const { rows, total } = await report(boss, { from: today, to: today, groupBy: 'project' });
    const row = rows.find((r) => r.key === String(world.projectId))!;
    expect(row).toMatchObject({
      tickets: 4,
      firstResponseMeasured: 4,
      firstResponseMet: 3,
      firstResponseRate: 0.75,
      resolutionMeasured: 4,
      resolutionMet: 3,
      resolutionRate: 0.75,
      firstResponseMedianMinutes: 25,
      resolutionMedianMinutes: 250,
      customerHeldMinutes: 45,
      approverHeldMinutes: 15,
    });
    expect(row.name).toMatch(/Project/);
    // percentile_cont over 10, 20, 30, 100: 30 + 0.7 × 70.
    expect(row.firstResponseP90Minutes).toBe(79);
    expect(total).toMatchObject({ key: null, tickets: 4, firstResponseMet: 3 });

    const byMonth = await report(boss, { from: today, to: today, groupBy: 'month' });
    expect(byMonth.rows.map((r) => r.key)).toEqual([today.slice(0, 7)]);
    const byCategory = await report(boss, { from: today, to: today, groupBy: 'category' });
    expect(byCategory.rows.map((r) => r.key)).toEqual([String(world.categoryId)]);

    // Only the tickets the reader may see are counted.
    const outsider = await staff(ctx, []);
    expect((await report(outsider, { from: today, to: today })).total.tickets).toBe(0);
  });

  it('records the working minutes to the first response as it happens', async () => {
    const t = await addTicket(ctx, world.agent.token, { projectId: world.projectId, categoryId: world.categoryId });
    const reply = await ctx.call('POST', '/api/TicketComment/Add', {
      token: world.agent.token,
      body: { ticketId: t.id, comment: '<p>Looking</p>', public: true },
    });
    expect(reply.status).toBe(200);
    const [row] = await ctx.db
      .select({ minutes: ticket.slaFirstResponseMinutes, resolved: ticket.slaResolutionMinutes })
      .from(ticket)
      .where(eq(ticket.id, t.id));
    expect(row!.minutes).toBeGreaterThanOrEqual(0);
    expect(row!.minutes).toBeLessThan(5);
    expect(row!.resolved).toBeNull();
  });

  it('refuses a period that ends before it starts or is longer than 366 days, on the field', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await ctx.call('POST', '/api/Ticket/SlaReport', { token: boss.token, body });
      expect(response.status).toBe(400);
      return (response.body.data as { errors?: { field: string; message: string }[] }).errors;
    };
    expect(await refused({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      expect.objectContaining({ field: 'to', message: 'The last day cannot be before the first day.' }),
    ]);
    expect(await refused({ from: '2025-01-01', to: '2026-01-02' })).toEqual([
      expect.objectContaining({ field: 'to', message: 'A report covers at most 366 days.' }),
    ]);
    expect((await report(boss, { from: '2024-01-01', to: '2024-12-31' })).total.tickets).toBe(0);
  });

  it('exports the rows and the total as a spreadsheet worded in the reader’s language', async () => {
    await addTicket(ctx, world.agent.token, { projectId: world.projectId, categoryId: world.categoryId });
    const reader = await createUser(ctx, { roles: ['admin'], values: { language: 'zh-cn' } });
    const { token } = await signIn(ctx, reader);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Ticket/SlaReport/Export',
      headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
      payload: { from: today, to: today },
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('服务级别');
    expect(sheet.getRow(1).getCell(1).value).toBe('分组');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(Number(last.getCell(2).value)).toBeGreaterThanOrEqual(1);
  });
});
