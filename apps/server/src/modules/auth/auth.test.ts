import { createHash } from 'node:crypto';
import { and, arrayContains, asc, eq, inArray, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { messages, myInfoSchema, type TokenData } from '@casedesk/shared';
import {
  createRole,
  createUser,
  signIn,
  testPassword,
  useTestApp,
  userRow,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.js';
import { loginLog, systemLog } from '../../platform/platform.table.js';
import { email } from '../email/index.js';
import { project } from '../project/project.table.js';
import { role } from '../role/role.table.js';
import { appUser, userRole } from '../user/user.table.js';
import { refreshToken, signInFailure, userSession } from './auth.table.js';

const ctx = useTestApp();

const login = (user: { loginName: string; password: string }, options: { ip?: string; userAgent?: string } = {}) =>
  ctx.call('POST', '/api/token/Login', {
    body: { userName: user.loginName, password: user.password },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.userAgent ? { headers: { 'user-agent': options.userAgent } } : {}),
  });

const wrongPassword = (user: TestUser, options: { ip?: string } = {}) =>
  login({ loginName: user.loginName, password: 'Wrong@pass1' }, options);

const refresh = (tokens: TokenData, userName: string) =>
  ctx.call('POST', '/api/token/RefreshToken', { body: { token: tokens.refreshToken, userName } });

const myInfo = (token: string) => ctx.call('GET', '/api/token/GetMyInfo', { token });

/** Asserts the contract's "session cannot continue" answer: HTTP 401, resultCode 4005, the reason. */
async function expectSessionEnded(response: Promise<Awaited<ReturnType<TestContext['call']>>>, reason: string) {
  const answer = await response;
  expect(answer.status, answer.raw).toBe(401);
  expect(answer.body).toEqual({ resultCode: 4005, resultMsg: reason, data: null });
}

const sessionsOf = (userId: number) =>
  ctx.db.select().from(userSession).where(eq(userSession.userId, userId)).orderBy(asc(userSession.createdAt));

describe('Login', () => {
  it('answers an access token, its expiry in Unix seconds and a refresh token', async () => {
    const user = await createUser(ctx);
    const response = await login(user);
    expect(response.status, response.raw).toBe(200);
    expect(response.body.resultCode).toBe(200);
    expect(response.body.resultMsg).toBe('OK');
    const data = response.body.data as TokenData;
    expect(Object.keys(data).sort()).toEqual(['exp', 'refreshToken', 'token']);
    const claims = decodeJwt(data.token);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.exp).toBe(data.exp);
    expect(data.exp - claims.iat!).toBe(ctx.config.accessTokenMinutes * 60);
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // One session, whose refresh token is stored only as a hash.
    const [session, ...others] = await sessionsOf(user.id);
    expect(others).toEqual([]);
    expect(claims.sid).toBe(session!.id);
    const stored = await ctx.db.select().from(refreshToken).where(eq(refreshToken.sessionId, session!.id));
    expect(stored.map((t) => t.tokenHash)).toEqual([createHash('sha256').update(data.refreshToken).digest('hex')]);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const user = await createUser(ctx);
    const wrong = await wrongPassword(user);
    const unknown = await login({ loginName: 'nobody_by_this_name', password: testPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ resultCode: 400, resultMsg: messages.loginFailed, data: null });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('matches the user name without regard to case', async () => {
    const user = await createUser(ctx);
    const response = await login({ loginName: user.loginName.toUpperCase(), password: user.password });
    expect(response.status, response.raw).toBe(200);
  });

  it('writes a login log row for a success and for a failure, with the IP and user agent', async () => {
    const user = await createUser(ctx);
    expect((await login(user, { ip: '203.0.113.7', userAgent: 'CasedeskTest/1.0 (ok)' })).status).toBe(200);
    expect((await wrongPassword(user)).status).toBe(400);
    const unknownName = 'ghost_user_for_log';
    await login({ loginName: unknownName, password: 'Whatever@1' }, { ip: '203.0.113.9', userAgent: 'Probe/2' });

    const rows = await ctx.db
      .select()
      .from(loginLog)
      .where(inArray(loginLog.loginName, [user.loginName, unknownName]))
      .orderBy(asc(loginLog.id));
    expect(rows.map((r) => ({ ...r, id: undefined, logTime: undefined }))).toEqual([
      {
        id: undefined,
        logTime: undefined,
        loginName: user.loginName,
        userId: user.id,
        result: 'Succeeded',
        message: null,
        messageKey: null,
        messageValues: null,
        ip: '203.0.113.7',
        userAgent: 'CasedeskTest/1.0 (ok)',
      },
      {
        id: undefined,
        logTime: undefined,
        loginName: user.loginName,
        userId: user.id,
        result: 'Failed',
        message: 'wrong password',
        messageKey: null,
        messageValues: null,
        ip: '127.0.0.1',
        userAgent: 'lightMyRequest',
      },
      {
        id: undefined,
        logTime: undefined,
        loginName: unknownName,
        userId: null,
        result: 'Failed',
        message: 'unknown user name',
        messageKey: null,
        messageValues: null,
        ip: '203.0.113.9',
        userAgent: 'Probe/2',
      },
    ]);
  });

  it('sets the last sign-in time and address, and clears the failure count on success', async () => {
    const user = await createUser(ctx);
    await wrongPassword(user);
    await wrongPassword(user);
    const failed = await userRow(ctx, user.id);
    expect(failed.errorCount).toBe(2);
    expect(failed.lastErrorTime).toBeInstanceOf(Date);
    expect(failed.lastLoginTime).toBeNull();
    expect(failed.lastLoginIp).toBeNull();

    expect((await login(user, { ip: '198.51.100.20' })).status).toBe(200);
    const signedIn = await userRow(ctx, user.id);
    expect(signedIn.errorCount).toBe(0);
    expect(signedIn.lastErrorTime).toBeNull();
    expect(signedIn.lastLoginTime).toBeInstanceOf(Date);
    expect(signedIn.lastLoginIp).toBe('198.51.100.20');
  });

  it('refuses an empty body with the spec messages', async () => {
    const response = await ctx.call('POST', '/api/token/Login', { body: { userName: '  ', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body.resultCode).toBe(400);
    expect(response.body.data).toEqual({
      errors: [
        { field: 'userName', message: messages.usernameRequired },
        { field: 'password', message: messages.passwordRequired },
      ],
    });
  });
});

describe('Lockout (contract section 17)', () => {
  const attempts = 5;
  const elsewhere = { ip: '198.51.100.77' };
  const holdOf = async (userId: number, ip = '127.0.0.1') => {
    const [row] = await ctx.db
      .select()
      .from(signInFailure)
      .where(and(eq(signInFailure.userId, userId), eq(signInFailure.ip, ip)));
    return row;
  };
  const heldMinutes = (row: typeof signInFailure.$inferSelect) =>
    (row.heldUntil!.getTime() - row.lastFailedAt.getTime()) / 60_000;
  /** Lets the hold-off of this address run out, as the clock would. */
  const expireHold = (userId: number, ip = '127.0.0.1') =>
    ctx.db
      .update(signInFailure)
      .set({ heldUntil: sql`now() - interval '1 second'` })
      .where(and(eq(signInFailure.userId, userId), eq(signInFailure.ip, ip)));

  it(`holds this address off after ${attempts} wrong passwords, answering as a wrong password; elsewhere the account works`, async () => {
    const user = await createUser(ctx);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const response = await wrongPassword(user);
      expect(response.body).toEqual({ resultCode: 400, resultMsg: messages.loginFailed, data: null });
    }
    // Held off: the right password from this address gets the wrong-password answer too.
    const held = await login(user);
    expect(held.body).toEqual({ resultCode: 400, resultMsg: messages.loginFailed, data: null });
    expect(await sessionsOf(user.id)).toEqual([]);
    const row = await userRow(ctx, user.id);
    expect(row.lockedAt).toBeNull();
    expect((await login(user, elsewhere)).status).toBe(200);
  });

  it('doubles the hold-off on each further one: 15 minutes, then 30, then 60', async () => {
    const user = await createUser(ctx);
    const minutes: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let attempt = 1; attempt <= attempts; attempt++) await wrongPassword(user);
      minutes.push(heldMinutes((await holdOf(user.id))!));
      await expireHold(user.id);
    }
    expect(minutes).toEqual([15, 30, 60]);
    // Once the hold-off has run out, the right password signs in and the address starts afresh.
    expect((await login(user)).status).toBe(200);
    expect(await holdOf(user.id)).toBeUndefined();
  });

  it('counts only consecutive failures: a success in between starts the count again', async () => {
    const user = await createUser(ctx);
    for (let i = 1; i < attempts; i++) await wrongPassword(user);
    expect((await login(user)).status).toBe(200);
    for (let i = 1; i < attempts; i++) await wrongPassword(user);
    expect((await holdOf(user.id))?.heldUntil ?? null).toBeNull();
    expect((await login(user)).status).toBe(200);
  });

  it('answers an unknown user name exactly as an existing one, attempt after attempt (no enumeration)', async () => {
    const user = await createUser(ctx);
    const ghost = { loginName: `ghost_${user.loginName}`, password: 'Wrong@pass1' };
    for (let attempt = 1; attempt <= attempts + 2; attempt++) {
      const real = await wrongPassword(user);
      const unknown = await login(ghost);
      expect({ status: real.status, raw: real.raw }).toEqual({ status: unknown.status, raw: unknown.raw });
    }
  });

  it('tells the user (system log and an e-mail in their language template) and shows Locked in the login log', async () => {
    const user = await createUser(ctx);
    for (let attempt = 1; attempt <= attempts; attempt++) await wrongPassword(user);
    await login(user);
    const results = await ctx.db
      .select({ result: loginLog.result, message: loginLog.message })
      .from(loginLog)
      .where(eq(loginLog.userId, user.id))
      .orderBy(asc(loginLog.id));
    expect(results.map((r) => r.result)).toEqual(['Failed', 'Failed', 'Failed', 'Failed', 'Locked', 'Locked']);
    expect(results[4]!.message).toContain('held off for 15 min');
    const notices = await ctx.db.select().from(systemLog).where(eq(systemLog.userId, user.id));
    expect(notices).toEqual([
      expect.objectContaining({ level: 'warn', source: 'auth', message: expect.stringContaining('held off') }),
    ]);
    const mails = await ctx.db
      .select()
      .from(email)
      .where(arrayContains(email.to, [`${user.loginName}@example.test`]));
    expect(mails).toEqual([expect.objectContaining({ event: 'signInLocked', status: 'Sending' })]);
    expect(mails[0]!.subject).toBe('Wrong passwords were typed for your Casedesk account');
    expect(mails[0]!.body).toContain('paused for 15 minutes');
    expect(mails[0]!.body).not.toContain('Wrong@pass1');
  });

  it('locks the whole account only when many addresses are held off at once, and ends no open session', async () => {
    const boss = await signIn(ctx, await createUser(ctx, { roles: ['admin'] }));
    const saveToggles = async (patch: Record<string, unknown>) => {
      const current = (await ctx.call('GET', '/api/Settings/Get', { token: boss.token })).body.data as {
        toggles: { value: Record<string, unknown>; rowVersion: number };
      };
      const saved = await ctx.call('POST', '/api/Settings/Save', {
        token: boss.token,
        body: {
          group: 'toggles',
          value: { ...current.toggles.value, ...patch },
          rowVersion: current.toggles.rowVersion,
        },
      });
      expect(saved.status, saved.raw).toBe(200);
    };
    await saveToggles({ accountLockAddresses: 3 });
    try {
      const user = await createUser(ctx);
      const tokens = await signIn(ctx, user);
      const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
      for (const [index, ip] of attackers.entries()) {
        for (let attempt = 1; attempt <= attempts; attempt++) await wrongPassword(user, { ip });
        expect(Boolean((await userRow(ctx, user.id)).lockedAt)).toBe(index === attackers.length - 1);
      }
      // The open session goes on, refresh included.
      expect((await myInfo(tokens.token)).status).toBe(200);
      expect((await refresh(tokens, user.loginName)).status).toBe(200);
      // A new sign-in with the right password learns of the lock; a wrong one still does not.
      expect((await login(user, elsewhere)).body.resultMsg).toBe(messages.accountLocked);
      expect((await wrongPassword(user, { ip: '192.0.2.9' })).body.resultMsg).toBe(messages.loginFailed);
      const locked = await ctx.db
        .select({ message: loginLog.message })
        .from(loginLog)
        .where(and(eq(loginLog.userId, user.id), eq(loginLog.result, 'Locked')));
      expect(locked.map((r) => r.message)).toContain('account locked: 3 addresses held off');
    } finally {
      await saveToggles({ accountLockAddresses: 10 });
    }
  });

  it('Unlock lifts the account lock and every hold-off', async () => {
    const boss = await signIn(ctx, await createUser(ctx, { roles: ['admin'] }));
    const user = await createUser(ctx, { values: { lockedAt: new Date() } });
    for (let attempt = 1; attempt <= attempts; attempt++) await wrongPassword(user);
    const unlocked = await ctx.call('POST', '/api/User/Unlock', { token: boss.token, body: [user.id] });
    expect(unlocked.status, unlocked.raw).toBe(200);
    expect(await holdOf(user.id)).toBeUndefined();
    expect((await login(user)).status).toBe(200);
  });
});

describe('Inactive and deleted users', () => {
  it('an inactive user cannot sign in, and their live session ends', async () => {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, user.id));

    const response = await login(user);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ resultCode: 400, resultMsg: messages.accountInactive, data: null });
    await expectSessionEnded(myInfo(tokens.token), messages.accountInactive);
    await expectSessionEnded(refresh(tokens, user.loginName), messages.accountInactive);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('a soft-deleted user cannot sign in (answered as an unknown user), and their live session ends', async () => {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    await ctx.db.update(appUser).set({ deletedAt: new Date() }).where(eq(appUser.id, user.id));

    const response = await login(user);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ resultCode: 400, resultMsg: messages.loginFailed, data: null });
    await expectSessionEnded(myInfo(tokens.token), messages.accountInactive);
    await expectSessionEnded(refresh(tokens, user.loginName), messages.accountInactive);
  });
});

