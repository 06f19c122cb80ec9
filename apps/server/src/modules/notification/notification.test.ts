import { and, desc, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages, type Notification, type Page } from '@casedesk/shared';
import { createUser, signIn, useTestApp, useTwoApps, type TestContext } from '../../../test/helpers.js';
import { addTicket, staff, ticketWorld } from '../../../test/ticket-factories.js';
import { openStream, type StreamEvent } from '../../../test/sse-client.js';
import { emitDomainEvent, type DomainEvent } from '../../platform/events.js';
import { appUser } from '../user/index.js';
import { ticketComment } from '../ticket/index.js';
import { writeNotification, type NewNotification } from './notification.service.js';
import { notification } from './notification.table.js';

const ctx = useTestApp();

async function write(c: Pick<TestContext, 'db'>, input: Partial<NewNotification> & { toUserId: number }) {
  const id = await c.db.transaction((tx) =>
    writeNotification(tx, {
      msType: 'system',
      title: { key: 'ticketAssigned', values: { caseNumber: 'TCK-2026-000001' } },
      content: 'Printer',
      linkData: { path: '/ticket/info/1', entity: 'Ticket', id: 1 },
      ...input,
    }),
  );
  return id!;
}

async function signedIn(c: TestContext = ctx, values: Partial<typeof appUser.$inferInsert> = {}) {
  const user = await createUser(c, { values });
  return { ...user, token: (await signIn(c, user)).token };
}

async function query(token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/Notification/Query', { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Page<Notification>;
}

async function unread(token: string) {
  const response = await ctx.call('GET', '/api/Notification/Unread', { token });
  expect(response.status, response.raw).toBe(200);
  return (response.body.data as { unread: number }).unread;
}

describe('Notification calls: the caller’s own rows only', () => {
  it('lists own rows newest first, filters by isRead and msType, and never shows another user’s', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const first = await write(ctx, { toUserId: me.id, msType: 'ticketAssigned' });
    const second = await write(ctx, { toUserId: me.id, msType: 'ticketResolved', content: 'Scanner' });
    await write(ctx, { toUserId: other.id });

    const page = await query(me.token);
    expect(page.total).toBe(2);
    expect(page.items.map((n) => n.id)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({
      toUserId: me.id,
      isRead: false,
      readAt: null,
      title: 'Ticket TCK-2026-000001 was assigned to you',
      linkData: { path: '/ticket/info/1', entity: 'Ticket', id: 1 },
    });
    expect((await query(me.token, { msType: 'ticketResolved' })).items.map((n) => n.id)).toEqual([second]);
    expect((await query(me.token, { keyword: 'scann' })).items.map((n) => n.id)).toEqual([second]);
    expect((await query(me.token, { isRead: true })).total).toBe(0);
    expect((await query(me.token, { pageSize: 1, page: 2 })).items.map((n) => n.id)).toEqual([first]);
    expect(await unread(me.token)).toBe(2);
  });

  it('renders the title in the reader’s language, at read time', async () => {
    const me = await signedIn(ctx, { language: 'zh-cn' });
    const id = await write(ctx, { toUserId: me.id });
    const [stored] = await ctx.db.select().from(notification).where(eq(notification.id, id));
    expect(stored?.title).toBe('工单 TCK-2026-000001 已分配给您');
    expect((await query(me.token)).items[0]?.title).toBe('工单 TCK-2026-000001 已分配给您');
    await ctx.db.update(appUser).set({ language: 'zh-tw' }).where(eq(appUser.id, me.id));
    expect((await query(me.token)).items[0]?.title).toBe('工單 TCK-2026-000001 已指派給您');
  });

  it('marks own rows read by id or all; another user’s id answers 404 and marks nothing', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const a = await write(ctx, { toUserId: me.id });
    const b = await write(ctx, { toUserId: me.id });
    const c = await write(ctx, { toUserId: me.id });
    const theirs = await write(ctx, { toUserId: other.id });

    const refused = await ctx.call('POST', '/api/Notification/MarkRead', {
      token: me.token,
      body: { ids: [a, theirs] },
    });
    expect(refused.status).toBe(404);
    expect(await unread(me.token)).toBe(3);
    expect(await unread(other.token)).toBe(1);

    const marked = await ctx.call('POST', '/api/Notification/MarkRead', { token: me.token, body: { ids: [a, a] } });
    expect(marked.status, marked.raw).toBe(200);
    expect(marked.body.data).toEqual({ unread: 2 });
    const readRow = (await query(me.token, { isRead: true })).items;
    expect(readRow.map((n) => n.id)).toEqual([a]);
    expect(readRow[0]?.readAt).not.toBeNull();

    const all = await ctx.call('POST', '/api/Notification/MarkRead', { token: me.token, body: { all: true } });
    expect(all.body.data).toEqual({ unread: 0 });
    expect((await query(me.token, { isRead: false })).total).toBe(0);
    expect((await query(me.token, { isRead: true })).items.map((n) => n.id)).toEqual([c, b, a]);
    // "all" is the caller's all: the other user's row is untouched.
    expect(await unread(other.token)).toBe(1);
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await ctx.call('GET', '/api/Notification/Unread')).status).toBe(401);
    expect((await ctx.call('POST', '/api/Notification/Query', { body: {} })).status).toBe(401);
    expect((await ctx.call('POST', '/api/Notification/MarkRead', { body: { all: true } })).status).toBe(401);
  });

  it('writes nothing for a disabled user', async () => {
    const user = await createUser(ctx, { values: { status: 'Inactive' } });
    expect(
      await ctx.db.transaction((tx) =>
        writeNotification(tx, {
          toUserId: user.id,
          msType: 'system',
          title: { key: 'ticketResolved', values: { caseNumber: 'X' } },
        }),
      ),
    ).toBeUndefined();
  });
});

