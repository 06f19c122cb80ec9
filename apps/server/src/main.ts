import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { preparedByPrimary, runCluster } from './cluster.js';
import { openDatabase } from './db/database.js';
import { seedDemo } from './db/seed-demo.js';
import { seedSystem } from './db/seed-system.js';
import { loadConfig, type Config } from './platform/config.js';

const startedAt = performance.now();
const config = loadConfig();

/** Migrations and seeds: once per start, by the only process or by a cluster's primary. */
async function prepare(config: Config) {
  const database = await openDatabase({ ...config, databasePoolSize: 2 });
  try {
    await database.migrate();
    await seedSystem(database.db, { adminPassword: config.adminPassword });
    if (config.demoData) await seedDemo(database.db);
  } finally {
    await database.close();
  }
}

async function serve(config: Config, prepared: boolean) {
  let ready = false;
  const database = await openDatabase(config);
  if (!prepared) {
    await database.migrate();
    await seedSystem(database.db, { adminPassword: config.adminPassword });
    if (config.demoData) await seedDemo(database.db);
  }
  ready = true;

  const { app, scheduler } = await buildApp({ config, database, isReady: () => ready });
  await app.listen({ port: config.port, host: config.host });
  // Jobs start once the server answers; app.close() (shutdown) stops them, waiting for running handlers.
  if (config.scheduler) scheduler.start();
  app.log.info(
    {
      database: database.kind,
      scheduler: config.scheduler,
      startupMs: Math.round(performance.now() - startedAt),
      version: config.version,
      ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}),
    },
    'Casedesk is ready',
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// The embedded database is one process (config.workers is 1 there); PostgreSQL gets one process per core.
if (cluster.isPrimary && config.workers > 1) await runCluster(config, prepare);
else await serve(config, process.env[preparedByPrimary] === '1');
