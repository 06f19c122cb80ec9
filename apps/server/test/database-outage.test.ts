import { describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import { PgRelay, useAppBehindRelay } from './pg-relay.js';

const pgUrl = process.env.TEST_DATABASE_URL;

// An outage can only be staged against a server at the other end of a socket; the embedded database lives in-process.
describe.skipIf(!pgUrl)('database outage (PostgreSQL)', () => {
  const relay = PgRelay.for(pgUrl ?? 'postgres://x:5432');
  const ctx = useAppBehindRelay(relay);

  it('answers 503 envelopes while the database is away, and serves again by itself when it is back', async () => {
    expect((await ctx.call('GET', '/api/Dept/Get', { token: ctx.token })).status).toBe(200);

    await relay.cut();
    const ready = await ctx.call('GET', '/readyz', { authToken: false });
    expect(ready.status).toBe(503);
    for (const [method, url, body] of [
      ['GET', '/api/Dept/Get', undefined],
      ['POST', '/api/Dept/Add', { name: 'During the outage', code: 'OUTAGE' }],
      ['GET', '/api/token/GetMyInfo', undefined],
    ] as const) {
      const response = await ctx.call(method, url, { token: ctx.token, body });
      expect(response.status, `${method} ${url}`).toBe(503);
      expect(response.body).toMatchObject({ resultCode: 503, resultMsg: messages.serviceUnavailable });
    }

    await relay.start();
    await expect
      .poll(async () => (await ctx.call('GET', '/api/Dept/Get', { token: ctx.token })).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    expect((await ctx.call('GET', '/readyz', { authToken: false })).status).toBe(200);
    // The write refused during the outage was not half-done.
    const depts = await ctx.call('POST', '/api/Dept/Query', {
      token: ctx.token,
      body: { keyword: 'During the outage' },
    });
    expect((depts.body.data as { total: number }).total).toBe(0);
  }, 120_000);
});
