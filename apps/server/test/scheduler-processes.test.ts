import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleJobMessages } from '@casedesk/shared';
import { openPostgres, type Database } from '../src/db/database.js';
import { jobRun, scheduleJob } from '../src/platform/jobs/jobs.table.js';
import { copyPgTemplate } from './database.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));

type Server = { child: ChildProcess; exited: Promise<void> };

/** A real server process (test/scheduler-process.ts) on the test's database, resolved once it listens. */
async function startServer(url: string, recordFile: string, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/scheduler-process.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      RECORD_FILE: recordFile,
      LOG_LEVEL: 'silent',
      SCHEDULER_TICK_MS: '250',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`server process exited before it was ready: ${stderr}`)));
  });
  return { child, exited };
}

async function stopServer(server: Server, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

const recordedLines = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

describe.skipIf(!pgUrl)('the scheduler across real server processes on one PostgreSQL database', () => {
  let copy: Awaited<ReturnType<typeof copyPgTemplate>>;
  let database: Database;
  let dir: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    copy = await copyPgTemplate();
    database = await openPostgres(copy.url, 2);
    dir = mkdtempSync(join(tmpdir(), 'casedesk-jobs-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server, 'SIGKILL')));
    await database?.close();
    await copy?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a job due every 2 s for 30 s 15 ± 1 times across two processes, never twice for a fire time', async () => {
    const recordFile = join(dir, 'every-2s.log');
    const [a, b] = await Promise.all([startServer(copy.url, recordFile), startServer(copy.url, recordFile)]);
    servers.push(a!, b!);
    // The first fire a few seconds ahead, on an even second; the last 28 s later: 15 fire times.
    const begin = new Date(Math.ceil((Date.now() + 3000) / 2000) * 2000);
    const end = new Date(begin.getTime() + 29_000);
    const [job] = await database.db
      .insert(scheduleJob)
      .values({
        name: 'every 2 s',
        className: 'test.record',
        cron: '*/2 * * * * ?',
        beginTime: begin,
        endTime: end,
        isStart: true,
        nextRunAt: begin,
      })
      .returning();
    await sleep(end.getTime() - Date.now() + 3000);

    const runs = await database.db.select().from(jobRun).where(eq(jobRun.jobId, job!.id));
    expect(runs.length).toBeGreaterThanOrEqual(14);
    expect(runs.length).toBeLessThanOrEqual(16);
    expect(runs.every((run) => run.status === 'Succeeded')).toBe(true);
    const fireTimes = runs.map((run) => run.fireTime.toISOString());
    expect(new Set(fireTimes).size).toBe(runs.length);
    // The handler itself ran once per fire time, whichever process claimed it.
    const lines = recordedLines(recordFile).map((line) => line.split(' '));
    expect(lines.map(([, fireTime]) => fireTime).sort()).toEqual([...fireTimes].sort());
    const pids = new Set(lines.map(([, , pid]) => Number(pid)));
    expect([...pids].every((pid) => pid === a!.child.pid || pid === b!.child.pid)).toBe(true);
    expect((await database.db.select().from(scheduleJob).where(eq(scheduleJob.id, job!.id)))[0]).toMatchObject({
      isStart: false,
      nextRunAt: null,
    });
    await Promise.all([stopServer(a!), stopServer(b!)]);
  }, 120_000);

  it('after kill -9 during a run, a restarted process records it Failed, or retries it when the handler asks', async () => {
    const recordFile = join(dir, 'kill.log');
    const lease = { JOB_LEASE_SECONDS: '3' };
    const doomed = await startServer(copy.url, recordFile, lease);
    servers.push(doomed);
    const now = new Date();
    const jobs = await database.db
      .insert(scheduleJob)
      .values([
        {
          name: 'killed',
          className: 'test.sleep',
          jobParams: { ms: 600_000 },
          cron: '* * * * * ?',
          cycleRunTimes: 1,
          isStart: true,
          nextRunAt: now,
        },
        {
          name: 'killed, retried',
          className: 'test.sleepRetry',
          jobParams: { ms: 1500 },
          cron: '* * * * * ?',
          cycleRunTimes: 1,
          isStart: true,
          nextRunAt: now,
        },
      ])
      .returning();
    const runsOf = (jobId: number) => database.db.select().from(jobRun).where(eq(jobRun.jobId, jobId));
    // Both runs in flight (the retried one sleeps 1.5 s: the kill must come before it ends). Only these two jobs'
    // runs count: a default job (e-mail, approval time limits) may be running at the same moment.
    const ids = new Set(jobs.map((j) => j.id));
    await expect
      .poll(
        async () =>
          (await database.db.select().from(jobRun)).filter((r) => ids.has(r.jobId) && r.status === 'Running').length,
        {
          timeout: 20_000,
          interval: 50,
        },
      )
      .toBe(2);
    await stopServer(doomed, 'SIGKILL');
    expect((await runsOf(jobs[0]!.id))[0]!.status).toBe('Running');

    const restarted = await startServer(copy.url, recordFile, lease);
    servers.push(restarted);
    await expect
      .poll(async () => (await runsOf(jobs[0]!.id))[0]!.status, { timeout: 30_000, interval: 250 })
      .toBe('Failed');
    expect((await runsOf(jobs[0]!.id))[0]!.message).toBe(scheduleJobMessages.interrupted);
    await expect
      .poll(
        async () =>
          (await runsOf(jobs[1]!.id)).sort((x, y) => x.attempt - y.attempt).map((run) => [run.attempt, run.status]),
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([
        [1, 'Failed'],
        [2, 'Succeeded'],
      ]);
    // The retry ran on the restarted process.
    const retried = recordedLines(recordFile).filter(
      (line) => line.startsWith(`${jobs[1]!.id} `) && line.endsWith('end'),
    );
    expect(retried.map((line) => Number(line.split(' ')[2]))).toEqual([restarted.child.pid]);
    await stopServer(restarted);
  }, 120_000);
});
