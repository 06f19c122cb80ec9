import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sinkPassword, sinkUser, startSmtpSink, type SmtpSink } from '../../../test/mail-servers.js';
import { useTestApp } from '../../../test/helpers.js';
import {
  act,
  approvalWorld,
  approve,
  approver,
  chain,
  end,
  infoOf,
  myTask,
  person,
  publishWorkflow,
  start,
  submit,
} from '../../../test/workflow-factories.js';
import { systemSecret } from '../../platform/platform.table.js';
import { delegate } from '../delegate/index.js';
import { email, mailAccount } from '../email/index.js';
import { parseMail } from '../email/email-parse.js';
import { sendDueEmails } from '../email/email-send.service.js';
import { encryptPassword } from '../email/mail-crypto.js';
import { appUser } from '../user/index.js';
import { readLink, signLink } from './workflow-link.js';
import { workflowAction, workflowTask } from './workflow.table.js';

const ctx = useTestApp({ systemUrl: 'https://desk.example.test' });
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  await ctx.db.insert(mailAccount).values({
    name: 'Desk',
    address: 'desk@example.test',
    account: sinkUser,
    passwordEncrypted: encryptPassword(sinkPassword),
    smtpHost: '127.0.0.1',
    smtpPort: sink.port,
    smtpStartTls: false,
    isDefault: true,
  });
});
afterAll(async () => sink?.close());

type Staff = Awaited<ReturnType<typeof person>>;

/** An approver who takes mail, in a language. */
async function mailable(language = 'en'): Promise<Staff & { address: string }> {
  const user = await person(ctx);
  const address = `${user.loginName}@example.test`.toLowerCase();
  await ctx.db.update(appUser).set({ email: address, canEmail: true, language }).where(eq(appUser.id, user.id));
  return { ...user, address };
}

/** A ticket's approval waiting at node `a` for `who` (extra: the node's settings). */
async function waitingFor(who: Staff, extra: Record<string, unknown> = {}) {
  const w = await approvalWorld(ctx);
  await publishWorkflow(ctx, chain(start(), approver('a', [who.id], 'any', extra), end()), { projectId: w.projectId });
  const { instance } = await submit(ctx, w.initiator, w.ticketId);
  return { w, instance };
}

/** The newest approval-task mail of the instance, and its two links' paths. */
async function taskMail(instanceId: number) {
  const [found] = await ctx.db
    .select({ mail: email })
    .from(email)
    .innerJoin(workflowTask, eq(workflowTask.id, email.workflowTaskId))
    .where(and(eq(email.event, 'approvalTask'), eq(workflowTask.instanceId, instanceId)))
    .orderBy(desc(email.id))
    .limit(1);
  const mail = found!.mail;
  const links = [...mail.body.matchAll(/href="https:\/\/desk\.example\.test(\/approve\/[^"]+)"/g)].map((m) => m[1]!);
  return { mail, approveLink: links[0]!, rejectLink: links[1]! };
}

const page = (url: string) => ctx.app.inject({ method: 'GET', url });
const post = (url: string, comment = '') =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ comment }).toString(),
  });
const logOf = (instanceId: number) =>
  ctx.db.select().from(workflowAction).where(eq(workflowAction.instanceId, instanceId)).orderBy(workflowAction.id);

