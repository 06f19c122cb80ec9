import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, type MailAccount, type MailAccountTestResult } from '@casedesk/shared';
import { closedPort, sinkPassword, sinkUser, startSmtpSink, type SmtpSink } from '../../../test/mail-servers.js';
import { hasDovecot, startDovecot } from '../../../test/dovecot.js';
import { createCaller, useTestApp } from '../../../test/helpers.js';
import { buildApp, logRedactions } from '../../app.js';
import { requestLog } from '../../platform/platform.table.js';
import { admin, staff, type Staff } from '../../../test/ticket-factories.js';
import { auditLog, systemLog } from '../../platform/platform.table.js';
import { mailAccount } from './email.table.js';

const ctx = useTestApp();
let sink: SmtpSink;
let boss: Staff;
let refusedPort: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  boss = await admin(ctx);
  refusedPort = await closedPort();
});
afterAll(async () => sink?.close());

let counter = 0;
const accountBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Desk ${++counter}`,
  address: 'desk@example.test',
  account: sinkUser,
  password: sinkPassword,
  smtpHost: '127.0.0.1',
  smtpPort: sink.port,
  smtpStartTls: false,
  incomingProtocol: 'POP3',
  incomingHost: '127.0.0.1',
  incomingPort: refusedPort,
  incomingSsl: false,
  ...overrides,
});

async function addAccount(overrides: Record<string, unknown> = {}, who = boss) {
  return ctx.call('POST', '/api/MailAccount/Add', { token: who.token, body: accountBody(overrides) });
}
async function added(overrides: Record<string, unknown> = {}): Promise<MailAccount> {
  const response = await addAccount(overrides);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as MailAccount;
}
async function testAccount(id: number): Promise<MailAccountTestResult> {
  const response = await ctx.call('POST', `/api/MailAccount/Test/${id}`, { token: boss.token });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as MailAccountTestResult;
}

describe('mail accounts', () => {
  it('never answers the password, stores it encrypted, and keeps it when an update leaves it out', async () => {
    const account = await added();
    expect(account.hasPassword).toBe(true);
    expect(JSON.stringify(account)).not.toContain(sinkPassword);
    expect(account).not.toHaveProperty('password');
    expect(account).not.toHaveProperty('passwordEncrypted');
    const [row] = await ctx.db.select().from(mailAccount).where(eq(mailAccount.id, account.id));
    expect(row!.passwordEncrypted).toMatch(/^v1:/);
    expect(row!.passwordEncrypted).not.toContain(sinkPassword);

    const got = await ctx.call('GET', `/api/MailAccount/Get/${account.id}`, { token: boss.token });
    const listed = await ctx.call('POST', '/api/MailAccount/Query', {
      token: boss.token,
      body: { keyword: account.name },
    });
    for (const response of [got, listed]) {
      expect(response.status, response.raw).toBe(200);
      expect(response.raw).not.toContain(sinkPassword);
      expect(response.raw).not.toContain('v1:');
    }
    expect((listed.body.data as { items: MailAccount[] }).items.map((a) => a.id)).toEqual([account.id]);

    // What Get gave comes back with a new display name: the password stays (the SMTP test still signs in).
    const updated = await ctx.call('POST', '/api/MailAccount/Update', {
      token: boss.token,
      body: { ...(got.body.data as MailAccount), displayName: 'Service desk' },
    });
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body.data).toMatchObject({ displayName: 'Service desk', hasPassword: true, smtpPort: sink.port });
    expect((await testAccount(account.id)).smtp).toMatchObject({ ok: true, message: emailMessages.testOk });

    // A new password replaces it; the audit log says it changed, never what it is.
    const changed = await ctx.call('POST', '/api/MailAccount/Update', {
      token: boss.token,
      body: { id: account.id, rowVersion: (updated.body.data as MailAccount).rowVersion, password: 'wrong-one' },
    });
    expect(changed.status, changed.raw).toBe(200);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, account.id));
    const auditText = JSON.stringify(audit.filter((a) => a.entity === 'MailAccount'));
    expect(auditText).toContain('password');
    expect(auditText).not.toContain('wrong-one');
    expect(auditText).not.toContain(sinkPassword);
    expect(auditText).not.toContain('v1:');
    expect((await testAccount(account.id)).smtp.messageKey).toBe('email.testAuth');
  });

  it('keeps at most one default account', async () => {
    const first = await added({ isDefault: true });
    const second = await added({ isDefault: true });
    const defaults = await ctx.db.select().from(mailAccount).where(eq(mailAccount.isDefault, true));
    expect(defaults.map((a) => a.id)).toEqual([second.id]);
    const again = await ctx.call('POST', '/api/MailAccount/Update', {
      token: boss.token,
      body: { id: first.id, rowVersion: first.rowVersion + 1, isDefault: true },
    });
    expect(again.status, again.raw).toBe(200);
    const after = await ctx.db.select().from(mailAccount).where(eq(mailAccount.isDefault, true));
    expect(after.map((a) => a.id)).toEqual([first.id]);
  });

  it('Test says in words what failed: refused, authentication, DNS, TLS, timeout; and succeeds against the sink', async () => {
    const good = await added();
    const result = await testAccount(good.id);
    expect(result.smtp).toEqual({ ok: true, message: emailMessages.testOk, messageKey: 'email.testOk' });
    // The POP3 port is closed.
    expect(result.incoming.ok).toBe(false);
    expect(result.incoming.messageKey).toBe('email.testRefused');
    expect(result.incoming.message.startsWith(emailMessages.testRefused)).toBe(true);

    const refused = await testAccount((await added({ smtpPort: refusedPort })).id);
    expect(refused.smtp).toMatchObject({ ok: false, messageKey: 'email.testRefused' });

    const wrongPassword = await testAccount((await added({ password: 'not-it' })).id);
    expect(wrongPassword.smtp).toMatchObject({ ok: false, messageKey: 'email.testAuth' });
    expect(wrongPassword.smtp.message).toContain(emailMessages.testAuth);

    const noSuchHost = await testAccount(
      (await added({ smtpHost: 'no-such-host.invalid', incomingHost: 'no-such-host.invalid', incomingPort: 110 })).id,
    );
    expect(noSuchHost.smtp).toMatchObject({ ok: false, messageKey: 'email.testDns' });
    expect(noSuchHost.incoming).toMatchObject({ ok: false, messageKey: 'email.testDns' });

    // TLS from the first byte against a plain-text server: the handshake fails.
    const tls = await testAccount((await added({ smtpSsl: true })).id);
    expect(tls.smtp).toMatchObject({ ok: false, messageKey: 'email.testTls' });
    // A server that accepts the connection and never says a word.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const silentPort = (silent.address() as AddressInfo).port;
      const timeout = await testAccount((await added({ smtpPort: silentPort, incomingPort: silentPort })).id);
      expect(timeout.smtp).toMatchObject({ ok: false, messageKey: 'email.testTimeout' });
      expect(timeout.incoming).toMatchObject({ ok: false, messageKey: 'email.testTimeout' });
    } finally {
      silent.close();
    }

    const noIncoming = await testAccount((await added({ incomingHost: null, incomingPort: null })).id);
    expect(noIncoming.incoming).toMatchObject({ ok: false, messageKey: 'email.testNoIncoming' });
    // No password reached the system log.
    const logs = await ctx.db.select({ message: systemLog.message }).from(systemLog);
    expect(JSON.stringify(logs)).not.toContain(sinkPassword);
  });

  it('refuses a bad address, a duplicate name, and callers without the settings permissions', async () => {
    const bad = await addAccount({ address: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('address');
    const first = await added();
    const duplicate = await addAccount({ name: first.name.toUpperCase() });
    expect(duplicate.status).toBe(409);

    const viewer = await staff(ctx, [], ['settings:view']);
    expect((await ctx.call('POST', '/api/MailAccount/Query', { token: viewer.token, body: {} })).status).toBe(200);
    expect((await addAccount({}, viewer)).status).toBe(403);
    expect((await ctx.call('POST', `/api/MailAccount/Test/${first.id}`, { token: viewer.token })).status).toBe(403);
    expect((await ctx.call('POST', '/api/MailAccount/Delete', { token: viewer.token, body: [first.id] })).status).toBe(
      403,
    );
    const nobody = await staff(ctx, [], ['ticket:view']);
    expect((await ctx.call('POST', '/api/MailAccount/Query', { token: nobody.token, body: {} })).status).toBe(403);

    const deleted = await ctx.call('POST', '/api/MailAccount/Delete', { token: boss.token, body: [first.id] });
    expect(deleted.status, deleted.raw).toBe(200);
    const [left] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailAccount)
      .where(eq(mailAccount.id, first.id));
    expect(left!.n).toBe(0);
  });
});

describe.skipIf(!hasDovecot)('Test against a real Dovecot (IMAP and POP3)', () => {
  it('signs in with IMAP and with POP3, and says "authentication" for a wrong password', async () => {
    const dovecot = await startDovecot();
    try {
      const incoming = (protocol: string, port: number, password: string) => ({
        account: dovecot.user,
        password,
        incomingProtocol: protocol,
        incomingPort: port,
      });
      for (const [protocol, port] of [
        ['IMAP', dovecot.imapPort],
        ['POP3', dovecot.pop3Port],
      ] as const) {
        const good = await testAccount((await added(incoming(protocol, port, dovecot.password))).id);
        expect(good.incoming, protocol).toEqual({
          ok: true,
          message: emailMessages.testOk,
          messageKey: 'email.testOk',
        });
        const bad = await testAccount((await added(incoming(protocol, port, 'wrong'))).id);
        expect(bad.incoming, protocol).toMatchObject({ ok: false, messageKey: 'email.testAuth' });
      }
    } finally {
      await dovecot.stop();
    }
  });
});

describe('the password in the logs', () => {
  it('never reaches the server log (at trace level), the request log, the system log or the audit log', async () => {
    const secret = 'Log-Secret-77';
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp({
      config: { ...ctx.config, logLevel: 'trace' },
      database: ctx.database,
      logger: { level: 'trace', stream, redact: logRedactions },
    });
    await logged.app.ready();
    try {
      const call = createCaller(logged.app, ctx.newAuthToken);
      const add = await call('POST', '/api/MailAccount/Add', {
        token: boss.token,
        body: accountBody({ password: secret }),
      });
      expect(add.status, add.raw).toBe(200);
      const account = add.body.data as MailAccount;
      const update = await call('POST', '/api/MailAccount/Update', {
        token: boss.token,
        body: { id: account.id, rowVersion: account.rowVersion, password: `${secret}-2` },
      });
      expect(update.status, update.raw).toBe(200);
      // Refused bodies (a bad port, an unknown field) and a failed sign-in at the SMTP server.
      const refused = await call('POST', '/api/MailAccount/Add', {
        token: boss.token,
        body: accountBody({ password: secret, smtpPort: 'x', extra: secret }),
      });
      expect(refused.status).toBe(400);
      expect(refused.raw).not.toContain(secret);
      expect((await call('POST', `/api/MailAccount/Test/${account.id}`, { token: boss.token })).status).toBe(200);
    } finally {
      await logged.app.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret);
    const stored = JSON.stringify([
      await ctx.db.select().from(requestLog),
      await ctx.db.select().from(systemLog),
      await ctx.db.select().from(auditLog),
    ]);
    expect(stored).not.toContain(secret);
  });
});
