import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  caseNumberPattern,
  ticketCountCap,
  ticketMessages,
  type TicketDashboard,
  type TicketPage,
  type TicketScreen,
} from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { rowsOf } from '../../db/database.js';
import {
  addTicket,
  admin,
  createCategory,
  createCompany,
  createDelegate,
  createProject,
  staff,
  ticketWorld,
  type TicketData,
} from '../../../test/ticket-factories.js';
import { ticketSearchDoc } from './ticket.service.js';

const ctx = useTestApp();
const today = () => new Date().toISOString().slice(0, 10);
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function query(token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/Ticket/Query', { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as TicketPage;
}

async function update(token: string, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/Ticket/Update', { token, body });
}

async function exportRows(token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Ticket/Export',
    headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('creating a ticket', () => {
  it('assigns the category default, numbers it and answers the spec text', async () => {
    const w = await ticketWorld(ctx);
    const response = await ctx.call('POST', '/api/Ticket/Add', {
      token: w.agent.token,
      body: { subject: 'Printer jam', projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId },
    });
    expect(response.status, response.raw).toBe(200);
    expect(response.body.resultMsg).toBe(ticketMessages.submitted);
    const t = response.body.data as TicketData;
    expect(t).toMatchObject({ status: 'Assigned', assignTo: w.agent.id, delegateTo: null, rowVersion: 1 });
    expect(t.caseNumber).toMatch(caseNumberPattern);
    expect(t.caseNumber.startsWith(`TCK-${new Date().getUTCFullYear()}-`)).toBe(true);
    const second = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    expect(Number(second.caseNumber.slice(-6))).toBeGreaterThan(Number(t.caseNumber.slice(-6)));
  });

  it('refuses a category without assignee and no explicit assignTo, writing nothing', async () => {
    const w = await ticketWorld(ctx);
    const bare = await createCategory(ctx, { projects: [w.projectId], assignee: null });
    const before = await query(w.agent.token);
    const refused = await ctx.call('POST', '/api/Ticket/Add', {
      token: w.agent.token,
      body: { subject: 'No one', projectId: w.projectId, categoryId: bare },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe(ticketMessages.noAssignee);
    expect((await query(w.agent.token)).total).toBe(before.total);
    const explicit = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: bare,
      assignTo: w.agent.id,
    });
    expect(explicit).toMatchObject({ status: 'Assigned', assignTo: w.agent.id });
  });

  it('sets delegateTo from an active delegate of the assignee for that project and day only', async () => {
    const w = await ticketWorld(ctx);
    const other = await createProject(ctx);
    const deputy = await createUser(ctx, { permissions: ['ticket:view'] });
    const off = await createUser(ctx, { permissions: ['ticket:view'] });
    await createDelegate(ctx, {
      delegateBy: w.agent.id,
      delegateTo: off.id,
      projects: [w.projectId],
      startDate: days(-10),
      endDate: days(-1),
    });
    await createDelegate(ctx, {
      delegateBy: w.agent.id,
      delegateTo: off.id,
      projects: [w.projectId],
      startDate: days(-1),
      enabled: false,
    });
    await createDelegate(ctx, { delegateBy: w.agent.id, delegateTo: off.id, projects: [other], startDate: days(-1) });
    const t1 = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    expect(t1.delegateTo).toBeNull();
    await createDelegate(ctx, {
      delegateBy: w.agent.id,
      delegateTo: deputy.id,
      projects: [w.projectId],
      startDate: today(),
      endDate: days(3),
    });
    const t2 = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    expect(t2.delegateTo).toBe(deputy.id);
    // The delegate now sees the ticket, though not a member of the project.
    const deputyToken = (await signIn(ctx, deputy)).token;
    expect((await ctx.call('GET', `/api/Ticket/Get/${t2.id}`, { token: deputyToken })).status).toBe(200);
    expect((await ctx.call('GET', `/api/Ticket/Get/${t1.id}`, { token: deputyToken })).status).toBe(404);
  });

  it("sanitises rich text and refuses projects outside the caller's", async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      content:
        '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a></p>',
    });
    expect(t.content).toContain('<b>there</b>');
    expect(t.content).not.toMatch(/script|onerror|onclick|javascript:/i);
    const foreign = await createProject(ctx);
    const refused = await ctx.call('POST', '/api/Ticket/Add', {
      token: w.agent.token,
      body: { subject: 'x', projectId: foreign, assignTo: w.agent.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ errors: [{ field: 'projectId' }] });
  });
});

