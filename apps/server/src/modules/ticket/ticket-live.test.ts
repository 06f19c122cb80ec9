import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketChangedEvent, TicketPresenceEvent } from '@casedesk/shared';
import { useTestApp, useTwoApps, type TestContext } from '../../../test/helpers.js';
import { addTicket, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { openStream, type StreamEvent } from '../../../test/sse-client.js';
import { ticketPresence } from './ticket.table.js';

// Contract section 20, "Live": ticket.changed and ticket.presence on the notification stream, over real HTTP.

const ctx = useTestApp();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

const changedOf = (id: number, rowVersion?: number) => (e: StreamEvent) =>
  e.event === 'ticket.changed' &&
  (e.data as TicketChangedEvent).id === id &&
  (rowVersion === undefined || (e.data as TicketChangedEvent).rowVersion === rowVersion);
const changedIds = (events: StreamEvent[]) =>
  events.filter((e) => e.event === 'ticket.changed').map((e) => (e.data as TicketChangedEvent).id);

async function update(c: TestContext, who: Staff, id: number, rowVersion: number, body: Record<string, unknown>) {
  const response = await c.call('POST', '/api/Ticket/Update', { token: who.token, body: { id, rowVersion, ...body } });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as { rowVersion: number };
}

async function presence(who: Staff, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/Ticket/Presence', { token: who.token, body, headers: { 'message-keys': '1' } });
}
const presenceWith = (ticketId: number, users: { id: number; editing: boolean }[]) => (e: StreamEvent) =>
  e.event === 'ticket.presence' &&
  (e.data as TicketPresenceEvent).ticketId === ticketId &&
  JSON.stringify(
    (e.data as TicketPresenceEvent).users.map(({ id, editing }) => ({ id, editing })).sort((a, b) => a.id - b.id),
  ) === JSON.stringify([...users].sort((a, b) => a.id - b.id));

/**
 * Waits until every change committed so far has been announced to this process, so that a stream opened next hears
 * only what comes after (a ticket created just before would otherwise be announced to it now and then, depending on
 * when the notification arrives): NOTIFY keeps commit order, so once a later change of a ticket of its own is heard,
 * all before it were handled.
 */
async function liveSettled(c: TestContext, url: string, who: Staff, projectId: number, categoryId: number) {
  const marker = await addTicket(c, who.token, { projectId, categoryId });
  const stream = await openStream(c, url, who.token);
  await stream.next((e) => e.event === 'unread');
  const saved = await update(c, who, marker.id, marker.rowVersion, { subject: 'Marker' });
  await stream.next(changedOf(marker.id, saved.rowVersion));
  await stream.close();
}

describe('ticket.changed: only tickets the reader may see', () => {
  it('announces a change from Update, a comment and a new ticket to readers who see them, never to others', async () => {
    const w = await ticketWorld(ctx);
    const elsewhere = await ticketWorld(ctx);
    const colleague = await staff(ctx, [w.projectId]);
    const noView = await staff(ctx, [w.projectId], ['ticket:create']);
    const mine = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const theirs = await addTicket(ctx, elsewhere.agent.token, {
      projectId: elsewhere.projectId,
      categoryId: elsewhere.categoryId,
    });
    const secret = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      privateTicket: true,
    });
    await liveSettled(ctx, baseUrl, w.agent, w.projectId, w.categoryId);

    const agentStream = await openStream(ctx, baseUrl, w.agent.token);
    const colleagueStream = await openStream(ctx, baseUrl, colleague.token);
    const outsiderStream = await openStream(ctx, baseUrl, elsewhere.agent.token);
    const noViewStream = await openStream(ctx, baseUrl, noView.token);
    for (const s of [agentStream, colleagueStream, outsiderStream, noViewStream])
      await s.next((e) => e.event === 'unread');

    await update(ctx, elsewhere.agent, theirs.id, theirs.rowVersion, { subject: 'Elsewhere' });
    await update(ctx, w.agent, secret.id, secret.rowVersion, { subject: 'Private matter' });
    const saved = await update(ctx, w.agent, mine.id, mine.rowVersion, { subject: 'Printer jams' });
    expect(saved.rowVersion).toBe(mine.rowVersion + 1);
    await agentStream.next(changedOf(mine.id, saved.rowVersion));
    await colleagueStream.next(changedOf(mine.id, saved.rowVersion));
    await outsiderStream.next(changedOf(theirs.id));

    // A comment changes no rowVersion; it is announced all the same (every write path: the table's trigger).
    const comment = await ctx.call('POST', '/api/TicketComment/Add', {
      token: colleague.token,
      body: { ticketId: mine.id, comment: '<p>On it</p>', public: false },
    });
    expect(comment.status, comment.raw).toBe(200);
    const created = await addTicket(ctx, colleague.token, { projectId: w.projectId, categoryId: w.categoryId });
    await agentStream.next(changedOf(created.id, 1));
    await colleagueStream.next(changedOf(created.id, 1));
    expect(changedIds(agentStream.events)).toEqual([secret.id, mine.id, mine.id, created.id]);
    // The colleague sees the project, not its private ticket; the outsider only their own project.
    expect(changedIds(colleagueStream.events)).toEqual([mine.id, mine.id, created.id]);
    // The outsider's stream saw only their own ticket; a later change there proves the others had their turn.
    await update(ctx, elsewhere.agent, theirs.id, theirs.rowVersion + 1, { subject: 'Elsewhere again' });
    await outsiderStream.next(changedOf(theirs.id, theirs.rowVersion + 2));
    expect(changedIds(outsiderStream.events)).toEqual([theirs.id, theirs.id]);
    // Without ticket:view a reader hears of no ticket, even of their own project's.
    await noViewStream.next((e) => e.event === 'unread');
    expect(changedIds(noViewStream.events)).toEqual([]);
    for (const s of [agentStream, colleagueStream, outsiderStream, noViewStream]) await s.close();
  });

  it('announces a bulk edit per ticket, and nothing of a rolled-back change', async () => {
    const w = await ticketWorld(ctx);
    const a = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const b = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    await liveSettled(ctx, baseUrl, w.agent, w.projectId, w.categoryId);
    const stream = await openStream(ctx, baseUrl, w.agent.token);
    await stream.next((e) => e.event === 'unread');
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`update ticket set subject = 'Gone', row_version = row_version + 1 where id = ${a.id}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const batch = await ctx.call('POST', '/api/Ticket/BatchUpdate', {
      token: w.agent.token,
      body: { ids: [b.id, a.id], set: { priority: 'High' } },
    });
    expect(batch.status, batch.raw).toBe(200);
    await stream.next(changedOf(a.id, 2));
    await stream.next(changedOf(b.id, 2));
    expect(changedIds(stream.events).sort()).toEqual([a.id, b.id].sort());
    await stream.close();
  });
});

describe('presence: who else has the ticket open', () => {
  it('two agents see each other, with the one typing marked; an outsider is refused; leaving and expiry drop a user', async () => {
    const w = await ticketWorld(ctx);
    const colleague = await staff(ctx, [w.projectId]);
    const outsider = await staff(ctx, []);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const agentStream = await openStream(ctx, baseUrl, w.agent.token);
    const colleagueStream = await openStream(ctx, baseUrl, colleague.token);
    const outsiderStream = await openStream(ctx, baseUrl, outsider.token);
    for (const s of [agentStream, colleagueStream, outsiderStream]) await s.next((e) => e.event === 'unread');

    const first = await presence(w.agent, { id: t.id, editing: false });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data).toEqual({
      ticketId: t.id,
      users: [{ id: w.agent.id, name: expect.any(String), editing: false }],
    });
    await agentStream.next(presenceWith(t.id, [{ id: w.agent.id, editing: false }]));

    const second = await presence(colleague, { id: t.id, editing: true });
    expect(second.status, second.raw).toBe(200);
    const both = [
      { id: w.agent.id, editing: false },
      { id: colleague.id, editing: true },
    ];
    await agentStream.next(presenceWith(t.id, both));
    await colleagueStream.next(presenceWith(t.id, both));

    // Who may not see the ticket is refused as if it did not exist, and is never on the list.
    const refused = await presence(outsider, { id: t.id, editing: true });
    expect(refused.status).toBe(404);
    expect((refused.body as unknown as { messageKey: string }).messageKey, refused.raw).toBe('common.notFound');
    const noView = await staff(ctx, [w.projectId], ['ticket:create']);
    expect((await presence(noView, { id: t.id, editing: false })).status).toBe(403);
    expect((await presence(w.agent, { id: t.id, editing: 'yes' })).status).toBe(400);

    // A row not renewed within the time-to-live no longer counts.
    await ctx.db
      .update(ticketPresence)
      .set({ seenAt: sql`now() - interval '61 seconds'` })
      .where(eq(ticketPresence.userId, w.agent.id));
    const renewed = await presence(colleague, { id: t.id, editing: false });
    expect((renewed.body.data as TicketPresenceEvent).users.map((u) => u.id)).toEqual([colleague.id]);
    await colleagueStream.next(presenceWith(t.id, [{ id: colleague.id, editing: false }]));

    await presence(w.agent, { id: t.id, editing: false });
    await colleagueStream.next(
      presenceWith(
        t.id,
        both.map((u) => ({ ...u, editing: false })),
      ),
    );
    const left = await presence(w.agent, { id: t.id, open: false });
    const heard = colleagueStream.events.length;
    expect((left.body.data as TicketPresenceEvent).users.map((u) => u.id)).toEqual([colleague.id]);

    // The stream closing takes its user off every ticket they had open.
    await presence(w.agent, { id: t.id, editing: false });
    await colleagueStream.next(
      (e) =>
        colleagueStream.events.indexOf(e) >= heard &&
        presenceWith(
          t.id,
          both.map((u) => ({ ...u, editing: false })),
        )(e),
    );
    const before = colleagueStream.events.length;
    await agentStream.close();
    while ((await ctx.db.select().from(ticketPresence).where(eq(ticketPresence.userId, w.agent.id))).length > 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await colleagueStream.next(
      (e) =>
        colleagueStream.events.indexOf(e) >= before && presenceWith(t.id, [{ id: colleague.id, editing: false }])(e),
    );
    expect(outsiderStream.events.filter((e) => e.event === 'ticket.presence')).toEqual([]);
    await colleagueStream.close();
    await outsiderStream.close();
  });
});

describe('across processes: a change made through app A reaches a stream on app B', () => {
  const { a, b, baseUrlB } = useTwoApps(ctx);

  it('delivers ticket.changed and presence on B for a write on A', async () => {
    const w = await ticketWorld(a);
    const colleague = await staff(a, [w.projectId]);
    const t = await addTicket(a, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const stream = await openStream(b, baseUrlB(), w.agent.token);
    await stream.next((e) => e.event === 'unread');
    const saved = await update(a, w.agent, t.id, t.rowVersion, { subject: 'Changed on A' });
    await stream.next(changedOf(t.id, saved.rowVersion));

    const onB = await b.call('POST', '/api/Ticket/Presence', { token: w.agent.token, body: { id: t.id } });
    expect(onB.status, onB.raw).toBe(200);
    const onA = await a.call('POST', '/api/Ticket/Presence', {
      token: colleague.token,
      body: { id: t.id, editing: true },
    });
    expect(onA.status, onA.raw).toBe(200);
    await stream.next(
      presenceWith(t.id, [
        { id: w.agent.id, editing: false },
        { id: colleague.id, editing: true },
      ]),
    );
    await stream.close();
  });
});
