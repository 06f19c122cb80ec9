import cluster, { type Worker } from 'node:cluster';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from './db/database.js';
import type { Config } from './platform/config.js';
import { rowsOf } from './platform/db.js';

/** Set in a worker's environment: the primary has migrated and seeded, the worker only serves. */
export const preparedByPrimary = 'CASEDESK_PREPARED_BY_PRIMARY';

/**
 * One server process per core on PostgreSQL (`WORKERS`). The primary migrates and seeds once, sizes each
 * worker's pool so that all of them fit in the server's free connections, forks the workers (they share the
 * port: each accepts from the one listening socket), replaces one that dies, restarts them one at a time on
 * SIGHUP (the port never closes) and stops them on SIGTERM/SIGINT. Jobs, live events and caches already work
 * across processes (the job claim, LISTEN/NOTIFY and the settings cache's short lifetime do not care which
 * process a request reached).
 */
export async function runCluster(config: Config, prepare: (config: Config) => Promise<void>) {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  // Each worker accepts from the shared socket itself. In Node's default round-robin the primary accepts and
  // hands each connection to a worker; one handed to a worker that exits before it answers (a restart, a
  // shutdown) stays open in the primary, unanswered, for good.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  await prepare(config);
  const poolSize = await poolSizePerWorker(config);
  log.info({ workers: config.workers, poolSize }, 'starting server processes');

  const env = { [preparedByPrimary]: '1', DATABASE_POOL_SIZE: String(poolSize) };
  let stopping = false;
  let restarting = false;
  const quickDeaths: number[] = [];
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork(env);
    startedAt.set(worker, Date.now());
    return worker;
  };
  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve());
      worker.once('exit', (code) =>
        reject(new Error(`worker ${worker.process.pid} exited with ${code} before listening`)),
      );
    });
  const exited = (worker: Worker) =>
    new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve())));

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping || worker.exitedAfterDisconnect || (restarting && code === 0)) return;
    log.error({ worker: worker.process.pid, code, signal, livedMs: lived }, 'server process died; starting another');
    // A process that cannot start (bad configuration, database gone) must not be forked in a tight loop.
    const now = Date.now();
    quickDeaths.push(now);
    while (quickDeaths.length > 0 && now - quickDeaths[0]! > 60_000) quickDeaths.shift();
    if (quickDeaths.length >= 5) {
      log.fatal('five server processes died within a minute; stopping');
      void stop(1);
      return;
    }
    setTimeout(() => !stopping && fork(), 1000).unref();
  });

  async function stop(code: number) {
    if (stopping) return;
    stopping = true;
    log.info('stopping server processes: finishing requests in flight');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    for (const worker of workers) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log.error('server processes took too long to stop; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    await Promise.all(workers.map(exited));
    process.exit(code);
  }

  /** SIGHUP: replace the workers one by one; a new one listens before an old one stops, so no request is refused. */
  async function restart() {
    if (restarting || stopping) return;
    restarting = true;
    log.info('graceful restart');
    try {
      for (const old of Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w)) {
        await listening(fork());
        old.process.kill('SIGTERM');
        await exited(old);
      }
      log.info('graceful restart done');
    } catch (error) {
      log.error({ err: error }, 'graceful restart failed; the remaining processes keep serving');
    } finally {
      restarting = false;
    }
  }

  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  process.on('SIGHUP', () => void restart());
  await Promise.all(Array.from({ length: config.workers }, () => listening(fork())));
  log.info({ workers: config.workers, port: config.port }, 'Casedesk is ready');
}

/**
 * Connections per worker: the configured pool size, or less when the server has fewer free connections
 * (max_connections less the reserved ones and those already open, less one LISTEN connection per worker and
 * a few for psql and migrations).
 */
async function poolSizePerWorker(config: Config): Promise<number> {
  const database = await openDatabase({ ...config, databasePoolSize: 1 });
  try {
    const [row] = await rowsOf<{ free: number }>(
      database.db,
      sql`select current_setting('max_connections')::int
                 - current_setting('superuser_reserved_connections')::int
                 - (select count(*) from pg_stat_activity where backend_type = 'client backend')::int as free`,
    );
    const free = (row?.free ?? 0) - config.workers - 5;
    return Math.max(2, Math.min(config.databasePoolSize, Math.floor(free / config.workers)));
  } finally {
    await database.close();
  }
}
