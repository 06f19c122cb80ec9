import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { loadServerKeys } from '../src/platform/secrets.js';
import { openTestDatabase } from './database.js';
import { PgRelay } from './pg-relay.js';
import {
  authTokenFactory,
  createCaller,
  createUser,
  signIn,
  testConfig,
  type Caller,
  type TestContext,
} from './helpers.js';

const pgUrl = process.env.TEST_DATABASE_URL;

// An outage can only be staged against a server at the other end of a socket; the embedded database lives in-process.
describe.skipIf(!pgUrl)('database outage (PostgreSQL)', () => {
  const relay = PgRelay.for(pgUrl ?? 'postgres://x:5432');
  let database: Database;
  let ctx: TestContext;
  let call: Caller;
  let token: string;

  beforeAll(async () => {
    await relay.start();
    database = await openTestDatabase({ port: relay.port });
    const built = await buildApp({
      config: testConfig({ webDist: '/nonexistent/casedesk-web' }),
      database,
      logger: false,
    });
    await built.app.ready();
    const keys = await loadServerKeys(database.db);
    const newAuthToken = authTokenFactory(keys.authTokenPublicKey);
    call = createCaller(built.app, newAuthToken);
    ctx = { app: built.app, built, database, db: database.db, config: testConfig(), newAuthToken, call };
    const admin = await createUser(ctx, { roles: ['admin'] });
    token = (await signIn(ctx, admin)).token;
  });

  afterAll(async () => {
    await ctx?.app.close();
    await relay.start();
    await database?.close();
    await relay.cut();
  });

  it('answers 503 envelopes while the database is away, and serves again by itself when it is back', async () => {
    expect((await call('GET', '/api/Dept/Get', { token })).status).toBe(200);

    await relay.cut();
    const ready = await call('GET', '/readyz', { authToken: false });
    expect(ready.status).toBe(503);
    for (const [method, url, body] of [
      ['GET', '/api/Dept/Get', undefined],
      ['POST', '/api/Dept/Add', { name: 'During the outage', code: 'OUTAGE' }],
      ['GET', '/api/token/GetMyInfo', undefined],
    ] as const) {
      const response = await call(method, url, { token, body });
      expect(response.status, `${method} ${url}`).toBe(503);
      expect(response.body).toMatchObject({ resultCode: 503, resultMsg: messages.serviceUnavailable });
    }

    await relay.start();
    await expect
      .poll(async () => (await call('GET', '/api/Dept/Get', { token })).status, { timeout: 30_000, interval: 250 })
      .toBe(200);
    expect((await call('GET', '/readyz', { authToken: false })).status).toBe(200);
    // The write refused during the outage was not half-done.
    const depts = await call('POST', '/api/Dept/Query', { token, body: { keyword: 'During the outage' } });
    expect((depts.body.data as { total: number }).total).toBe(0);
  }, 120_000);
});
