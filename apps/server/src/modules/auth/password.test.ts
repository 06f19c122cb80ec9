import { and, arrayContains, desc, eq } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { allPermissionCodes, messages, type TokenData } from '@casedesk/shared';
import { openTestDatabase } from '../../../test/database.js';
import { createUser, signIn, testPassword, useTestApp, userRow, type Response } from '../../../test/helpers.js';
import type { Db } from '../../db/database.js';
import { defaultAdminPassword, seedSystem } from '../../db/seed-system.js';
import { email as emailTable } from '../email/index.js';
import { role } from '../role/role.table.js';
import { appUser, userRole } from '../user/user.table.js';
import { passwordReset, userSession } from './auth.table.js';

const ctx = useTestApp();
const newPassword = 'New@pass99';
const forcedChangeMessage = 'You must change your password before continuing.';

const login = (loginName: string, password: string) =>
  ctx.call('POST', '/api/token/Login', { body: { userName: loginName, password } });
const myInfo = (token: string) => ctx.call('GET', '/api/token/GetMyInfo', { token });
const resetInit = (token: string, body: unknown) => ctx.call('POST', '/api/token/ResetInitPassword', { token, body });

function expectSessionEnded(answer: Response, reason: string) {
  expect(answer.status, answer.raw).toBe(401);
  expect(answer.body).toEqual({ resultCode: 4005, resultMsg: reason, data: null });
}

/** A 400 whose field errors are exactly these, and whose message states the first of them. */
function expectInvalid(answer: Response, errors: { field: string; message: string }[]) {
  expect(answer.status, answer.raw).toBe(400);
  expect(answer.body.resultCode).toBe(400);
  expect(answer.body.data).toEqual({ errors });
  expect(answer.body.resultMsg).toContain(errors[0]!.message);
}