describe('creating a ticket: its references, checked in one statement', () => {
  /** The field and the message of a refused create. */
  const refusal = async (token: string, body: Record<string, unknown>) => {
    const response = await ctx.call('POST', '/api/Ticket/Add', { token, body: { subject: 'Refused', ...body } });
    expect(response.status, response.raw).toBe(400);
    const [error] = (response.body.data as { errors: { field: string }[] }).errors;
    return { field: error?.field, resultMsg: response.body.resultMsg };
  };
  const wrong = (field: string, message: string) => ({ field, resultMsg: `${field}: ${message}` });
  const caseSeq = (t: TicketData) => Number(t.caseNumber.split('-').pop());

  it('answers the first thing wrong, in the order project, category, assignee, company, parent, granted users, and writes nothing', async () => {
    const w = await ticketWorld(ctx);
    const foreign = await createProject(ctx);
    const inactiveProject = await createProject(ctx);
    await ctx.db.execute(sql`update project set project_status = 'Inactive' where id = ${inactiveProject}`);
    const otherCompany = await createCompany(ctx);
    const agent = await staff(ctx, [w.projectId, inactiveProject]);
    const inactive = await createUser(ctx, { values: { status: 'Inactive' } });
    const deleted = await createUser(ctx, { values: { deletedAt: new Date() } });
    const unknown = 2_000_000_000;
    const inactiveCategory = await createCategory(ctx, { projects: [w.projectId], assignee: w.agent.id });
    await ctx.db.execute(sql`update category set category_status = 'Inactive' where id = ${inactiveCategory}`);
    const elsewhere = await createCategory(ctx, { projects: [foreign], assignee: w.agent.id });
    const unlinked = await createCategory(ctx, { projects: [], assignee: w.agent.id });
    const noAssignee = await createCategory(ctx, { projects: [w.projectId], assignee: null });
    const inactiveDefault = await createCategory(ctx, { projects: [w.projectId], assignee: inactive.id });
    const hiddenParent = await addTicket(ctx, (await admin(ctx)).token, { projectId: foreign, assignTo: w.agent.id });

    const first = await addTicket(ctx, agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const before = (await query(agent.token)).total;
    const allWrong = {
      projectId: foreign,
      categoryId: unknown,
      assignTo: inactive.id,
      companyId: unknown,
      parentTicket: hiddenParent.id,
      grantAccess: [deleted.id],
    };
    expect(await refusal(agent.token, allWrong)).toEqual(wrong('projectId', 'Unknown project'));
    expect(await refusal(agent.token, { ...allWrong, projectId: unknown })).toEqual(
      wrong('projectId', 'Unknown project'),
    );
    expect(await refusal(agent.token, { ...allWrong, projectId: inactiveProject })).toEqual(
      wrong('projectId', 'The project is inactive'),
    );
    const inProject = { ...allWrong, projectId: w.projectId };
    expect(await refusal(agent.token, inProject)).toEqual(wrong('categoryId', 'Unknown category'));
    expect(await refusal(agent.token, { ...inProject, categoryId: inactiveCategory })).toEqual(
      wrong('categoryId', 'The category is inactive'),
    );
    expect(await refusal(agent.token, { ...inProject, categoryId: elsewhere })).toEqual(
      wrong('categoryId', 'The category is not offered in this project'),
    );
    expect(await refusal(agent.token, { ...inProject, categoryId: noAssignee, assignTo: null })).toEqual({
      field: 'categoryId',
      resultMsg: ticketMessages.noAssignee,
    });
    // A category linked to no project is offered in every one; the explicit assignee comes next.
    expect(await refusal(agent.token, { ...inProject, categoryId: unlinked })).toEqual(
      wrong('assignTo', 'Unknown or inactive user'),
    );
    expect(await refusal(agent.token, { ...inProject, categoryId: w.categoryId, assignTo: deleted.id })).toEqual(
      wrong('assignTo', 'Unknown or inactive user'),
    );
    expect(await refusal(agent.token, { ...inProject, categoryId: w.categoryId, assignTo: unknown })).toEqual(
      wrong('assignTo', 'Unknown or inactive user'),
    );
    // Without an explicit assignee, the category's default is checked, under the category's name.
    expect(await refusal(agent.token, { ...inProject, categoryId: inactiveDefault, assignTo: undefined })).toEqual(
      wrong('categoryId', 'Unknown or inactive user'),
    );
    const assigned = { ...inProject, categoryId: w.categoryId, assignTo: w.agent.id };
    expect(await refusal(agent.token, assigned)).toEqual(wrong('companyId', 'Unknown company'));
    expect(await refusal(agent.token, { ...assigned, companyId: otherCompany })).toEqual(
      wrong('companyId', 'The company is not part of this project'),
    );
    expect(await refusal(agent.token, { ...assigned, companyId: w.companyId })).toEqual(
      wrong('parentTicket', 'Unknown ticket'),
    );
    expect(await refusal(agent.token, { ...assigned, companyId: w.companyId, parentTicket: unknown })).toEqual(
      wrong('parentTicket', 'Unknown ticket'),
    );
    const linked = { ...assigned, companyId: w.companyId, parentTicket: first.id };
    for (const grantAccess of [[deleted.id], [inactive.id], [w.agent.id, unknown]])
      expect(await refusal(agent.token, { ...linked, grantAccess })).toEqual(
        wrong('grantAccess', 'Unknown or inactive user'),
      );
    // Without an assignee or a category, no user is checked but the granted ones.
    expect(await refusal(agent.token, { projectId: w.projectId, grantAccess: [inactive.id] })).toEqual(
      wrong('grantAccess', 'Unknown or inactive user'),
    );
    // A file that is not the caller's to claim undoes the ticket it was to be attached to.
    expect(await refusal(agent.token, { ...linked, grantAccess: [], attachments: [unknown] })).toEqual({
      field: 'attachments',
      resultMsg: 'attachments: unknown file',
    });

    expect((await query(agent.token)).total).toBe(before);
    // Refused creates drew no case numbers but the one undone with its file.
    const ok = await addTicket(ctx, agent.token, { ...linked, grantAccess: [w.agent.id, agent.id, w.agent.id] });
    expect(caseSeq(ok)).toBe(caseSeq(first) + 2);
    expect(ok).toMatchObject({
      status: 'Assigned',
      assignTo: w.agent.id,
      companyId: w.companyId,
      parentTicket: first.id,
      grantAccess: [w.agent.id, agent.id],
    });
    const unassigned = await addTicket(ctx, agent.token, { projectId: w.projectId });
    expect(unassigned).toMatchObject({ status: 'New', assignTo: null, delegateTo: null, categoryId: null });
  });

  it("takes the explicit assignee's newest active delegate whose user is active, and records it in the history", async () => {
    const w = await ticketWorld(ctx);
    const other = await staff(ctx, [w.projectId]);
    const deputy = await createUser(ctx, { permissions: ['ticket:view'] });
    const newer = await createUser(ctx, { permissions: ['ticket:view'] });
    const gone = await createUser(ctx, { permissions: ['ticket:view'], values: { status: 'Inactive' } });
    const span = { projects: [w.projectId], startDate: days(-1), endDate: days(1) };
    await createDelegate(ctx, { delegateBy: other.id, delegateTo: deputy.id, ...span });
    await createDelegate(ctx, { delegateBy: other.id, delegateTo: newer.id, ...span });
    await createDelegate(ctx, { delegateBy: other.id, delegateTo: gone.id, ...span });
    // The category's default assignee has no delegate: the explicit one's counts.
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      assignTo: other.id,
    });
    expect(t).toMatchObject({ status: 'Assigned', assignTo: other.id, delegateTo: newer.id });
    const timeline = (await ctx.call('GET', `/api/Ticket/Timeline/${t.id}`, { token: w.agent.token })).body.data as {
      kind: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    expect(timeline).toHaveLength(1);
    expect(timeline[0]!.kind).toBe('created');
    expect(timeline[0]!.changes.map(({ field, from, to }) => ({ field, from, to }))).toEqual([
      { field: 'status', from: null, to: 'Assigned' },
      { field: 'assignTo', from: null, to: other.id },
      { field: 'delegateTo', from: null, to: newer.id },
    ]);
  });

  it('numbers past six digits without cutting them and indexes the number and subject as the update path does', async () => {
    const w = await ticketWorld(ctx);
    await ctx.db.execute(sql`select setval('ticket_case_seq', 1234566)`);
    const subject = '打印机无法连接 Printer ＯＦＦＬＩＮＥ';
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      subject,
      customer: 'Zhang 三',
      customerEmail: 'zhang@example.test',
      content: '<p>第二台 <b>printer</b></p>',
    });
    expect(t.caseNumber).toBe(`TCK-${new Date().getUTCFullYear()}-1234567`);
    const expected = ticketSearchDoc({
      caseNumber: t.caseNumber,
      subject,
      content: String(t.content),
      customer: 'Zhang 三',
      customerEmail: 'zhang@example.test',
    });
    const [row] = await rowsOf<{ same: boolean }>(
      ctx.db,
      sql`select search_doc = ${expected} as same from ticket where id = ${t.id}`,
    );
    expect(row?.same).toBe(true);
    expect((await query(w.agent.token, { keyword: '1234567' })).items.map((i) => i.id)).toEqual([t.id]);
  });
});

