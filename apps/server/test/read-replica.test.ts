import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database.js';
import { seedSystem } from '../src/db/seed-system.js';
import { openReadReplica } from '../src/platform/read-replica.js';
import { rowsOf, type Db } from '../src/platform/db.js';
import { startTestApp, type TestContext } from './helpers.js';
import { pgBin, startPrimaryAndReplica, type PrimaryAndReplica } from './pg-replica.js';
import { addTicket, ticketWorld } from './ticket-factories.js';

// Its own primary and replica (not TEST_DATABASE_URL's server), run once: in the PostgreSQL pass of the suite.
const runs = Boolean(process.env.TEST_DATABASE_URL) && pgBin !== undefined;

describe.skipIf(!runs)('heavy reads on a streaming replica (contract 25, DATABASE_READ_URL)', () => {
  let servers: PrimaryAndReplica;
  let primaryPool: pg.Pool;
  let primary: Db;
  const replicaPool = () => new pg.Pool({ connectionString: servers.replicaUrl, max: 1 });

  beforeAll(async () => {
    servers = await startPrimaryAndReplica();
    primaryPool = new pg.Pool({ connectionString: servers.primaryUrl, max: 2 });
    primary = drizzle(primaryPool) as unknown as Db;
    await primary.execute(sql`create table read_probe (n int)`);
  }, 180_000);
  afterAll(async () => {
    await primaryPool?.end();
    await servers?.stop();
  });

  const count = async (db: Db) => {
    const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from read_probe`);
    return row!.n;
  };

  it('reads on the replica only once it has what the primary had committed; a lagging replica leaves it on the primary', async () => {
    // Patient: waits (up to 20 s) for the replica to catch up; impatient: gives up after 300 ms.
    const patient = openReadReplica(primary, servers.replicaUrl, { maxWaitMs: 20_000 });
    const impatient = openReadReplica(primary, servers.replicaUrl, { maxWaitMs: 300 });
    try {
      await primary.execute(sql`insert into read_probe values (1)`);
      const reader = await patient.reader();
      expect(reader).not.toBe(primary);
      expect(await count(reader)).toBe(1); // the write just made is there

      const control = replicaPool();
      try {
        await control.query('select pg_wal_replay_pause()');
        await primary.execute(sql`insert into read_probe values (2)`);
        // The replica has not replayed the insert: the read goes to the primary, which has it.
        const whileBehind = await impatient.reader();
        expect(whileBehind).toBe(primary);
        expect(await count(whileBehind)).toBe(2);
        await control.query('select pg_wal_replay_resume()');
      } finally {
        await control.end();
      }
      const caughtUp = await patient.reader();
      expect(caughtUp).not.toBe(primary);
      expect(await count(caughtUp)).toBe(2);
    } finally {
      await patient.close();
      await impatient.close();
    }
  });

  it('a replica that is down leaves reads on the primary, and is tried again after its rest', async () => {
    const failures: unknown[] = [];
    const replica = openReadReplica(primary, servers.replicaUrl, {
      restMs: 500,
      onUnavailable: (reason) => failures.push(reason),
    });
    try {
      await servers.stopReplica();
      expect(await replica.reader()).toBe(primary);
      expect(failures).toHaveLength(1);
      // Resting: not asked again (no second failure, no wait for a connect timeout).
      expect(await replica.reader()).toBe(primary);
      expect(failures).toHaveLength(1);
      await servers.startReplica();
      await expect
        .poll(async () => (await replica.reader()) !== primary, { timeout: 30_000, interval: 200 })
        .toBe(true);
    } finally {
      await replica.close();
    }
  }, 90_000);

  describe('through the app', () => {
    const ctx = {} as TestContext;
    beforeAll(async () => {
      const database = await openPostgres(servers.primaryUrl, 5);
      await database.migrate();
      await seedSystem(database.db, { adminPassword: undefined });
      await startTestApp(ctx, database, { databaseReadUrl: servers.replicaUrl, webDist: '/nonexistent/casedesk-web' });
    }, 120_000);
    afterAll(async () => {
      await ctx.app?.close();
      await ctx.database?.close();
    });

    const exportSubjects = async (token: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/Ticket/Export',
        headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const text: string[] = [];
      book.worksheets[0]!.eachRow((row) => text.push((row.values as unknown[]).map(String).join(' ')));
      return text.join('\n');
    };

    it('exports from the replica, with the ticket just created; with the replica stopped, from the primary', async () => {
      const w = await ticketWorld(ctx);
      await addTicket(ctx, w.agent.token, {
        subject: 'Replica probe one',
        projectId: w.projectId,
        categoryId: w.categoryId,
      });
      // Every export has the ticket just created; the replica runs the export's ticket query (its log has every
      // statement) once it has caught up (the app waits 2 s for it, then reads on the primary: asked again then).
      await expect
        .poll(
          async () => {
            const logged = servers.replicaLog.length;
            expect(await exportSubjects(w.agent.token)).toContain('Replica probe one');
            return /from "ticket"/.test(servers.replicaLog.slice(logged).join('\n'));
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe(true);

      const dashboard = await ctx.call('GET', '/api/Ticket/Dashboard', { token: w.agent.token });
      expect(dashboard.status).toBe(200);

      await servers.stopReplica();
      try {
        await addTicket(ctx, w.agent.token, {
          subject: 'Replica probe two',
          projectId: w.projectId,
          categoryId: w.categoryId,
        });
        const text = await exportSubjects(w.agent.token);
        expect(text).toContain('Replica probe one');
        expect(text).toContain('Replica probe two');
        expect((await ctx.call('GET', '/api/Ticket/Dashboard', { token: w.agent.token })).status).toBe(200);
      } finally {
        await servers.startReplica();
      }
    }, 120_000);
  });
});
