import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, testConfig, useTestApp, type TestUser } from '../../test/helpers.js';
import { eventually, rowCount } from '../../test/platform-helpers.js';
import { buildApp } from '../app.js';
import { redactSecrets } from './logs.js';
import { requestLog, systemLog } from './platform.table.js';

describe('request log', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await createUser(ctx, { permissions: ['dept:view'] });
    token = (await signIn(ctx, user)).token;
  });

  /** The row of one request, once the batch writer has written it. */
  const logged = (requestId: string) =>
    eventually(async () => {
      await ctx.built.requestLog.flush();
      const [row] = await ctx.db.select().from(requestLog).where(eq(requestLog.requestId, requestId));
      return row;
    }, `request log row ${requestId}`);

  it('records controller, action, the path without its query, AccessUrl, user, status and duration', async () => {
    const response = await ctx.call('GET', '/api/Dept/Get?keyword=reset-code-123&page=1', {
      token,
      headers: { accessurl: 'https://desk.example/#/system/dept?token=secret' },
    });
    expect(response.status).toBe(200);
    const row = await logged(response.headers['x-request-id'] as string);
    expect(row).toMatchObject({
      method: 'GET',
      area: 'dept',
      controller: 'Dept',
      action: 'Get',
      url: '/api/Dept/Get',
      accessUrl: 'https://desk.example/#/system/dept',
      userId: user.id,
      loginName: user.loginName,
      status: 200,
    });
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(row.durationMs)).toBe(true);
    expect(row.ip).toBe('127.0.0.1');
    expect(JSON.stringify(row)).not.toContain('secret');
    expect(JSON.stringify(row)).not.toContain('reset-code-123');
  });

  it('records refused calls with their status, and whoever was known', async () => {
    const forbidden = await ctx.call('POST', '/api/Dept/Add', { token, body: { name: 'X', code: 'X' } });
    expect(forbidden.status).toBe(403);
    expect(await logged(forbidden.headers['x-request-id'] as string)).toMatchObject({
      controller: 'Dept',
      action: 'Add',
      status: 403,
      userId: user.id,
    });
    const anonymous = await ctx.call('GET', '/api/Dept/Get/7', { headers: { accessurl: 'https://desk.example/' } });
    expect(anonymous.status).toBe(401);
    expect(await logged(anonymous.headers['x-request-id'] as string)).toMatchObject({
      controller: 'Dept',
      action: 'Get',
      url: '/api/Dept/Get/7',
      status: 401,
      userId: null,
      loginName: null,
      accessUrl: 'https://desk.example/',
    });
  });

  it('takes tokens out of the path it logs', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const withJwt = await ctx.call('GET', `/api/Dept/Get/${jwt}`, { token });
    expect((await logged(withJwt.headers['x-request-id'] as string)).url).toBe('/api/Dept/Get/[redacted]');
    const withApiToken = await ctx.call('GET', '/api/Dept/Get/cdk_0123456789abcdef', { token });
    expect((await logged(withApiToken.headers['x-request-id'] as string)).url).toBe('/api/Dept/Get/cdk_[redacted]');
  });

  it('writes many calls in batches and keeps non-API requests out', async () => {
    const before = await rowCount(ctx, requestLog);
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => ctx.call('POST', '/api/Dept/Query', { token, body: {} })),
    );
    await ctx.call('GET', '/healthz', { authToken: false });
    for (const r of responses) expect(r.status).toBe(200);
    await eventually(async () => {
      await ctx.built.requestLog.flush();
      return (await rowCount(ctx, requestLog)) >= before + 25;
    }, '25 rows');
    await ctx.built.requestLog.flush();
    expect(await rowCount(ctx, requestLog)).toBe(before + 25);
  });
});

describe('redactSecrets', () => {
  it('replaces every kind of secret, and returns text without any as it is', () => {
    expect(redactSecrets('Authorization: Bearer abc.def-ghi=')).toBe('Authorization: [redacted] [redacted]');
    expect(redactSecrets('sent bearer abc.def')).toBe('sent Bearer [redacted]');
    expect(redactSecrets('id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln end')).toBe('id [redacted] end');
    expect(redactSecrets('key cdk_AbC-123 end')).toBe('key cdk_[redacted] end');
    expect(redactSecrets('{"password":"Hunter2","pwd"= x}')).toBe('{"password":"[redacted]","pwd"= [redacted]}');
    expect(redactSecrets('PASSWD=abc&Secret:xyz;auth-token = q')).toBe(
      'PASSWD=[redacted]&Secret:[redacted];auth-token = [redacted]',
    );
    const plain = '/api/Ticket/Query/17';
    expect(redactSecrets(plain)).toBe(plain);
  });
});

describe('system log', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let failing: FastifyInstance;
  beforeAll(async () => {
    failing = (await buildApp({ config: testConfig(), database: ctx.database, logger: false })).app;
    failing.get('/api/test/Boom', { config: { access: 'public', authToken: false } }, async () => {
      throw new Error('the flux capacitor failed');
    });
    await failing.ready();
  });
  afterAll(async () => failing?.close());

  it('gets a row for an unexpected 500, with its request id, and none for refusals', async () => {
    const before = await rowCount(ctx, systemLog);
    const notFound = await failing.inject({ method: 'GET', url: '/api/Nothing?x=1' });
    expect(notFound.statusCode).toBe(404);
    const response = await failing.inject({ method: 'GET', url: '/api/test/Boom?code=secret' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'] as string;
    const row = await eventually(async () => {
      const [found] = await ctx.db.select().from(systemLog).where(eq(systemLog.requestId, requestId));
      return found;
    }, 'system log row');
    expect(row).toMatchObject({ level: 'error', source: 'server', message: 'the flux capacitor failed', userId: null });
    expect(row.detail).toMatchObject({ url: '/api/test/Boom', method: 'GET' });
    expect(String((row.detail as { stack?: string }).stack)).toContain('the flux capacitor failed');
    expect(JSON.stringify(row)).not.toContain('secret');
    expect(await rowCount(ctx, systemLog)).toBe(before + 1);
  });
});
