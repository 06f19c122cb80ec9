import { describe, expect, it } from 'vitest';
import { createUser, signIn, useTestApp, useTwoApps, type TestContext } from '../../test/helpers.js';

// Contract 25: limits count per signed-in user (per address only without one), across every server process.
const limit = 4;
const ctx = useTestApp({ rateLimitMax: limit });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const profile = (app: TestContext, token: string, remoteAddress = '10.20.0.1') =>
  app.call('GET', '/api/Account/Profile', { token, remoteAddress });

describe('Rate limits', () => {
  it('counts a signed-in user, not the address: a colleague behind the same address keeps their budget', async () => {
    const [burst, colleague] = [await createUser(ctx), await createUser(ctx)];
    const burstToken = (await signIn(ctx, burst)).token;
    const colleagueToken = (await signIn(ctx, colleague)).token;

    for (let i = 1; i <= limit; i++) {
      const served = await profile(ctx, burstToken);
      expect(served.status, served.raw).toBe(200);
      expect(served.headers['ratelimit-limit']).toBe(String(limit));
      expect(served.headers['ratelimit-remaining']).toBe(String(limit - i));
      expect(Number(served.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await profile(ctx, burstToken);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another address is the same budget.
    expect((await profile(ctx, burstToken, '10.99.0.7')).status).toBe(429);

    const colleagueServed = await profile(ctx, colleagueToken);
    expect(colleagueServed.status, colleagueServed.raw).toBe(200);
    expect(colleagueServed.headers['ratelimit-remaining']).toBe(String(limit - 1));
  });

  it('counts a call without a user by its address', async () => {
    const publicKey = (remoteAddress: string) =>
      ctx.call('GET', '/api/token/PublicKey', { authToken: false, remoteAddress });
    for (let i = 1; i <= limit; i++) expect((await publicKey('10.30.0.1')).status).toBe(200);
    expect((await publicKey('10.30.0.1')).status).toBe(429);
    expect((await publicKey('10.30.0.2')).status).toBe(200);
  });

  it('counts a forged token as the address it came from, and refuses it as always', async () => {
    const forged = await profile(ctx, 'not.a.token', '10.40.0.1');
    expect(forged.status).toBe(401);
    expect(forged.headers['ratelimit-remaining']).toBe(String(limit - 1));
  });
});

// Two server processes on one PostgreSQL database (two pools): the embedded database is one process, which counts in
// memory, so this holds only where several can run.
describe.runIf(onPostgres)('Rate limits across server processes', () => {
  const { a, b } = useTwoApps(ctx, { rateLimitMax: limit });

  it('counts a user’s calls through every process in one budget', async () => {
    const user = await createUser(a);
    const token = (await signIn(a, user)).token;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i++) statuses.push((await profile(i % 2 === 0 ? a : b, token)).status);
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429, 429]);
  });
});
