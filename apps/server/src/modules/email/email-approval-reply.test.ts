import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { fetchingAccount, hasDovecot, noDovecotMessage, startDovecot, type Dovecot } from '../../../test/dovecot.js';
import { composed, uniqueId } from '../../../test/mail-fixtures.js';
import { approvalWorld, approver, infoOf, person, submitThrough } from '../../../test/workflow-factories.js';
import { delegate } from '../delegate/index.js';
import { ticket } from '../ticket/index.js';
import { appUser } from '../user/index.js';
import { workflowTask } from '../workflow/index.js';
import { replyDecisionOf } from './email-approval-reply.js';
import { fetchAccount } from './email-fetch.service.js';
import { email, mailAccount } from './email.table.js';

if (!hasDovecot) console.warn(noDovecotMessage);

const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-approve-reply-'));
const ctx = useTestApp({ dataDir, systemUrl: 'https://desk.example.test' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Staff = Awaited<ReturnType<typeof person>> & { address: string };

async function mailable(language = 'en'): Promise<Staff> {
  const user = await person(ctx);
  const address = `${user.loginName}@example.test`.toLowerCase();
  await ctx.db.update(appUser).set({ email: address, canEmail: true, language }).where(eq(appUser.id, user.id));
  return { ...user, address };
}

/** A ticket's approval waiting for `who`, and the approval-task mail it got (our signed Message-ID). */
async function waitingFor(who: Staff) {
  const w = await approvalWorld(ctx);
  const { instance } = await submitThrough(ctx, w, approver('a', [who.id]));
  const [found] = await ctx.db
    .select({ mail: email })
    .from(email)
    .innerJoin(workflowTask, eq(workflowTask.id, email.workflowTaskId))
    .where(eq(workflowTask.instanceId, instance.id))
    .orderBy(desc(email.id))
    .limit(1);
  return { instance, mail: found!.mail };
}

describe('the first line of a reply', () => {
  it('reads the words of the three languages, case and spacing aside; the comment stops at the quote', () => {
    const cases: [string, 'approve' | 'reject' | null][] = [
      ['  Approve  ', 'approve'],
      ['APPROVE.', 'approve'],
      ['同意', 'approve'],
      ['核准！', 'approve'],
      ['reject', 'reject'],
      ['拒绝', 'reject'],
      ['駁回', 'reject'],
      ['Approved', null],
      ['yes', null],
    ];
    for (const [line, action] of cases) expect(replyDecisionOf(`${line}\nsome words`).action, line).toBe(action);
    const said = replyDecisionOf('\n同意\n预算已确认。\n\n在 2026年11月30日 写道：\n> reject\n> 等待您审批');
    expect(said).toEqual({ action: 'approve', firstLine: '同意', comment: '预算已确认。' });
    expect(replyDecisionOf('reject\nToo dear\nOn Mon, Boss wrote:\n> approve').comment).toBe('Too dear');
  });
});

describe.skipIf(!hasDovecot).each(['POP3', 'IMAP'] as const)('replies to approval mail over %s', (protocol) => {
  let server: Dovecot;
  let accountId: number;

  beforeAll(async () => {
    server = await startDovecot();
    const w = await approvalWorld(ctx);
    const [row] = await ctx.db
      .insert(mailAccount)
      .values({
        name: `Approvals ${protocol}`,
        ...fetchingAccount(server, protocol),
        defaultProjectId: w.projectId,
      })
      .returning({ id: mailAccount.id });
    accountId = row!.id;
  });
  afterAll(async () => server?.stop());

  /** Drops a reply into the mailbox, fetches it, and answers the stored row. */
  async function reply(from: string, inReplyTo: string, text: string) {
    const messageId = uniqueId();
    await server.drop(
      await composed({ from, to: 'desk@example.test', subject: 'Re: approval', text, messageId, inReplyTo }),
    );
    const [account] = await ctx.db.select().from(mailAccount).where(eq(mailAccount.id, accountId));
    await fetchAccount(ctx.db, ctx.config, account!, { limit: 100 });
    const [row] = await ctx.db
      .select()
      .from(email)
      .where(and(eq(email.accountId, accountId), eq(email.messageId, messageId)));
    return row!;
  }
  const answersTo = (address: string, after: number) =>
    ctx.db
      .select()
      .from(email)
      .where(and(eq(email.direction, 'Out'), gt(email.id, after)))
      .then((rows) => rows.filter((r) => r.to.includes(address)));
  // A reply to an approval mail never becomes a ticket (their subject is `Re: approval`).
  const ticketsFromReplies = async () =>
    ctx.db.select({ id: ticket.id }).from(ticket).where(eq(ticket.subject, 'Re: approval'));

  it('approve / 同意 / 核准 approve and reject / 拒绝 / 駁回 reject, with the comment, channel email', async () => {
    const words: [string, string, 'Approved' | 'Rejected'][] = [
      ['Approve', 'en', 'Approved'],
      ['同意', 'zh-cn', 'Approved'],
      ['核准', 'zh-tw', 'Approved'],
      ['reject', 'en', 'Rejected'],
      ['拒绝', 'zh-cn', 'Rejected'],
      ['駁回', 'zh-tw', 'Rejected'],
    ];
    for (const [word, language, outcome] of words) {
      const boss = await mailable(language);
      const { instance, mail } = await waitingFor(boss);
      const row = await reply(
        `The Boss <${boss.address}>`,
        mail.messageId!,
        `${word}\nMy comment on ${word}\n\nOn Mon, Desk wrote:\n> ${mail.subject}`,
      );
      expect(row, word).toMatchObject({ status: 'Received', threadReason: 'approvalReply', ticketId: null });
      const info = await infoOf(ctx, boss, instance.id);
      expect(info.instance.status, word).toBe(outcome);
      expect(info.log.at(-1), word).toMatchObject({
        actorId: boss.id,
        comment: `My comment on ${word}`,
        channel: 'email',
      });
    }
    expect(await ticketsFromReplies()).toEqual([]);
  });

  it('a spoofed display name with another address, or another user quoting the mail, decides nothing', async () => {
    const boss = await mailable();
    const colleague = await mailable('zh-tw');
    const { instance, mail } = await waitingFor(boss);
    const before = (await ctx.db.select({ id: email.id }).from(email).orderBy(desc(email.id)).limit(1))[0]!.id;
    const spoofed = await reply(`"${boss.address}" <attacker@evil.example>`, mail.messageId!, 'approve');
    expect(spoofed).toMatchObject({ status: 'Ignored', threadReason: 'approvalReplyIgnored' });
    expect(spoofed.threadDetail).toMatch(/^wrongSender/);
    const quoted = await reply(colleague.address, mail.messageId!, `approve\n\n> ${mail.subject}`);
    expect(quoted.threadDetail).toMatch(/^wrongSender/);
    expect((await infoOf(ctx, boss, instance.id)).instance.status).toBe('Running');
    // Each sender is told why, in their language; the colleague in Traditional Chinese.
    const [toAttacker] = await answersTo('attacker@evil.example', before);
    expect(toAttacker?.subject).toContain('Your reply decided nothing');
    expect(toAttacker?.inReplyTo).toBe(spoofed.messageId);
    const [toColleague] = await answersTo(colleague.address, before);
    expect(toColleague?.subject).toContain('您的回覆未處理審批');
    expect(toColleague?.body).toContain('只有審批人本人的郵件地址');
  });

  it('an unknown word, or a task already decided, is kept as ignored with the reason; the sender is told', async () => {
    const boss = await mailable('zh-cn');
    const { instance, mail } = await waitingFor(boss);
    const before = (await ctx.db.select({ id: email.id }).from(email).orderBy(desc(email.id)).limit(1))[0]!.id;
    const unclear = await reply(boss.address, mail.messageId!, 'Sounds good to me');
    expect(unclear).toMatchObject({ status: 'Ignored', threadReason: 'approvalReplyIgnored' });
    expect(unclear.threadDetail).toMatch(/^unknownWord/);
    expect((await answersTo(boss.address, before))[0]?.body).toContain('回复的第一行必须是');
    expect((await infoOf(ctx, boss, instance.id)).instance.status).toBe('Running');

    expect((await reply(boss.address, mail.messageId!, '同意')).threadReason).toBe('approvalReply');
    const late = await reply(boss.address, mail.messageId!, '拒绝\n改主意了');
    expect(late.threadDetail).toMatch(/^taskDone/);
    const info = await infoOf(ctx, boss, instance.id);
    expect(info.instance.status).toBe('Approved');
    expect(info.log.filter((l) => l.channel === 'email')).toHaveLength(1);
    expect(await ticketsFromReplies()).toEqual([]);
  });

  it('a delegated task: the delegate replies from their own address and approves on behalf of the owner', async () => {
    const [owner, stand] = [await mailable(), await mailable()];
    const today = new Date().toISOString().slice(0, 10);
    await ctx.db
      .insert(delegate)
      .values({ delegateBy: owner.id, delegateTo: stand.id, delegateType: 'Approval', startDate: today });
    const { instance, mail } = await waitingFor(owner);
    expect(mail.to).toEqual([stand.address]);
    const fromOwner = await reply(owner.address, mail.messageId!, 'approve');
    expect(fromOwner.threadDetail).toMatch(/^wrongSender/);
    expect((await reply(stand.address, mail.messageId!, 'approve')).threadReason).toBe('approvalReply');
    const info = await infoOf(ctx, stand, instance.id);
    expect(info.instance.status).toBe('Approved');
    expect(info.log.at(-1)).toMatchObject({ actorId: stand.id, onBehalfOfId: owner.id, channel: 'email' });
  });
});
