import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MentionCandidate, TicketCommentAdded, TicketDetail, TicketWatchers } from '@casedesk/shared';
import { createUser, signIn, useTestApp, type TestUser } from '../../../test/helpers.js';
import { sinkPassword, sinkUser, startSmtpSink, type SmtpSink } from '../../../test/mail-servers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import {
  addTicket,
  admin,
  staffPermissions,
  ticketWorld,
  type Staff,
  type TicketData,
} from '../../../test/ticket-factories.js';
import { sendDueEmails } from '../email/email-send.service.js';
import { email } from '../email/email.table.js';
import { notification } from '../notification/notification.table.js';
import { mentionCandidatesIn } from './ticket-mention.js';
import { ticketWatcher } from './ticket.table.js';

const ctx = useTestApp();
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  const boss = await admin(ctx);
  dataOf(
    await ctx.call('POST', '/api/MailAccount/Add', {
      token: boss.token,
      body: {
        name: 'Desk',
        isDefault: true,
        address: 'desk@example.test',
        displayName: 'Casedesk',
        account: sinkUser,
        password: sinkPassword,
        smtpHost: '127.0.0.1',
        smtpPort: sink.port,
        smtpStartTls: false,
      },
    }),
  );
});
afterAll(async () => sink?.close());

/** A staff member of `projects` named Wei Chen, with a language of their own. */
async function colleague(projects: number[], language = 'en', permissions = staffPermissions): Promise<Staff> {
  const user = await createUser(ctx, { permissions, projects, values: { language, fullName: 'Wei Chen' } });
  return { ...user, token: (await signIn(ctx, user)).token };
}

const watch = (token: string, id: number, on: boolean) =>
  ctx.call('POST', '/api/Ticket/Watch', { token, body: { id, on } });
const detail = async (token: string, id: number) =>
  dataOf<TicketDetail>(await ctx.call('GET', `/api/Ticket/Detail/${id}`, { token }));
const comment = async (token: string, ticketId: number, html: string, isPublic = false) =>
  dataOf<TicketCommentAdded>(
    await ctx.call('POST', '/api/TicketComment/Add', { token, body: { ticketId, comment: html, public: isPublic } }),
  );
const mention = (user: TestUser) => `<span data-mention="${user.loginName}">@${user.loginName}</span>`;

/** The bell entries of a ticket, oldest first. */
const bells = (ticketId: number) =>
  ctx.db
    .select({
      to: notification.toUserId,
      type: notification.msType,
      key: notification.titleKey,
      title: notification.title,
      content: notification.content,
    })
    .from(notification)
    .where(sql`(${notification.linkData}->>'id')::int = ${ticketId}`)
    .orderBy(notification.id);
/** The staff mails of a ticket (mentions and watchers), oldest first. */
const staffMails = (ticketId: number) =>
  ctx.db
    .select({
      id: email.id,
      to: email.to,
      event: email.event,
      language: email.language,
      subject: email.subject,
      body: email.body,
      messageId: email.messageId,
    })
    .from(email)
    .where(and(eq(email.ticketId, ticketId), sql`${email.event} in ('ticketMentioned', 'ticketWatched')`))
    .orderBy(email.id);
const addressOf = (user: TestUser) => `${user.loginName}@example.test`;

describe('Ticket/Watch: the caller watches a ticket they may see', () => {
  it('watches and unwatches; Detail names the watchers and whether the caller is one', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const mate = await colleague([w.projectId]);
    expect(await detail(mate.token, t.id)).toMatchObject({ watchers: [], watching: false });

    const on = dataOf<TicketWatchers>(await watch(mate.token, t.id, true));
    expect(on.watching).toBe(true);
    expect(on.watchers).toEqual([
      expect.objectContaining({ userId: mate.id, loginName: mate.loginName, how: 'manual', name: 'Wei Chen' }),
    ]);
    // Twice on is one watcher; the agent reads the same list without watching.
    dataOf(await watch(mate.token, t.id, true));
    expect(await detail(w.agent.token, t.id)).toMatchObject({ watching: false, watchers: [{ userId: mate.id }] });

    expect(dataOf<TicketWatchers>(await watch(mate.token, t.id, false))).toEqual({ watchers: [], watching: false });
    expect(await ctx.db.select().from(ticketWatcher).where(eq(ticketWatcher.ticketId, t.id))).toEqual([]);
  });

  it('who may not: a ticket outside the caller’s scope is not found, a user without ticket:view is refused', async () => {
    const w = await ticketWorld(ctx);
    const other = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    await expectRefused(ctx, 404, () => watch(other.agent.token, t.id, true));
    const noView = await colleague([w.projectId], 'en', []);
    await expectRefused(ctx, 403, () => watch(noView.token, t.id, true));
    expect(await ctx.db.select().from(ticketWatcher).where(eq(ticketWatcher.ticketId, t.id))).toEqual([]);
  });
});

