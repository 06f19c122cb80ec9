import { constants, generateKeyPairSync, publicEncrypt, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@casedesk/shared';
import {
  createCaller,
  createUser,
  signedInWith,
  signIn,
  testConfig,
  useTestApp,
  type Caller,
} from '../../test/helpers.js';
import { buildApp, type App } from '../app.js';
import { appUser } from '../modules/user/user.table.js';
import { createAccessTokens } from './access-token.js';
import { authNonce } from './platform.table.js';
import { loadServerKeys, type ServerKeys } from './secrets.js';

const ctx = useTestApp();
let keys: ServerKeys;
beforeAll(async () => {
  keys = await loadServerKeys(ctx.db);
});

const invalidAuthToken = { resultCode: 400, resultMsg: 'Invalid Auth-Token header', data: null };
const unauthorizedEnvelope = { resultCode: 401, resultMsg: 'Unauthorized', data: null };
const now = () => Math.floor(Date.now() / 1000);
const hex32 = () => randomBytes(16).toString('hex');
const encryptWith = (publicKey: string, plain: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');

/** A public route that still needs the header, and an authenticated one. */
const ssoMessage = (authToken?: false | string) => ctx.call('GET', '/api/token/GetSSOLoginMessage', { authToken });

describe('Auth-Token header', () => {
  it('accepts a fresh header built the way the web client does', async () => {
    const response = await ssoMessage();
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toEqual({ resultCode: 200, resultMsg: 'OK', data: { configured: false, buttonText: null } });
  });

  it('refuses a call without the header, public or signed in', async () => {
    const missing = await ssoMessage(false);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(invalidAuthToken);

    const { token } = await signedInWith(ctx, []);
    const signedIn = await ctx.call('GET', '/api/token/GetMyInfo', { token, authToken: false });
    expect(signedIn.status).toBe(400);
    expect(signedIn.body).toEqual(invalidAuthToken);
    const login = await ctx.call('POST', '/api/token/Login', {
      body: { userName: 'admin', password: 'Admin@12345' },
      authToken: false,
    });
    expect(login.body).toEqual(invalidAuthToken);
  });

  it('refuses a garbled header: not base64, random bytes, another key, or the wrong plaintext', async () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const garbled = [
      '%%% not base64 %%%',
      'AAAA',
      randomBytes(256).toString('base64'),
      encryptWith(other.publicKey, `${hex32()}:${now()}`),
      encryptWith(keys.authTokenPublicKey, 'hello'),
      encryptWith(keys.authTokenPublicKey, `${hex32().toUpperCase()}:${now()}`),
      encryptWith(keys.authTokenPublicKey, `${hex32().slice(1)}:${now()}`),
      encryptWith(keys.authTokenPublicKey, `${hex32()}:${now()}.5`),
      encryptWith(keys.authTokenPublicKey, `${hex32()}:`),
      encryptWith(keys.authTokenPublicKey, `${hex32()}:${now()}:extra`),
      'x'.repeat(5000),
    ];
    for (const header of garbled) {
      const response = await ssoMessage(header);
      expect(response.status, header.slice(0, 40)).toBe(400);
      expect(response.body).toEqual(invalidAuthToken);
    }
  });

  it('refuses a header more than 300 s old or ahead of the server clock, and takes one inside the window', async () => {
    for (const seconds of [now() - 400, now() + 400, 0]) {
      const response = await ssoMessage(ctx.newAuthToken({ seconds }));
      expect(response.status, String(seconds)).toBe(400);
      expect(response.body).toEqual(invalidAuthToken);
    }
    for (const seconds of [now() - 200, now() + 200]) {
      expect((await ssoMessage(ctx.newAuthToken({ seconds }))).status, String(seconds)).toBe(200);
    }
  });

  it('refuses a replayed header, and a fresh header reusing a seen nonce', async () => {
    const header = ctx.newAuthToken();
    expect((await ssoMessage(header)).status).toBe(200);
    const replay = await ssoMessage(header);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(invalidAuthToken);

    const nonce = hex32();
    expect((await ssoMessage(ctx.newAuthToken({ nonce, seconds: now() - 5 }))).status).toBe(200);
    expect((await ssoMessage(ctx.newAuthToken({ nonce }))).body).toEqual(invalidAuthToken);
  });

  it('lets the exempt routes through without it', async () => {
    const version = await ctx.call('GET', '/version.json?t=123', { authToken: false });
    expect(version.status, version.raw).toBe(200);
    expect(version.body).toMatchObject({ version: ctx.config.version });
    const publicKey = await ctx.call('GET', '/api/token/PublicKey', { authToken: false });
    expect(publicKey.status, publicKey.raw).toBe(200);
    expect(publicKey.body).toEqual({ resultCode: 200, resultMsg: 'OK', data: keys.authTokenPublicKey });
    expect(publicKey.body.data).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const openapi = await ctx.call('GET', '/api/openapi.json', { authToken: false });
    expect(openapi.status).toBe(200);
    expect(JSON.parse(openapi.raw)).toMatchObject({ openapi: '3.1.0' });
    expect((await ctx.call('GET', '/healthz', { authToken: false })).status).toBe(200);
  });

  it('checks a HEAD request once, like its GET', async () => {
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/token/GetSSOLoginMessage',
      headers: { 'auth-token': ctx.newAuthToken() },
    });
    expect(head.statusCode).toBe(200);
    const without = await ctx.app.inject({ method: 'HEAD', url: '/api/token/GetSSOLoginMessage' });
    expect(without.statusCode).toBe(400);
  });

  it('the public key served encrypts headers the server accepts', async () => {
    const publicKey = (await ctx.call('GET', '/api/token/PublicKey', { authToken: false })).body.data as string;
    const header = encryptWith(publicKey, `${hex32()}:${now()}`);
    expect((await ssoMessage(header)).status).toBe(200);
  });

  it('keeps its nonces in the database', async () => {
    const nonce = hex32();
    expect((await ssoMessage(ctx.newAuthToken({ nonce }))).status).toBe(200);
    const rows = await ctx.db.select().from(authNonce).where(eq(authNonce.nonce, nonce));
    expect(rows).toHaveLength(1);
  });

  it('refuses a replay on a signed-in route too, where the nonce is claimed with the actor load', async () => {
    const { token } = await signedInWith(ctx, []);
    const header = ctx.newAuthToken();
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token, authToken: header })).status).toBe(200);
    const replay = await ctx.call('GET', '/api/token/GetMyInfo', { token, authToken: header });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(invalidAuthToken);
    // Spent by a public route, refused on a signed-in one (and the other way round).
    const nonce = hex32();
    expect((await ssoMessage(ctx.newAuthToken({ nonce }))).status).toBe(200);
    const reused = await ctx.call('GET', '/api/token/GetMyInfo', { token, authToken: ctx.newAuthToken({ nonce }) });
    expect(reused.body).toEqual(invalidAuthToken);
    const spent = ctx.newAuthToken();
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token, authToken: spent })).status).toBe(200);
    expect((await ssoMessage(spent)).body).toEqual(invalidAuthToken);
  });

  it('spends the header of a call refused for its bearer token or its session, and answers a replay first', async () => {
    const bad = ctx.newAuthToken();
    const refused = await ctx.call('GET', '/api/token/GetMyInfo', { token: 'not.a.token', authToken: bad });
    expect(refused.body).toEqual(unauthorizedEnvelope);
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { authToken: bad })).body).toEqual(invalidAuthToken);

    const { user, token } = await signedInWith(ctx, []);
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, user.id));
    const ended = ctx.newAuthToken();
    const inactive = await ctx.call('GET', '/api/token/GetMyInfo', { token, authToken: ended });
    expect(inactive.body).toEqual({ resultCode: 4005, resultMsg: messages.accountInactive, data: null });
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token, authToken: ended })).body).toEqual(invalidAuthToken);
  });

  it("leaves no connection with the nonce write's commit setting", async () => {
    const { token } = await signedInWith(ctx, []);
    for (let i = 0; i < 5; i++) {
      await Promise.all([ssoMessage(), ctx.call('GET', '/api/token/GetMyInfo', { token })]);
    }
    const shown = await Promise.all(Array.from({ length: 5 }, () => ctx.db.execute(sql`show synchronous_commit`)));
    for (const result of shown) {
      expect((result as unknown as { rows: { synchronous_commit: string }[] }).rows[0]?.synchronous_commit).toBe('on');
    }
  });

  describe('across server instances', () => {
    let second: App;
    let callSecond: Caller;
    beforeAll(async () => {
      second = await buildApp({ config: testConfig(), database: ctx.database, logger: false });
      await second.app.ready();
      callSecond = createCaller(second.app, ctx.newAuthToken);
    });
    afterAll(async () => {
      await second?.app.close();
    });

    it('a nonce one instance accepted is refused by another on the same database', async () => {
      const header = ctx.newAuthToken();
      expect((await ssoMessage(header)).status).toBe(200);
      const replay = await callSecond('GET', '/api/token/GetSSOLoginMessage', { authToken: header });
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual(invalidAuthToken);

      const other = ctx.newAuthToken();
      expect((await callSecond('GET', '/api/token/GetSSOLoginMessage', { authToken: other })).status).toBe(200);
      expect((await ssoMessage(other)).body).toEqual(invalidAuthToken);
    });

    it('both instances share the keys: a token from one works on the other', async () => {
      const user = await createUser(ctx);
      const tokens = await signIn(ctx, user);
      const info = await callSecond('GET', '/api/token/GetMyInfo', { token: tokens.token });
      expect(info.status, info.raw).toBe(200);
    });
  });
});

