import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, type Email, type MailAccount } from '@casedesk/shared';
import { createUser, useTestApp } from '../../../test/helpers.js';
import { systemLog } from '../../platform/platform.table.js';
import { appUser } from '../user/index.js';
import { sinkPassword, sinkUser, startSmtpSink, type SmtpSink } from '../../../test/mail-servers.js';
import { admin, type Staff } from '../../../test/ticket-factories.js';
import { noAccountRecheckMs, sendDueEmails } from './email-send.service.js';
import { email, mailAccount } from './email.table.js';

// A database of its own: the first mail account of this file is the first the server has.
const ctx = useTestApp();
let sink: SmtpSink;
let boss: Staff;

beforeAll(async () => {
  sink = await startSmtpSink();
  boss = await admin(ctx);
});
afterAll(async () => sink?.close());

const send = (now?: Date) => sendDueEmails(ctx.db, { dataDir: ctx.config.dataDir, now });
const rowOf = async (id: number) => (await ctx.db.select().from(email).where(eq(email.id, id)))[0]!;
const accountOf = async (id: number) => (await ctx.db.select().from(mailAccount).where(eq(mailAccount.id, id)))[0]!;

async function addAccount(name: string): Promise<MailAccount> {
  const response = await ctx.call('POST', '/api/MailAccount/Add', {
    token: boss.token,
    body: {
      name,
      address: 'desk@example.test',
      account: sinkUser,
      password: sinkPassword,
      smtpHost: '127.0.0.1',
      smtpPort: sink.port,
      smtpStartTls: false,
    },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as MailAccount;
}

describe('the default mail account', () => {
  it('ForgotPassword with no mail account answers as always (contract 17) and tells the administrators in the system log', async () => {
    const user = await createUser(ctx);
    const address = `${user.loginName}@example.test`;
    await ctx.db.update(appUser).set({ email: address }).where(eq(appUser.id, user.id));
    const response = await ctx.call('POST', '/api/token/ForgotPassword', {
      body: { userName: user.loginName, email: address },
    });
    expect(response.status, response.raw).toBe(200);
    const logs = await ctx.db.select().from(systemLog).where(eq(systemLog.source, 'email'));
    expect(logs.map((l) => l.message)).toContain(
      `A password reset mail for user ${user.id} waits: ${emailMessages.noAccount}`,
    );
    await ctx.db.delete(email);
  });

  it('a mail waits, saying why, until the first account is added; that account becomes the default and sends it', async () => {
    expect(await ctx.db.select().from(mailAccount)).toEqual([]);
    const outbox = async () => (await ctx.call('GET', '/api/Email/Outbox', { token: boss.token })).body.data;
    expect(await outbox()).toEqual({ accountReady: false });
    const response = await ctx.call('POST', '/api/Email/Add', {
      token: boss.token,
      body: { subject: 'Waiting', body: '<p>Hello</p>', to: ['someone@example.test'], send: true },
    });
    expect(response.status, response.raw).toBe(200);
    const mail = response.body.data as Email;
    expect(await send()).toMatchObject({ waiting: 1, failed: 0 });
    expect(await rowOf(mail.id)).toMatchObject({ status: 'Sending', error: emailMessages.noAccount });
    // Looked at again later, still without an account: it keeps waiting, its attempts untouched.
    expect(await send(new Date(Date.now() + noAccountRecheckMs))).toMatchObject({ waiting: 1 });
    expect(await rowOf(mail.id)).toMatchObject({ status: 'Sending', attempts: 0 });

    const first = await addAccount('B desk');
    expect(first.isDefault).toBe(true);
    expect(await outbox()).toEqual({ accountReady: true });
    expect(await send(new Date(Date.now() + 2 * noAccountRecheckMs))).toMatchObject({ sent: 1 });
    expect(await rowOf(mail.id)).toMatchObject({ status: 'Sent', error: null });
    expect(sink.messages.filter((m) => m.headers['message-id'] === mail.messageId)).toHaveLength(1);
  });

  it('a second account leaves the default alone; disabling the default passes it to the first active account by name', async () => {
    const [first] = await ctx.db.select().from(mailAccount).where(eq(mailAccount.isDefault, true));
    const second = await addAccount('A desk');
    expect(second.isDefault).toBe(false);
    expect((await accountOf(first!.id)).isDefault).toBe(true);
    const disabled = await ctx.call('POST', '/api/MailAccount/Update', {
      token: boss.token,
      body: { id: first!.id, rowVersion: first!.rowVersion, status: 'Inactive' },
    });
    expect(disabled.status, disabled.raw).toBe(200);
    expect((await accountOf(second.id)).isDefault).toBe(true);
    expect((await accountOf(first!.id)).isDefault).toBe(false);
  });
});