describe('ticket events → in-app notifications', () => {
  /** The rows an event wrote: those after the newest id before it (ticket services may emit on their own). */
  async function rowsOf(event: DomainEvent) {
    const [newest] = await ctx.db
      .select({ id: notification.id })
      .from(notification)
      .orderBy(desc(notification.id))
      .limit(1);
    const before = newest?.id ?? 0;
    await ctx.db.transaction((tx) => emitDomainEvent(tx, event));
    return ctx.db.select().from(notification).where(gt(notification.id, before)).orderBy(notification.id);
  }

  async function world() {
    const w = await ticketWorld(ctx); // the category's default assignee is w.agent
    const creator = await staff(ctx, [w.projectId]);
    const ticket = await addTicket(ctx, creator.token, { projectId: w.projectId, categoryId: w.categoryId });
    return { ...w, creator, ticket };
  }

  async function comment(ticketId: number, authorId: number | null, isPublic: boolean) {
    const [row] = await ctx.db
      .insert(ticketComment)
      .values({ ticketId, comment: '<p>Please <b>restart</b> it</p>', public: isPublic, createdBy: authorId })
      .returning({ id: ticketComment.id });
    return row!.id;
  }

  it('ticket.assigned tells the assignee, with the case number and a link to the ticket page', async () => {
    const w = await world();
    const rows = await rowsOf({
      type: 'ticket.assigned',
      ticketId: w.ticket.id,
      assigneeId: w.agent.id,
      actorId: w.creator.id,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      toUserId: w.agent.id,
      fromUserId: w.creator.id,
      msType: 'ticketAssigned',
      title: `Ticket ${w.ticket.caseNumber} was assigned to you`,
      titleKey: 'ticketAssigned',
      content: 'Printer',
      linkData: { path: `/ticket/info/${w.ticket.id}`, entity: 'Ticket', id: w.ticket.id },
    });
    // Assigning to oneself tells nobody.
    expect(
      await rowsOf({ type: 'ticket.assigned', ticketId: w.ticket.id, assigneeId: w.agent.id, actorId: w.agent.id }),
    ).toHaveLength(0);
  });

  it('ticket.commented tells the assignee and the creator, never the author; internal notes say so', async () => {
    const w = await world();
    const byCreator = await comment(w.ticket.id, w.creator.id, true);
    const rows = await rowsOf({
      type: 'ticket.commented',
      ticketId: w.ticket.id,
      commentId: byCreator,
      public: true,
      actorId: w.creator.id,
    });
    expect(rows.map((r) => r.toUserId)).toEqual([w.agent.id]);
    expect(rows[0]).toMatchObject({
      msType: 'ticketCommented',
      titleKey: 'ticketCommented',
      content: 'Please restart it',
    });
    expect(rows[0]?.title).toMatch(new RegExp(`commented on ticket ${w.ticket.caseNumber}$`));

    const third = await staff(ctx, [w.projectId]);
    const internal = await comment(w.ticket.id, third.id, false);
    const both = await rowsOf({
      type: 'ticket.commented',
      ticketId: w.ticket.id,
      commentId: internal,
      public: false,
      actorId: third.id,
    });
    expect(both.map((r) => r.toUserId).sort()).toEqual([w.agent.id, w.creator.id].sort());
    expect(both.every((r) => r.titleKey === 'ticketInternalComment')).toBe(true);
  });

  it('a customer’s comment from an e-mail tells both staff members, named by the customer', async () => {
    const w = await world();
    const fromMail = await comment(w.ticket.id, null, true);
    const rows = await rowsOf({
      type: 'ticket.commented',
      ticketId: w.ticket.id,
      commentId: fromMail,
      public: true,
      actorId: null,
      viaEmailId: 1,
    });
    expect(rows.map((r) => r.toUserId).sort()).toEqual([w.agent.id, w.creator.id].sort());
    expect(rows[0]?.fromUserId).toBeNull();
  });

  it('ticket.created tells the assignee only when the ticket came from an e-mail', async () => {
    const w = await world();
    expect(await rowsOf({ type: 'ticket.created', ticketId: w.ticket.id, actorId: w.creator.id })).toHaveLength(0);
    const rows = await rowsOf({ type: 'ticket.created', ticketId: w.ticket.id, actorId: null, viaEmailId: 7 });
    expect(rows.map((r) => [r.toUserId, r.msType, r.titleKey])).toEqual([
      [w.agent.id, 'ticketCreated', 'ticketCreatedFromEmail'],
    ]);
  });

  it('a ticket made from a mail and assigned in the same transaction tells its assignee once', async () => {
    const w = await world();
    const [newest] = await ctx.db
      .select({ id: notification.id })
      .from(notification)
      .orderBy(desc(notification.id))
      .limit(1);
    await ctx.db.transaction(async (tx) => {
      await emitDomainEvent(tx, { type: 'ticket.created', ticketId: w.ticket.id, actorId: null, viaEmailId: 9 });
      await emitDomainEvent(tx, {
        type: 'ticket.assigned',
        ticketId: w.ticket.id,
        assigneeId: w.agent.id,
        actorId: null,
      });
    });
    const rows = await ctx.db
      .select()
      .from(notification)
      .where(gt(notification.id, newest?.id ?? 0));
    expect(rows.map((r) => [r.toUserId, r.msType])).toEqual([[w.agent.id, 'ticketCreated']]);
    // A later assignment, in a transaction of its own, is told again.
    const later = await rowsOf({
      type: 'ticket.assigned',
      ticketId: w.ticket.id,
      assigneeId: w.agent.id,
      actorId: null,
    });
    expect(later.map((r) => r.msType)).toEqual(['ticketAssigned']);
  });

  it('ticket.resolved tells the creator, unless the creator resolved it', async () => {
    const w = await world();
    const rows = await rowsOf({ type: 'ticket.resolved', ticketId: w.ticket.id, actorId: w.agent.id });
    expect(rows.map((r) => [r.toUserId, r.msType])).toEqual([[w.creator.id, 'ticketResolved']]);
    expect(await rowsOf({ type: 'ticket.resolved', ticketId: w.ticket.id, actorId: w.creator.id })).toHaveLength(0);
  });

  it('a rolled-back change leaves no notification', async () => {
    const w = await world();
    const before = await ctx.db.$count(notification, eq(notification.toUserId, w.agent.id));
    await expect(
      ctx.db.transaction(async (tx) => {
        await emitDomainEvent(tx, {
          type: 'ticket.assigned',
          ticketId: w.ticket.id,
          assigneeId: w.agent.id,
          actorId: w.creator.id,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await ctx.db.$count(notification, eq(notification.toUserId, w.agent.id))).toBe(before);
  });
});

// ---- Server-Sent Events ----

const isUnread = (n: number) => (e: StreamEvent) => e.event === 'unread' && (e.data as { unread: number }).unread === n;
const isNotification = (id: number) => (e: StreamEvent) =>
  e.event === 'notification' && (e.data as Notification).id === id;

describe('GET /api/Notification/Stream', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends the unread count, then each notification written for the user after it opened, and counts after MarkRead', async () => {
    const me = await signedIn();
    const other = await signedIn();
    await write(ctx, { toUserId: me.id });
    const stream = await openStream(ctx, baseUrl, me.token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.next(isUnread(1));
    expect(stream.retry()).toBeGreaterThan(0);

    await write(ctx, { toUserId: other.id }); // not mine: never on my stream
    const id = await write(ctx, { toUserId: me.id, content: 'Live one' });
    const pushed = await stream.next(isNotification(id));
    expect(pushed.data).toMatchObject({ id, toUserId: me.id, content: 'Live one', isRead: false });
    await stream.next(isUnread(2));

    await ctx.call('POST', '/api/Notification/MarkRead', { token: me.token, body: { all: true } });
    await stream.next(isUnread(0));
    expect(
      stream.events.filter((e) => e.event === 'notification').map((e) => (e.data as Notification).toUserId),
    ).toEqual([me.id]);
    await stream.close();
  });

  it('opens with the StreamTicket cookie alone, as an EventSource does (no headers)', async () => {
    const me = await signedIn();
    const ticket = await ctx.call('POST', '/api/Notification/StreamTicket', { token: me.token, body: {} });
    expect(ticket.status, ticket.raw).toBe(200);
    const setCookie = String(ticket.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^casedesk_stream=[^;]+; Path=\/api\/Notification\/Stream; Max-Age=\d+; HttpOnly; SameSite=Strict/,
    );
    const cookie = setCookie.split(';')[0]!;
    expect(cookie).toBe(`casedesk_stream=${me.token}`);

    const stream = await openStream(ctx, baseUrl, '', { cookie });
    expect(stream.response.status).toBe(200);
    await stream.next(isUnread(0));
    const id = await write(ctx, { toUserId: me.id });
    await stream.next(isNotification(id));
    await stream.close();

    const forged = await fetch(`${baseUrl}/api/Notification/Stream`, {
      headers: { cookie: 'casedesk_stream=not-a-token', accept: 'text/event-stream' },
    });
    expect(forged.status).toBe(401);
    const none = await fetch(`${baseUrl}/api/Notification/Stream`, { headers: { accept: 'text/event-stream' } });
    expect(none.status).toBe(401);
  });

  it('answers a plain JSON call 400 rather than hanging', async () => {
    const me = await signedIn();
    const response = await ctx.call('GET', '/api/Notification/Stream', { token: me.token });
    expect(response.status).toBe(400);
    expect(response.body.resultMsg).toBe(notificationMessages.streamAccept);
  });

  it('refuses a stream without a signed-in user, and pushes nothing of a rolled-back write', async () => {
    const anonymous = await fetch(`${baseUrl}/api/Notification/Stream`, {
      headers: { 'auth-token': ctx.newAuthToken() },
    });
    expect(anonymous.status).toBe(401);

    const me = await signedIn();
    const stream = await openStream(ctx, baseUrl, me.token);
    await stream.next(isUnread(0));
    await ctx.db
      .transaction(async (tx) => {
        await writeNotification(tx, {
          toUserId: me.id,
          msType: 'system',
          title: { key: 'ticketResolved', values: { caseNumber: 'GONE' } },
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const kept = await write(ctx, { toUserId: me.id });
    // The first push the stream sees is the committed row: the rolled-back one never came.
    const first = await stream.next((e) => e.event === 'notification');
    expect((first.data as Notification).id).toBe(kept);
    await stream.close();
  });

  it('lets go of the subscription when the client disconnects', async () => {
    const me = await signedIn();
    const before = ctx.built.live.size();
    const stream = await openStream(ctx, baseUrl, me.token);
    await stream.next(isUnread(0));
    expect(ctx.built.live.size()).toBe(before + 1);
    await stream.close();
    // The server hears the socket close on its own time: wait for it (bounded by the test's timeout).
    while (ctx.built.live.size() !== before) await new Promise((resolve) => setTimeout(resolve, 20));
    // A push for the user now finds no stream to write to.
    await write(ctx, { toUserId: me.id });
    expect(ctx.built.live.size()).toBe(before);
  });
});

// ---- fan-out across instances ----

describe('fan-out: a notification written through app A reaches a stream opened on app B', () => {
  const { a, b, baseUrlB } = useTwoApps(ctx);

  it('delivers the row and the count on B, written by an event on A', async () => {
    const w = await ticketWorld(a);
    const creator = await staff(a, [w.projectId]);
    const ticket = await addTicket(a, creator.token, { projectId: w.projectId, categoryId: w.categoryId });
    const agentOnB = (await signIn(b, w.agent)).token;
    const stream = await openStream(b, baseUrlB(), agentOnB);
    const start = (await stream.next((e) => e.event === 'unread')).data as { unread: number };

    await a.db.transaction((tx) =>
      emitDomainEvent(tx, {
        type: 'ticket.assigned',
        ticketId: ticket.id,
        assigneeId: w.agent.id,
        actorId: creator.id,
      }),
    );
    const [row] = await a.db
      .select({ id: notification.id })
      .from(notification)
      .where(and(eq(notification.toUserId, w.agent.id), eq(notification.msType, 'ticketAssigned')))
      .orderBy(notification.id);
    const pushed = await stream.next(
      (e) => e.event === 'notification' && (e.data as Notification).msType === 'ticketAssigned',
    );
    expect(pushed.data).toMatchObject({
      toUserId: w.agent.id,
      title: `Ticket ${ticket.caseNumber} was assigned to you`,
    });
    expect(row).toBeDefined();
    await stream.next((e) => e.event === 'unread' && (e.data as { unread: number }).unread > start.unread);
    await stream.close();
  });
});