describe('access tokens verified before', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are refused once expired, and a changed one is never taken for the one seen', async () => {
    const tokens = createAccessTokens(randomBytes(64), 15);
    const sessionId = randomUUID();
    const { token, exp } = await tokens.sign({ userId: 7, sessionId }, 1);
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId, exp });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId, exp });
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await tokens.verify(tampered)).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((exp - 1) * 1000);
      expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId, exp });
      vi.setSystemTime(exp * 1000);
      expect(await tokens.verify(token)).toBeUndefined();
      expect(await tokens.verify(token)).toBeUndefined();
    } finally {
      // The clock is the process's: later tests of this file must see the real one even if this one fails.
      vi.useRealTimers();
    }
  });
});

describe('rate limit before the header check', () => {
  let limited: App;
  let callLimited: Caller;
  beforeAll(async () => {
    limited = await buildApp({ config: testConfig({ rateLimitMax: 3 }), database: ctx.database, logger: false });
    await limited.app.ready();
    callLimited = createCaller(limited.app, ctx.newAuthToken);
  });
  afterAll(async () => {
    await limited?.app.close();
  });

  it('counts calls with a bad Auth-Token header, so that a flood of them is cut off before decrypting', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await callLimited('GET', '/api/token/GetSSOLoginMessage', {
        authToken: randomBytes(256).toString('base64'),
        remoteAddress: '192.0.2.50',
      });
      answers.push(response.status);
      if (response.status === 429)
        expect(response.body).toEqual({ resultCode: 429, resultMsg: messages.tooManyRequests, data: null });
    }
    expect(answers).toEqual([400, 400, 400, 429, 429]);
    // Another address is unaffected.
    expect((await callLimited('GET', '/api/token/GetSSOLoginMessage', { remoteAddress: '192.0.2.51' })).status).toBe(
      200,
    );
  });
});