describe('status and history', () => {
  it('follows the transitions: solvedBy, closeDate, reopen only to InProgress, Cancelled is final', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const step = async (status: string, rowVersion: number) => update(w.agent.token, { id: t.id, rowVersion, status });
    const resolved = await step('Resolved', 1);
    expect(resolved.body.data).toMatchObject({
      status: 'Resolved',
      solvedBy: w.agent.id,
      closeDate: null,
      rowVersion: 2,
    });
    const closed = await step('Closed', 2);
    expect((closed.body.data as TicketData).closeDate).toBeTruthy();
    const back = await step('Resolved', 3);
    expect(back.status).toBe(400);
    expect(back.body.resultMsg).toBe(ticketMessages.statusNotAllowed('Closed', 'Resolved'));
    const reopened = await step('InProgress', 3);
    expect(reopened.body.data).toMatchObject({ status: 'InProgress', closeDate: null, solvedBy: null, rowVersion: 4 });
    expect((await step('Cancelled', 4)).status).toBe(200);
    const after = await step('InProgress', 5);
    expect(after.status).toBe(400);
    expect(after.body.resultMsg).toBe(ticketMessages.cancelledIsFinal);
    const stored = await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: w.agent.token });
    expect(stored.body.data).toMatchObject({ status: 'Cancelled', rowVersion: 5 });
  });

  it('refuses a stale rowVersion with 409 and writes nothing', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    expect((await update(w.agent.token, { id: t.id, rowVersion: 1, subject: 'First' })).status).toBe(200);
    const stale = await update(w.agent.token, { id: t.id, rowVersion: 1, subject: 'Second', priority: 'Urgent' });
    expect(stale.status).toBe(409);
    const stored = await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: w.agent.token });
    expect(stored.body.data).toMatchObject({ subject: 'First', priority: 'Medium', rowVersion: 2 });
    const history = await ctx.call('GET', `/api/Ticket/Timeline/${t.id}`, { token: w.agent.token });
    expect((history.body.data as unknown[]).length).toBe(2);
  });

  it('keeps a timeline of every change and comment, public and internal told apart', async () => {
    const w = await ticketWorld(ctx);
    const other = await createUser(ctx, { permissions: ['ticket:view'], projects: [w.projectId] });
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    await update(w.agent.token, { id: t.id, rowVersion: 1, priority: 'High', assignTo: other.id });
    const publicComment = await ctx.call('POST', '/api/TicketComment/Add', {
      token: w.agent.token,
      body: { ticketId: t.id, comment: 'We are on it', public: true },
    });
    expect(publicComment.body.resultMsg).toBe(ticketMessages.commentSaved);
    await ctx.call('POST', '/api/TicketComment/Add', {
      token: w.agent.token,
      body: { ticketId: t.id, comment: 'Internal: <script>x</script>vendor issue' },
    });
    const timeline = (await ctx.call('GET', `/api/Ticket/Timeline/${t.id}`, { token: w.agent.token })).body.data as {
      kind: string;
      actorId: number;
      changes: { field: string; from: unknown; to: unknown; toLabel?: string }[];
      comment: string | null;
      public: boolean | null;
    }[];
    expect(timeline.map((e) => e.kind)).toEqual(['created', 'changed', 'comment', 'comment']);
    expect(timeline[1]!.actorId).toBe(w.agent.id);
    expect(timeline[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'priority', from: 'Medium', to: 'High' },
        expect.objectContaining({ field: 'assignTo', from: w.agent.id, to: other.id, toLabel: expect.any(String) }),
      ]),
    );
    expect(timeline[2]).toMatchObject({ comment: 'We are on it', public: true });
    expect(timeline[3]).toMatchObject({ public: false });
    expect(timeline[3]!.comment).not.toContain('script');
    const comments = await ctx.call('GET', `/api/TicketComment/Get?ticketId=${t.id}&public=false`, {
      token: w.agent.token,
    });
    expect((comments.body.data as { total: number }).total).toBe(1);

    // The ticket page in one request: Detail as Detail answers it, with this same timeline.
    const screen = await ctx.call('GET', `/api/Ticket/Screen/${t.id}`, { token: w.agent.token });
    expect(screen.status, screen.raw).toBe(200);
    const { timeline: screenTimeline, ...screenDetail } = screen.body.data as TicketScreen;
    expect(screenTimeline).toEqual(timeline);
    const detail = await ctx.call('GET', `/api/Ticket/Detail/${t.id}`, { token: w.agent.token });
    expect(screenDetail).toEqual(detail.body.data);
    // Without ticket:view, refused before anything is read.
    const noView = await staff(ctx, [w.projectId], ['ticket:create']);
    expect((await ctx.call('GET', `/api/Ticket/Screen/${t.id}`, { token: noView.token })).status).toBe(403);
  });

  it('batch changes all selected tickets or none', async () => {
    const w = await ticketWorld(ctx);
    const a = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const b = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    await update(w.agent.token, { id: b.id, rowVersion: 1, status: 'Cancelled' });
    const refused = await ctx.call('POST', '/api/Ticket/BatchStatus', {
      token: w.agent.token,
      body: { ids: [a.id, b.id], status: 'InProgress' },
    });
    expect(refused.status).toBe(400);
    expect((await ctx.call('GET', `/api/Ticket/Get/${a.id}`, { token: w.agent.token })).body.data).toMatchObject({
      status: 'Assigned',
    });
    const okBatch = await ctx.call('POST', '/api/Ticket/BatchStatus', {
      token: w.agent.token,
      body: { ids: [a.id], status: 'InProgress' },
    });
    expect(okBatch.body.data).toEqual({ updated: 1 });
    expect(
      (
        await ctx.call('POST', '/api/Ticket/BatchStatus', {
          token: w.agent.token,
          body: { ids: [], status: 'InProgress' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('visibility', () => {
  it("shows a project's tickets to its members only, everywhere, and all to the admin", async () => {
    const w = await ticketWorld(ctx);
    const outsider = await staff(ctx, [await createProject(ctx)]);
    const boss = await admin(ctx);
    const t = await addTicket(ctx, w.agent.token, {
      subject: 'Zanzibar keyboard',
      projectId: w.projectId,
      categoryId: w.categoryId,
    });
    await ctx.call('POST', '/api/TicketComment/Add', {
      token: w.agent.token,
      body: { ticketId: t.id, comment: 'hello' },
    });
    for (const [who, sees] of [
      [w.agent, true],
      [boss, true],
      [outsider, false],
    ] as const) {
      const status = sees ? 200 : 404;
      for (const url of [
        `/api/Ticket/Get/${t.id}`,
        `/api/Ticket/Detail/${t.id}`,
        `/api/Ticket/Timeline/${t.id}`,
        `/api/Ticket/Screen/${t.id}`,
        `/api/TicketComment/Get?ticketId=${t.id}`,
      ])
        expect((await ctx.call('GET', url, { token: who.token })).status, `${url}`).toBe(status);
      const list = await query(who.token, { projectId: w.projectId });
      expect(list.items.some((i) => i.id === t.id)).toBe(sees);
      expect((await query(who.token, { keyword: 'zanzibar' })).items.some((i) => i.id === t.id)).toBe(sees);
      const exported = await exportRows(who.token, { keyword: 'zanzibar' });
      expect(exported.some((row) => row[0] === t.caseNumber)).toBe(sees);
      if (!sees) expect((await update(who.token, { id: t.id, rowVersion: 1, subject: 'x' })).status).toBe(404);
      const comment = await ctx.call('POST', '/api/TicketComment/Add', {
        token: outsider.token,
        body: { ticketId: t.id, comment: 'x' },
      });
      expect(comment.status).toBe(404);
    }
  });

  it('shows private tickets to creator, assignee, delegate, granted users and ticket:private only', async () => {
    const w = await ticketWorld(ctx);
    const creator = await staff(ctx, [w.projectId]);
    const colleague = await staff(ctx, [w.projectId]);
    const granted = await staff(ctx, [w.projectId]);
    const deputy = await staff(ctx, []);
    const privileged = await staff(ctx, [w.projectId], ['ticket:view', 'ticket:private']);
    await createDelegate(ctx, {
      delegateBy: w.agent.id,
      delegateTo: deputy.id,
      projects: [w.projectId],
      startDate: today(),
    });
    const before = (await ctx.call('GET', '/api/Ticket/Dashboard', { token: colleague.token })).body
      .data as TicketDashboard;
    const t = await addTicket(ctx, creator.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      privateTicket: true,
      grantAccess: [granted.id],
      priority: 'Urgent',
    });
    expect(t.delegateTo).toBe(deputy.id);
    for (const [who, sees] of [
      [creator, true],
      [w.agent, true],
      [deputy, true],
      [granted, true],
      [privileged, true],
      [colleague, false],
    ] as const) {
      expect((await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: who.token })).status).toBe(sees ? 200 : 404);
      const screen = await ctx.call('GET', `/api/Ticket/Screen/${t.id}`, { token: who.token });
      expect(screen.status).toBe(sees ? 200 : 404);
      // A refusal carries nothing of the ticket: not its timeline, not its subject.
      if (!sees) expect(screen.raw).not.toContain('timeline');
      expect((await query(who.token, { privateTicket: true })).items.some((i) => i.id === t.id)).toBe(sees);
    }
    const colleagueAfter = (await ctx.call('GET', '/api/Ticket/Dashboard', { token: colleague.token })).body
      .data as TicketDashboard;
    const urgent = (d: TicketDashboard) => d.byPriority.find((p) => p.key === 'Urgent')!.count;
    expect(urgent(colleagueAfter)).toBe(urgent(before));
    const grantedBoard = (await ctx.call('GET', '/api/Ticket/Dashboard', { token: granted.token })).body
      .data as TicketDashboard;
    expect(urgent(grantedBoard)).toBe(urgent(before) + 1);
  });

  it('limits data scope own to the tickets the user created, works or was granted', async () => {
    const w = await ticketWorld(ctx);
    const mine = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const other = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const narrow = await createUser(ctx, { permissions: ['ticket:view', 'ticket:edit'], projects: [w.projectId] });
    await ctx.db.execute(
      sql`update role set data_scope = 'own' where id in (select role_id from user_role where user_id = ${narrow.id})`,
    );
    await update(w.agent.token, { id: mine.id, rowVersion: 1, assignTo: narrow.id });
    const token = (await signIn(ctx, narrow)).token;
    expect((await query(token, { projectId: w.projectId })).items.map((i) => i.id)).toEqual([mine.id]);
    expect((await ctx.call('GET', `/api/Ticket/Get/${other.id}`, { token })).status).toBe(404);
  });

  it('links parent tickets without cycles and keeps a parent while children point to it', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    const parent = await addTicket(ctx, w.agent.token, base);
    const child = await addTicket(ctx, w.agent.token, { ...base, parentTicket: parent.id });
    const cycle = await update(w.agent.token, { id: parent.id, rowVersion: 1, parentTicket: child.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.data).toMatchObject({ errors: [{ field: 'parentTicket' }] });
    const detail = (await ctx.call('GET', `/api/Ticket/Detail/${parent.id}`, { token: w.agent.token })).body.data as {
      children: { id: number }[];
      actions: string[];
      allowedStatuses: string[];
    };
    expect(detail.children.map((c) => c.id)).toEqual([child.id]);
    expect(detail.actions).toEqual(expect.arrayContaining(['edit', 'comment', 'changeStatus', 'delete']));
    expect(detail.allowedStatuses).toEqual(['InProgress', 'Pending', 'Resolved', 'Cancelled']);
    expect((await ctx.call('POST', `/api/Ticket/Delete/${parent.id}`, { token: w.agent.token })).status).toBe(409);
    expect((await ctx.call('POST', '/api/Ticket/Delete', { token: w.agent.token, body: [parent.id] })).status).toBe(
      403,
    );
    const boss = await admin(ctx);
    const both = await ctx.call('POST', '/api/Ticket/Delete', { token: boss.token, body: [parent.id, child.id] });
    expect(both.body.data).toEqual({ deleted: 2 });
    expect((await ctx.call('GET', `/api/Ticket/Get/${child.id}`, { token: w.agent.token })).status).toBe(404);
  });

  it("counts the dashboard within the caller's visibility", async () => {
    const w = await ticketWorld(ctx);
    const outsider = await staff(ctx, [await createProject(ctx)]);
    const boss = await admin(ctx);
    const board = async (token: string) =>
      (await ctx.call('GET', '/api/Ticket/Dashboard', { token })).body.data as TicketDashboard;
    const [agentBefore, outsiderBefore, bossBefore] = [
      await board(w.agent.token),
      await board(outsider.token),
      await board(boss.token),
    ];
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      priority: 'High',
    });
    await update(w.agent.token, { id: t.id, rowVersion: 1, status: 'InProgress' });
    const agentAfter = await board(w.agent.token);
    const count = (d: TicketDashboard, s: string) => d.byStatus.find((x) => x.key === s)!.count;
    expect(count(agentAfter, 'InProgress')).toBe(count(agentBefore, 'InProgress') + 1);
    expect(count(agentAfter, 'Assigned')).toBe(count(agentBefore, 'Assigned'));
    expect(agentAfter.myOpen.count).toBe(agentBefore.myOpen.count + 1);
    expect(agentAfter.myOpen.items.some((i) => i.id === t.id)).toBe(true);
    expect(agentAfter.byCategory.find((c) => c.categoryId === w.categoryId)?.count).toBe(1);
    expect(agentAfter.byCategory.find((c) => c.categoryId === w.categoryId)?.categoryName).toBe('Category');
    expect(agentAfter.daily.at(-1)!.opened).toBe(agentBefore.daily.at(-1)!.opened + 1);
    // Unassigned (no category, no assignee) and overdue (past its due date) count for members only.
    const loose = await addTicket(ctx, w.agent.token, { projectId: w.projectId });
    expect(loose).toMatchObject({ status: 'New', assignTo: null });
    await ctx.db.execute(sql`update ticket set due_date = now() - interval '1 day' where id = ${loose.id}`);
    const agentLater = await board(w.agent.token);
    expect(agentLater.unassigned).toBe(agentBefore.unassigned + 1);
    expect(agentLater.overdue).toBe(agentBefore.overdue + 1);
    const outsiderAfter = await board(outsider.token);
    expect([outsiderAfter.unassigned, outsiderAfter.overdue]).toEqual([
      outsiderBefore.unassigned,
      outsiderBefore.overdue,
    ]);
    expect((await board(boss.token)).overdue).toBe(bossBefore.overdue + 1);
    expect(count(outsiderAfter, 'InProgress')).toBe(count(outsiderBefore, 'InProgress'));
    expect(count(await board(boss.token), 'InProgress')).toBe(count(bossBefore, 'InProgress') + 1);
  });
});

describe('list, search and export', () => {
  it('ranks subject matches above content and comments, in English and Chinese', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    const inComment = await addTicket(ctx, w.agent.token, { ...base, subject: 'Something else' });
    await ctx.call('POST', '/api/TicketComment/Add', {
      token: w.agent.token,
      body: { ticketId: inComment.id, comment: 'the quixotic router again' },
    });
    const inContent = await addTicket(ctx, w.agent.token, {
      ...base,
      subject: 'Network',
      content: '<p>quixotic router blinking</p>',
    });
    const inSubject = await addTicket(ctx, w.agent.token, { ...base, subject: 'Quixotic router down' });
    await addTicket(ctx, w.agent.token, { ...base, subject: 'Unrelated' });
    const en = await query(w.agent.token, { keyword: 'Quixotic Router' });
    expect(en.items.map((i) => i.id)).toEqual([inSubject.id, inContent.id, inComment.id]);
    const onePerPage = await query(w.agent.token, { keyword: 'Quixotic Router', pageSize: 1, page: 2 });
    expect(onePerPage).toMatchObject({ total: 3, totalExact: true, items: [{ id: inContent.id }] });
    expect(onePerPage.items[0]).not.toHaveProperty('matches');

    const zhSubject = await addTicket(ctx, w.agent.token, { ...base, subject: '打印机无法连接网络' });
    const zhContent = await addTicket(ctx, w.agent.token, {
      ...base,
      subject: '其他问题',
      content: '<p>办公室的打印机坏了</p>',
    });
    const zh = await query(w.agent.token, { keyword: '打印机' });
    expect(zh.items.map((i) => i.id)).toEqual([zhSubject.id, zhContent.id]);
    expect((await query(w.agent.token, { keyword: '连接网络' })).items.map((i) => i.id)).toEqual([zhSubject.id]);
    const tw = await addTicket(ctx, w.agent.token, { ...base, subject: '印表機無法連接網路', customer: '陳大文' });
    expect((await query(w.agent.token, { keyword: '印表機' })).items.map((i) => i.id)).toEqual([tw.id]);
    expect((await query(w.agent.token, { keyword: '網路' })).items.map((i) => i.id)).toEqual([tw.id]);
    expect((await query(w.agent.token, { keyword: '陳大文' })).items.map((i) => i.id)).toEqual([tw.id]);
    expect((await query(w.agent.token, { keyword: '无关词语' })).total).toBe(0);
  });

  it('finds by whole or partial case number, customer name and e-mail', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      customer: 'Henrietta Lacks',
      customerEmail: 'henrietta@example.org',
    });
    const byNumber = (await query(w.agent.token, { keyword: t.caseNumber })).items[0];
    expect(byNumber).toMatchObject({
      id: t.id,
      createdByName: w.agent.name,
      assignToName: w.agent.name,
      delegateToName: null,
      categoryName: 'Category',
      projectName: 'Project',
      companyName: null,
    });
    const partial = t.caseNumber.slice(-7); // "-0000NN"
    expect((await query(w.agent.token, { keyword: partial })).items.some((i) => i.id === t.id)).toBe(true);
    expect((await query(w.agent.token, { keyword: 'henrietta' })).items.map((i) => i.id)).toEqual([t.id]);
    expect((await query(w.agent.token, { keyword: 'henrietta@example.org' })).items.map((i) => i.id)).toEqual([t.id]);
  });

  it('filters by every contract filter and refuses an end date before the start', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    const high = await addTicket(ctx, w.agent.token, { ...base, priority: 'High', companyId: w.companyId });
    const low = await addTicket(ctx, w.agent.token, { ...base, priority: 'Low' });
    await update(w.agent.token, { id: low.id, rowVersion: 1, status: 'Pending' });
    const ids = async (body: Record<string, unknown>) =>
      (await query(w.agent.token, { projectId: w.projectId, ...body })).items.map((i) => i.id);
    expect(await ids({ priority: ['High'] })).toEqual([high.id]);
    expect(await ids({ status: ['Pending'] })).toEqual([low.id]);
    expect(await ids({ status: ['Pending', 'Assigned'] })).toEqual([low.id, high.id]);
    expect(await ids({ companyId: w.companyId })).toEqual([high.id]);
    expect(await ids({ categoryId: w.categoryId, assignTo: w.agent.id })).toEqual([low.id, high.id]);
    expect(await ids({ openDateFrom: today(), openDateTo: today() })).toEqual([low.id, high.id]);
    expect(await ids({ openDateTo: days(-1) })).toEqual([]);
    expect(await ids({ view: 'mine' })).toEqual([low.id, high.id]);
    const get = await ctx.call('GET', `/api/Ticket/Get?projectId=${w.projectId}&status=Pending,Assigned&pageSize=1`, {
      token: w.agent.token,
    });
    expect(get.body.data).toMatchObject({ total: 2, totalExact: true, items: [{ id: low.id }] });
    const bad = await ctx.call('POST', '/api/Ticket/Query', {
      token: w.agent.token,
      body: { openDateFrom: '2026-03-10', openDateTo: '2026-03-09' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toBe(ticketMessages.endBeforeStart);
    expect(
      (await ctx.call('POST', '/api/Ticket/Query', { token: w.agent.token, body: { orderBy: [{ field: 'content' }] } }))
        .status,
    ).toBe(400);
    // Names of Object.prototype's members are not sort fields either (they once answered 500).
    for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const refused = await ctx.call('POST', '/api/Ticket/Query', {
        token: w.agent.token,
        body: { orderBy: [{ field }] },
      });
      expect(refused.status, `${field}: ${refused.raw}`).toBe(400);
      expect((refused.body.data as { errors: unknown }).errors).toEqual([
        expect.objectContaining({ field: 'orderBy' }),
      ]);
    }
  });

  it('caps the count of a broad list at ticketCountCap and says the total is an estimate', async () => {
    const w = await ticketWorld(ctx);
    const n = ticketCountCap + 5;
    await ctx.db.execute(sql`insert into ticket (case_number, subject, status, priority, project_id, ticket_from)
      select 'CAP-' || g, 'Bulk', 'New', 'Low', ${w.projectId}, 'Web' from generate_series(1, ${n}) g`);
    await ctx.db.execute(sql`analyze ticket`);
    const first = await query(w.agent.token, { projectId: w.projectId });
    expect(first.items).toHaveLength(20);
    expect(first.totalExact).toBe(false);
    expect(first.total).toBeGreaterThan(ticketCountCap);
    // The last page is short: its total is exact again.
    const last = await query(w.agent.token, { projectId: w.projectId, pageSize: 500, page: 3 });
    expect(last).toMatchObject({ total: n, totalExact: true });
    expect(last.items).toHaveLength(5);
  });

  it('exports exactly what the filter shows', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    const a = await addTicket(ctx, w.agent.token, { ...base, subject: 'Export alpha', priority: 'High' });
    const b = await addTicket(ctx, w.agent.token, { ...base, subject: 'Export beta', priority: 'High' });
    await addTicket(ctx, w.agent.token, { ...base, subject: 'Export gamma', priority: 'Low' });
    const rows = await exportRows(w.agent.token, { projectId: w.projectId, priority: ['High'] });
    expect(rows[0]!.slice(0, 4)).toEqual(['Case number', 'Subject', 'Status', 'Priority']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [b.caseNumber, 'Export beta', 'Assigned', 'High'],
      [a.caseNumber, 'Export alpha', 'Assigned', 'High'],
    ]);
  });

  it('exports text that a spreadsheet would run as a formula with an apostrophe before it', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId };
    // (A leading tab or CR, also neutralised, cannot reach a subject: it is trimmed on input.)
    const subjects = ['=1+1', "-2+3+cmd|' /C calc'!A0", '+SUM(A1)', '@A1', 'plain -1'];
    for (const subject of subjects) await addTicket(ctx, w.agent.token, { ...base, subject });
    const rows = await exportRows(w.agent.token, { projectId: w.projectId });
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(["'=1+1", "'-2+3+cmd|' /C calc'!A0", "'+SUM(A1)", "'@A1", 'plain -1'].sort());
  });

  it('names the export file Ticket.xlsx and its sheet Tickets', async () => {
    const w = await ticketWorld(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Ticket/Export',
      headers: { authorization: `Bearer ${w.agent.token}`, 'auth-token': ctx.newAuthToken() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('Ticket.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Tickets']);
  });
});

