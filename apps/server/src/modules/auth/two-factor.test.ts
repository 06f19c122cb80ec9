import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type SecondFactorChallenge, type TokenData, type TotpSetup } from '@casedesk/shared';
import { createUser, signIn, useTestApp, type TestUser } from '../../../test/helpers.js';
import { auditLog, loginLog } from '../../platform/platform.table.js';
import { email } from '../email/index.js';
import { recoveryCode, userTotp } from './auth.table.js';

const ctx = useTestApp();

// The clock stands still in the middle of a 30-second step (only Date is faked): codes are made for known steps.
const step = 30_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / step) * step + step / 2);
});
afterEach(() => vi.useRealTimers());
/** Moves the clock on to the next step, so that a new code is not a replay of the last one. */
const nextStep = () => vi.setSystemTime(Date.now() + step);
const codeAt = async (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const login = (user: TestUser, ip?: string) =>
  ctx.call('POST', '/api/token/Login', {
    body: { userName: user.loginName, password: user.password },
    ...(ip ? { remoteAddress: ip } : {}),
  });

async function challengeOf(user: TestUser, ip?: string) {
  const answer = await login(user, ip);
  expect(answer.status, answer.raw).toBe(200);
  return answer.body.data as SecondFactorChallenge;
}

const second = (body: Record<string, unknown>, ip?: string) =>
  ctx.call('POST', '/api/token/LoginSecondFactor', { body, ...(ip ? { remoteAddress: ip } : {}) });

/** A user with the authenticator app on: its secret and recovery codes. */
async function withTotp(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx, options);
  const { token } = await signIn(ctx, user);
  const setup = await ctx.call('POST', '/api/Account/Totp/Setup', { token });
  expect(setup.status, setup.raw).toBe(200);
  const { secret, otpauthUrl } = setup.body.data as TotpSetup;
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const enabled = await ctx.call('POST', '/api/Account/Totp/Enable', { token, body: { code: await codeAt(secret) } });
  expect(enabled.status, enabled.raw).toBe(200);
  const { recoveryCodes } = enabled.body.data as { recoveryCodes: string[] };
  nextStep();
  return { user, token, secret, recoveryCodes };
}

describe('Two factors: the authenticator app', () => {
  it('sets up with a code, keeps the secret sealed, and asks for a code after the password', async () => {
    const { user, secret, recoveryCodes } = await withTotp();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [stored] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(stored!.secretSealed).toMatch(/^v1:/);
    expect(stored!.secretSealed).not.toContain(secret);
    const hashes = await ctx.db.select().from(recoveryCode).where(eq(recoveryCode.userId, user.id));
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.codeHash)).not.toContain(recoveryCodes[0]!.replace('-', ''));

    const challenge = await challengeOf(user);
    expect(challenge.secondFactor).toEqual(['totp', 'recovery']);
    expect(Object.keys(challenge)).not.toContain('token');
    const signedIn = await second({ challenge: challenge.challenge, code: await codeAt(secret) });
    expect(signedIn.status, signedIn.raw).toBe(200);
    const tokens = signedIn.body.data as TokenData;
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token: tokens.token })).body.data).toMatchObject({
      id: user.id,
    });
    // The challenge is used once.
    nextStep();
    const again = await second({ challenge: challenge.challenge, code: await codeAt(secret) });
    expect(again.status).toBe(400);
    expect(again.body.resultMsg).toBe('This sign-in has expired. Please sign in again.');
  });

  it('accepts one step of clock skew either way and no more, and never the same code twice', async () => {
    const { user, secret } = await withTotp();
    for (const steps of [-2, 2]) {
      const { challenge } = await challengeOf(user);
      const refused = await second({ challenge, code: await codeAt(secret, steps) });
      expect(refused.status, `${steps} steps`).toBe(400);
      expect(refused.body.resultMsg).toBe('The code is wrong or has expired. Please try again.');
    }
    for (const steps of [-1, 0, 1]) {
      nextStep();
      nextStep();
      const { challenge } = await challengeOf(user);
      const accepted = await second({ challenge, code: await codeAt(secret, steps) });
      expect(accepted.status, `${steps} steps: ${accepted.raw}`).toBe(200);
    }
    // The code just taken, again with a new sign-in: refused (replay).
    const { challenge } = await challengeOf(user);
    expect((await second({ challenge, code: await codeAt(secret, 1) })).status).toBe(400);
    // A code of a step before the one taken, too.
    expect((await second({ challenge, code: await codeAt(secret, 0) })).status).toBe(400);
  });

  it('takes each recovery code once', async () => {
    const { user, recoveryCodes } = await withTotp();
    const first = await challengeOf(user);
    const used = await second({ challenge: first.challenge, recoveryCode: recoveryCodes[3]!.toUpperCase() });
    expect(used.status, used.raw).toBe(200);
    const next = await challengeOf(user);
    expect((await second({ challenge: next.challenge, recoveryCode: recoveryCodes[3] })).status).toBe(400);
    expect((await second({ challenge: next.challenge, recoveryCode: recoveryCodes[4] })).status).toBe(200);
    const status = await ctx.call('GET', '/api/Account/TwoFactor', {
      token: (
        (await second({ challenge: (await challengeOf(user)).challenge, recoveryCode: recoveryCodes[5] })).body
          .data as TokenData
      ).token,
    });
    expect(status.body.data).toMatchObject({ totp: true, recoveryCodesLeft: 7, passkeys: [] });
  });

  it('counts wrong codes toward the hold-off as wrong passwords, and a right password does not end the run', async () => {
    const { user, secret } = await withTotp();
    const ip = '198.51.100.21';
    for (let i = 0; i < 4; i++) {
      const { challenge } = await challengeOf(user, ip);
      expect((await second({ challenge, code: '000000' }, ip)).status).toBe(400);
    }
    const { challenge } = await challengeOf(user, ip);
    expect((await second({ challenge, code: '000000' }, ip)).status).toBe(400);
    // Held off: the right code and the right password answer as wrong ones, from this address only.
    expect((await second({ challenge, code: await codeAt(secret) }, ip)).status).toBe(400);
    const held = await login(user, ip);
    expect(held.status).toBe(400);
    expect(held.body.resultMsg).toBe(messages.loginFailed);
    const [logged] = await ctx.db
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.userId, user.id), eq(loginLog.result, 'Locked')))
      .orderBy(desc(loginLog.id))
      .limit(1);
    expect(logged).toBeDefined();
    const elsewhere = await challengeOf(user, '198.51.100.22');
    expect((await second({ challenge: elsewhere.challenge, code: await codeAt(secret) }, '198.51.100.22')).status).toBe(
      200,
    );
  });

  it('turns off only with the password and a current code', async () => {
    const { user, token, secret } = await withTotp();
    const wrongPassword = await ctx.call('POST', '/api/Account/Totp/Disable', {
      token,
      body: { password: 'Wrong@pass1', code: await codeAt(secret) },
    });
    expect(wrongPassword.status).toBe(400);
    const wrongCode = await ctx.call('POST', '/api/Account/Totp/Disable', {
      token,
      body: { password: user.password, code: '123456' },
    });
    expect(wrongCode.status).toBe(400);
    nextStep();
    const off = await ctx.call('POST', '/api/Account/Totp/Disable', {
      token,
      body: { password: user.password, code: await codeAt(secret) },
    });
    expect(off.status, off.raw).toBe(200);
    expect((await login(user)).body.data).toHaveProperty('token');
    expect(await ctx.db.select().from(recoveryCode).where(eq(recoveryCode.userId, user.id))).toEqual([]);
  });
});

