import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketBatchCap, type TicketOutcome } from '@casedesk/shared';
import { rowsOf } from '../../platform/db.js';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { addTicket, staffPermissions, ticketWorld } from '../../../test/ticket-factories.js';
import { ticketHistory } from './ticket.table.js';

// Bulk edit (contract section 20, docs/contract-tickets.md "Bulk edit"): one transaction per ticket, an outcome each.

const ctx = useTestApp();

async function batchUpdate(token: string, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/Ticket/BatchUpdate', { token, body });
}
const get = async (token: string, id: number) =>
  (await ctx.call('GET', `/api/Ticket/Get/${id}`, { token })).body.data as Record<string, unknown>;

describe('Ticket/BatchUpdate', () => {
  it('changes each ticket on its own: the visible one changes, the unseen one is not found, a refused one keeps all', async () => {
    const w = await ticketWorld(ctx);
    const other = await ticketWorld(ctx);
    // The caller reads Chinese: the refusals come in it.
    const user = await createUser(ctx, {
      permissions: staffPermissions,
      projects: [w.projectId],
      values: { language: 'zh-cn' },
    });
    const token = (await signIn(ctx, user)).token;
    const open = await addTicket(ctx, token, { projectId: w.projectId, categoryId: w.categoryId });
    const unseen = await addTicket(ctx, other.agent.token, {
      projectId: other.projectId,
      categoryId: other.categoryId,
    });
    const cancelled = await addTicket(ctx, token, { projectId: w.projectId, categoryId: w.categoryId, tags: ['old'] });
    expect(
      (await ctx.call('POST', '/api/Ticket/BatchStatus', { token, body: { ids: [cancelled.id], status: 'Cancelled' } }))
        .status,
    ).toBe(200);
    const cancelledBefore = await get(token, cancelled.id);

    const response = await batchUpdate(token, {
      ids: [cancelled.id, unseen.id, open.id],
      set: { priority: 'High', tags: ['bulk', 'Night'], ticketType: 'Incident' },
    });
    expect(response.status, response.raw).toBe(200);
    const outcomes = response.body.data as TicketOutcome[];
    // In the order asked; the unseen ticket's case number is not told.
    expect(outcomes.map((o) => [o.ticketId, o.ok])).toEqual([
      [cancelled.id, false],
      [unseen.id, false],
      [open.id, true],
    ]);
    expect(outcomes[0]).toMatchObject({ caseNumber: cancelled.caseNumber, messageKey: 'ticket.cancelledIsFinal' });
    expect(outcomes[0]!.message).toMatch(/取消/);
    expect(outcomes[1]).toMatchObject({ caseNumber: null, messageKey: 'common.notFound' });
    expect(outcomes[2]).toMatchObject({ caseNumber: open.caseNumber, message: null });

    expect(await get(token, open.id)).toMatchObject({
      priority: 'High',
      tags: ['bulk', 'night'],
      ticketType: 'Incident',
    });
    // Through Update's path: one history entry naming the changed fields.
    const [entry] = await ctx.db
      .select()
      .from(ticketHistory)
      .where(eq(ticketHistory.ticketId, open.id))
      .orderBy(sql`${ticketHistory.id} desc`)
      .limit(1);
    expect(Object.keys(entry!.changes as object).sort()).toEqual(['priority', 'tags', 'ticketType']);
    // Nothing half-written on the refused ticket, nothing at all on the unseen one.
    expect(await get(token, cancelled.id)).toEqual(cancelledBefore);
    expect(await get(other.agent.token, unseen.id)).toMatchObject({
      priority: 'Medium',
      rowVersion: unseen.rowVersion,
    });
  });

  it('judges each ticket by its own state: a status move one ticket may make and another may not', async () => {
    const w = await ticketWorld(ctx);
    const a = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const b = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    await ctx.call('POST', '/api/Ticket/BatchStatus', {
      token: w.agent.token,
      body: { ids: [b.id], status: 'Cancelled' },
    });
    const outcomes = (await batchUpdate(w.agent.token, { ids: [a.id, b.id], set: { status: 'InProgress' } })).body
      .data as TicketOutcome[];
    expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(await get(w.agent.token, a.id)).toMatchObject({ status: 'InProgress', rowVersion: a.rowVersion + 1 });
  });

  it('refuses fields a bulk edit does not take, an empty change, and ids with a query', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const headers = { 'message-keys': '1' };
    for (const body of [
      { ids: [t.id], set: { subject: 'Renamed' } },
      { ids: [t.id], set: { rowVersion: 1 } },
      { ids: [t.id], set: {} },
      { ids: [t.id], set: { status: 'Sleeping' } },
      { ids: [t.id], query: { projectId: w.projectId }, set: { priority: 'Low' } },
      { set: { priority: 'Low' } },
    ]) {
      const refused = await ctx.call('POST', '/api/Ticket/BatchUpdate', { token: w.agent.token, body, headers });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.resultMsg).not.toMatch(/Invalid input|expected|Unrecognized/i);
    }
    expect(await get(w.agent.token, t.id)).toMatchObject({ subject: 'Printer', priority: 'Medium' });
  });

  it('without ticket:edit the call is refused whole', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const reader = await createUser(ctx, { permissions: ['ticket:view'], projects: [w.projectId] });
    const token = (await signIn(ctx, reader)).token;
    expect((await batchUpdate(token, { ids: [t.id], set: { priority: 'Low' } })).status).toBe(403);
  });

  it('changes all the tickets a filter finds under the caller visibility, and refuses more than the cap', async () => {
    const w = await ticketWorld(ctx);
    const tag = `q${randomBytes(3).toString('hex')}`;
    const mine = [];
    for (let i = 0; i < 3; i++)
      mine.push(await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId, tags: [tag] }));
    // The same tag on a ticket the caller does not see: not found by the filter, so not touched.
    const other = await ticketWorld(ctx);
    const hidden = await addTicket(ctx, other.agent.token, { projectId: other.projectId, tags: [tag] });
    const response = await batchUpdate(w.agent.token, { query: { tags: [tag] }, set: { priority: 'Low' } });
    expect(response.status, response.raw).toBe(200);
    const outcomes = response.body.data as TicketOutcome[];
    expect(outcomes.map((o) => o.ticketId).sort()).toEqual(mine.map((t) => t.id).sort());
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(await get(other.agent.token, hidden.id)).toMatchObject({ priority: 'Medium' });

    await ctx.db.execute(sql`insert into ticket (case_number, subject, status, priority, project_id, ticket_from)
      select 'BULK-' || g, 'Bulk', 'New', 'Low', ${w.projectId}, 'Web' from generate_series(1, ${ticketBatchCap + 1}) g`);
    const tooMany = await ctx.call('POST', '/api/Ticket/BatchUpdate', {
      token: w.agent.token,
      body: { query: { projectId: w.projectId }, set: { priority: 'High' } },
      headers: { 'message-keys': '1' },
    });
    expect(tooMany.status, tooMany.raw).toBe(400);
    expect(tooMany.body).toMatchObject({ messageKey: 'ticketBatch.tooMany' });
    const [counted] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ticket where project_id = ${w.projectId} and priority = 'High'`,
    );
    expect(counted?.n).toBe(0);
  });
});