describe('RefreshToken', () => {
  it('rotates the refresh token; the old access token stays valid and the new one works', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user);
    const response = await refresh(first, user.loginName);
    expect(response.status, response.raw).toBe(200);
    expect(response.body.resultCode).toBe(200);
    const second = response.body.data as TokenData;
    expect(Object.keys(second).sort()).toEqual(['exp', 'refreshToken', 'token']);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.token).sid).toBe(decodeJwt(first.token).sid);

    expect((await myInfo(first.token)).status).toBe(200);
    const info = await myInfo(second.token);
    expect(info.status).toBe(200);
    expect((info.body.data as { id: number }).id).toBe(user.id);

    // The new refresh token rotates in turn.
    const third = await refresh(second, user.loginName);
    expect(third.status, third.raw).toBe(200);
  });

  it('a used refresh token presented again revokes the whole chain', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user);
    const second = (await refresh(first, user.loginName)).body.data as TokenData;
    const third = (await refresh(second, user.loginName)).body.data as TokenData;
    const elsewhere = await signIn(ctx, user); // another session of the same user

    await expectSessionEnded(refresh(first, user.loginName), messages.refreshReused);
    await expectSessionEnded(refresh(third, user.loginName), messages.sessionExpired);
    await expectSessionEnded(myInfo(third.token), messages.sessionRevoked);
    await expectSessionEnded(myInfo(first.token), messages.sessionRevoked);

    const [session] = await ctx.db
      .select()
      .from(userSession)
      .where(eq(userSession.id, String(decodeJwt(first.token).sid)));
    expect(session!.revokedAt).toBeInstanceOf(Date);
    expect(session!.revokeReason).toBe('refresh token reused');
    // Only that chain: the user's other session goes on.
    expect((await myInfo(elsewhere.token)).status).toBe(200);
    expect((await refresh(elsewhere, user.loginName)).status).toBe(200);
  });

  it('refuses a refresh token presented with another user name', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    await expectSessionEnded(refresh(tokens, other.loginName), messages.sessionExpired);
    await expectSessionEnded(refresh(tokens, 'no_such_user'), messages.sessionExpired);
  });

  it('refuses a refresh token that was never issued', async () => {
    const user = await createUser(ctx);
    await signIn(ctx, user);
    await expectSessionEnded(
      refresh({ token: '', exp: 0, refreshToken: 'garbage-that-was-never-issued' }, user.loginName),
      messages.sessionExpired,
    );
  });

  it('refuses a refresh token whose session has expired', async () => {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    await ctx.db
      .update(userSession)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(userSession.userId, user.id));
    await expectSessionEnded(refresh(tokens, user.loginName), messages.sessionExpired);
    await expectSessionEnded(myInfo(tokens.token), messages.sessionRevoked);
  });
});

