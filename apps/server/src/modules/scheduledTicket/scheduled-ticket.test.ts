import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  nextFireTimes,
  scheduledTicketMessages,
  ticketMessages,
  type ScheduledTicket,
  type ScheduledTicketListItem,
  type ScheduledTicketMade,
  type ScheduledTicketRunResult,
} from '@casedesk/shared';
import { inTimeZone, signedInWith, useTestApp } from '../../../test/helpers.js';
import {
  createCategory,
  createProject,
  staff,
  staffPermissions,
  ticketWorld,
  type Staff,
} from '../../../test/ticket-factories.js';
import { systemLog } from '../../platform/platform.table.js';
import { category } from '../category/category.table.js';
import { appUser } from '../user/user.table.js';
import { ticket, ticketHistory } from '../ticket/ticket.table.js';
import { createDueTickets } from './scheduled-ticket-run.service.js';
import { scheduledTicket } from './scheduled-ticket.table.js';

const ctx = useTestApp();

const schedulerPermissions = [
  ...staffPermissions,
  'scheduledTicket:view',
  'scheduledTicket:create',
  'scheduledTicket:edit',
  'scheduledTicket:delete',
  'scheduledTicket:export',
];
const inSeconds = (n: number) => new Date(Date.now() + n * 1000).toISOString();

async function world() {
  const w = await ticketWorld(ctx);
  const owner = await staff(ctx, [w.projectId], schedulerPermissions);
  return { ...w, owner };
}

async function add(who: Staff, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/ScheduledTicket/Add', { token: who.token, body: { subject: 'Weekly check', ...body } });
}

async function added(who: Staff, body: Record<string, unknown>): Promise<ScheduledTicket> {
  const response = await add(who, body);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as ScheduledTicket;
}

async function get(who: Staff, id: number) {
  const response = await ctx.call('GET', `/api/ScheduledTicket/Get/${id}`, { token: who.token });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as ScheduledTicket;
}

/** Makes the scheduled ticket due `secondsAgo` ago, as if its fire time had come (and gone). */
async function makeDue(id: number, secondsAgo = 1) {
  await ctx.db
    .update(scheduledTicket)
    .set({ nextRunAt: new Date(Date.now() - secondsAgo * 1000) })
    .where(eq(scheduledTicket.id, id));
}

/** One run of the job handler, as the scheduler calls it. */
async function runHandler() {
  return createDueTickets.run(
    {
      db: ctx.db,
      config: ctx.config,
      log: ctx.app.log,
      fireTime: new Date(),
      jobId: null,
      signal: new AbortController().signal,
    },
    createDueTickets.params.parse({}),
  );
}

