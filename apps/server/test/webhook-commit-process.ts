/**
 * A server process for the webhook kill -9 test: the app as main.ts builds it, without its scheduler (no sender
 * runs), creates one ticket through the API with a personal token (TOKEN) and prints `committed <id>`, then waits
 * to be killed. Run: `DATABASE_URL=... TOKEN=cdk_... PROJECT_ID=.. CATEGORY_ID=.. node --import tsx test/webhook-commit-process.ts`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { loadConfig } from '../src/platform/config.js';

const config = { ...loadConfig(), demoData: false };
const database = await openDatabase(config);
const { app } = await buildApp({ config, database, logger: false });
await app.ready();
const response = await app.inject({
  method: 'POST',
  url: '/api/Ticket/Add',
  headers: { authorization: `Bearer ${process.env.TOKEN}` },
  payload: {
    subject: 'Committed, then killed',
    projectId: Number(process.env.PROJECT_ID),
    categoryId: Number(process.env.CATEGORY_ID),
  },
});
if (response.statusCode !== 200) {
  process.stderr.write(response.body);
  process.exit(1);
}
process.stdout.write(`committed ${(response.json() as { data: { id: number } }).data.id}\n`);
await sleep(600_000); // killed -9 before this ends
