import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LogoutResult, Settings, SsoMessage, SsoTestResult, ThirdPartySave, TokenData } from '@casedesk/shared';
import { createUser, useTestApp, type Response } from '../../../test/helpers.js';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../../test/oidc-provider.js';
import { admin, createProject, type Staff } from '../../../test/ticket-factories.js';
import { loginLog, systemLog } from '../../platform/platform.table.js';
import { systemSecret } from '../../platform/platform.table.js';
import { invalidateSettings } from '../setting/setting.service.js';
import { appSetting } from '../setting/setting.table.js';
import { appUser, userProject, userRole } from '../user/user.table.js';
import { role } from '../role/role.table.js';
import { ssoFlow, ssoHandoff, userSession, userTotp } from './auth.table.js';

const systemUrl = 'http://casedesk.test';
const callbackUrl = `${systemUrl}/api/token/SSOCallback`;
const ctx = useTestApp({ systemUrl });
let provider: TestProvider;
let boss: Staff;
let commonRoleId: number;
let projectId: number;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUri: callbackUrl, postLogoutRedirectUri: `${systemUrl}/login` });
  boss = await admin(ctx);
  const [common] = await ctx.db.select({ id: role.id }).from(role).where(eq(role.code, 'common'));
  commonRoleId = common!.id;
  projectId = await createProject(ctx);
});
afterAll(async () => provider?.close());

beforeEach(async () => {
  provider.options.tamper = false;
  provider.options.codeTtlSeconds = 60;
  await ctx.db.delete(appSetting).where(eq(appSetting.groupName, 'thirdParty'));
  await ctx.db.delete(systemSecret).where(eq(systemSecret.name, 'sso_client_secret'));
  invalidateSettings(ctx.db);
});

async function thirdParty(patch: Partial<ThirdPartySave> = {}): Promise<Response> {
  const current = ((await ctx.call('GET', '/api/Settings/Get', { token: boss.token })).body.data as Settings)
    .thirdParty;
  const { clientSecretSet: _set, redirectUri: _r, postLogoutRedirectUri: _p, ...value } = current.value;
  return ctx.call('POST', '/api/Settings/Save', {
    token: boss.token,
    body: {
      group: 'thirdParty',
      rowVersion: current.rowVersion,
      value: {
        ...value,
        enabled: true,
        issuerUrl: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        buttonText: { en: 'Company sign-in', 'zh-cn': '公司登录', 'zh-tw': '公司登入' },
        ...patch,
      },
    },
  });
}

async function configure(patch: Partial<ThirdPartySave> = {}) {
  const saved = await thirdParty(patch);
  expect(saved.status, saved.raw).toBe(200);
}

/** The browser's cookie for our app, from SSOLogin's answer. */
const appCookie = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['set-cookie']).split(';')[0]!;

/** Starts a sign-in as a browser: our redirect to the provider and the cookie binding the flow. */
async function startSignIn() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/token/SSOLogin' });
  expect(response.statusCode).toBe(302);
  return { location: String(response.headers.location), cookie: appCookie(response) };
}

async function callback(url: string, cookie: string | undefined) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: url.slice(systemUrl.length),
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location));
}

async function exchange(code: string, cookie: string) {
  return ctx.call('POST', '/api/token/SSOExchange', { body: { code }, headers: { cookie } });
}

/** The whole sign-in of `sub`: answers where our callback sends the browser, and the cookie. */
async function signInAs(sub: string) {
  const { location, cookie } = await startSignIn();
  const back = await signInAtProvider(location, sub, callbackUrl);
  return { landing: await callback(back, cookie), cookie, back };
}

let subjects = 0;
function account(claims: Record<string, unknown> = {}) {
  const sub = `sub-${++subjects}-${Date.now().toString(36)}`;
  const userName = `sso_${subjects}_${Math.random().toString(36).slice(2, 7)}`;
  provider.accounts.set(sub, {
    preferred_username: userName,
    email: `${userName}@corp.test`,
    name: 'Sso User',
    ...claims,
  });
  return { sub, userName };
}

