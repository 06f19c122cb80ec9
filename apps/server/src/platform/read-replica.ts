import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { rowsOf, type Db } from './db.js';

/**
 * Heavy reads on a streaming replica (contract 25, `DATABASE_READ_URL`): exports, reports, the dashboard figures and
 * the archive ask `heavyReader(db)` for where to read. The replica answers only once it has replayed everything the
 * primary had committed when the request asked (its WAL position): what a user just wrote, through any process, is
 * there. A replica that lags more than `maxWaitMs`, is down or was promoted leaves the read on the primary.
 */
export type ReadReplicaOptions = {
  /** How long a read waits for the replica to catch up before it goes to the primary. */
  maxWaitMs?: number;
  pollMs?: number;
  /** After a failure the replica is left alone this long (each read would otherwise wait for its timeout). */
  restMs?: number;
  poolSize?: number;
  onUnavailable?: (reason: unknown) => void;
};

export type ReadReplica = {
  /** The replica's database when it has caught up with the primary, else the primary. */
  reader(): Promise<Db>;
  close(): Promise<void>;
};

export function openReadReplica(primary: Db, url: string, options: ReadReplicaOptions = {}): ReadReplica {
  const { maxWaitMs = 2000, pollMs = 20, restMs = 30_000, poolSize = 10, onUnavailable } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 2000,
    query_timeout: 60_000,
  });
  // A replica that drops a connection must not crash the process; the next read finds it unavailable.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => void client.on('error', () => undefined));
  const replica = drizzle(pool) as unknown as Db;
  let restUntil = 0;

  const unavailable = (reason: unknown): Db => {
    restUntil = Date.now() + restMs;
    onUnavailable?.(reason);
    return primary;
  };

  return {
    async reader() {
      if (Date.now() < restUntil) return primary;
      const [position] = await rowsOf<{ lsn: string }>(primary, sql`select pg_current_wal_lsn()::text as lsn`);
      const deadline = Date.now() + maxWaitMs;
      try {
        for (;;) {
          const { rows } = await pool.query<{ standby: boolean; caught: boolean | null }>(
            'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn() >= $1::pg_lsn as caught',
            [position!.lsn],
          );
          // A promoted replica no longer receives the primary's writes: reading it would miss them.
          if (!rows[0]!.standby) return unavailable(new Error('the read replica is not in recovery (promoted?)'));
          if (rows[0]!.caught) return replica;
          if (Date.now() >= deadline) return primary; // lagging: this read on the primary, the next one tries again
          await delay(pollMs);
        }
      } catch (error) {
        return unavailable(error);
      }
    },
    close: () => pool.end(),
  };
}

const replicas = new WeakMap<Db, ReadReplica>();

/** Heavy reads of `primary` go to `replica` from now on (null: back to the primary). */
export function useReadReplica(primary: Db, replica: ReadReplica | null): void {
  if (replica) replicas.set(primary, replica);
  else replicas.delete(primary);
}

/** Where a heavy read (an export, a report, the dashboard, the archive) reads: the replica when it can, else `db`. */
export async function heavyReader(db: Db): Promise<Db> {
  const replica = replicas.get(db);
  return replica ? replica.reader() : db;
}