describe('Ticket/MentionCandidates: whom `@` offers', () => {
  it('colleagues who may see the ticket, matched by login, never the caller nor one outside its project', async () => {
    const w = await ticketWorld(ctx);
    const other = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const mate = await colleague([w.projectId]);
    const ask = async (token: string, keyword: string) =>
      dataOf<MentionCandidate[]>(
        await ctx.call('POST', '/api/Ticket/MentionCandidates', { token, body: { id: t.id, keyword } }),
      );

    expect(await ask(w.agent.token, mate.loginName)).toEqual([
      { id: mate.id, loginName: mate.loginName, name: expect.any(String) },
    ]);
    expect(await ask(w.agent.token, other.agent.loginName)).toEqual([]);
    expect(await ask(w.agent.token, w.agent.loginName)).toEqual([]);
    // Who may not: a ticket the caller does not see answers 404, as if it did not exist.
    await expectRefused(ctx, 404, () =>
      ctx.call('POST', '/api/Ticket/MentionCandidates', { token: other.agent.token, body: { id: t.id, keyword: '' } }),
    );
  });
});

describe('@mentions in a comment', () => {
  let w: Awaited<ReturnType<typeof ticketWorld>>;
  let t: TicketData;
  let mate: Staff;
  let outsider: Staff;
  beforeAll(async () => {
    w = await ticketWorld(ctx);
    t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    mate = await colleague([w.projectId], 'zh-cn');
    outsider = (await ticketWorld(ctx)).agent;
    await ctx.db.delete(notification).where(sql`(${notification.linkData}->>'id')::int = ${t.id}`);
  });

  it('tells a mentioned colleague once (bell + mail in their language), makes them a watcher, names who may not see', async () => {
    const writer = await colleague([w.projectId]);
    const added = await comment(
      writer.token,
      t.id,
      `<p>${mention(mate)} please look; again @${mate.loginName}, also @${outsider.loginName} and me ${mention(writer)}.</p>`,
    );
    expect(added.refusedMentions).toEqual([{ loginName: outsider.loginName, name: outsider.name }]);

    const told = await bells(t.id);
    // The mentioned colleague once, as a mention; the assignee hears of the note as before; not the writer, not the outsider.
    expect(told.filter((b) => b.to === mate.id)).toEqual([
      expect.objectContaining({
        type: 'ticketMentioned',
        key: 'ticketMentioned',
        title: expect.stringContaining('提到了您'),
      }),
    ]);
    expect(told.map((b) => b.to).sort()).toEqual([w.agent.id, mate.id].sort());

    const mails = await staffMails(t.id);
    expect(mails).toEqual([
      expect.objectContaining({ to: [addressOf(mate)], event: 'ticketMentioned', language: 'zh-cn' }),
    ]);
    expect(mails[0]!.subject).toContain('提到了您');
    expect(await sendDueEmails(ctx.db, { dataDir: ctx.config.dataDir })).toMatchObject({ sent: 1, failed: 0 });
    const [received] = await ctx.db
      .select({ messageId: email.messageId, status: email.status })
      .from(email)
      .where(eq(email.id, mails[0]!.id));
    expect(received!.status).toBe('Sent');
    expect(sink.messages.filter((m) => m.headers['message-id'] === received!.messageId).map((m) => m.to)).toEqual([
      [addressOf(mate)],
    ]);

    const watchers = await ctx.db
      .select({ userId: ticketWatcher.userId, how: ticketWatcher.how })
      .from(ticketWatcher)
      .where(eq(ticketWatcher.ticketId, t.id));
    expect(watchers).toEqual([{ userId: mate.id, how: 'mention' }]);
  });

  it('a mention of someone who may not see the ticket tells nobody and is answered to the writer', async () => {
    const t2 = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const added = await comment(w.agent.token, t2.id, `<p>@${outsider.loginName}, could you?</p>`);
    expect(added.refusedMentions).toEqual([{ loginName: outsider.loginName, name: expect.any(String) }]);
    expect(await bells(t2.id)).toEqual([]);
    expect(await staffMails(t2.id)).toEqual([]);
    expect(await ctx.db.select().from(ticketWatcher).where(eq(ticketWatcher.ticketId, t2.id))).toEqual([]);
  });
});

