import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { Db } from '../platform/db.js';
import { currentRequestId, type StatementObserver } from '../platform/logs.js';

// Opening the database is the app's concern; modules and the platform take `Db` from platform/db.ts.
export { preparedStatement, rowsOf, type Db, type Queryable, type Tx } from '../platform/db.js';

export type Database = {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Times every statement from now on for `observer` (the slow SQL log); null stops it. */
  observeStatements(observer: StatementObserver | null): void;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTENs on `channel`: `onMessage` gets each NOTIFY payload committed from any process on this database.
   * `onConnected` runs each time the listening connection is (re)established, so that the caller can catch
   * up on what it missed while it was gone. Resolves once the first LISTEN is in place; the answer stops it.
   */
  listen: ListenFn;
  close(): Promise<void>;
};

export type ListenFn = (
  channel: string,
  onMessage: (payload: string) => void,
  onConnected?: () => void,
) => Promise<() => Promise<void>>;

/** Migrations sit beside this file in the source tree and beside main.js in the build. */
export const migrationsFolder = process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('./migrations', import.meta.url));

const migrationLockKey = 727_274_101;

type Observed = { current: StatementObserver | null };
type QueryResultLike = { rowCount?: number | null; affectedRows?: number; rows?: unknown[] } | undefined;
type Querying = { query: (...args: never[]) => unknown };

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '');
const rowsOf = (result: QueryResultLike): number | null =>
  result?.rowCount ?? result?.affectedRows ?? result?.rows?.length ?? null;

/**
 * Wraps a driver object's `query` so that each statement is timed for the observer: the promise form
 * (PGlite, node-postgres clients) and the callback form (pg-pool's `query` on its client). With no observer
 * the call goes straight through; an observer that throws never fails the statement. `requestOf` names the
 * request the statement runs for, read when it is sent (not when its answer comes, from the socket's context).
 */
function timeQueries(target: Querying, observed: Observed, requestOf: (target: unknown) => string | null) {
  const original = target.query as (...args: unknown[]) => unknown;
  target.query = function timedQuery(this: unknown, ...args: unknown[]) {
    const observer = observed.current;
    if (!observer) return original.apply(this, args);
    const requestId = requestOf(this);
    const started = performance.now();
    const report = (result: QueryResultLike) => {
      try {
        observer(textOf(args[0]), performance.now() - started, rowsOf(result), requestId);
      } catch {
        // The log is never worth a failed statement.
      }
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: QueryResultLike) => {
        report(result);
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise)
      result.then(
        (value: QueryResultLike) => report(value),
        () => report(undefined),
      );
    return result;
  } as never;
}

const checkedOutFor = Symbol('request that checked the client out');
type CheckedOut = { [checkedOutFor]?: string | null };
type Connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => unknown;

/**
 * Marks each client the pool hands out with the request that asked for it. pg-pool hands a client over from
 * a queue, in whichever callback freed one (another request's), so where its statements are sent says
 * nothing of the request they run for; where `connect` is called (by `pool.query`, or a transaction) does.
 */
function markCheckouts(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as Connect;
  pool.connect = ((callback?: Parameters<Connect>[0]) => {
    const requestId = currentRequestId();
    if (callback)
      return connect((error, client, done) => {
        if (client) (client as CheckedOut)[checkedOutFor] = requestId;
        callback(error, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      (client as CheckedOut)[checkedOutFor] = requestId;
      return client;
    });
  }) as never;
}

/** PostgreSQL extensions the embedded database loads (the migrations create them). */
export const pgliteExtensions = { pg_trgm };

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTEN on a dedicated node-postgres client (a pooled one would be handed back and lose it). A lost
 * connection (restart, network) is re-opened with back-off, 0.5 s doubling to 30 s, until stopped.
 */
function listenPostgres(url: string): ListenFn {
  return async (channel, onMessage, onConnected) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retryTimer: NodeJS.Timeout | undefined;
    let delayMs = 500;

    const connect = async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      const lost = () => {
        if (client !== next) return;
        client = undefined;
        void next.end().catch(() => undefined);
        scheduleRetry();
      };
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
      });
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${quoteIdentifier(channel)}`);
      } catch (error) {
        if (client === next) client = undefined;
        await next.end().catch(() => undefined);
        throw error;
      }
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      delayMs = 500;
      onConnected?.();
    };
    const scheduleRetry = () => {
      if (stopped || retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect().catch(() => {
          delayMs = Math.min(delayMs * 2, 30_000);
          scheduleRetry();
        });
      }, delayMs);
      retryTimer.unref();
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    };
  };
}

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // query_timeout: a database that stops answering (not refusing) still gives the caller a 503, never a hang.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    query_timeout: 60_000,
  });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // pg-pool listens for a client's errors only while it is idle: one that dies while checked out (a
  // transaction between two statements, e.g. during a PostgreSQL restart) would crash the process. Its
  // next query fails instead, and the pool discards it on release.
  const observed: Observed = { current: null };
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // Every statement runs on a pooled client (pool.query too), so timing each client's query times them all.
    timeQueries(client as unknown as Querying, observed, (target) => (target as CheckedOut)[checkedOutFor] ?? null);
  });
  markCheckouts(pool);
  const db = drizzlePg(pool, { casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pg',
    observeStatements(observer) {
      observed.current = observer;
    },
    async migrate() {
      const client = await pool.connect();
      try {
        // Several instances may start at once: one migrates, the others wait.
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    listen: listenPostgres(url),
    async close() {
      await pool.end();
    },
  };
}

export function wrapPglite(client: PGlite, onClose: () => Promise<void> = async () => undefined): Database {
  const observed: Observed = { current: null };
  timeQueries(client as unknown as Querying, observed, currentRequestId);
  // A transaction hands its callback its own query object.
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Querying) => Promise<unknown>) =>
    transaction((tx) => {
      timeQueries(tx as unknown as Querying, observed, currentRequestId);
      return callback(tx as unknown as Querying);
    })) as typeof client.transaction;
  const db = drizzlePglite(client, { casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    observeStatements(observer) {
      observed.current = observer;
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    // One process owns the embedded database: PGlite delivers its NOTIFYs at commit to its own listeners.
    async listen(channel, onMessage, onConnected) {
      const stop = await client.listen(channel, onMessage);
      onConnected?.();
      return stop;
    },
    async close() {
      await client.close();
      await onClose();
    },
  };
}

/** The embedded database in `dataDir/pgdata`, locked so that a second process cannot open it. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = await lockfile
    .lock(dir, { lockfilePath: join(dir, 'casedesk.lock'), stale: 15_000, retries: { retries: 4, minTimeout: 1000 } })
    .catch((error: Error) => {
      throw new Error(`The data directory ${dir} is in use by another Casedesk process (${error.message}).`);
    });
  try {
    const client = await PGlite.create(join(dir, 'pgdata'), { extensions: pgliteExtensions });
    return wrapPglite(client, release);
  } catch (error) {
    await release();
    throw error;
  }
}

export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databasePoolSize) : openEmbedded(config.dataDir);
}
