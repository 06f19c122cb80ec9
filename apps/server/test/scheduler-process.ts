/**
 * A real server process for the multi-process scheduler tests and bench/jobs: the app as main.ts builds
 * it, plus test-only job handlers that append each run to RECORD_FILE (one line: job, fire time, pid).
 * Run: `DATABASE_URL=... RECORD_FILE=... node --import tsx test/scheduler-process.ts`; prints `ready <port>`.
 */
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { loadConfig } from '../src/platform/config.js';
import { defineJobHandler } from '../src/platform/jobs/job-handler.js';

const recordFile = process.env.RECORD_FILE;
const record = (jobId: number | null, fireTime: Date, note = '') => {
  if (recordFile) appendFileSync(recordFile, `${jobId} ${fireTime.toISOString()} ${process.pid} ${note}\n`);
};

const sleepParams = z.object({ ms: z.number().int().min(0).default(60_000) });
const handlers = [
  defineJobHandler({
    className: 'test.record',
    title: { en: 'Record', 'zh-cn': 'Record', 'zh-tw': 'Record' },
    params: z.object({}),
    async run(ctx) {
      record(ctx.jobId, ctx.fireTime);
    },
  }),
  defineJobHandler({
    className: 'test.sleep',
    title: { en: 'Sleep', 'zh-cn': 'Sleep', 'zh-tw': 'Sleep' },
    params: sleepParams,
    async run(ctx, params) {
      record(ctx.jobId, ctx.fireTime, 'start');
      await sleep(params.ms);
      record(ctx.jobId, ctx.fireTime, 'end');
    },
  }),
  defineJobHandler({
    className: 'test.sleepRetry',
    title: { en: 'Sleep, retried', 'zh-cn': 'Sleep', 'zh-tw': 'Sleep' },
    params: sleepParams,
    onInterrupted: 'retry',
    async run(ctx, params) {
      record(ctx.jobId, ctx.fireTime, 'start');
      await sleep(params.ms);
      record(ctx.jobId, ctx.fireTime, 'end');
    },
  }),
];

const config = { ...loadConfig(), demoData: false };
const database = await openDatabase(config);
// Several processes may start on a new database at once: migrate takes an advisory lock.
await database.migrate();
const { app, scheduler } = await buildApp({ config, database, jobHandlers: handlers, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
if (config.scheduler) scheduler.start();
const address = app.server.address();
process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : ''}\n`);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