async function sessionsOf(userId: number) {
  return ctx.db.select().from(userSession).where(eq(userSession.userId, userId));
}

async function lastSystemLog() {
  const [row] = await ctx.db
    .select()
    .from(systemLog)
    .where(eq(systemLog.source, 'sso'))
    .orderBy(desc(systemLog.id))
    .limit(1);
  return row;
}

async function expectRefused(landing: URL, reason: string) {
  expect(landing.pathname).toBe('/login');
  expect(landing.searchParams.get('ssoError')).toBe(reason);
  expect(landing.searchParams.get('sso')).toBeNull();
  const log = await lastSystemLog();
  // The refusal is logged by its key (worded for each reader), the provider's own words as its details.
  expect(log).toMatchObject({ messageKey: 'log.ssoRefused', messageValues: { reason: { key: `sso.${reason}` } } });
  const [login] = await ctx.db.select().from(loginLog).orderBy(desc(loginLog.id)).limit(1);
  expect(login?.result).toBe('Failed');
  expect(login).toMatchObject({
    messageKey: 'log.ssoRefusedReason',
    messageValues: { reason: { key: `sso.${reason}` } },
  });
}

describe('Settings → Third-party', () => {
  it('keeps the client secret sealed and write-only, tests the issuer, and only admins may change it', async () => {
    await configure();
    const shown = ((await ctx.call('GET', '/api/Settings/Get', { token: boss.token })).body.data as Settings)
      .thirdParty;
    expect(shown.value.clientSecretSet).toBe(true);
    expect(shown.value.redirectUri).toBe(callbackUrl);
    expect(JSON.stringify(shown)).not.toContain(provider.clientSecret);
    const [stored] = await ctx.db.select().from(systemSecret).where(eq(systemSecret.name, 'sso_client_secret'));
    expect(stored!.value).toMatch(/^v1:/);
    expect(stored!.value).not.toContain(provider.clientSecret);
    const [group] = await ctx.db.select().from(appSetting).where(eq(appSetting.groupName, 'thirdParty'));
    expect(JSON.stringify(group!.value)).not.toContain(provider.clientSecret);

    // Saving again without a secret keeps it.
    await configure({ clientSecret: undefined, scopes: 'openid profile email' });
    const [kept] = await ctx.db.select().from(systemSecret).where(eq(systemSecret.name, 'sso_client_secret'));
    expect(kept!.value).toBe(stored!.value);

    const test = await ctx.call('POST', '/api/Settings/TestSSO', {
      token: boss.token,
      body: { issuerUrl: provider.issuer },
    });
    expect(test.status, test.raw).toBe(200);
    const found = test.body.data as SsoTestResult;
    expect(found.issuer).toBe(provider.issuer);
    expect(found.endSessionEndpoint).toContain('/session/end');
    expect(found.pkceS256).toBe(true);

    const nowhere = await ctx.call('POST', '/api/Settings/TestSSO', {
      token: boss.token,
      body: { issuerUrl: `${provider.issuer}/nowhere` },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.resultMsg).toContain('The discovery document could not be read');

    const clerk = await createUser(ctx, { permissions: ['settings:view'] });
    const clerkToken = (
      (await ctx.call('POST', '/api/token/Login', { body: { userName: clerk.loginName, password: clerk.password } }))
        .body.data as TokenData
    ).token;
    const refused = await ctx.call('POST', '/api/Settings/TestSSO', {
      token: clerkToken,
      body: { issuerUrl: provider.issuer },
    });
    expect(refused.status).toBe(403);
    const get = await ctx.call('GET', '/api/Settings/Get', { token: clerkToken });
    expect(JSON.stringify(get.body)).not.toContain(provider.clientSecret);
  });

  it('refuses to turn single sign-on on without issuer and client, and a default role that does not exist', async () => {
    const missing = await thirdParty({ issuerUrl: '' });
    expect(missing.status).toBe(400);
    const noRole = await thirdParty({ userMode: 'create', defaultRoleId: 999_999 });
    expect(noRole.status).toBe(400);
  });
});

describe('Single sign-on against a loopback OpenID provider', () => {
  it('says whether it is configured, with its button texts', async () => {
    const off = await ctx.call('GET', '/api/token/GetSSOLoginMessage');
    expect(off.body.data).toEqual({ configured: false, buttonText: null });
    await configure();
    const on = await ctx.call('GET', '/api/token/GetSSOLoginMessage');
    expect(on.body.data as SsoMessage).toEqual({
      configured: true,
      buttonText: { en: 'Company sign-in', 'zh-cn': '公司登录', 'zh-tw': '公司登入' },
    });
  });

  it('creates a new user with the default role and projects, and links an existing one by user name and by e-mail', async () => {
    await configure({ userMode: 'create', defaultRoleId: commonRoleId, defaultProjectIds: [projectId] });
    const newcomer = account({ given_name: 'Nia', family_name: 'Ng' });
    const { landing, cookie } = await signInAs(newcomer.sub);
    expect(landing.pathname).toBe('/login');
    const code = landing.searchParams.get('sso')!;
    expect(code.length).toBeGreaterThan(20);
    // The tokens never travel in the address.
    expect(landing.href).not.toMatch(/token|eyJ/);
    const tokens = await exchange(code, cookie);
    expect(tokens.status, tokens.raw).toBe(200);
    const info = await ctx.call('GET', '/api/token/GetMyInfo', { token: (tokens.body.data as TokenData).token });
    expect(info.body.data).toMatchObject({ name: newcomer.userName, roleNames: ['common'], projects: [projectId] });
    const [created] = await ctx.db.select().from(appUser).where(eq(appUser.loginName, newcomer.userName));
    expect(created).toMatchObject({ realName: 'Nia', lastName: 'Ng', email: `${newcomer.userName}@corp.test` });
    expect(await ctx.db.select().from(userRole).where(eq(userRole.userId, created!.id))).toEqual([
      { userId: created!.id, roleId: commonRoleId },
    ]);
    expect(await ctx.db.select().from(userProject).where(eq(userProject.userId, created!.id))).toHaveLength(1);
    const [logged] = await ctx.db.select().from(loginLog).where(eq(loginLog.userId, created!.id));
    expect(logged).toMatchObject({ result: 'Succeeded', message: 'single sign-on' });

    // The one-time code works once.
    const again = await exchange(code, cookie);
    expect(again.status).toBe(400);
    expect(await sessionsOf(created!.id)).toHaveLength(1);

    // Only linking: an existing user by user name (another case), then by e-mail.
    await configure({ userMode: 'link' });
    const existing = await createUser(ctx);
    const byName = account({ preferred_username: existing.loginName.toUpperCase(), email: 'other@corp.test' });
    const linked = await signInAs(byName.sub);
    const linkedTokens = await exchange(linked.landing.searchParams.get('sso')!, linked.cookie);
    const linkedInfo = await ctx.call('GET', '/api/token/GetMyInfo', {
      token: (linkedTokens.body.data as TokenData).token,
    });
    expect((linkedInfo.body.data as { id: number }).id).toBe(existing.id);

    const byEmail = account({ preferred_username: 'not-here-by-name', email: `${existing.loginName}@example.test` });
    const emailed = await signInAs(byEmail.sub);
    const emailTokens = await exchange(emailed.landing.searchParams.get('sso')!, emailed.cookie);
    const emailInfo = await ctx.call('GET', '/api/token/GetMyInfo', {
      token: (emailTokens.body.data as TokenData).token,
    });
    expect((emailInfo.body.data as { id: number }).id).toBe(existing.id);

    // Nobody by that name or e-mail, and linking only: refused, no user made.
    const stranger = account();
    await expectRefused((await signInAs(stranger.sub)).landing, 'noSuchUser');
    expect(await ctx.db.select().from(appUser).where(eq(appUser.loginName, stranger.userName))).toHaveLength(0);
  });

  it('signs out through the provider when the session came from single sign-on', async () => {
    await configure();
    const user = await createUser(ctx);
    const who = account({ preferred_username: user.loginName });
    const { landing, cookie } = await signInAs(who.sub);
    const tokens = (await exchange(landing.searchParams.get('sso')!, cookie)).body.data as TokenData;
    const out = await ctx.call('POST', '/api/token/Logout', { token: tokens.token });
    expect(out.status, out.raw).toBe(200);
    const end = new URL((out.body.data as NonNullable<LogoutResult>).endSessionUrl);
    expect(end.href.startsWith(`${provider.issuer}/session/end`)).toBe(true);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${systemUrl}/login`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    const [session] = await sessionsOf(user.id);
    expect(session?.revokedAt).not.toBeNull();
    // The provider accepts it: its confirmation page, not an error.
    const page = await fetch(end, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('logout');

    // A password session signs out as before.
    const plain = await ctx.call('POST', '/api/token/Login', {
      body: { userName: user.loginName, password: user.password },
    });
    const plainOut = await ctx.call('POST', '/api/token/Logout', { token: (plain.body.data as TokenData).token });
    expect(plainOut.body.data).toBeNull();
  });

  it('asks a user with a second factor for none after single sign-on: their provider asks for its own', async () => {
    await configure();
    const user = await createUser(ctx);
    await ctx.db.insert(userTotp).values({ userId: user.id, secretSealed: 'v1:a:b:c', enabledAt: new Date() });
    const password = await ctx.call('POST', '/api/token/Login', {
      body: { userName: user.loginName, password: user.password },
    });
    expect(password.body.data).toMatchObject({ secondFactor: ['totp', 'recovery'] });
    const who = account({ preferred_username: user.loginName });
    const { landing, cookie } = await signInAs(who.sub);
    const tokens = await exchange(landing.searchParams.get('sso')!, cookie);
    expect(tokens.status, tokens.raw).toBe(200);
    expect(tokens.body.data).toHaveProperty('token');
  });

  it('refuses when single sign-on is off, and when the issuer is wrong (discovery fails), with the reason logged', async () => {
    const off = await ctx.app.inject({ method: 'GET', url: '/api/token/SSOLogin' });
    expect(off.statusCode).toBe(302);
    await expectRefused(new URL(String(off.headers.location)), 'notConfigured');

    await configure({ issuerUrl: `${provider.issuer}/wrong` });
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/token/SSOLogin' });
    await expectRefused(new URL(String(wrong.headers.location)), 'providerUnreachable');
    expect((await lastSystemLog())?.message).toContain('/wrong');

    // The same provider under another name: its discovery document names another issuer.
    await configure({ issuerUrl: provider.issuer.replace('127.0.0.1', 'localhost') });
    const renamed = await ctx.app.inject({ method: 'GET', url: '/api/token/SSOLogin' });
    await expectRefused(new URL(String(renamed.headers.location)), 'providerUnreachable');
  });

  it('refuses a missing, altered or replayed state, and a callback from another browser', async () => {
    await configure();
    const user = await createUser(ctx);
    const who = account({ preferred_username: user.loginName });

    const missing = await callback(`${callbackUrl}?code=abc`, (await startSignIn()).cookie);
    await expectRefused(missing, 'stateInvalid');

    const first = await startSignIn();
    const back = await signInAtProvider(first.location, who.sub, callbackUrl);
    const altered = back.replace(/state=([^&]+)/, 'state=forged-state');
    await expectRefused(await callback(altered, first.cookie), 'stateInvalid');
    // Without the cookie of the browser that started it.
    await expectRefused(await callback(back, undefined), 'stateInvalid');
    await expectRefused(await callback(back, (await startSignIn()).cookie), 'stateInvalid');
    // The right browser still can (the refusals above used nothing up) — once.
    const ok = await callback(back, first.cookie);
    expect(ok.searchParams.get('sso')).toBeTruthy();
    await expectRefused(await callback(back, first.cookie), 'stateInvalid');
    expect(
      await ctx.db
        .select()
        .from(ssoFlow)
        .where(sql`${ssoFlow.usedAt} is null and ${ssoFlow.state} = ${new URL(back).searchParams.get('state')}`),
    ).toHaveLength(0);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('refuses a nonce that is not the one sent, a tampered ID token, and an altered or expired code', async () => {
    await configure();
    const user = await createUser(ctx);
    const who = account({ preferred_username: user.loginName });

    // The authorization request altered on its way: the ID token carries another nonce.
    const swapped = await startSignIn();
    const otherNonce = swapped.location.replace(/nonce=([^&]+)/, 'nonce=another-nonce-value-0123456789');
    const nonceBack = await signInAtProvider(otherNonce, who.sub, callbackUrl);
    await expectRefused(await callback(nonceBack, swapped.cookie), 'tokenInvalid');

    // The ID token's payload altered after signing: its signature fails.
    provider.options.tamper = true;
    await expectRefused((await signInAs(who.sub)).landing, 'tokenInvalid');
    expect((await lastSystemLog())?.message).toMatch(/signature/i);
    provider.options.tamper = false;

    // A code the provider did not issue.
    const forged = await startSignIn();
    const forgedBack = (await signInAtProvider(forged.location, who.sub, callbackUrl)).replace(
      /code=([^&]+)/,
      'code=forged-code',
    );
    await expectRefused(await callback(forgedBack, forged.cookie), 'codeInvalid');

    // A code used after it expired at the provider.
    provider.options.codeTtlSeconds = 1;
    const slow = await startSignIn();
    const slowBack = await signInAtProvider(slow.location, who.sub, callbackUrl);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expectRefused(await callback(slowBack, slow.cookie), 'codeInvalid');

    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(await ctx.db.select().from(ssoHandoff).where(eq(ssoHandoff.userId, user.id))).toHaveLength(0);
  });

  it('refuses a user that is inactive, locked or deleted here, and one without the user name claim', async () => {
    await configure({ userMode: 'create', defaultRoleId: commonRoleId });
    for (const values of [{ status: 'Inactive' as const }, { lockedAt: new Date() }, { deletedAt: new Date() }]) {
      const user = await createUser(ctx, { values });
      const who = account({ preferred_username: user.loginName });
      await expectRefused((await signInAs(who.sub)).landing, 'userInactive');
      expect(await sessionsOf(user.id)).toHaveLength(0);
      // Not created anew under the same name either.
      expect(
        await ctx.db
          .select()
          .from(appUser)
          .where(sql`lower(${appUser.loginName}) = lower(${user.loginName})`),
      ).toHaveLength(1);
    }
    const nameless = account({ preferred_username: undefined });
    await expectRefused((await signInAs(nameless.sub)).landing, 'claimMissing');

    // Deactivated between the callback and the exchange: still refused.
    const user = await createUser(ctx);
    const who = account({ preferred_username: user.loginName });
    const { landing, cookie } = await signInAs(who.sub);
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, user.id));
    const late = await exchange(landing.searchParams.get('sso')!, cookie);
    expect(late.status).toBe(400);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const [logged] = await ctx.db
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.userId, user.id), eq(loginLog.result, 'Failed')));
    expect(logged).toMatchObject({
      messageKey: 'log.ssoRefusedReason',
      messageValues: { reason: { key: 'sso.userInactive' } },
    });
  });
});