describe('approve and reject links in the task mail', () => {
  it('the mail carries both links; GET changes nothing; the POST approves once, as the assignee, channel link', async () => {
    const boss = await mailable();
    const { w, instance } = await waitingFor(boss);
    const { mail, approveLink, rejectLink } = await taskMail(instance.id);
    expect(mail.to).toEqual([boss.address]);
    expect(approveLink).toMatch(/^\/approve\/a\./);
    expect(rejectLink).toMatch(/^\/approve\/r\./);

    // A mail scanner follows both links, twice: nothing is decided.
    for (const link of [approveLink, rejectLink, approveLink]) {
      const shown = await page(link);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toContain('text/html');
      expect(shown.body).toContain('<form method="post"');
      expect(shown.body).toContain(w.ticket.subject);
    }
    expect((await infoOf(ctx, boss, instance.id)).instance.status).toBe('Running');
    expect((await logOf(instance.id)).map((l) => l.action)).toEqual(['submit']);

    const done = await post(approveLink, 'Fine by me');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your approval is recorded.');
    const info = await infoOf(ctx, boss, instance.id);
    expect(info.instance.status).toBe('Approved');
    expect(info.log.at(-1)).toMatchObject({
      action: 'approve',
      actorId: boss.id,
      comment: 'Fine by me',
      channel: 'link',
    });
    expect(info.log[0]).toMatchObject({ action: 'submit', channel: 'web' });

    // Used: the same link, and the other link of the mail, change nothing more.
    for (const link of [approveLink, rejectLink]) {
      const again = await post(link, 'again');
      expect(again.body).toContain('This link no longer works');
      expect(again.body).toContain('Nothing was changed.');
    }
    expect((await logOf(instance.id)).filter((l) => l.action === 'approve')).toHaveLength(1);
  });

  it('a used link stays spent when a recall makes the task wait again', async () => {
    const [boss, next] = [await mailable(), await mailable()];
    const w = await approvalWorld(ctx);
    await publishWorkflow(ctx, chain(start(), approver('a', [boss.id]), approver('b', [next.id]), end()), {
      projectId: w.projectId,
    });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const { approveLink, rejectLink } = await taskMail(instance.id);
    expect((await post(approveLink)).body).toContain('Your approval is recorded.');
    await act(ctx, boss, 'WorkflowInstance/Recall', { instanceId: instance.id });
    expect((await myTask(ctx, boss, instance.id)).nodeId).toBe('a');
    const reused = await post(rejectLink, 'changed my mind');
    expect(reused.body).toContain('This link has already been used.');
    expect((await infoOf(ctx, boss, instance.id)).instance.status).toBe('Running');
  });

  it('a link to reject rejects, with the comment, in the assignee language', async () => {
    const boss = await mailable('zh-cn');
    const { instance } = await waitingFor(boss);
    const { rejectLink } = await taskMail(instance.id);
    const shown = await page(rejectLink);
    expect(shown.body).toContain('<html lang="zh-CN">');
    expect(shown.body).toContain('驳回此申请');
    const done = await post(rejectLink, '预算不足');
    expect(done.body).toContain('您的驳回已记录');
    const info = await infoOf(ctx, boss, instance.id);
    expect(info.instance.status).toBe('Rejected');
    expect(info.log.at(-1)).toMatchObject({ action: 'reject', comment: '预算不足', channel: 'link' });
  });

  it('forged, altered and expired links are refused with a page that says so; nothing changes', async () => {
    const boss = await mailable('zh-tw');
    const { instance } = await waitingFor(boss);
    const { approveLink } = await taskMail(instance.id);
    const token = approveLink.slice('/approve/'.length);
    const [secret] = await ctx.db.select().from(systemSecret).where(eq(systemSecret.name, 'approval_link_key'));
    const key = Buffer.from(secret!.value, 'base64');
    const link = readLink(key, token)!;
    expect(link).toMatchObject({ action: 'approve', userId: boss.id });

    const altered = token.replace(/^a\.(\d+)\./, (_, id: string) => `a.${Number(id) + 1}.`);
    const forged = signLink(Buffer.alloc(32, 7), link);
    for (const bad of [altered, forged, 'garbage', `${token}x`]) {
      for (const answer of [await page(`/approve/${bad}`), await post(`/approve/${bad}`, 'x')]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.body).toContain('This link is not valid');
      }
    }
    const expired = signLink(key, { ...link, expiresAt: new Date(Date.now() - 1000) });
    const late = await post(`/approve/${expired}`);
    expect(late.body).toContain('此連結已過期');
    expect(late.body).toContain('未做任何變更');
    expect((await logOf(instance.id)).map((l) => l.action)).toEqual(['submit']);
  });

  it('who may not: a task handed to someone else, a link of another user, a step asking for fields or a reason', async () => {
    const [boss, other] = [await mailable(), await mailable()];
    const { instance } = await waitingFor(boss);
    const { approveLink } = await taskMail(instance.id);
    const task = await myTask(ctx, boss, instance.id);
    await act(ctx, boss, 'WorkflowInstance/Transfer', { taskId: task.taskId, userId: other.id, comment: 'yours' });
    const gone = await post(approveLink);
    expect(gone.body).toContain('This task no longer waits for you');
    expect((await infoOf(ctx, other, instance.id)).instance.status).toBe('Running');

    const reasoned = await waitingFor(boss, { reasonRequired: { approve: true } });
    const reasonLink = (await taskMail(reasoned.instance.id)).approveLink;
    expect((await page(reasonLink)).body).toContain('This step asks for a reason, which is given in the app.');
    expect((await post(reasonLink, 'my reason')).body).toContain('Nothing was changed.');
    const fielded = await waitingFor(boss, { fieldPermissions: { subject: 'write' } });
    const fieldLink = (await taskMail(fielded.instance.id)).approveLink;
    const sent = await post(fieldLink);
    expect(sent.body).toContain('fill in fields');
    expect(sent.body).toContain(`/workflow/instance/info/${fielded.instance.id}`);
    for (const id of [reasoned.instance.id, fielded.instance.id])
      expect((await infoOf(ctx, boss, id)).instance.status).toBe('Running');
  });

  it('a delegated task: the mail goes to the delegate, whose link approves on behalf of the owner', async () => {
    const [owner, stand] = [await mailable(), await mailable()];
    const today = new Date().toISOString().slice(0, 10);
    await ctx.db
      .insert(delegate)
      .values({ delegateBy: owner.id, delegateTo: stand.id, delegateType: 'Approval', startDate: today });
    const { instance } = await waitingFor(owner);
    const { mail, approveLink } = await taskMail(instance.id);
    expect(mail.to).toEqual([stand.address]);
    expect((await page(approveLink)).body).toContain('On behalf of');
    await post(approveLink, 'for the owner');
    const info = await infoOf(ctx, stand, instance.id);
    expect(info.instance.status).toBe('Approved');
    expect(info.log.at(-1)).toMatchObject({ actorId: stand.id, onBehalfOfId: owner.id, channel: 'link' });
  });

  it('the links work as received through the SMTP sink', async () => {
    const boss = await mailable();
    const { instance } = await waitingFor(boss);
    const { mail } = await taskMail(instance.id);
    await sendDueEmails(ctx.db, { dataDir: ctx.config.dataDir });
    const received = sink.messages.find((m) => m.headers['message-id'] === mail.messageId);
    expect(received?.to).toEqual([boss.address]);
    const html = (await parseMail(Buffer.from(received!.raw))).html;
    const approveLink = /href="https:\/\/desk\.example\.test(\/approve\/a\.[^"]+)"/.exec(html)![1]!;
    expect((await page(approveLink)).statusCode).toBe(200);
    expect((await post(approveLink)).body).toContain('Your approval is recorded.');
    expect((await infoOf(ctx, boss, instance.id)).instance.status).toBe('Approved');
  });

  it('an approval in the app says web', async () => {
    const boss = await mailable();
    const { instance } = await waitingFor(boss);
    const info = await approve(ctx, boss, instance.id);
    expect(info.log.at(-1)).toMatchObject({ action: 'approve', channel: 'web' });
  });
});
