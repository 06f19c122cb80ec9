// bench:jobs - the scheduler with 1,000 jobs on one PostgreSQL database and two server processes:
//   1. idle: 1,000 started jobs, none due (they fire in 2099): CPU per minute of each process and of PostgreSQL;
//   2. load: the same 1,000 jobs due every second for BENCH_DURATION seconds: claimed runs per second,
//      lateness (fire time -> start) p50/p99, double runs (a fire time run twice; must be 0), merged fires.
// The processes are apps/server/test/scheduler-process.ts (the app as main.ts builds it, plus a test-only
// handler that appends each run to a file, so that double runs are counted from what the handler did, not
// only from the run table). Loopback PostgreSQL only; everything started is stopped, the database dropped.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_DURATION=30  BENCH_IDLE_SECONDS=60
//   BENCH_JOBS=1000  BENCH_JOBS_TICK_MS=1000 (the server default)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  fixed,
  freshDatabase,
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  postgresBackendPids,
  processCpuMs,
  runMain,
  sleep,
  startTsProcess,
  tempDir,
  type TsProcess,
  writeResults,
} from '../src/lib.js';

const num = positiveEnv;
const jobCount = num('BENCH_JOBS', 1000);
const loadSeconds = num('BENCH_DURATION', 30);
const idleSeconds = num('BENCH_IDLE_SECONDS', 60);
const tickMs = num('BENCH_JOBS_TICK_MS', 1000);

type Proc = TsProcess;

const startProcess = (name: string, databaseUrl: string, recordFile: string, env: Record<string, string> = {}) =>
  startTsProcess(name, 'test/scheduler-process.ts', {
    DATABASE_URL: databaseUrl,
    RECORD_FILE: recordFile,
    LOG_LEVEL: 'warn',
    SCHEDULER_TICK_MS: String(tickMs),
    DEMO_DATA: 'false',
    ...env,
  });

/** CPU ms used by each process (and by the database's PostgreSQL backends) while `work` runs. */
async function cpuDuring(procs: Proc[], databaseUrl: string, work: () => Promise<void>) {
  const backends = await postgresBackendPids(databaseUrl);
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
  const before = procs.map((p) => processCpuMs(p.pid) ?? 0);
  const pgBefore = cpuOf(backends);
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    perProcess: procs.map((p, i) => (processCpuMs(p.pid) ?? 0) - before[i]!),
    postgres: cpuOf(backends) - pgBefore,
  };
}