describe('watchers hear of comments and status changes, never of their own', () => {
  it('a comment and a status change tell the watcher (bell + mail), not the actor', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const watcher = await colleague([w.projectId], 'zh-tw');
    dataOf(await watch(watcher.token, t.id, true));
    // The agent watches too: their own actions never come back to them.
    dataOf(await watch(w.agent.token, t.id, true));
    await ctx.db.delete(notification).where(sql`(${notification.linkData}->>'id')::int = ${t.id}`);

    await comment(w.agent.token, t.id, '<p>Replaced the toner.</p>');
    expect(await bells(t.id)).toEqual([
      expect.objectContaining({
        to: watcher.id,
        type: 'ticketCommented',
        key: 'ticketInternalComment',
        content: 'Replaced the toner.',
      }),
    ]);
    const [commentMail, ...noMore] = await staffMails(t.id);
    expect(noMore).toEqual([]);
    expect(commentMail).toMatchObject({ to: [addressOf(watcher)], event: 'ticketWatched', language: 'zh-tw' });
    expect(commentMail!.subject).toContain('發表了新留言');
    expect(commentMail!.body).toContain('Replaced the toner.');

    const current = await detail(w.agent.token, t.id);
    dataOf(
      await ctx.call('POST', '/api/Ticket/Update', {
        token: w.agent.token,
        body: { id: t.id, rowVersion: current.rowVersion, status: 'InProgress' },
      }),
    );
    const statusBells = (await bells(t.id)).filter((b) => b.type === 'ticketStatusChanged');
    expect(statusBells).toEqual([
      expect.objectContaining({ to: watcher.id, key: 'ticketStatusChanged', content: `${'已指派'} → ${'處理中'}` }),
    ]);
    const statusMail = (await staffMails(t.id)).at(-1)!;
    expect(statusMail).toMatchObject({ to: [addressOf(watcher)], event: 'ticketWatched', language: 'zh-tw' });
    expect(statusMail.subject).toContain('狀態已變為處理中');
    expect((await staffMails(t.id)).every((m) => !m.to.includes(addressOf(w.agent)))).toBe(true);
  });

  it('a watcher who may no longer see the ticket is not told', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const watcher = await colleague([w.projectId]);
    dataOf(await watch(watcher.token, t.id, true));
    // The ticket moves to a project the watcher is not in.
    const elsewhere = await ticketWorld(ctx);
    const boss = await admin(ctx);
    const current = await detail(boss.token, t.id);
    dataOf(
      await ctx.call('POST', '/api/Ticket/Update', {
        token: boss.token,
        body: {
          id: t.id,
          rowVersion: current.rowVersion,
          projectId: elsewhere.projectId,
          categoryId: elsewhere.categoryId,
        },
      }),
    );
    await ctx.db.delete(notification).where(sql`(${notification.linkData}->>'id')::int = ${t.id}`);
    await comment(boss.token, t.id, '<p>Moved.</p>');
    expect((await bells(t.id)).filter((b) => b.to === watcher.id)).toEqual([]);
    expect(await staffMails(t.id)).toEqual([]);
  });
});

describe('mentionCandidatesIn (what a comment may mention)', () => {
  it('reads editor mentions exactly and typed ones with or without trailing punctuation, never inside an address', () => {
    const html = '<p><span data-mention="wei.chen">@wei.chen</span> mail a@b.com, ask @li.na, or @张伟。</p>';
    expect(mentionCandidatesIn(html, '@wei.chen mail a@b.com, ask @li.na, or @张伟。')).toEqual({
      exact: ['wei.chen'],
      typed: [['wei.chen'], ['li.na,', 'li.na'], ['张伟。', '张伟']],
    });
  });
});