describe('the generic calls on tickets', () => {
  it('answers the first page of 20, with totalExact and actions, to a Query without a body', async () => {
    const w = await ticketWorld(ctx);
    await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Ticket/Query',
      headers: { authorization: `Bearer ${w.agent.token}`, 'auth-token': ctx.newAuthToken() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = (JSON.parse(response.body) as { data: TicketPage }).data;
    expect(page.totalExact).toBe(true);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(20);
    expect(page.items[0]!.actions.length).toBeGreaterThan(0);
  });

  it('takes back a keyword search row (names, rank, actions) on Update', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const [row] = (await query(w.agent.token, { keyword: t.caseNumber })).items;
    expect(row).toMatchObject({ id: t.id, rank: expect.any(Number), actions: expect.any(Array) });
    const saved = await update(w.agent.token, { ...row, subject: 'Saved from the list' });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data).toMatchObject({ id: t.id, subject: 'Saved from the list' });
  });
});

describe('reference data in use', () => {
  it('refuses to delete a company, project or category a ticket uses, with the click-Ok text', async () => {
    const boss = await admin(ctx);
    const w = await ticketWorld(ctx);
    await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId });
    for (const [resource, id, label] of [
      ['Company', w.companyId, 'company'],
      ['Project', w.projectId, 'project'],
      ['Category', w.categoryId, 'category'],
    ] as const) {
      const refused = await ctx.call('POST', `/api/${resource}/Delete/${id}`, { token: boss.token });
      expect(refused.status, refused.raw).toBe(409);
      expect(refused.body.resultMsg).toBe(ticketMessages.inUse(label, 1));
      expect(refused.body.resultMsg).toContain('Click Ok to cancel');
    }
    const unused = await createCategory(ctx, { projects: [w.projectId] });
    expect((await ctx.call('POST', `/api/Category/Delete/${unused}`, { token: boss.token })).status).toBe(200);
  });

  it('saves projects with companies and categories with projects and a default assignee', async () => {
    const boss = await admin(ctx);
    const company = await ctx.call('POST', '/api/Company/Add', {
      token: boss.token,
      body: { code: 'ACME', name: 'Acme' },
    });
    expect(company.status, company.raw).toBe(200);
    const companyId = (company.body.data as { id: number }).id;
    const added = await ctx.call('POST', '/api/Project/Add', {
      token: boss.token,
      body: { projectCode: 'P-1', projectName: 'One', companyIds: [companyId], activeAt: '2026-01-01' },
    });
    expect(added.status, added.raw).toBe(200);
    const projectId = (added.body.data as { id: number }).id;
    const detail = await ctx.call('GET', `/api/Project/Detail/${projectId}`, { token: boss.token });
    expect(detail.body.data).toMatchObject({ companyIds: [companyId], companies: [{ code: 'ACME' }] });
    const byCompany = await ctx.call('POST', '/api/Project/Query', { token: boss.token, body: { companyId } });
    expect((byCompany.body.data as { total: number }).total).toBe(1);
    const cat = await ctx.call('POST', '/api/Category/Add', {
      token: boss.token,
      body: { categoryCode: 'C-1', categoryDescription: 'One', projectIds: [projectId], newTicketAssignee: boss.id },
    });
    expect(cat.status, cat.raw).toBe(200);
    const catDetail = await ctx.call('GET', `/api/Category/Detail/${(cat.body.data as { id: number }).id}`, {
      token: boss.token,
    });
    expect(catDetail.body.data).toMatchObject({ projectIds: [projectId], newTicketAssignee: boss.id });
    const badProject = await ctx.call('POST', '/api/Category/Add', {
      token: boss.token,
      body: { categoryCode: 'C-2', categoryDescription: 'Two', projectIds: [99999] },
    });
    expect(badProject.status).toBe(400);
    const staffOnly = await staff(ctx, [projectId]);
    expect(
      (await ctx.call('POST', '/api/Company/Add', { token: staffOnly.token, body: { code: 'X', name: 'X' } })).status,
    ).toBe(403);
  });
});