runMain('bench:jobs', async () => {
  const target = await freshDatabase('pg');
  const databaseUrl = target.databaseUrl!;
  const recordFile = join(tempDir('casedesk-bench-jobs-'), 'runs.log');
  console.log(`bench:jobs — ${jobCount} jobs, two server processes, one PostgreSQL database, tick ${tickMs} ms`);
  console.log(machineLine());

  const a = await startProcess('A', databaseUrl, recordFile);
  const b = await startProcess('B', databaseUrl, recordFile);
  // The same app without a scheduler: what the rest of the server costs at rest, for comparison.
  const c = await startProcess('C', databaseUrl, recordFile, { SCHEDULER: 'false' });
  const procs = [a, b];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());

  // 1. Idle: every job started, none due.
  await client.query(
    `insert into schedule_job (name, class_name, cron, is_start, next_run_at)
     select 'bench ' || i, 'test.record', '0 0 0 1 1 ? 2099', true, '2099-01-01T00:00:00Z'
     from generate_series(1, $1::int) as i`,
    [jobCount],
  );
  await sleep(2000);
  const idle = await cpuDuring([a, b, c], databaseUrl, async () => void (await sleep(idleSeconds * 1000)));
  await c.stop();
  const perMinute = (ms: number) => (ms / idle.seconds) * 60;

  // 2. Load: all due every second from the next whole second on.
  const first = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
  const last = new Date(first.getTime() + (loadSeconds - 1) * 1000);
  await client.query(`update schedule_job set cron = '* * * * * ?', next_run_at = $1, end_time = $2`, [first, last]);
  const load = await cpuDuring(procs, databaseUrl, async () => void (await sleep(last.getTime() - Date.now() + 3000)));
  await client.query('update schedule_job set is_start = false, next_run_at = null');
  await sleep(1000);

  const stats = (
    await client.query<{
      runs: string;
      succeeded: string;
      skipped: string;
      failed: string;
      p50: number;
      p99: number;
      max: number;
      duplicates: string;
    }>(
      `select count(*) as runs,
              count(*) filter (where status = 'Succeeded') as succeeded,
              count(*) filter (where status = 'Skipped') as skipped,
              count(*) filter (where status = 'Failed') as failed,
              percentile_cont(0.5) within group (order by extract(epoch from started_at - fire_time) * 1000)::float8 as p50,
              percentile_cont(0.99) within group (order by extract(epoch from started_at - fire_time) * 1000)::float8 as p99,
              max(extract(epoch from started_at - fire_time) * 1000)::float8 as max,
              (select count(*) from (select 1 from job_run group by job_id, fire_time having count(*) > 1) d) as duplicates
       from job_run`,
    )
  ).rows[0]!;
  const byProcess = (
    await client.query<{ claimed_by: string; n: string }>(
      'select claimed_by, count(*) as n from job_run group by claimed_by order by claimed_by',
    )
  ).rows;
  // What the handler did: one line per run; a (job, fire time) twice would be a double run.
  const lines = readFileSync(recordFile, 'utf8').trim().split('\n').filter(Boolean);
  const seen = new Map<string, number>();
  for (const line of lines) {
    const [job, fire] = line.split(' ');
    const key = `${job} ${fire}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const doubleRuns = [...seen.values()].filter((n) => n > 1).length;
  const expectedFires = jobCount * loadSeconds;
  const runs = Number(stats.runs);

  for (const p of procs) await p.stop();

  const result = {
    jobs: jobCount,
    tickMs,
    loadSeconds,
    idleSeconds,
    idleCpuMsPerMinute: {
      A: perMinute(idle.perProcess[0]!),
      B: perMinute(idle.perProcess[1]!),
      withoutScheduler: perMinute(idle.perProcess[2]!),
      postgres: perMinute(idle.postgres),
    },
    expectedFires,
    runs,
    succeeded: Number(stats.succeeded),
    skipped: Number(stats.skipped),
    failed: Number(stats.failed),
    claimedRunsPerSecond: runs / loadSeconds,
    mergedFires: expectedFires - runs,
    latenessMs: { p50: stats.p50, p99: stats.p99, max: stats.max },
    doubleRuns: { handlerInvocations: doubleRuns, runRows: Number(stats.duplicates) },
    handlerRuns: lines.length,
    claimedBy: Object.fromEntries(byProcess.map((row) => [row.claimed_by, Number(row.n)])),
    loadCpuCores: {
      A: load.perProcess[0]! / 1000 / load.seconds,
      B: load.perProcess[1]! / 1000 / load.seconds,
      postgres: load.postgres / 1000 / load.seconds,
    },
  };
  console.log('\n### Load: every job due every second\n');
  console.log(
    markdownTable(
      [
        'jobs',
        'seconds',
        'fires due',
        'runs',
        'runs/s',
        'merged fires',
        'lateness p50 ms',
        'p99 ms',
        'max ms',
        'double runs',
      ],
      [
        [
          jobCount,
          loadSeconds,
          expectedFires,
          runs,
          fixed(result.claimedRunsPerSecond, 1),
          result.mergedFires,
          fixed(stats.p50),
          fixed(stats.p99),
          fixed(stats.max),
          `${doubleRuns} (handler) / ${result.doubleRuns.runRows} (rows)`,
        ],
      ],
    ),
  );
  console.log(
    `\nclaimed by: ${byProcess.map((row) => `${row.claimed_by} ${row.n}`).join(', ')}; CPU cores during load: ` +
      `A ${fixed(result.loadCpuCores.A, 2)}, B ${fixed(result.loadCpuCores.B, 2)}, PostgreSQL ${fixed(result.loadCpuCores.postgres, 2)}`,
  );
  console.log(`\n### Idle: ${jobCount} started jobs, none due, ${idleSeconds} s\n`);
  console.log(
    markdownTable(
      ['process', 'CPU ms per minute'],
      [
        ['server A', fixed(result.idleCpuMsPerMinute.A)],
        ['server B', fixed(result.idleCpuMsPerMinute.B)],
        ['server C, SCHEDULER=false (the rest of the app at rest)', fixed(result.idleCpuMsPerMinute.withoutScheduler)],
        ['PostgreSQL backends of the database (all three)', fixed(result.idleCpuMsPerMinute.postgres)],
      ],
    ),
  );
  console.log(`\nresults: ${writeResults('jobs', result)}`);
  if (doubleRuns > 0 || Number(stats.duplicates) > 0) throw new Error('a fire time ran twice');
});
