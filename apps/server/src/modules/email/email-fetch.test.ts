import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailThreadResult } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { createCategory, createProject } from '../../../test/ticket-factories.js';
import { fetchingAccount, hasDovecot, noDovecotMessage, startDovecot, type Dovecot } from '../../../test/dovecot.js';
import {
  big5Mail,
  big5Subject,
  composed,
  dsnMail,
  gb2312Mail,
  gb2312Subject,
  malformedMail,
  plainMail,
  tinyPng,
  tooDeepMail,
  uniqueId,
} from '../../../test/mail-fixtures.js';
import { storedFile } from '../file/index.js';
import { ticket, ticketComment, ticketHistory } from '../ticket/index.js';
import { setDomainEventHandlers, type DomainEvent } from '../../platform/events.js';
import { appUser } from '../user/index.js';
import { claimDueAccounts, fetchAccount, fetchMailHandler } from './email-fetch.service.js';
import { queueEmail } from './email-outbox.service.js';
import { email, emailSuppression, mailAccount } from './email.table.js';
import { encryptPassword } from './mail-crypto.js';

if (!hasDovecot) console.warn(noDovecotMessage);

const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-mailin-'));
const ctx = useTestApp({ dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(!hasDovecot).each(['POP3', 'IMAP'] as const)(
  'mail to ticket over %s (dovecot on loopback)',
  (protocol) => {
    let server: Dovecot;
    let accountId: number;
    let projectId: number;
    let token: string;
    let assigneeEmail: string;

    beforeAll(async () => {
      server = await startDovecot();
      projectId = await createProject(ctx);
      const assignee = await createUser(ctx, { roles: ['admin'] });
      assigneeEmail = `agent-${assignee.id}@casedesk.example`;
      await ctx.db.update(appUser).set({ email: assigneeEmail }).where(eq(appUser.id, assignee.id));
      const categoryId = await createCategory(ctx, { projects: [projectId], assignee: assignee.id });
      const admin = await createUser(ctx, { roles: ['admin'] });
      token = (await signIn(ctx, admin)).token;
      const [row] = await ctx.db
        .insert(mailAccount)
        .values({
          name: `Desk ${protocol}`,
          ...fetchingAccount(server, protocol),
          fetchIntervalSeconds: 60,
          defaultProjectId: projectId,
          defaultCategoryId: categoryId,
        })
        .returning({ id: mailAccount.id });
      accountId = row!.id;
    });
    afterAll(async () => {
      await ctx.db.update(mailAccount).set({ fetchEnabled: false }).where(eq(mailAccount.id, accountId));
      await server?.stop();
    });
    beforeEach(async () => server.clear());

    const fetchNow = async () => {
      const [account] = await ctx.db.select().from(mailAccount).where(eq(mailAccount.id, accountId));
      return fetchAccount(ctx.db, ctx.config, account!, { limit: 1000 });
    };
    const mailBy = async (messageId: string) => {
      const [row] = await ctx.db
        .select()
        .from(email)
        .where(and(eq(email.accountId, accountId), eq(email.messageId, messageId)));
      return row;
    };
    const ticketOf = async (id: number | null) => {
      const [row] = await ctx.db.select().from(ticket).where(eq(ticket.id, id!));
      return row!;
    };
    /** A mail the desk sent on a ticket (our signed Message-ID), as the outbox writes it. */
    const sentOn = async (ticketId: number, to: string) =>
      ctx.db.transaction((tx) =>
        queueEmail(tx, { to: [to], subject: 'About your ticket', body: '<p>Hi</p>', ticketId }),
      );

    it('makes a ticket of a new mail, keeps the raw message, and empties the mailbox after the commit', async () => {
      const messageId = uniqueId();
      const raw = await composed({
        from: 'Alice Customer <alice@customer.example>',
        to: 'desk@casedesk.example',
        subject: 'Printer on fire',
        text: 'It is on fire.\n\nPlease help.',
        messageId,
      });
      await server.drop(raw);
      const summary = await fetchNow();
      expect(summary).toMatchObject({ fetched: 1, stored: 1, duplicates: 0 });
      const mail = await mailBy(messageId);
      expect(mail).toMatchObject({
        status: 'Received',
        threadReason: 'newTicket',
        fromAddress: 'alice@customer.example',
      });
      const made = await ticketOf(mail!.ticketId);
      expect(made).toMatchObject({
        subject: 'Printer on fire',
        ticketFrom: 'Email',
        customerEmail: 'alice@customer.example',
        customer: 'Alice Customer',
        projectId,
        status: 'Assigned',
        createdBy: null,
      });
      expect(made.content).toContain('<p>It is on fire.</p>');
      expect(mail!.threadDetail).toBe(`new ticket ${made.caseNumber}`);
      // In the ticket's timeline, with no user as its actor.
      const history = await ctx.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, made.id));
      expect(history).toEqual([expect.objectContaining({ kind: 'created', actorId: null })]);
      const timeline = await ctx.call('GET', `/api/Ticket/Timeline/${made.id}`, { token });
      expect(timeline.status, timeline.raw).toBe(200);

      const rawDownload = await ctx.app.inject({
        method: 'GET',
        url: `/api/Email/Raw/${mail!.id}`,
        headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
      });
      expect(rawDownload.statusCode).toBe(200);
      // The message as the server handed it (POP3 and IMAP carry lines ending in CRLF).
      const lines = (b: Buffer) => b.toString('latin1').replace(/\r\n/g, '\n');
      expect(lines(rawDownload.rawPayload)).toBe(lines(raw));
      expect(rawDownload.headers['content-type']).toBe('message/rfc822');

      const [account] = await ctx.db.select().from(mailAccount).where(eq(mailAccount.id, accountId));
      expect(account).toMatchObject({ lastFetchResult: 'Succeeded' });
      expect(account!.lastFetchMessage).toContain('1 fetched');
      // Deleted (POP3) or flagged seen with our keyword (IMAP): the next fetch finds nothing.
      if (protocol === 'POP3') expect(await server.count()).toBe(0);
      expect(await fetchNow()).toMatchObject({ fetched: 0 });
    });

    it('decodes GB2312 and Big5 subjects whose labels lie (GB18030 and HKSCS characters)', async () => {
      const gbId = uniqueId();
      const b5Id = uniqueId();
      await server.drop(gb2312Mail('wang@customer.example', gbId));
      await server.drop(big5Mail('chan@customer.example', b5Id));
      await fetchNow();
      const gb = await ticketOf((await mailBy(gbId))!.ticketId);
      expect(gb.subject).toBe(gb2312Subject);
      expect(gb.customer).toBe('你好');
      expect(gb.content).toContain(gb2312Subject);
      const b5 = await ticketOf((await mailBy(b5Id))!.ticketId);
      expect(b5.subject).toBe(big5Subject);
      expect(b5.content).toContain(big5Subject);
    });

    it('skips the same mail fetched twice, with or without a Message-ID', async () => {
      const messageId = uniqueId();
      const withId = plainMail({ from: 'bob@customer.example', subject: 'Twice', messageId });
      const withoutId = plainMail({ from: 'bob@customer.example', subject: 'Twice, no id', messageId: null });
      await server.drop(withId);
      await server.drop(withoutId);
      await fetchNow();
      await server.drop(withId);
      await server.drop(withoutId);
      const second = await fetchNow();
      expect(second).toMatchObject({ fetched: 2, stored: 0, duplicates: 2 });
      const rows = await ctx.db
        .select()
        .from(email)
        .where(and(eq(email.accountId, accountId), eq(email.subject, 'Twice, no id')));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sourceKey).toMatch(/^sha256:/);
      const withIdRows = await ctx.db
        .select()
        .from(email)
        .where(and(eq(email.accountId, accountId), eq(email.subject, 'Twice')));
      expect(withIdRows).toHaveLength(1);
    });

    it('threads a reply by In-Reply-To though its subject changed, a CC colleague by References, and reopens a Resolved ticket', async () => {
      const firstId = uniqueId();
      await server.drop(plainMail({ from: 'carol@customer.example', subject: 'VPN down', messageId: firstId }));
      await fetchNow();
      const first = (await mailBy(firstId))!;
      const ours = await sentOn(first.ticketId!, 'carol@customer.example');
      await ctx.db.update(ticket).set({ status: 'Resolved' }).where(eq(ticket.id, first.ticketId!));

      const replyId = uniqueId();
      await server.drop(
        plainMail({
          from: 'carol@customer.example',
          subject: 'completely different subject',
          messageId: replyId,
          headers: { 'In-Reply-To': ours.messageId, References: `${firstId} ${ours.messageId}` },
        }),
      );
      // Fetched on its own: a Maildir lists its messages in directory order, not in the order they were dropped.
      await fetchNow();
      const colleagueId = uniqueId();
      await server.drop(
        plainMail({
          from: 'dave@customer.example',
          subject: 'Re: VPN down',
          messageId: colleagueId,
          body: 'Same here.',
          headers: { References: `${firstId} <unknown-${Date.now()}@elsewhere.example>` },
        }),
      );
      await fetchNow();
      const reply = (await mailBy(replyId))!;
      expect(reply).toMatchObject({ status: 'Received', threadReason: 'inReplyTo', ticketId: first.ticketId });
      expect(reply.threadDetail).toContain('the Resolved ticket went back to InProgress');
      expect((await ticketOf(first.ticketId)).status).toBe('InProgress');
      const colleague = (await mailBy(colleagueId))!;
      expect(colleague).toMatchObject({ threadReason: 'references', ticketId: first.ticketId });
      const comments = await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, first.ticketId!));
      expect(comments.map((c) => [c.public, c.createdBy])).toEqual([
        [true, null],
        [true, null],
      ]);
      expect(comments.map((c) => c.id).sort()).toEqual([reply.commentId, colleague.commentId].sort());
    });

    it('gives a Pending ticket back to the desk when the customer answers it', async () => {
      const firstId = uniqueId();
      await server.drop(plainMail({ from: 'frank@customer.example', subject: 'Printer jam', messageId: firstId }));
      await fetchNow();
      const first = (await mailBy(firstId))!;
      const ours = await sentOn(first.ticketId!, 'frank@customer.example');
      await ctx.db.update(ticket).set({ status: 'Pending' }).where(eq(ticket.id, first.ticketId!));
      const replyId = uniqueId();
      await server.drop(
        plainMail({
          from: 'frank@customer.example',
          subject: 'Re: Printer jam',
          messageId: replyId,
          headers: { 'In-Reply-To': ours.messageId, References: `${firstId} ${ours.messageId}` },
        }),
      );
      await fetchNow();
      const reply = (await mailBy(replyId))!;
      expect(reply).toMatchObject({ threadReason: 'inReplyTo', ticketId: first.ticketId });
      expect(reply.threadDetail).toContain('the Pending ticket went back to InProgress');
      expect((await ticketOf(first.ticketId)).status).toBe('InProgress');
    });

    it('does not thread by a forged reference, nor by a case number from a stranger', async () => {
      const customerId = uniqueId();
      await server.drop(plainMail({ from: 'erin@customer.example', subject: 'Broken laptop', messageId: customerId }));
      await fetchNow();
      const original = await ticketOf((await mailBy(customerId))!.ticketId);

      // An id shaped like ours but not signed by us, and a case number written by someone else.
      const forgedId = uniqueId();
      await server.drop(
        plainMail({
          from: 'mallory@evil.example',
          subject: `Re: ${original.caseNumber} give me access`,
          messageId: forgedId,
          headers: { 'In-Reply-To': `<${'0'.repeat(32)}.${'A'.repeat(22)}@casedesk.invalid>` },
        }),
      );
      const ownerId = uniqueId();
      await server.drop(
        plainMail({ from: 'erin@customer.example', subject: `About ${original.caseNumber}`, messageId: ownerId }),
      );
      const assigneeMailId = uniqueId();
      await server.drop(
        plainMail({ from: assigneeEmail, subject: `Note on ${original.caseNumber}`, messageId: assigneeMailId }),
      );
      await fetchNow();

      const forged = (await mailBy(forgedId))!;
      expect(forged.threadReason).toBe('newTicket');
      expect(forged.ticketId).not.toBe(original.id);
      expect(forged.threadDetail).toContain(`${original.caseNumber} in the subject, but mallory@evil.example is not`);
      expect(await mailBy(ownerId)).toMatchObject({ threadReason: 'subjectCaseNumber', ticketId: original.id });
      expect(await mailBy(assigneeMailId)).toMatchObject({ threadReason: 'subjectCaseNumber', ticketId: original.id });
    });

    it('ignores an out-of-office reply (never reopens), a loop and our own mail, and files a bounce with suppression', async () => {
      const firstId = uniqueId();
      await server.drop(plainMail({ from: 'frank@customer.example', subject: 'Password reset', messageId: firstId }));
      await fetchNow();
      const first = (await mailBy(firstId))!;
      const ours = await sentOn(first.ticketId!, 'frank@customer.example');
      await ctx.db.update(ticket).set({ status: 'Resolved' }).where(eq(ticket.id, first.ticketId!));

      const oooId = uniqueId();
      await server.drop(
        plainMail({
          from: 'frank@customer.example',
          subject: 'Out of office: About your ticket',
          messageId: oooId,
          headers: { 'Auto-Submitted': 'auto-replied', 'In-Reply-To': ours.messageId, 'X-Autoreply': 'yes' },
        }),
      );
      const loopId = uniqueId();
      await server.drop(
        plainMail({
          from: 'x@customer.example',
          subject: 'loop',
          messageId: loopId,
          headers: { 'X-Casedesk-Loop': 'desk' },
        }),
      );
      const ownCopy = await sentOn(first.ticketId!, 'frank@customer.example');
      await server.drop(
        plainMail({ from: 'desk@casedesk.example', subject: 'our copy', messageId: ownCopy.messageId }),
      );
      const bounceRecipient = `gone-${Date.now()}@customer.example`;
      const bounced = await sentOn(first.ticketId!, bounceRecipient);
      await server.drop(dsnMail({ recipient: bounceRecipient, originalMessageId: bounced.messageId }));
      await fetchNow();

      expect(await mailBy(oooId)).toMatchObject({ status: 'Ignored', threadReason: 'autoReply', commentId: null });
      expect((await ticketOf(first.ticketId)).status).toBe('Resolved');
      expect(await mailBy(loopId)).toMatchObject({ status: 'Ignored', threadReason: 'loop' });
      const ownRows = await ctx.db
        .select()
        .from(email)
        .where(and(eq(email.direction, 'In'), eq(email.messageId, ownCopy.messageId)));
      expect(ownRows).toEqual([expect.objectContaining({ status: 'Ignored', threadReason: 'ownMail' })]);
      const [bounce] = await ctx.db
        .select()
        .from(email)
        .where(and(eq(email.accountId, accountId), eq(email.threadReason, 'bounce')));
      expect(bounce).toMatchObject({ status: 'Ignored', relatedEmailId: bounced.id, ticketId: first.ticketId });
      const suppressed = await ctx.db
        .select()
        .from(emailSuppression)
        .where(eq(emailSuppression.address, bounceRecipient));
      expect(suppressed).toEqual([expect.objectContaining({ bounceEmailId: bounce!.id })]);
      expect(suppressed[0]!.reason).toContain('5.1.1');
    });

    it('sanitises HTML, stores 30 inline images and a 15 MB attachment, and keeps malformed MIME readable', async () => {
      const htmlId = uniqueId();
      const images = Array.from({ length: 30 }, (_, i) => ({
        filename: `img${i}.png`,
        content: tinyPng,
        cid: `img${i}@x`,
      }));
      await server.drop(
        await composed({
          from: 'gina@customer.example',
          subject: 'Screenshots',
          messageId: htmlId,
          html: `<p onclick="steal()">See</p><script>alert(1)</script>${images.map((im) => `<img src="cid:${im.cid}">`).join('')}`,
          attachments: images,
        }),
      );
      const bigId = uniqueId();
      const big = Buffer.alloc(15 * 1024 * 1024, 7);
      await server.drop(
        await composed({
          from: 'gina@customer.example',
          subject: 'Big log',
          messageId: bigId,
          text: 'Log attached.',
          attachments: [{ filename: 'big.log', content: big }],
        }),
      );
      await server.drop(malformedMail('hank@customer.example'));
      const summary = await fetchNow();
      expect(summary).toMatchObject({ fetched: 3, stored: 3, unreadable: 0 });

      const html = (await mailBy(htmlId))!;
      expect(html.attachments).toHaveLength(30);
      const htmlTicket = await ticketOf(html.ticketId);
      expect(htmlTicket.content).not.toMatch(/<script|onclick|cid:/i);
      expect(htmlTicket.content.match(/\/api\/Files\/Download\/\d+/g)).toHaveLength(30);
      const bigMail = (await mailBy(bigId))!;
      const [file] = await ctx.db.select().from(storedFile).where(eq(storedFile.id, bigMail.attachments[0]!));
      expect(file).toMatchObject({ name: 'big.log', size: big.length, ownerEntity: 'Email', ownerId: bigMail.id });
      expect((await ticketOf(bigMail.ticketId)).content).toContain('big.log');
      const [broken] = await ctx.db
        .select()
        .from(email)
        .where(and(eq(email.accountId, accountId), eq(email.subject, 'Broken MIME')));
      expect(broken).toMatchObject({ status: 'Received', threadReason: 'newTicket' });
    });

    it('keeps an unparseable mail aside without blocking the rest, and reprocesses it', async () => {
      const before = await ctx.db.select().from(email).where(eq(email.status, 'Unreadable'));
      await server.drop(tooDeepMail('ivan@customer.example'));
      const afterId = uniqueId();
      await server.drop(
        plainMail({ from: 'ivan@customer.example', subject: 'After the broken one', messageId: afterId }),
      );
      const summary = await fetchNow();
      expect(summary).toMatchObject({ fetched: 2, stored: 1, unreadable: 1 });
      expect(await mailBy(afterId)).toMatchObject({ threadReason: 'newTicket' });
      const unreadable = (await ctx.db.select().from(email).where(eq(email.status, 'Unreadable'))).filter(
        (r) => !before.some((b) => b.id === r.id),
      );
      expect(unreadable).toEqual([
        expect.objectContaining({ threadReason: 'unreadable', rawFileId: expect.any(Number) }),
      ]);
      if (protocol === 'POP3') expect(await server.count()).toBe(0);

      // Still unparseable: reprocessing says so again; the raw message stays downloadable.
      const again = await ctx.call('POST', '/api/Email/Reprocess', { token, body: { id: unreadable[0]!.id } });
      expect(dataOf<EmailThreadResult>(again)).toMatchObject({ status: 'Unreadable', threadReason: 'unreadable' });

      // A mail the decision could not place (the account had no default project) is placed once it has one.
      await ctx.db.update(mailAccount).set({ defaultProjectId: null }).where(eq(mailAccount.id, accountId));
      const laterId = uniqueId();
      await server.drop(plainMail({ from: 'judy@customer.example', subject: 'No project yet', messageId: laterId }));
      await fetchNow();
      const later = (await mailBy(laterId))!;
      expect(later).toMatchObject({ status: 'Unreadable', ticketId: null });
      expect(later.threadDetail).toContain('no default project');
      await ctx.db.update(mailAccount).set({ defaultProjectId: projectId }).where(eq(mailAccount.id, accountId));
      const placed = await ctx.call('POST', '/api/Email/Reprocess', { token, body: { id: later.id } });
      expect(dataOf<EmailThreadResult>(placed)).toMatchObject({ status: 'Received', threadReason: 'newTicket' });
    });

    it('moves a mail and its comment to another ticket, and splits one into a new ticket', async () => {
      const aId = uniqueId();
      const bId = uniqueId();
      await server.drop(plainMail({ from: 'kim@customer.example', subject: 'Ticket A', messageId: aId }));
      await server.drop(plainMail({ from: 'lee@customer.example', subject: 'Ticket B', messageId: bId }));
      await fetchNow();
      const a = (await mailBy(aId))!;
      const b = (await mailBy(bId))!;
      const ours = await sentOn(a.ticketId!, 'kim@customer.example');
      const replyId = uniqueId();
      await server.drop(
        plainMail({
          from: 'kim@customer.example',
          subject: 'Re',
          messageId: replyId,
          headers: { 'In-Reply-To': ours.messageId },
        }),
      );
      await fetchNow();
      const reply = (await mailBy(replyId))!;
      expect(reply.ticketId).toBe(a.ticketId);

      const viewer = await createUser(ctx, { permissions: ['email:view', 'ticket:view'] });
      const viewerToken = (await signIn(ctx, viewer)).token;
      const refused = await ctx.call('POST', '/api/Email/Move', {
        token: viewerToken,
        body: { id: reply.id, ticketId: b.ticketId },
      });
      expect(refused.status).toBe(403);

      const moved = await ctx.call('POST', '/api/Email/Move', { token, body: { id: reply.id, ticketId: b.ticketId } });
      expect(dataOf<EmailThreadResult>(moved)).toMatchObject({
        ticketId: b.ticketId,
        threadReason: 'movedByUser',
        commentId: reply.commentId,
      });
      const [comment] = await ctx.db.select().from(ticketComment).where(eq(ticketComment.id, reply.commentId!));
      expect(comment!.ticketId).toBe(b.ticketId);

      const split = dataOf<EmailThreadResult>(
        await ctx.call('POST', '/api/Email/Split', { token, body: { id: reply.id } }),
      );
      expect(split).toMatchObject({ threadReason: 'splitByUser', commentId: null });
      expect(split.ticketId).not.toBe(b.ticketId);
      expect(await ctx.db.select().from(ticketComment).where(eq(ticketComment.id, reply.commentId!))).toHaveLength(0);
      expect((await ticketOf(split.ticketId)).customerEmail).toBe('kim@customer.example');
    });

    it('runs as the email.fetch job: a claimed account is not claimed again until its fetch ends', async () => {
      await ctx.db.update(mailAccount).set({ nextFetchAt: null }).where(eq(mailAccount.id, accountId));
      const claimed = await claimDueAccounts(ctx.db);
      expect(claimed.map((a) => a.id)).toContain(accountId);
      expect((await claimDueAccounts(ctx.db)).map((a) => a.id)).not.toContain(accountId);
      await ctx.db.update(mailAccount).set({ nextFetchAt: null }).where(eq(mailAccount.id, accountId));
      const jobId = uniqueId();
      await server.drop(plainMail({ from: 'mia@customer.example', subject: 'Via the job', messageId: jobId }));
      const result = await fetchMailHandler.run(
        {
          db: ctx.db,
          config: ctx.config,
          log: ctx.app.log,
          fireTime: new Date(),
          jobId: null,
          signal: new AbortController().signal,
        },
        { limit: 100 },
      );
      expect(result?.message).toContain(`Desk ${protocol}: 1 fetched`);
      expect(await mailBy(jobId)).toMatchObject({ threadReason: 'newTicket' });
    });

    it('records a failed fetch (wrong password) on the account and in the system log', async () => {
      await ctx.db
        .update(mailAccount)
        .set({ passwordEncrypted: encryptPassword('wrong') })
        .where(eq(mailAccount.id, accountId));
      const summary = await fetchNow();
      expect(summary.failed).toBeTruthy();
      const [account] = await ctx.db.select().from(mailAccount).where(eq(mailAccount.id, accountId));
      expect(account).toMatchObject({ lastFetchResult: 'Failed' });
      await ctx.db
        .update(mailAccount)
        .set({ passwordEncrypted: encryptPassword(server.password) })
        .where(eq(mailAccount.id, accountId));
    });
  },
);