describe('form options', () => {
  it("offer a staff member only their active projects and those projects' categories", async () => {
    const w = await ticketWorld(ctx);
    const otherProject = await createProject(ctx);
    const otherCategory = await createCategory(ctx, { projects: [otherProject], assignee: w.agent.id });
    const response = await ctx.call('GET', '/api/Ticket/FormOptions', { token: w.agent.token });
    expect(response.status, response.raw).toBe(200);
    const options = response.body.data as {
      projects: { id: number; companyIds: number[] }[];
      categories: { id: number; projectIds: number[]; newTicketAssignee: number | null }[];
      companies: { id: number }[];
      users: { id: number; name: string }[];
    };
    expect(options.projects).toEqual([expect.objectContaining({ id: w.projectId, companyIds: [w.companyId] })]);
    expect(options.categories).toEqual([
      expect.objectContaining({ id: w.categoryId, projectIds: [w.projectId], newTicketAssignee: w.agent.id }),
    ]);
    expect(options.categories.some((c) => c.id === otherCategory)).toBe(false);
    expect(options.companies.map((c) => c.id)).toContain(w.companyId);
    expect(options.users.map((u) => u.id)).toContain(w.agent.id);

    const boss = await admin(ctx);
    const all = (await ctx.call('GET', '/api/Ticket/FormOptions', { token: boss.token })).body.data as typeof options;
    expect(all.projects.map((p) => p.id)).toEqual(expect.arrayContaining([w.projectId, otherProject]));

    const outsider = await staff(ctx, [w.projectId], ['ticket:create']);
    expect((await ctx.call('GET', '/api/Ticket/FormOptions', { token: outsider.token })).status).toBe(403);
  });
});
