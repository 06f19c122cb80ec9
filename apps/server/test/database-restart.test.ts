import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import { PgRelay, useAppBehindRelay } from './pg-relay.js';

const pgUrl = process.env.TEST_DATABASE_URL;

// bench:faults found it: a PostgreSQL restart while a transaction held a pooled connection between two
// statements emitted 'error' on a client nobody listened to, and the process died.
describe.skipIf(!pgUrl)('PostgreSQL restart while connections are checked out (PostgreSQL)', () => {
  const relay = PgRelay.for(pgUrl ?? 'postgres://x:5432');
  const ctx = useAppBehindRelay(relay);
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(() => void process.on('uncaughtException', onUncaught));
  afterAll(() => void process.off('uncaughtException', onUncaught));

  it('fails the transaction whose connection dropped, keeps the process alive and serves again', async () => {
    let dropped!: () => void;
    const connectionGone = new Promise<void>((resolve) => (dropped = resolve));
    const transaction = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The connection dies while this transaction holds it and no statement is running.
      relay.dropAll();
      await new Promise((resolve) => setTimeout(resolve, 300));
      dropped();
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    await connectionGone;
    expect(uncaught).toEqual([]);

    // The pool replaced the dead connections: requests succeed again without a restart.
    await expect
      .poll(async () => (await ctx.call('GET', '/api/Dept/Get', { token: ctx.token })).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('answers 503, not 500, to a request whose connection drops under it', async () => {
    uncaught.length = 0;
    // Several requests whose statements are held at the relay, so that they are certainly in flight when
    // every connection drops; those that had not yet sent one may get a new connection and answer 200.
    relay.hold();
    const requests = Array.from({ length: 10 }, () => ctx.call('GET', '/api/token/GetMyInfo', { token: ctx.token }));
    try {
      await expect.poll(() => relay.heldMessages, { timeout: 10_000, interval: 10 }).toBeGreaterThan(0);
      relay.dropAll();
    } finally {
      relay.release();
    }
    const statuses = (await Promise.all(requests)).map((response) => {
      if (response.status === 503)
        expect(response.body).toMatchObject({ resultCode: 503, resultMsg: messages.serviceUnavailable });
      return response.status;
    });
    // At least one request lost its connection under it, and none answered anything but 200 or 503.
    expect(statuses).toContain(503);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(uncaught).toEqual([]);
  }, 60_000);
});