describe('Forced password change', () => {
  it('lets a flagged user reach their own account calls and menus, but no permission-coded route', async () => {
    const user = await createUser(ctx, { permissions: ['dept:view', 'dept:page'], values: { needToChangePwd: true } });
    const { token } = await signIn(ctx, user);

    const info = await myInfo(token);
    expect(info.status, info.raw).toBe(200);
    expect((info.body.data as { needToChangePwd: boolean }).needToChangePwd).toBe(true);
    const flag = await ctx.call('POST', '/api/token/HasNeedtToChangePwd', { token });
    expect(flag.body).toEqual({ resultCode: 200, resultMsg: 'OK', data: true });
    const menus = await ctx.call('GET', '/api/Menu/WebMenus', { token });
    expect(menus.status, menus.raw).toBe(200);
    expect((await ctx.call('GET', '/api/token/TokenCheck', { token })).status).toBe(200);

    const query = await ctx.call('POST', '/api/Dept/Query', { token, body: {} });
    expect(query.status).toBe(403);
    expect(query.body).toEqual({ resultCode: 403, resultMsg: forcedChangeMessage, data: null });
    const get = await ctx.call('GET', '/api/Dept/Get', { token });
    expect(get.status).toBe(403);
  });

  it('validates ResetInitPassword with the spec messages', async () => {
    const user = await createUser(ctx, { values: { needToChangePwd: true } });
    const { token } = await signIn(ctx, user);

    expectInvalid(await resetInit(token, {}), [
      { field: 'oldPassword', message: messages.currentPasswordRequired },
      { field: 'newPassword', message: messages.newPasswordRequired },
      { field: 'confirmPassword', message: messages.confirmPasswordRequired },
    ]);
    expectInvalid(await resetInit(token, { oldPassword: '', newPassword: newPassword, confirmPassword: newPassword }), [
      { field: 'oldPassword', message: messages.currentPasswordRequired },
    ]);
    expectInvalid(
      await resetInit(token, { oldPassword: testPassword, newPassword: newPassword, confirmPassword: '' }),
      [{ field: 'confirmPassword', message: messages.confirmPasswordRequired }],
    );
    for (const weak of ['Ab@1', 'alllower@case', 'ALLUPPER@CASE', 'NoSpecial123', 'Toolong@password12345']) {
      expectInvalid(await resetInit(token, { oldPassword: testPassword, newPassword: weak, confirmPassword: weak }), [
        { field: 'newPassword', message: messages.passwordRule },
      ]);
    }
    expectInvalid(
      await resetInit(token, { oldPassword: testPassword, newPassword: newPassword, confirmPassword: 'New@pass98' }),
      [{ field: 'confirmPassword', message: messages.passwordMismatch }],
    );
    // Nothing changed.
    const row = await userRow(ctx, user.id);
    expect(row.needToChangePwd).toBe(true);
    expect(row.passwordChangedAt).toBeNull();
  });

  it('refuses a wrong current password, and a new password equal to the current one', async () => {
    const user = await createUser(ctx, { values: { needToChangePwd: true } });
    const { token } = await signIn(ctx, user);
    const wrong = await resetInit(token, { oldPassword: 'Wrong@pass1', newPassword, confirmPassword: newPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      resultCode: 400,
      resultMsg: messages.currentPasswordWrong,
      data: { errors: [{ field: 'oldPassword', message: messages.currentPasswordWrong }] },
    });
    const same = await resetInit(token, {
      oldPassword: testPassword,
      newPassword: testPassword,
      confirmPassword: testPassword,
    });
    expect(same.status).toBe(400);
    expect(same.body.resultMsg).toBe(messages.passwordUnchanged);
    expect((await userRow(ctx, user.id)).needToChangePwd).toBe(true);
    expect((await login(user.loginName, testPassword)).status).toBe(200);
  });

  it('counts a wrong current password like a failed sign-in: five hold this address off, even the right one then', async () => {
    const user = await createUser(ctx, { values: { needToChangePwd: true } });
    const { token } = await signIn(ctx, user);
    const change = (oldPassword: string) =>
      resetInit(token, { oldPassword, newPassword, confirmPassword: newPassword });
    for (let i = 1; i <= 5; i++)
      expect((await change('Wrong@pass1')).body.resultMsg).toBe(messages.currentPasswordWrong);
    const held = await change(testPassword);
    expect(held.status).toBe(400);
    expect(held.body.resultMsg).toBe(messages.currentPasswordWrong);
    expect((await userRow(ctx, user.id)).needToChangePwd).toBe(true);
    // Sign-in from the same address is held off too; the session that tried goes on.
    expect((await login(user.loginName, testPassword)).body.resultMsg).toBe(messages.loginFailed);
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token })).status).toBe(200);
  });

  it('changes the password, clears the flag and ends the other sessions but not this one', async () => {
    const user = await createUser(ctx, { permissions: ['dept:view'], values: { needToChangePwd: true } });
    const current = await signIn(ctx, user);
    const other = await signIn(ctx, user);

    const response = await resetInit(current.token, {
      oldPassword: testPassword,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toEqual({ resultCode: 200, resultMsg: messages.operationSuccessful, data: null });

    const row = await userRow(ctx, user.id);
    expect(row.needToChangePwd).toBe(false);
    expect(row.passwordChangedAt).toBeInstanceOf(Date);
    // This session goes on, now allowed everywhere its permissions reach.
    expect((await ctx.call('POST', '/api/token/HasNeedtToChangePwd', { token: current.token })).body.data).toBe(false);
    expect((await ctx.call('POST', '/api/Dept/Query', { token: current.token, body: {} })).status).toBe(200);
    expect(
      (
        await ctx.call('POST', '/api/token/RefreshToken', {
          body: { token: current.refreshToken, userName: user.loginName },
        })
      ).status,
    ).toBe(200);
    // The other one ends, access and refresh token alike.
    expectSessionEnded(await myInfo(other.token), messages.sessionRevoked);
    expectSessionEnded(
      await ctx.call('POST', '/api/token/RefreshToken', {
        body: { token: other.refreshToken, userName: user.loginName },
      }),
      messages.sessionExpired,
    );
    // The new password signs in, the old one no longer does.
    expect((await login(user.loginName, testPassword)).body.resultMsg).toBe(messages.loginFailed);
    expect((await login(user.loginName, newPassword)).status).toBe(200);
  });
});

