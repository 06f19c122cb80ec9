import { buildApp } from './app.js';
import { openDatabase } from './db/database.js';
import { seedDemo } from './db/seed-demo.js';
import { seedSystem } from './db/seed-system.js';
import { loadConfig } from './platform/config.js';

const startedAt = performance.now();
const config = loadConfig();
let ready = false;

const database = await openDatabase(config);
await database.migrate();
await seedSystem(database.db, { adminPassword: config.adminPassword });
if (config.demoData) await seedDemo(database.db);
ready = true;

const { app, scheduler } = await buildApp({ config, database, isReady: () => ready });
await app.listen({ port: config.port, host: config.host });
// Jobs start once the server answers; app.close() (shutdown) stops them, waiting for running handlers.
if (config.scheduler) scheduler.start();
app.log.info(
  { database: database.kind, startupMs: Math.round(performance.now() - startedAt), version: config.version },
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
