import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TicketDetail } from '@casedesk/shared';
import { rowsOf } from '../../platform/db.js';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { plainMail, uniqueId } from '../../../test/mail-fixtures.js';
import { addTicket, admin, staff, staffPermissions, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { approver, chain, end, publishWorkflow, start, workflowCall } from '../../../test/workflow-factories.js';
import { email, mailAccount } from '../email/email.table.js';
import { receiveMail } from '../email/email-thread.service.js';
import { storedFile } from '../file/index.js';
import { ticket, ticketComment, ticketMerge, ticketSlaHold } from './ticket.table.js';

// Merge, unmerge and split (contract section 20).

const ctx = useTestApp();
const keyed = { 'message-keys': '1' };

const call = (token: string, path: string, body: unknown, headers: Record<string, string> = keyed) =>
  ctx.call('POST', `/api/Ticket/${path}`, { token, body, headers });
const detail = async (token: string, id: number) =>
  (await ctx.call('GET', `/api/Ticket/Detail/${id}`, { token })).body.data as TicketDetail;
const comment = async (token: string, ticketId: number, text: string, isPublic = false) => {
  const response = await ctx.call('POST', '/api/TicketComment/Add', {
    token,
    body: { ticketId, comment: `<p>${text}</p>`, public: isPublic },
  });
  expect(response.status, response.raw).toBe(200);
  return (response.body.data as { id: number }).id;
};

/** A file the agent uploaded, not yet on any record (as the upload call leaves it). */
async function uploadedFile(agent: Staff, name: string) {
  const [row] = await ctx.db
    .insert(storedFile)
    .values({
      path: `test/${randomBytes(4).toString('hex')}`,
      name,
      ext: 'txt',
      size: 3,
      fileUrl: '',
      fileType: 'text/plain',
      sha256: 'x',
      createdBy: agent.id,
    })
    .returning({ id: storedFile.id });
  return row!.id;
}

/** A mail of the ticket, as the fetch or the outbox leaves it. */
async function mailOn(ticketId: number, messageId: string, commentId: number | null = null) {
  const [row] = await ctx.db
    .insert(email)
    .values({ direction: 'In', status: 'Received', subject: 'Re', messageId, ticketId, commentId })
    .returning({ id: email.id });
  return row!.id;
}

/** Everything a merge may touch of these tickets, as full rows: Unmerge must give back exactly this. */
async function snapshot(ids: number[]) {
  // Bookkeeping of the writes themselves (who saved last, the version counter) moves on; everything else returns.
  const tickets = await rowsOf<Record<string, unknown>>(
    ctx.db,
    sql`select * from ticket where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
  );
  for (const t of tickets) for (const k of ['row_version', 'modified_at', 'modified_by']) delete t[k];
  return {
    tickets,
    comments: await ctx.db
      .select()
      .from(ticketComment)
      .where(inArray(ticketComment.ticketId, ids))
      .orderBy(asc(ticketComment.id)),
    files: await ctx.db.select().from(storedFile).where(inArray(storedFile.ownerId, ids)).orderBy(asc(storedFile.id)),
    mails: await ctx.db.select().from(email).where(inArray(email.ticketId, ids)).orderBy(asc(email.id)),
    holds: await ctx.db
      .select()
      .from(ticketSlaHold)
      .where(inArray(ticketSlaHold.ticketId, ids))
      .orderBy(asc(ticketSlaHold.id)),
  };
}

async function world() {
  const w = await ticketWorld(ctx);
  const add = (body: Record<string, unknown> = {}) =>
    addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId, ...body });
  return { ...w, add };
}

describe('Ticket/Merge and Ticket/Unmerge', () => {
  it('moves comments, files, mails and links to the target; Unmerge leaves every ticket as it was', async () => {
    const w = await world();
    const token = w.agent.token;
    // A service level that waits on the customer while Pending: the merge stops the source's clock, Unmerge restarts it.
    const boss = await admin(ctx);
    const calendar = await ctx.call('POST', '/api/SlaCalendar/Add', {
      token: boss.token,
      body: {
        name: `All week ${w.projectId}`,
        timeZone: 'UTC',
        workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' })),
      },
    });
    const policy = await ctx.call('POST', '/api/SlaPolicy/Add', {
      token: boss.token,
      body: {
        name: `Merge policy ${w.projectId}`,
        calendarId: (calendar.body.data as { id: number }).id,
        conditions: [{ field: 'projectId', op: 'eq', value: w.projectId }],
        firstResponseMinutes: 60,
        resolutionMinutes: 480,
        pauseStatuses: ['Pending'],
        warnBeforeMinutes: 30,
      },
    });
    expect(policy.status, policy.raw).toBe(200);
    const target = await w.add({ subject: 'VPN down', customerEmail: 'ann@customer.example' });
    await comment(token, target.id, 'Target note');
    const fileId = await uploadedFile(w.agent, 'log.txt');
    const source = await w.add({
      subject: 'VPN broken again',
      customerEmail: 'ann@customer.example',
      attachments: [fileId],
    });
    const c1 = await comment(token, source.id, 'Tried a restart', true);
    const c2 = await comment(token, source.id, 'Internal: router logs');
    const mailId = await mailOn(source.id, uniqueId(), c1);
    const pending = await ctx.call('POST', '/api/Ticket/Update', {
      token,
      body: { id: source.id, rowVersion: (await detail(token, source.id)).rowVersion, status: 'Pending' },
    });
    expect(pending.status, pending.raw).toBe(200);
    const child = await w.add({ subject: 'Follow-up', parentTicket: source.id });
    const ids = [target.id, source.id, child.id];
    const before = await snapshot(ids);
    expect(before.holds.filter((h) => h.ticketId === source.id && h.endedAt === null)).toHaveLength(1);
    expect(before.tickets.find((t) => t.id === source.id)).toMatchObject({ sla_paused_since: expect.anything() });
    const outgoing = async () => {
      const [row] = await rowsOf<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from email where direction = 'Out'`,
      );
      return row!.n;
    };
    const sentBefore = await outgoing();

    const merged = await call(token, 'Merge', { sourceIds: [source.id], targetId: target.id });
    expect(merged.status, merged.raw).toBe(200);
    expect(merged.body.data).toEqual({ targetId: target.id, sourceIds: [source.id] });

    const s = await detail(token, source.id);
    expect(s).toMatchObject({ status: 'Merged', mergedIntoId: target.id, attachments: [] });
    // Its clock stopped as a final status stops it, and its span of waiting ended.
    expect(s.sla?.resolvedAt).toEqual(expect.any(String));
    expect((await snapshot([source.id])).holds.every((h) => h.endedAt !== null)).toBe(true);
    // ... yet it was not resolved: the service-level report does not count it as a resolution.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await ctx.call('POST', '/api/Ticket/SlaReport', {
      token,
      body: { from: day(-1), to: day(1), projectId: w.projectId },
    });
    expect(report.body.data).toMatchObject({ total: { tickets: 3, resolutionMeasured: 0 } });
    expect(s.mergedInto).toMatchObject({ id: target.id, caseNumber: target.caseNumber });
    expect(s.actions).toEqual(expect.arrayContaining(['view', 'unmerge']));
    expect(s.actions).not.toContain('edit');
    expect(s.actions).not.toContain('comment');
    const t = await detail(token, target.id);
    expect(t.attachments).toEqual([fileId]);
    expect(t.files.map((f) => f.fileId)).toEqual([fileId]);
    expect(t.children.map((c) => c.id)).toEqual([child.id]);
    const onTarget = await ctx.db
      .select({ id: ticketComment.id })
      .from(ticketComment)
      .where(eq(ticketComment.ticketId, target.id));
    expect(onTarget.map((c) => c.id)).toEqual(expect.arrayContaining([c1, c2]));
    const [mail] = await ctx.db.select({ ticketId: email.ticketId }).from(email).where(eq(email.id, mailId));
    expect(mail!.ticketId).toBe(target.id);
    // The moved comments are found by the target's search.
    const found = await ctx.call('POST', '/api/Ticket/Query', {
      token,
      body: { keyword: 'router', page: 1, pageSize: 10 },
    });
    expect((found.body.data as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([target.id]);
    // Both timelines say what happened; nobody was mailed.
    const timeline = async (id: number) =>
      (await ctx.call('GET', `/api/Ticket/Timeline/${id}`, { token })).body.data as {
        changes: { field: string; to: unknown }[];
      }[];
    expect((await timeline(source.id)).flatMap((e) => e.changes)).toContainEqual(
      expect.objectContaining({ field: 'mergedInto', to: target.caseNumber }),
    );
    expect((await timeline(target.id)).flatMap((e) => e.changes)).toContainEqual(
      expect.objectContaining({ field: 'mergedFrom', to: source.caseNumber }),
    );
    expect(await outgoing()).toBe(sentBefore);
    const [audit] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from audit_log where entity = 'Ticket' and entity_id = ${source.id}`,
    );
    expect(audit!.n).toBe(1);

    // A merged ticket is final until unmerged: no edit, no comment.
    const edit = await ctx.call('POST', '/api/Ticket/Update', {
      token,
      body: { id: source.id, rowVersion: s.rowVersion, priority: 'High' },
      headers: keyed,
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ messageKey: 'ticketMerge.mergedIsFinal' });
    const late = await ctx.call('POST', '/api/TicketComment/Add', {
      token,
      body: { ticketId: source.id, comment: '<p>late</p>', public: false },
      headers: keyed,
    });
    expect(late.body).toMatchObject({ messageKey: 'ticketMerge.mergedIsFinal' });

    const unmerged = await call(token, 'Unmerge', { id: source.id });
    expect(unmerged.status, unmerged.raw).toBe(200);
    expect(await snapshot(ids)).toEqual(before);
    expect(await outgoing()).toBe(sentBefore);
    expect((await detail(token, source.id)).mergedInto).toBeNull();
    // Taken back once: a second Unmerge has nothing to take back.
    const again = await call(token, 'Unmerge', { id: source.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ messageKey: 'ticketMerge.notMerged' });
  });

  it('merges several sources at once and follows a chain of merges', async () => {
    const w = await world();
    const [a, b, c, d] = [await w.add(), await w.add(), await w.add(), await w.add()];
    await comment(w.agent.token, a.id, 'from a');
    expect((await call(w.agent.token, 'Merge', { sourceIds: [a.id, b.id], targetId: c.id })).status).toBe(200);
    expect((await call(w.agent.token, 'Merge', { sourceIds: [c.id], targetId: d.id })).status).toBe(200);
    const rows = await ctx.db
      .select({ id: ticket.id, status: ticket.status, into: ticket.mergedIntoId })
      .from(ticket)
      .where(inArray(ticket.id, [a.id, b.id, c.id]))
      .orderBy(asc(ticket.id));
    expect(rows).toEqual([
      { id: a.id, status: 'Merged', into: c.id },
      { id: b.id, status: 'Merged', into: c.id },
      { id: c.id, status: 'Merged', into: d.id },
    ]);
    // a's comment went on with c into d: a's merge can no longer be taken back whole.
    const refused = await call(w.agent.token, 'Unmerge', { id: a.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'ticketMerge.targetGone' });
    // Undone in order, it is.
    expect((await call(w.agent.token, 'Unmerge', { id: c.id })).status).toBe(200);
    expect((await call(w.agent.token, 'Unmerge', { id: a.id })).status).toBe(200);
    const [back] = await ctx.db.select({ status: ticket.status }).from(ticket).where(eq(ticket.id, a.id));
    expect(back!.status).toBe(a.status);
  });

  it('refuses, worded in the reader language: into itself, an already merged source, a closed target', async () => {
    const w = await world();
    const reader = await createUser(ctx, {
      permissions: staffPermissions,
      projects: [w.projectId],
      values: { language: 'zh-cn' },
    });
    const token = (await signIn(ctx, reader)).token;
    const [a, b, closed] = [await w.add(), await w.add(), await w.add()];
    const self = await call(token, 'Merge', { sourceIds: [a.id], targetId: a.id });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ messageKey: 'ticketMerge.intoItself', resultMsg: '工单不能合并到自身。' });
    for (const status of ['Resolved', 'Closed']) await call(w.agent.token, 'BatchStatus', { ids: [closed.id], status });
    const toClosed = await call(token, 'Merge', { sourceIds: [a.id], targetId: closed.id });
    expect(toClosed.status).toBe(409);
    expect(toClosed.body).toMatchObject({ messageKey: 'ticketMerge.targetNotOpen' });
    expect(toClosed.body.resultMsg).toContain(closed.caseNumber);
    expect(toClosed.body.resultMsg).toContain('已关闭');
    expect((await call(token, 'Merge', { sourceIds: [a.id], targetId: b.id })).status).toBe(200);
    const twice = await call(token, 'Merge', { sourceIds: [a.id], targetId: b.id });
    expect(twice.body).toMatchObject({ messageKey: 'ticketMerge.alreadyMerged' });
    const intoMerged = await call(token, 'Merge', { sourceIds: [b.id], targetId: a.id });
    expect(intoMerged.body).toMatchObject({ messageKey: 'ticketMerge.targetNotOpen' });
    // Merged is no status a person sets.
    const set = await call(token, 'BatchStatus', { ids: [b.id], status: 'Merged' });
    expect(set.status).toBe(400);
    // Nor is it submitted for approval: its work goes on in the target.
    const boss = await admin(ctx);
    await publishWorkflow(ctx, chain(start(), approver('a', [boss.id]), end()), { projectId: w.projectId });
    const approval = await workflowCall(ctx, { token }, 'WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: a.id,
    });
    expect(approval.status, approval.raw).toBe(400);
    expect(approval.body.resultMsg).toBe('已合并的工单不能更改；请先撤销合并。');
    // The target holds the merged ticket's conversation: it is not deleted from under it.
    const del = await ctx.call('POST', `/api/Ticket/Delete/${b.id}`, { token, headers: keyed });
    expect(del.body).toMatchObject({ messageKey: 'ticketMerge.hasMergedTickets' });
  });

  it('who may not: a ticket the caller may not see, or no right to edit, refuses and changes nothing', async () => {
    const w = await world();
    const other = await world();
    const mine = await w.add();
    const theirs = await other.add();
    const before = await snapshot([mine.id, theirs.id]);
    // w's agent does not see the other project's ticket: as if it did not exist, either way round.
    expect((await call(w.agent.token, 'Merge', { sourceIds: [theirs.id], targetId: mine.id })).status).toBe(404);
    expect((await call(w.agent.token, 'Merge', { sourceIds: [mine.id], targetId: theirs.id })).status).toBe(404);
    // Sees both, may not change them.
    const viewer = await staff(ctx, [w.projectId, other.projectId], ['ticket:view']);
    expect((await call(viewer.token, 'Merge', { sourceIds: [theirs.id], targetId: mine.id })).status).toBe(403);
    expect((await call(viewer.token, 'Split', { id: mine.id, commentIds: [1] })).status).toBe(403);
    expect(await snapshot([mine.id, theirs.id])).toEqual(before);

    // Merged by someone who sees both; Unmerge by one who sees only the source is refused too.
    const both = await staff(ctx, [w.projectId, other.projectId]);
    expect((await call(both.token, 'Merge', { sourceIds: [mine.id], targetId: theirs.id })).status).toBe(200);
    const merged = await snapshot([mine.id, theirs.id]);
    expect((await call(w.agent.token, 'Unmerge', { id: mine.id })).status).toBe(404);
    expect((await call(viewer.token, 'Unmerge', { id: mine.id })).status).toBe(403);
    expect(await snapshot([mine.id, theirs.id])).toEqual(merged);
    // The banner of one who cannot see the target names no ticket.
    expect((await detail(w.agent.token, mine.id)).mergedInto).toBeNull();
  });

  it('takes a merge back within 30 days only', async () => {
    const w = await world();
    const [a, b, c] = [await w.add(), await w.add(), await w.add()];
    expect((await call(w.agent.token, 'Merge', { sourceIds: [a.id, b.id], targetId: c.id })).status).toBe(200);
    const back = (days: number, id: number) =>
      ctx.db
        .update(ticket)
        .set({ mergedAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(ticket.id, id));
    await back(29, a.id);
    await back(31, b.id);
    expect((await detail(w.agent.token, b.id)).actions).not.toContain('unmerge');
    const late = await call(w.agent.token, 'Unmerge', { id: b.id });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ messageKey: 'ticketMerge.unmergeExpired', messageValues: { days: 30 } });
    expect((await call(w.agent.token, 'Unmerge', { id: a.id })).status).toBe(200);
    const [record] = await ctx.db.select().from(ticketMerge).where(eq(ticketMerge.sourceId, a.id));
    expect(record!.unmergedAt).not.toBeNull();
  });
});

describe('A mail reply to a merged ticket', () => {
  it('lands on the ticket it was merged into, through a chain of merges', async () => {
    const w = await world();
    const [account] = await ctx.db
      .insert(mailAccount)
      .values({
        name: 'Desk',
        address: 'desk@casedesk.example',
        account: 'desk',
        passwordEncrypted: 'x',
        smtpHost: 'localhost',
        smtpPort: 25,
        defaultProjectId: w.projectId,
        defaultCategoryId: w.categoryId,
      })
      .returning();
    const receive = (raw: Buffer) =>
      receiveMail(
        { db: ctx.db, dataDir: ctx.config.dataDir, caseNumberPrefix: 'TCK', timeZone: 'UTC' },
        account!,
        raw,
        null,
      );
    const source = await w.add({ customerEmail: 'bea@customer.example' });
    const middle = await w.add();
    const target = await w.add();
    const customerMail = uniqueId();
    await mailOn(source.id, customerMail);
    expect((await call(w.agent.token, 'Merge', { sourceIds: [source.id], targetId: middle.id })).status).toBe(200);
    expect((await call(w.agent.token, 'Merge', { sourceIds: [middle.id], targetId: target.id })).status).toBe(200);

    const byReference = await receive(
      plainMail({
        from: 'bea@customer.example',
        subject: 'Re: still broken',
        body: 'Still broken by reference',
        headers: { 'In-Reply-To': customerMail },
      }),
    );
    const bySubject = await receive(
      plainMail({ from: 'bea@customer.example', subject: `Re: ${source.caseNumber}`, body: 'Still broken by subject' }),
    );
    for (const outcome of [byReference, bySubject]) {
      expect(outcome).toMatchObject({ kind: 'stored', status: 'Received' });
      const [row] = await ctx.db
        .select({ ticketId: email.ticketId, commentId: email.commentId })
        .from(email)
        .where(eq(email.id, (outcome as { emailId: number }).emailId));
      expect(row!.ticketId).toBe(target.id);
      const [made] = await ctx.db
        .select({ ticketId: ticketComment.ticketId })
        .from(ticketComment)
        .where(eq(ticketComment.id, row!.commentId!));
      expect(made!.ticketId).toBe(target.id);
    }
    const [onSource] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ticket_comment where ticket_id in (${source.id}, ${middle.id})`,
    );
    expect(onSource!.n).toBe(0);
  });
});