describe('The first administrator', () => {
  it('is seeded as admin / Admin@12345 with a forced password change when ADMIN_PASSWORD is unset', async () => {
    const response = await login('admin', defaultAdminPassword);
    expect(response.status, response.raw).toBe(200);
    const { token } = response.body.data as TokenData;
    const info = (await myInfo(token)).body.data as {
      needToChangePwd: boolean;
      permissions: string[];
      roleNames: string[];
      roleTitles: string[];
    };
    expect(info.needToChangePwd).toBe(true);
    expect(info.roleNames).toEqual(['admin']);
    expect(info.roleTitles).toEqual(['Administrator']);
    expect(info.permissions).toEqual([...allPermissionCodes].sort());
    expect((await ctx.call('POST', '/api/Dept/Query', { token, body: {} })).status).toBe(403);
  });

  describe('seedSystem', () => {
    async function withEmptyUserTable(run: (db: Db) => Promise<void>) {
      const database = await openTestDatabase();
      try {
        await database.db.delete(userRole);
        await database.db.delete(appUser);
        await run(database.db);
      } finally {
        await database.close();
      }
    }
    const adminOf = async (db: Db) => {
      const rows = await db.select().from(appUser).where(eq(appUser.loginName, 'admin'));
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };
    const rolesOf = async (db: Db, userId: number) =>
      (
        await db
          .select({ code: role.code })
          .from(userRole)
          .innerJoin(role, eq(role.id, userRole.roleId))
          .where(eq(userRole.userId, userId))
      ).map((r) => r.code);

    it('creates the admin with the given password and no forced change', async () => {
      await withEmptyUserTable(async (db) => {
        await seedSystem(db, { adminPassword: 'Chosen@Pass1' });
        const admin = await adminOf(db);
        expect(admin.needToChangePwd).toBe(false);
        expect(await verify(admin.passwordHash, 'Chosen@Pass1')).toBe(true);
        expect(await verify(admin.passwordHash, defaultAdminPassword)).toBe(false);
        expect(await rolesOf(db, admin.id)).toEqual(['admin']);

        // Later starts leave the first administrator alone, whatever ADMIN_PASSWORD says then.
        await seedSystem(db, { adminPassword: 'Other@Pass2' });
        await seedSystem(db, { adminPassword: undefined });
        const again = await adminOf(db);
        expect(again.passwordHash).toBe(admin.passwordHash);
        expect(again.needToChangePwd).toBe(false);
        expect(await rolesOf(db, admin.id)).toEqual(['admin']);
      });
    });

    it('creates the admin with the default password and a forced change when none is given', async () => {
      await withEmptyUserTable(async (db) => {
        await seedSystem(db, { adminPassword: undefined });
        const admin = await adminOf(db);
        expect(admin.needToChangePwd).toBe(true);
        expect(await verify(admin.passwordHash, defaultAdminPassword)).toBe(true);
        expect(await rolesOf(db, admin.id)).toEqual(['admin']);
      });
    });
  });
});