async function ticketsMade(who: Staff, id: number) {
  const response = await ctx.call('POST', '/api/ScheduledTicket/Tickets', {
    token: who.token,
    body: { id, page: 1, pageSize: 50 },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as { items: ScheduledTicketMade[]; total: number };
}

const fieldsOf = (response: { body: unknown }) =>
  ((response.body as { data: { errors?: { field: string }[] } | null }).data?.errors ?? []).map((e) => e.field);

describe('saving a scheduled ticket', () => {
  it('computes the next run from the cron in the server time zone, and from a one-off date', async () => {
    const w = await world();
    const before = new Date();
    const cron = '0 0 9 * * ?';
    const recurring = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron });
    const [expected] = nextFireTimes(cron, 1, { timeZone: 'UTC', from: before });
    expect(recurring).toMatchObject({ enabled: true, cron, scheduledDate: null, runCount: 0, lastResult: null });
    expect(recurring.nextRunAt).toBe(expected!.toISOString());

    const date = inSeconds(3600);
    const once = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, scheduledDate: date });
    expect(new Date(once.nextRunAt!).getTime()).toBe(new Date(date).getTime());

    const disabled = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron, enabled: false });
    expect(disabled.nextRunAt).toBeNull();
  });

  it('works out the next run of enabled cron recurrences again when the time zone changes; one-off dates stay', async () => {
    const w = await world();
    const admin = (await signedInWith(ctx, [], { roles: ['admin'] })).token;
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    const recurring = await added(w.owner, { ...base, cron: '0 0 9 * * ?' });
    const disabled = await added(w.owner, { ...base, cron: '0 0 9 * * ?', enabled: false });
    const once = await added(w.owner, { ...base, scheduledDate: inSeconds(3600) });
    expect(new Date(recurring.nextRunAt!).getUTCHours()).toBe(9);
    await inTimeZone(ctx, admin, 'Asia/Shanghai', async () => {
      const moved = await get(w.owner, recurring.id);
      expect(new Date(moved.nextRunAt!).getUTCHours()).toBe(1); // 9 am in Shanghai
      expect(new Date(moved.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
      expect(moved.rowVersion).toBe(recurring.rowVersion);
      expect((await get(w.owner, disabled.id)).nextRunAt).toBeNull();
      expect((await get(w.owner, once.id)).nextRunAt).toBe(once.nextRunAt);
    });
    expect(new Date((await get(w.owner, recurring.id)).nextRunAt!).getUTCHours()).toBe(9);
  });

  it('refuses no recurrence, both, a past date, a bad cron and what a ticket create refuses, with the field', async () => {
    const w = await world();
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    const neither = await add(w.owner, base);
    expect(neither.status).toBe(400);
    expect(neither.body.resultMsg).toBe(scheduledTicketMessages.recurrenceRequired);
    expect(fieldsOf(neither)).toEqual(['cron']);
    const both = await add(w.owner, { ...base, cron: '0 0 9 * * ?', scheduledDate: inSeconds(60) });
    expect(both.status).toBe(400);
    expect(fieldsOf(both)).toEqual(['cron']);
    const past = await add(w.owner, { ...base, scheduledDate: inSeconds(-60) });
    expect(past.status).toBe(400);
    expect(fieldsOf(past)).toEqual(['scheduledDate']);
    for (const cron of ['0 9 * * *', 'x 0 9 * * ?', '0 0 9 32 * ?']) {
      const bad = await add(w.owner, { ...base, cron });
      expect(bad.status, cron).toBe(400);
      expect(fieldsOf(bad), cron).toContain('cron');
    }
    const bare = await createCategory(ctx, { projects: [w.projectId], assignee: null });
    const noAssignee = await add(w.owner, { ...base, categoryId: bare, cron: '0 0 9 * * ?' });
    expect(noAssignee.status).toBe(400);
    expect(noAssignee.body.resultMsg).toBe(ticketMessages.noAssignee);
    const otherProject = await createProject(ctx);
    const outside = await add(w.owner, { projectId: otherProject, cron: '0 0 9 * * ?' });
    expect(outside.status).toBe(400);
    expect(fieldsOf(outside)).toEqual(['projectId']);
    const count = await ctx.db.$count(scheduledTicket, eq(scheduledTicket.createdBy, w.owner.id));
    expect(count).toBe(0);
  });

  it('updates partially: a new cron moves the next run; a broken template can still be switched off', async () => {
    const w = await world();
    const row = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron: '0 0 9 * * ?' });
    const moved = await ctx.call('POST', '/api/ScheduledTicket/Update', {
      token: w.owner.token,
      body: { id: row.id, rowVersion: row.rowVersion, cron: '0 30 10 * * ?' },
    });
    expect(moved.status, moved.raw).toBe(200);
    const after = moved.body.data as ScheduledTicket;
    expect(after).toMatchObject({ subject: row.subject, categoryId: w.categoryId, cron: '0 30 10 * * ?' });
    expect(new Date(after.nextRunAt!).getUTCHours()).toBe(10);

    const stale = await ctx.call('POST', '/api/ScheduledTicket/Update', {
      token: w.owner.token,
      body: { id: row.id, rowVersion: row.rowVersion, subject: 'Late' },
    });
    expect(stale.status).toBe(409);

    await ctx.db.update(category).set({ newTicketAssignee: null }).where(eq(category.id, w.categoryId));
    const off = await ctx.call('POST', '/api/ScheduledTicket/Update', {
      token: w.owner.token,
      body: { id: row.id, rowVersion: after.rowVersion, enabled: false },
    });
    expect(off.status, off.raw).toBe(200);
    expect(off.body.data).toMatchObject({ enabled: false, nextRunAt: null });
    const on = await ctx.call('POST', '/api/ScheduledTicket/Update', {
      token: w.owner.token,
      body: { id: row.id, rowVersion: after.rowVersion + 1, enabled: true },
    });
    expect(on.status).toBe(400);
    expect(on.body.resultMsg).toBe(ticketMessages.noAssignee);
  });
});