describe('Two factors: compulsory per role, reset by an administrator', () => {
  it('makes a role set one up at the next sign-in, then asks for it', async () => {
    const admin = await createUser(ctx, { roles: ['admin'] });
    const adminToken = (await signIn(ctx, admin)).token;
    const user = await createUser(ctx, { roles: ['common'] });
    const current = (await ctx.call('GET', '/api/Settings/Get', { token: adminToken })).body.data as {
      toggles: { value: Record<string, unknown>; rowVersion: number };
    };
    const saved = await ctx.call('POST', '/api/Settings/Save', {
      token: adminToken,
      body: {
        group: 'toggles',
        value: { ...current.toggles.value, twoFactorRoles: ['common'] },
        rowVersion: current.toggles.rowVersion,
      },
    });
    expect(saved.status, saved.raw).toBe(200);
    try {
      const answer = (await login(user)).body.data as SecondFactorChallenge;
      expect(answer).toMatchObject({ secondFactor: [], setupRequired: true });
      const setup = await ctx.call('POST', '/api/token/TotpSetup', { body: { challenge: answer.challenge } });
      expect(setup.status, setup.raw).toBe(200);
      const { secret } = setup.body.data as TotpSetup;
      const enabled = await ctx.call('POST', '/api/token/TotpEnable', {
        body: { challenge: answer.challenge, code: await codeAt(secret) },
      });
      expect(enabled.status, enabled.raw).toBe(200);
      expect(enabled.body.data).toMatchObject({ recoveryCodes: expect.any(Array), token: expect.any(String) });
      const next = (await login(user)).body.data as SecondFactorChallenge;
      expect(next.secondFactor).toEqual(['totp', 'recovery']);
      // Turning the compulsory one off is still possible only with password and code; the setup challenge is spent.
      expect((await ctx.call('POST', '/api/token/TotpSetup', { body: { challenge: answer.challenge } })).status).toBe(
        400,
      );
    } finally {
      const now = (await ctx.call('GET', '/api/Settings/Get', { token: adminToken })).body.data as typeof current;
      await ctx.call('POST', '/api/Settings/Save', {
        token: adminToken,
        body: {
          group: 'toggles',
          value: { ...now.toggles.value, twoFactorRoles: [] },
          rowVersion: now.toggles.rowVersion,
        },
      });
    }
  });

  it('lets an administrator reset a second factor (audited, the user mailed); others may not', async () => {
    const { user } = await withTotp();
    const clerk = await createUser(ctx, { permissions: ['user:view'] });
    const refused = await ctx.call('POST', '/api/User/ResetSecondFactor', {
      token: (await signIn(ctx, clerk)).token,
      body: { id: user.id },
    });
    expect(refused.status).toBe(403);
    expect((await login(user)).body.data).toHaveProperty('challenge');

    const admin = await createUser(ctx, { roles: ['admin'] });
    const reset = await ctx.call('POST', '/api/User/ResetSecondFactor', {
      token: (await signIn(ctx, admin)).token,
      body: { id: user.id },
    });
    expect(reset.status, reset.raw).toBe(200);
    expect((await login(user)).body.data).toHaveProperty('token');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'User'), eq(auditLog.entityId, user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: admin.id, changes: { secondFactor: { to: 'reset' } } });
    const mails = await ctx.db.select().from(email).where(eq(email.event, 'secondFactorReset'));
    expect(mails.some((m) => m.to.includes(`${user.loginName}@example.test`))).toBe(true);
    const missing = await ctx.call('POST', '/api/User/ResetSecondFactor', {
      token: (await signIn(ctx, admin)).token,
      body: { id: 999_999 },
    });
    expect(missing.status).toBe(404);
  });
});