describe('ForgotPassword and ResetPassword', () => {
  const forgot = (body: unknown, headers?: Record<string, string>) =>
    ctx.call('POST', '/api/token/ForgotPassword', { body, ...(headers ? { headers } : {}) });
  const resetWith = (token: string, password = newPassword) =>
    ctx.call('POST', '/api/token/ResetPassword', { body: { token, newPassword: password, confirmPassword: password } });

  async function mailTo(address: string) {
    return ctx.db
      .select()
      .from(emailTable)
      .where(arrayContains(emailTable.to, [address]))
      .orderBy(desc(emailTable.id));
  }

  /** Asks for a reset link and answers the token it carries. */
  async function resetLinkFor(user: { loginName: string }) {
    const email = `${user.loginName}@example.test`;
    const response = await forgot({ userName: user.loginName, email });
    expect(response.status, response.raw).toBe(200);
    const [mail] = await mailTo(email);
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)"/.exec(mail!.body)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it('builds the link from the configured address, never from a forged Host header', async () => {
    const user = await createUser(ctx);
    const email = `${user.loginName}@example.test`;
    const response = await ctx.call('POST', '/api/token/ForgotPassword', {
      body: { userName: user.loginName, email },
      headers: { host: 'attacker.example' },
    });
    expect(response.status, response.raw).toBe(200);
    const [mail] = await mailTo(email);
    expect(mail!.body).not.toContain('attacker.example');
    expect(mail!.body).toContain('href="http://localhost:3000/reset-password?token=');
  });

  it('answers the success text and puts a reset link in the outbox', async () => {
    const user = await createUser(ctx);
    const email = `${user.loginName}@example.test`;
    const response = await forgot({ userName: user.loginName.toUpperCase(), email: email.toUpperCase() });
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toEqual({ resultCode: 200, resultMsg: 'Operation is successfull', data: null });

    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      event: 'passwordReset',
      status: 'Sending',
      direction: 'Out',
      subject: 'Reset your Casedesk password',
    });
    expect(mails[0]!.body).toMatch(/href="http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}"/);
    const resets = await ctx.db.select().from(passwordReset).where(eq(passwordReset.userId, user.id));
    expect(resets).toHaveLength(1);
    // Only the token's hash is stored.
    expect(mails[0]!.body).not.toContain(resets[0]!.tokenHash);
  });

  it('answers a user name and e-mail that do not belong together exactly as a matching pair, and mails nothing', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const inactive = await createUser(ctx, { values: { status: 'Inactive' } });
    const deleted = await createUser(ctx, { values: { deletedAt: new Date() } });
    const matching = await forgot({ userName: user.loginName, email: `${user.loginName}@example.test` });
    expect(matching.body).toEqual({ resultCode: 200, resultMsg: 'Operation is successfull', data: null });
    for (const body of [
      { userName: user.loginName, email: `${other.loginName}@example.test` },
      { userName: 'no_such_user', email: `${other.loginName}@example.test` },
      { userName: inactive.loginName, email: `${inactive.loginName}@example.test` },
      { userName: deleted.loginName, email: `${deleted.loginName}@example.test` },
    ]) {
      const response = await forgot(body);
      expect(response.status).toBe(matching.status);
      expect(response.raw).toBe(matching.raw);
    }
    expect(await mailTo(`${user.loginName}@example.test`)).toHaveLength(1);
    for (const nobody of [other, inactive, deleted])
      expect(await mailTo(`${nobody.loginName}@example.test`)).toEqual([]);
  });

  it('refuses a malformed e-mail with the spec message', async () => {
    const response = await forgot({ userName: 'someone', email: 'not-an-email' });
    expectInvalid(response, [{ field: 'email', message: messages.invalidEmail }]);
  });

  it('builds the link on the configured system address, not on the Host header', async () => {
    const user = await createUser(ctx);
    const email = `${user.loginName}@example.test`;
    const saved = ctx.config.systemUrl;
    ctx.config.systemUrl = 'https://desk.example.com';
    try {
      const response = await forgot({ userName: user.loginName, email }, { host: 'attacker.example' });
      expect(response.status, response.raw).toBe(200);
    } finally {
      ctx.config.systemUrl = saved;
    }
    const [mail] = await mailTo(email);
    expect(mail!.body).toMatch(/href="https:\/\/desk\.example\.com\/reset-password\?token=/);
    expect(mail!.body).not.toContain('attacker.example');
  });

  it('sets the new password from the link, ends every session, and the link works once', async () => {
    const user = await createUser(ctx, { values: { needToChangePwd: true } });
    const session = await signIn(ctx, user);
    const token = await resetLinkFor(user);

    const response = await resetWith(token);
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toEqual({ resultCode: 200, resultMsg: messages.operationSuccessful, data: null });

    expect((await login(user.loginName, testPassword)).body.resultMsg).toBe(messages.loginFailed);
    expect((await login(user.loginName, newPassword)).status).toBe(200);
    expectSessionEnded(await myInfo(session.token), messages.sessionRevoked);
    const [ended] = await ctx.db
      .select()
      .from(userSession)
      .where(and(eq(userSession.userId, user.id), eq(userSession.revokeReason, 'password reset')));
    expect(ended).toBeDefined();
    expect((await userRow(ctx, user.id)).needToChangePwd).toBe(false);

    const again = await resetWith(token, 'Third@pass3');
    expect(again.status).toBe(400);
    expect(again.body.resultCode).toBe(400);
    expect((await login(user.loginName, 'Third@pass3')).status).toBe(400);
    expect((await login(user.loginName, newPassword)).status).toBe(200);
  });

  it('refuses an expired link and a made-up one', async () => {
    const user = await createUser(ctx);
    const token = await resetLinkFor(user);
    await ctx.db
      .update(passwordReset)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordReset.userId, user.id));
    for (const attempt of [token, 'x'.repeat(43)]) {
      const response = await resetWith(attempt);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        resultCode: 400,
        resultMsg: 'This reset link is invalid or has expired. Please ask for a new one.',
        data: null,
      });
    }
    expect((await login(user.loginName, testPassword)).status).toBe(200);
  });

  it('validates the new password with the spec rule', async () => {
    const user = await createUser(ctx);
    const token = await resetLinkFor(user);
    expectInvalid(await resetWith(token, 'weakpass'), [{ field: 'newPassword', message: messages.passwordRule }]);
    // The link was not spent by the refused attempt.
    expect((await resetWith(token)).status).toBe(200);
  });
});