describe('the scheduler handler', () => {
  it('makes a ticket from Scheduled, as the owner, assigned by the category, with its history', async () => {
    const w = await world();
    const row = await added(w.owner, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      companyId: w.companyId,
      priority: 'High',
      content: '<p>Check the backups</p><script>x()</script>',
      cron: '0 0 9 * * ?',
    });
    await makeDue(row.id);
    const result = await runHandler();
    expect(result).toMatchObject({ message: expect.stringContaining('1 ticket') as unknown });

    const after = await get(w.owner, row.id);
    expect(after).toMatchObject({ lastResult: 'Succeeded', runCount: 1, enabled: true });
    expect(new Date(after.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    const [made] = await ctx.db.select().from(ticket).where(eq(ticket.id, after.lastTicketId!));
    expect(made).toMatchObject({
      subject: 'Weekly check',
      ticketFrom: 'Scheduled',
      status: 'Assigned',
      assignTo: w.agent.id,
      priority: 'High',
      companyId: w.companyId,
      createdBy: w.owner.id,
      openedBy: w.owner.id,
      content: '<p>Check the backups</p>',
    });
    expect(made!.caseNumber).toMatch(/^TCK-\d{4}-\d{6,}$/);
    const history = await ctx.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, made!.id));
    expect(history).toMatchObject([{ kind: 'created', actorId: w.owner.id }]);

    const list = await ticketsMade(w.owner, row.id);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: made!.id, caseNumber: made!.caseNumber, status: 'Assigned' });
  });

  it('makes one ticket per fire time: a second run finds nothing due, and missed fires make one', async () => {
    const w = await world();
    // Hourly, at the minute half an hour from now: no further fire time can come due while the test runs.
    const minute = (new Date().getUTCMinutes() + 30) % 60;
    const row = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron: `0 ${minute} * * * ?` });
    // Down for two days: 48 fire times were missed.
    await makeDue(row.id, 2 * 86_400);
    await Promise.all([runHandler(), runHandler()]);
    await runHandler();
    const after = await get(w.owner, row.id);
    expect(after.runCount).toBe(1);
    expect((await ticketsMade(w.owner, row.id)).total).toBe(1);
    expect(new Date(after.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(after.nextRunAt!).getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('runs a one-off once and switches it off', async () => {
    const w = await world();
    const row = await added(w.owner, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      scheduledDate: inSeconds(600),
    });
    await makeDue(row.id);
    await runHandler();
    const after = await get(w.owner, row.id);
    expect(after).toMatchObject({ enabled: false, nextRunAt: null, lastResult: 'Succeeded', runCount: 1 });
    expect(after.rowVersion).toBe(row.rowVersion + 1);
    await runHandler();
    expect((await ticketsMade(w.owner, row.id)).total).toBe(1);
  });

  it('records a failing template, logs it, still makes the others and fails the run naming it', async () => {
    const w = await world();
    const broken = await added(w.owner, {
      subject: 'Broken',
      projectId: w.projectId,
      categoryId: w.categoryId,
      cron: '0 0 9 * * ?',
    });
    const fine = await added(w.owner, {
      subject: 'Fine',
      projectId: w.projectId,
      assignTo: w.agent.id,
      cron: '0 0 9 * * ?',
    });
    // The category lost its assignee after the template was saved.
    await ctx.db.update(category).set({ newTicketAssignee: null }).where(eq(category.id, w.categoryId));
    await makeDue(broken.id);
    await makeDue(fine.id);
    await expect(runHandler()).rejects.toThrow(/1 scheduled ticket\(s\) failed: #\d+ "Broken"/);

    const failed = await get(w.owner, broken.id);
    expect(failed).toMatchObject({ lastResult: 'Failed', lastMessage: ticketMessages.noAssignee, lastTicketId: null });
    expect(new Date(failed.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    expect(await get(w.owner, fine.id)).toMatchObject({ lastResult: 'Succeeded', runCount: 1 });
    const logs = await ctx.db
      .select()
      .from(systemLog)
      .where(and(eq(systemLog.source, 'scheduledTicket'), eq(systemLog.userId, w.owner.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.message).toContain(ticketMessages.noAssignee);
  });

  it('fails a template whose owner can no longer sign in', async () => {
    const w = await world();
    const row = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron: '0 0 9 * * ?' });
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, w.owner.id));
    await makeDue(row.id);
    await expect(runHandler()).rejects.toThrow(/failed/);
    const [after] = await ctx.db.select().from(scheduledTicket).where(eq(scheduledTicket.id, row.id));
    expect(after).toMatchObject({ lastResult: 'Failed', lastMessage: scheduledTicketMessages.ownerInactive });
  });

  it('RunNow makes the ticket at once without moving the schedule, and answers a refusal as the create does', async () => {
    const w = await world();
    const row = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron: '0 0 9 * * ?' });
    const now = await ctx.call('POST', `/api/ScheduledTicket/RunNow/${row.id}`, { token: w.owner.token });
    expect(now.status, now.raw).toBe(200);
    const result = now.body.data as ScheduledTicketRunResult;
    expect(result).toMatchObject({ result: 'Succeeded', ticketId: expect.any(Number) as unknown });
    const after = await get(w.owner, row.id);
    expect(after).toMatchObject({ nextRunAt: row.nextRunAt, lastTicketId: result.ticketId, runCount: 1 });

    await ctx.db.update(category).set({ newTicketAssignee: null }).where(eq(category.id, w.categoryId));
    const refused = await ctx.call('POST', `/api/ScheduledTicket/RunNow/${row.id}`, { token: w.owner.token });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe(ticketMessages.noAssignee);
    expect(await get(w.owner, row.id)).toMatchObject({ lastResult: 'Failed', runCount: 2 });
  });
});