describe('Logout', () => {
  it('revokes the session: its access token and its refresh token then answer 4005', async () => {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    const elsewhere = await signIn(ctx, user);

    const response = await ctx.call('POST', '/api/token/Logout', { token: tokens.token });
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toEqual({ resultCode: 200, resultMsg: 'OK', data: null });

    await expectSessionEnded(myInfo(tokens.token), messages.sessionRevoked);
    await expectSessionEnded(refresh(tokens, user.loginName), messages.sessionExpired);
    const [session] = await ctx.db
      .select()
      .from(userSession)
      .where(eq(userSession.id, String(decodeJwt(tokens.token).sid)));
    expect(session!.revokeReason).toBe('logout');
    expect((await myInfo(elsewhere.token)).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const response = await ctx.call('POST', '/api/token/Logout');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ resultCode: 401, resultMsg: messages.unauthorized, data: null });
  });
});

describe('GetMyInfo, TokenCheck, HasNeedtToChangePwd', () => {
  async function userWithRolesAndProjects() {
    const projects = await ctx.db
      .insert(project)
      .values([
        { projectCode: `P-${Date.now()}-b`, projectName: 'Beta' },
        { projectCode: `P-${Date.now()}-a`, projectName: 'Alpha' },
      ])
      .returning({ id: project.id });
    const projectIds = projects.map((p) => p.id);
    const user = await createUser(ctx, {
      roles: ['common'],
      permissions: ['dept:view', 'dept:page'],
      projects: [...projectIds].reverse(),
      values: {
        realName: 'Ada',
        lastName: 'Lovelace',
        photo: '/files/ada.png',
        userType: 'Staff',
        language: 'zh-tw',
        privateTicket: true,
        mobile: '+1 555 0100',
      },
    });
    // The role made for the user: give it a readable name and sort it after the system role.
    const [own] = await ctx.db
      .select({ id: role.id, code: role.code })
      .from(userRole)
      .innerJoin(role, eq(role.id, userRole.roleId))
      .where(and(eq(userRole.userId, user.id), eq(role.isSystem, false)));
    await ctx.db.update(role).set({ name: 'Dept viewer', sort: 5 }).where(eq(role.id, own!.id));
    // A disabled role grants nothing and is not named.
    const disabled = await createRole(ctx, ['position:view']);
    await ctx.db.update(role).set({ enabled: false, name: 'Disabled role' }).where(eq(role.id, disabled));
    await ctx.db.insert(userRole).values({ userId: user.id, roleId: disabled });
    return { user, projectIds, ownCode: own!.code };
  }

  it('answers every field of the contract, with the caller’s roles, permissions and projects', async () => {
    const { user, projectIds, ownCode } = await userWithRolesAndProjects();
    await signIn(ctx, user);
    const tokens = await signIn(ctx, user); // the second sign-in: lastLoginTime is the first's
    const response = await myInfo(tokens.token);
    expect(response.status, response.raw).toBe(200);
    expect(response.body.resultCode).toBe(200);
    const data = response.body.data as Record<string, unknown>;
    const contractFields = [
      'id',
      'name',
      'photo',
      'lastLoginTime',
      'firstName',
      'lastLoginIp',
      'roleNames',
      'roleTitles',
      'permissions',
      'userType',
      'language',
      'projects',
      'privateTicket',
      'nodeId',
      'systemUrl',
      'needToChangePwd',
    ];
    for (const field of contractFields) expect(data, field).toHaveProperty(field);
    expect(myInfoSchema.strict().parse(data)).toEqual(data);

    const [firstSession] = await sessionsOf(user.id);
    expect(data).toMatchObject({
      id: user.id,
      name: user.loginName,
      photo: '/files/ada.png',
      lastLoginTime: firstSession!.createdAt.toISOString(),
      firstName: 'Ada',
      lastLoginIp: '127.0.0.1',
      roleNames: ['common', ownCode],
      roleTitles: ['Staff', 'Dept viewer'],
      userType: 'Staff',
      language: 'zh-tw',
      projects: [...projectIds].sort((a, b) => a - b),
      privateTicket: true,
      nodeId: null,
      systemUrl: null,
      needToChangePwd: false,
      email: `${user.loginName}@example.test`,
      mobile: '+1 555 0100',
    });
    const permissions = data.permissions as string[];
    expect(permissions).toEqual([...permissions].sort());
    expect(permissions).toContain('dept:view');
    expect(permissions).toContain('dept:page');
    expect(permissions).toContain('ticket:create');
    expect(permissions).toContain('delegate:history');
    expect(permissions).not.toContain('position:view');
    expect(permissions).not.toContain('user:view');
    expect(new Set(permissions).size).toBe(permissions.length);
  });

  it('gives as the last sign-in the one before the caller’s session, not the sign-in just made', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user);
    expect((await myInfo(first.token)).body.data).toMatchObject({ lastLoginTime: null, lastLoginIp: null });
    const second = (await login(user, { ip: '203.0.113.9' })).body.data as TokenData;
    const third = (await login(user, { ip: '203.0.113.10' })).body.data as TokenData;
    const [one, two] = await sessionsOf(user.id);
    expect((await myInfo(second.token)).body.data).toMatchObject({
      lastLoginTime: one!.createdAt.toISOString(),
      lastLoginIp: '127.0.0.1',
    });
    expect((await myInfo(third.token)).body.data).toMatchObject({
      lastLoginTime: two!.createdAt.toISOString(),
      lastLoginIp: '203.0.113.9',
    });
    // The earlier session asks again after a later sign-in: still the sign-in before its own.
    expect((await myInfo(first.token)).body.data).toMatchObject({ lastLoginTime: null });
    // The user row keeps the latest sign-in (the user list's column).
    expect((await userRow(ctx, user.id)).lastLoginIp).toBe('203.0.113.10');
  });

  it('answers a user without roles or projects with empty lists', async () => {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    const data = (await myInfo(tokens.token)).body.data as Record<string, unknown>;
    expect(data).toMatchObject({ roleNames: [], roleTitles: [], permissions: [], projects: [], privateTicket: false });
  });

  it('reflects a role change on the next call (permissions are not frozen in the token)', async () => {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    expect((await ctx.call('POST', '/api/Dept/Query', { token: tokens.token, body: {} })).status).toBe(403);
    await ctx.db.insert(userRole).values({ userId: user.id, roleId: await createRole(ctx, ['dept:view']) });
    expect((await ctx.call('POST', '/api/Dept/Query', { token: tokens.token, body: {} })).status).toBe(200);
    expect(((await myInfo(tokens.token)).body.data as { permissions: string[] }).permissions).toEqual(['dept:view']);
  });

  it('TokenCheck answers valid and the access token’s expiry', async () => {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    const response = await ctx.call('GET', '/api/token/TokenCheck', { token: tokens.token });
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toEqual({ resultCode: 200, resultMsg: 'OK', data: { valid: true, exp: tokens.exp } });
    const anonymous = await ctx.call('GET', '/api/token/TokenCheck');
    expect(anonymous.status).toBe(401);
  });

  it('HasNeedtToChangePwd answers the flag as a boolean', async () => {
    const plain = await createUser(ctx);
    const flagged = await createUser(ctx, { values: { needToChangePwd: true } });
    const ask = async (user: TestUser) =>
      ctx.call('POST', '/api/token/HasNeedtToChangePwd', { token: (await signIn(ctx, user)).token });
    expect((await ask(plain)).body).toEqual({ resultCode: 200, resultMsg: 'OK', data: false });
    expect((await ask(flagged)).body).toEqual({ resultCode: 200, resultMsg: 'OK', data: true });
  });
});
