import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, type Email, type EmailListItem, type MailAccount, type UploadedFile } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { sinkPassword, sinkUser, startSmtpSink, type SmtpSink } from '../../../test/mail-servers.js';
import { admin, type Staff } from '../../../test/ticket-factories.js';
import { systemLog } from '../../platform/platform.table.js';
import { queueEmail } from './email-outbox.service.js';
import { noAccountRecheckMs, retryDelaysMs, sendDueEmails, sendHandler } from './email-send.service.js';
import { scheduleJob } from '../../platform/jobs/jobs.table.js';
import { email, emailSuppression, mailAccount } from './email.table.js';

const ctx = useTestApp();
let sink: SmtpSink;
let boss: Staff;
let account: MailAccount;
let wrongPassword: MailAccount;

const send = (now?: Date) => sendDueEmails(ctx.db, { dataDir: ctx.config.dataDir, now });
const later = (ms: number) => new Date(Date.now() + ms);
const rowOf = async (id: number) => (await ctx.db.select().from(email).where(eq(email.id, id)))[0]!;
const atSink = (messageId: string) => sink.messages.filter((m) => m.headers['message-id'] === messageId);

async function addAccount(body: Record<string, unknown>): Promise<MailAccount> {
  const response = await ctx.call('POST', '/api/MailAccount/Add', {
    token: boss.token,
    body: {
      address: 'desk@example.test',
      displayName: 'Casedesk',
      account: sinkUser,
      password: sinkPassword,
      smtpHost: '127.0.0.1',
      smtpPort: sink.port,
      smtpStartTls: false,
      ...body,
    },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as MailAccount;
}

async function queued(body: Record<string, unknown>): Promise<Email> {
  const response = await ctx.call('POST', '/api/Email/Add', {
    token: boss.token,
    body: { subject: 'Your printer', body: '<p>It works again.</p>', send: true, ...body },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Email;
}

async function uploadText(name: string, text: string): Promise<UploadedFile> {
  const boundary = `----mail${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Files/Upload',
    headers: {
      authorization: `Bearer ${boss.token}`,
      'auth-token': ctx.newAuthToken(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: UploadedFile[] }).data[0]!;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  boss = await admin(ctx);
  account = await addAccount({ name: 'Default desk', isDefault: true });
  wrongPassword = await addAccount({ name: 'Wrong password', password: 'not-the-password' });
});
afterAll(async () => sink?.close());

describe('the outbox (email.send) against a real SMTP sink', () => {
  it('sends a queued mail once, with our Message-ID, loop and auto-response headers and its attachment', async () => {
    const file = await uploadText('notes.txt', 'Quokka attachment text');
    const mail = await queued({ to: ['customer@example.test'], cc: ['boss@example.test'], attachments: [file.fileId] });
    expect(mail).toMatchObject({ status: 'Sending', attempts: 0 });
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}\.[\w-]{22}@/);

    expect(await send()).toMatchObject({ sent: 1, failed: 0, retried: 0 });
    const [received, ...more] = atSink(mail.messageId!);
    expect(more).toEqual([]);
    expect(received!.to.sort()).toEqual(['boss@example.test', 'customer@example.test']);
    expect(received!.from).toBe('desk@example.test');
    expect(received!.headers['x-casedesk-loop']).toBeTruthy();
    expect(received!.headers['x-auto-response-suppress']).toBe('All');
    // A person's mail is not marked automatic.
    expect(received!.headers['auto-submitted']).toBeUndefined();
    expect(received!.headers.from).toContain('Casedesk');
    expect(received!.raw).toContain('notes.txt');
    expect(received!.raw).toContain(Buffer.from('Quokka attachment text').toString('base64').slice(0, 16));

    const row = await rowOf(mail.id);
    expect(row).toMatchObject({ status: 'Sent', attempts: 1, error: null, leaseUntil: null });
    expect(row.sendDate).toBeInstanceOf(Date);
    // Nothing is due any more: a second pass sends nothing.
    expect(await send(later(24 * 3600_000))).toMatchObject({ sent: 0 });
    expect(atSink(mail.messageId!)).toHaveLength(1);
  });

  it('marks notifications Auto-Submitted and threads them with In-Reply-To and References', async () => {
    const { messageId } = await ctx.db.transaction((tx) =>
      queueEmail(tx, {
        to: ['agent@example.test'],
        subject: 'Assigned to you',
        body: '<p>TCK</p>',
        event: 'ticketAssigned',
        inReplyTo: '<parent@example.test>',
        references: ['<root@example.test>', '<parent@example.test>'],
      }),
    );
    await send();
    const [received] = atSink(messageId);
    expect(received!.headers['auto-submitted']).toBe('auto-generated');
    expect(received!.headers['in-reply-to']).toBe('<parent@example.test>');
    expect(received!.headers.references).toBe('<root@example.test> <parent@example.test>');
  });

  it('keeps the mail queued while the SMTP server is down and sends it once when it comes back', async () => {
    await sink.stop();
    try {
      const mail = await queued({ to: ['waiting@example.test'] });
      expect(await send()).toMatchObject({ sent: 0, retried: 1 });
      const waiting = await rowOf(mail.id);
      expect(waiting).toMatchObject({ status: 'Sending', attempts: 1, leaseUntil: null });
      expect(waiting.error).toContain(emailMessages.testRefused);
      expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + retryDelaysMs[0]! - 10_000);
      // Not due yet: nothing is tried before the back-off ends.
      expect(await send()).toMatchObject({ sent: 0, retried: 0 });
      await sink.start();
      expect(await send(later(retryDelaysMs[0]! + 1000))).toMatchObject({ sent: 1 });
      expect(await rowOf(mail.id)).toMatchObject({ status: 'Sent', attempts: 2, error: null });
      expect(atSink(mail.messageId!)).toHaveLength(1);
    } finally {
      await sink.start();
    }
  });

  it('retries a 4xx answer, fails a 5xx one at once, and gives up after the last back-off', async () => {
    sink.mode = { kind: 'reject', code: 451, message: 'try again later' };
    const soft = await queued({ to: ['soft@example.test'] });
    expect(await send()).toMatchObject({ retried: 1 });
    sink.mode = { kind: 'reject', code: 550, message: 'mailbox unavailable' };
    const hard = await queued({ to: ['hard@example.test'] });
    expect(await send()).toMatchObject({ failed: 1 });
    const failed = await rowOf(hard.id);
    expect(failed.status).toBe('Failed');
    expect(failed.error).toContain('mailbox unavailable');

    // The soft one keeps failing with 451 through every back-off, then is Failed.
    sink.mode = { kind: 'reject', code: 451, message: 'try again later' };
    let clock = Date.now();
    for (const delay of retryDelaysMs) {
      clock += delay + 1000;
      await send(new Date(clock));
    }
    const gaveUp = await rowOf(soft.id);
    expect(gaveUp).toMatchObject({ status: 'Failed', attempts: retryDelaysMs.length + 1 });
    expect(gaveUp.error).toContain(emailMessages.gaveUp);
    sink.mode = { kind: 'accept' };

    // Resend: queued again, attempts from zero, the same Message-ID; sent.
    const resent = await ctx.call('POST', '/api/Email/Resend', { token: boss.token, body: { id: soft.id } });
    expect(resent.status, resent.raw).toBe(200);
    expect(resent.body.data).toMatchObject({ status: 'Sending', attempts: 0, error: null, messageId: soft.messageId });
    await send();
    expect(await rowOf(soft.id)).toMatchObject({ status: 'Sent', attempts: 1 });
    expect(atSink(soft.messageId!)).toHaveLength(1);
    // Only a failed mail is resent.
    const again = await ctx.call('POST', '/api/Email/Resend', { token: boss.token, body: { id: soft.id } });
    expect(again.status).toBe(409);
  });

  it('fails a wrong password at once with the reason, in the list and in the system log', async () => {
    const mail = await queued({ to: ['someone@example.test'], accountId: wrongPassword.id, subject: 'Wrong pw mail' });
    expect(await send()).toMatchObject({ failed: 1 });
    const listed = await ctx.call('POST', '/api/Email/Query', {
      token: boss.token,
      body: { status: 'Failed', keyword: 'Wrong pw mail' },
    });
    expect(listed.status, listed.raw).toBe(200);
    const [item] = (listed.body.data as { items: EmailListItem[] }).items;
    expect(item).toMatchObject({ id: mail.id, status: 'Failed', attempts: 1 });
    expect(item!.error).toContain(emailMessages.testAuth);
    const logged = await ctx.db
      .select()
      .from(systemLog)
      .where(and(eq(systemLog.source, 'email'), eq(systemLog.level, 'error')));
    const entry = logged.find((l) => l.message.includes(`E-mail ${mail.id} `));
    expect(entry!.message).toContain(emailMessages.testAuth);
    expect(JSON.stringify(logged)).not.toContain('not-the-password');
    expect(atSink(mail.messageId!)).toHaveLength(0);
  });

  it('drops suppressed addresses, and fails a mail left with no recipient', async () => {
    await ctx.db.insert(emailSuppression).values({ address: 'Bounced@Example.test', reason: '550 no such user' });
    const partly = await queued({ to: ['bounced@example.test', 'fine@example.test'] });
    const wholly = await queued({ to: ['BOUNCED@example.test'] });
    expect(await send()).toMatchObject({ sent: 1, failed: 1 });
    expect(atSink(partly.messageId!).map((m) => m.to)).toEqual([['fine@example.test']]);
    expect(await rowOf(wholly.id)).toMatchObject({ status: 'Failed', error: emailMessages.suppressed });
    expect(atSink(wholly.messageId!)).toHaveLength(0);
  });

  it('judges a claim whose lease ran out as interrupted: Failed, never sent a second time', async () => {
    const mail = await queued({ to: ['once@example.test'] });
    // As a process that claimed it and died leaves it: attempt counted, lease set, no outcome written.
    await ctx.db
      .update(email)
      .set({ attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(email.id, mail.id));
    expect(await send()).toMatchObject({ sent: 0, interrupted: 0 });
    expect(await send(later(120_000))).toMatchObject({ sent: 0, interrupted: 1 });
    expect(await rowOf(mail.id)).toMatchObject({ status: 'Failed', error: emailMessages.interrupted });
    expect(atSink(mail.messageId!)).toHaveLength(0);
    const logged = await ctx.db.select().from(systemLog).where(eq(systemLog.source, 'email'));
    expect(logged.some((l) => l.message.includes(`E-mail ${mail.id} `) && l.level === 'warn')).toBe(true);
  });

  it('runs as the seeded email.send job every 5 seconds', async () => {
    const [job] = await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.className, sendHandler.className));
    expect(job).toMatchObject({ cron: '*/5 * * * * ?', isStart: true });
    const mail = await queued({ to: ['job@example.test'] });
    const result = await sendHandler.run(
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        fireTime: new Date(),
        jobId: job!.id,
        signal: new AbortController().signal,
      },
      sendHandler.params.parse({}),
    );
    expect(result).toEqual({ message: '1 sent, 0 to retry, 0 failed, 0 interrupted, 0 waiting for a mail account' });
    expect(atSink(mail.messageId!)).toHaveLength(1);
  });

  it('uses the default account when a mail names none; with no active account the mail waits, saying why, and goes once one is active', async () => {
    await ctx.db.update(email).set({ status: 'Sent' }).where(eq(email.status, 'Sending'));
    const mail = await queued({ to: ['nobody@example.test'] });
    const response = await ctx.call('POST', '/api/MailAccount/Update', {
      token: boss.token,
      body: { id: account.id, rowVersion: account.rowVersion, status: 'Inactive' },
    });
    expect(response.status, response.raw).toBe(200);
    // The other accounts of this file take the default in turn: none of them is left active.
    await ctx.db.update(mailAccount).set({ status: 'Inactive' });
    expect(await send()).toMatchObject({ failed: 0, waiting: 1 });
    expect(await rowOf(mail.id)).toMatchObject({ status: 'Sending', error: emailMessages.noAccount, attempts: 0 });
    const inactive = (await ctx.db.select().from(mailAccount).where(eq(mailAccount.id, account.id)))[0]!;
    const back = await ctx.call('POST', '/api/MailAccount/Update', {
      token: boss.token,
      body: { id: account.id, rowVersion: inactive.rowVersion, status: 'Active' },
    });
    expect(back.status, back.raw).toBe(200);
    expect(await send(later(noAccountRecheckMs))).toMatchObject({ sent: 1 });
    expect(await rowOf(mail.id)).toMatchObject({ status: 'Sent', error: null });
    expect(atSink(mail.messageId!)).toHaveLength(1);
  });
});