describe('Ticket/Split', () => {
  it('makes a new ticket of the chosen comments (with their mails), linked to the source', async () => {
    const w = await world();
    const reader = await createUser(ctx, {
      permissions: staffPermissions,
      projects: [w.projectId],
      values: { language: 'zh-tw' },
    });
    const token = (await signIn(ctx, reader)).token;
    const source = await w.add({
      subject: 'Two problems',
      customerEmail: 'cy@customer.example',
      companyId: w.companyId,
      priority: 'High',
    });
    const keep = await comment(token, source.id, 'About the printer');
    const move1 = await comment(token, source.id, 'About the scanner', true);
    const move2 = await comment(token, source.id, 'Scanner driver');
    const mailId = await mailOn(source.id, uniqueId(), move1);
    const foreign = await comment(token, (await w.add()).id, 'elsewhere');

    for (const [commentIds, key] of [
      [[], 'ticketMerge.commentsRequired'],
      [[move1, foreign], 'ticketMerge.commentUnknown'],
      [[move1, 2_000_000_000], 'ticketMerge.commentUnknown'],
    ] as const) {
      const refused = await call(token, 'Split', { id: source.id, commentIds });
      expect(refused.status, refused.raw).toBe(400);
      expect(refused.body).toMatchObject({ messageKey: key });
    }

    // Mails to the customer (the assignee is told of the new ticket as of any assignment).
    const sent = async () => {
      const [row] = await rowsOf<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from email where direction = 'Out' and 'cy@customer.example' = any(to_addresses)`,
      );
      return row!.n;
    };
    const sentBefore = await sent();
    const split = await call(token, 'Split', { id: source.id, commentIds: [move2, move1] });
    expect(split.status, split.raw).toBe(200);
    const made = split.body.data as { id: number; caseNumber: string };
    const d = await detail(token, made.id);
    expect(d).toMatchObject({
      subject: `拆分自 ${source.caseNumber}：Two problems`,
      customerEmail: 'cy@customer.example',
      companyId: w.companyId,
      projectId: w.projectId,
      categoryId: w.categoryId,
      priority: 'High',
      assignTo: w.agent.id,
      parentTicket: source.id,
    });
    expect((await detail(token, source.id)).children.map((c) => c.id)).toEqual([made.id]);
    const comments = await ctx.db
      .select({ id: ticketComment.id, ticketId: ticketComment.ticketId })
      .from(ticketComment)
      .where(inArray(ticketComment.id, [keep, move1, move2]))
      .orderBy(asc(ticketComment.id));
    expect(comments).toEqual([
      { id: keep, ticketId: source.id },
      { id: move1, ticketId: made.id },
      { id: move2, ticketId: made.id },
    ]);
    const [mail] = await ctx.db.select({ ticketId: email.ticketId }).from(email).where(eq(email.id, mailId));
    expect(mail!.ticketId).toBe(made.id);
    // Not a new request from the customer: no acknowledgement mail.
    expect(await sent()).toBe(sentBefore);
  });
});