describe('Bearer access token', () => {
  const myInfo = (token: string | undefined, headers?: Record<string, string>) =>
    ctx.call('GET', '/api/token/GetMyInfo', { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
  const sign = (claims: Record<string, unknown>, options: { secret?: Uint8Array; exp?: number } = {}) =>
    new SignJWT({ typ: 'access', ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(options.exp ?? now() + 600)
      .sign(options.secret ?? keys.jwtSecret);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  async function expectUnauthorized(token: string | undefined, headers?: Record<string, string>) {
    const response = await myInfo(token, headers);
    expect(response.status, response.raw).toBe(401);
    expect(response.body).toEqual(unauthorizedEnvelope);
  }

  it('a genuine token works, under any casing of the route', async () => {
    const { user, token } = await signedInWith(ctx, []);
    const response = await ctx.call('GET', '/API/TOKEN/getmyinfo', { token });
    expect(response.status, response.raw).toBe(200);
    expect((response.body.data as { id: number }).id).toBe(user.id);
  });

  it('answers 401 with the exact envelope without a token, or with a malformed header', async () => {
    await expectUnauthorized(undefined);
    await expectUnauthorized(undefined, { authorization: 'Bearer' });
    await expectUnauthorized(undefined, { authorization: 'Basic YWRtaW46QWRtaW5AMTIzNDU=' });
    await expectUnauthorized('not-a-jwt');
    await expectUnauthorized('a.b.c');
  });

  it('refuses alg none', async () => {
    const { token } = await signedInWith(ctx, []);
    const claims = decodeJwt(token);
    await expectUnauthorized(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
    await expectUnauthorized(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`);
  });

  it('refuses a token signed with another key', async () => {
    const { token } = await signedInWith(ctx, []);
    const { sub, sid } = decodeJwt(token);
    await expectUnauthorized(await sign({ sub, sid }, { secret: randomBytes(64) }));
  });

  it('refuses an expired token', async () => {
    const { token } = await signedInWith(ctx, []);
    const { sub, sid } = decodeJwt(token);
    await expectUnauthorized(await sign({ sub, sid }, { exp: now() - 60 }));
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const victim = await createUser(ctx);
    const { token } = await signedInWith(ctx, []);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    await expectUnauthorized(`${header}.${b64({ ...claims, sub: String(victim.id) })}.${signature}`);
    await expectUnauthorized(`${header}.${b64({ ...claims, exp: now() + 86_400 * 365 })}.${signature}`);
  });

  it('refuses a token that is not an access token, or lacks its claims', async () => {
    const { user, token } = await signedInWith(ctx, []);
    const { sid } = decodeJwt(token);
    await expectUnauthorized(await sign({ sub: String(user.id), sid, typ: 'refresh' }));
    await expectUnauthorized(await sign({ sub: String(user.id) }));
    await expectUnauthorized(await sign({ sid }));
    await expectUnauthorized(await sign({ sub: 'admin', sid }));
  });

  it('refuses, without an internal error, well-signed claims that name no possible user or session', async () => {
    const { user, token } = await signedInWith(ctx, []);
    const { sid } = decodeJwt(token);
    await expectUnauthorized(await sign({ sub: String(user.id), sid: 'not-a-uuid' }));
    await expectUnauthorized(await sign({ sub: '99999999999', sid }));
    await expectUnauthorized(await sign({ sub: '-1', sid }));
  });

  it("a genuine session id under another user's id ends the session rather than lending it", async () => {
    const { token } = await signedInWith(ctx, []);
    const other = await createUser(ctx);
    const forged = await sign({ sub: String(other.id), sid: decodeJwt(token).sid });
    const response = await myInfo(forged);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ resultCode: 4005, resultMsg: messages.sessionRevoked, data: null });
  });

  it("a deleted user's still-valid token answers 4005", async () => {
    const { user, token } = await signedInWith(ctx, []);
    await ctx.db.update(appUser).set({ deletedAt: new Date() }).where(eq(appUser.id, user.id));
    const response = await myInfo(token);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ resultCode: 4005, resultMsg: messages.accountInactive, data: null });
  });

  it("a hard-deleted user's still-valid token answers 4005", async () => {
    const { user, token } = await signedInWith(ctx, []);
    // Removed by hand: the foreign keys make that take the user's sessions and links along.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from refresh_token where session_id in (select id from user_session where user_id = ${user.id})`,
      );
      for (const table of ['user_session', 'user_role', 'user_group_member', 'user_project'])
        await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = ${user.id}`);
      await tx.delete(appUser).where(eq(appUser.id, user.id));
    });
    const response = await myInfo(token);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ resultCode: 4005, resultMsg: messages.sessionRevoked, data: null });
  });
});

describe('Route permissions', () => {
  it('answers 401 before 403, 403 without the permission and 200 with it', async () => {
    const anonymous = await ctx.call('POST', '/api/Dept/Query', { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(unauthorizedEnvelope);

    const without = await signedInWith(ctx, ['position:view']);
    const refused = await ctx.call('POST', '/api/Dept/Query', { token: without.token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ resultCode: 403, resultMsg: messages.forbidden, data: null });

    const withIt = await signedInWith(ctx, ['dept:view']);
    expect((await ctx.call('POST', '/api/Dept/Query', { token: withIt.token, body: {} })).status).toBe(200);
  });

  it('answers 403 before reading a body the caller may not send', async () => {
    const { token } = await signedInWith(ctx, []);
    const response = await ctx.call('POST', '/api/Dept/Add', {
      token,
      payload: '{ not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(403);
  });

  it('every route declares its access', () => {
    const undeclared = ctx.built.routes.filter((r) => r.access === undefined && r.method !== 'HEAD');
    expect(undeclared).toEqual([]);
  });
});