describe('the list', () => {
  it('filters, shows names and exports what it shows', async () => {
    const w = await world();
    const on = await added(w.owner, {
      subject: 'Daily round',
      projectId: w.projectId,
      categoryId: w.categoryId,
      cron: '0 0 9 * * ?',
    });
    await added(w.owner, {
      subject: 'Paused round',
      projectId: w.projectId,
      categoryId: w.categoryId,
      cron: '0 0 9 * * ?',
      enabled: false,
    });
    const list = await ctx.call('POST', '/api/ScheduledTicket/Query', {
      token: w.owner.token,
      body: { projectId: w.projectId, enabled: true },
    });
    expect(list.status, list.raw).toBe(200);
    const page = list.body.data as { items: ScheduledTicketListItem[]; total: number };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: on.id, projectName: 'Project', categoryName: 'Category' });
    expect(page.items[0]).not.toHaveProperty('content');

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ScheduledTicket/Export',
      headers: { authorization: `Bearer ${w.owner.token}`, 'auth-token': ctx.newAuthToken() },
      payload: { projectId: w.projectId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toContain('Next run');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['Daily round', 'Paused round']);
  });
});

describe('who may not', () => {
  it('hides scheduled tickets outside the data scope and refuses calls without the permission', async () => {
    const w = await world();
    const row = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron: '0 0 9 * * ?' });
    const otherProject = await createProject(ctx);
    const stranger = await staff(ctx, [otherProject], schedulerPermissions);

    const list = await ctx.call('POST', '/api/ScheduledTicket/Query', { token: stranger.token, body: {} });
    expect(list.status, list.raw).toBe(200);
    const ids = (list.body.data as { items: ScheduledTicketListItem[] }).items.map((i) => i.id);
    expect(ids).not.toContain(row.id);
    for (const [method, url, body] of [
      ['GET', `/api/ScheduledTicket/Get/${row.id}`, undefined],
      ['POST', `/api/ScheduledTicket/RunNow/${row.id}`, undefined],
      ['POST', '/api/ScheduledTicket/Tickets', { id: row.id }],
      ['POST', '/api/ScheduledTicket/Update', { id: row.id, rowVersion: row.rowVersion, subject: 'Mine now' }],
      ['POST', `/api/ScheduledTicket/Delete/${row.id}`, undefined],
    ] as const) {
      const response = await ctx.call(method, url, { token: stranger.token, body });
      expect(response.status, `${method} ${url}`).toBe(404);
    }

    const colleague = await staff(ctx, [w.projectId], schedulerPermissions);
    const seen = await ctx.call('POST', '/api/ScheduledTicket/Query', { token: colleague.token, body: {} });
    const item = (seen.body.data as { items: ScheduledTicketListItem[] }).items.find((i) => i.id === row.id);
    expect(item).toMatchObject({ projectName: 'Project', createdByName: expect.any(String) as unknown });

    const ticketsOnly = await staff(ctx, [w.projectId]);
    for (const [method, url] of [
      ['POST', '/api/ScheduledTicket/Query'],
      ['POST', '/api/ScheduledTicket/Add'],
      ['POST', `/api/ScheduledTicket/RunNow/${row.id}`],
    ] as const) {
      const response = await ctx.call(method, url, { token: ticketsOnly.token, body: {} });
      expect(response.status, url).toBe(403);
    }
    const viewer = await staff(ctx, [w.projectId], ['scheduledTicket:view']);
    const viewerAdd = await add(viewer, { projectId: w.projectId, cron: '0 0 9 * * ?' });
    expect(viewerAdd.status).toBe(403);
  });

  it('lists only the made tickets the caller may see', async () => {
    const w = await world();
    const row = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron: '0 0 9 * * ?' });
    await makeDue(row.id);
    await runHandler();
    const colleague = await staff(ctx, [w.projectId], schedulerPermissions);
    expect((await ticketsMade(colleague, row.id)).total).toBe(1);
    // The ticket moved to a project the colleague does not work in: the template still shows, the ticket not.
    const elsewhere = await createProject(ctx);
    const { lastTicketId } = await get(w.owner, row.id);
    await ctx.db.update(ticket).set({ projectId: elsewhere }).where(eq(ticket.id, lastTicketId!));
    expect((await ticketsMade(colleague, row.id)).total).toBe(0);
    expect((await ticketsMade(w.owner, row.id)).total).toBe(1);
  });

  it('deletes a template with its runs and keeps the tickets it made', async () => {
    const w = await world();
    const row = await added(w.owner, { projectId: w.projectId, categoryId: w.categoryId, cron: '0 0 9 * * ?' });
    await makeDue(row.id);
    await runHandler();
    const { lastTicketId } = await get(w.owner, row.id);
    const deleted = await ctx.call('POST', `/api/ScheduledTicket/Delete/${row.id}`, { token: w.owner.token });
    expect(deleted.status, deleted.raw).toBe(200);
    expect(await ctx.db.$count(ticket, eq(ticket.id, lastTicketId!))).toBe(1);
  });
});