describe.skipIf(!hasDovecot)('what mail to ticket tells the other modules', () => {
  let server: Dovecot;
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    server = await startDovecot();
    // Recorded in place of the manifests' handlers (this test file's process only).
    setDomainEventHandlers([async (_tx, event) => void events.push(event)]);
  });
  afterAll(async () => server?.stop());

  it('emits ticket.created and ticket.commented with the mail that caused them (no actor)', async () => {
    const projectId = await createProject(ctx);
    const [account] = await ctx.db
      .insert(mailAccount)
      .values({
        name: 'Desk events',
        address: 'events@casedesk.example',
        account: server.user,
        passwordEncrypted: encryptPassword(server.password),
        smtpHost: '127.0.0.1',
        smtpPort: 2525,
        incomingProtocol: 'POP3',
        incomingHost: server.host,
        incomingPort: server.pop3Port,
        incomingSsl: false,
        defaultProjectId: projectId,
      })
      .returning();
    const firstId = uniqueId();
    await server.drop(plainMail({ from: 'olga@customer.example', subject: 'Events', messageId: firstId }));
    await fetchAccount(ctx.db, ctx.config, account!, { limit: 10 });
    const [first] = await ctx.db.select().from(email).where(eq(email.messageId, firstId));
    await server.drop(
      plainMail({
        from: 'olga@customer.example',
        subject: 'Re: Events',
        messageId: uniqueId(),
        headers: { 'In-Reply-To': firstId },
      }),
    );
    await server.drop(
      plainMail({ from: 'olga@customer.example', subject: 'Away', headers: { 'Auto-Submitted': 'auto-replied' } }),
    );
    await fetchAccount(ctx.db, ctx.config, account!, { limit: 10 });
    const [reply] = await ctx.db.select().from(email).where(eq(email.inReplyTo, firstId));
    expect(events).toEqual([
      { type: 'ticket.created', ticketId: first!.ticketId, actorId: null, viaEmailId: first!.id },
      {
        type: 'ticket.commented',
        ticketId: first!.ticketId,
        commentId: reply!.commentId,
        public: true,
        actorId: null,
        viaEmailId: reply!.id,
        watcherIds: [],
      },
    ]);
  });
});
