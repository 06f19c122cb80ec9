// bench:tickets:sla-job - the service-level job (`sla.check`, issue 28) on a database loaded by bench:tickets:load:
// how its claim of due tickets is planned (an index, not the table) and how long a run takes at that size. It works
// on a copy of the loaded database (the job moves clocks and writes notifications), dropped at the end.
//   BENCH_TICKETS_DB=postgres://postgres@127.0.0.1:5432/casedesk_bench  BENCH_SLA_MINUTES=30
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import type { Db } from '../../apps/server/src/db/database.js';
import { openPostgres } from '../../apps/server/src/db/database.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { checkSlaClocks, type SlaCheckCounts } from '../../apps/server/src/modules/ticket/ticket-sla-check.service.js';
import {
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  postgresBackendPids,
  processCpuMs,
  runMain,
  writeResults,
} from '../src/lib.js';

const sourceUrl = process.env.BENCH_TICKETS_DB ?? 'postgres://postgres@127.0.0.1:5432/casedesk_bench';
const minutes = positiveEnv('BENCH_SLA_MINUTES', 30);
const minute = 60_000;

type Run = SlaCheckCounts & { label: string; ms: number; nodeCpuMs: number; pgCpuMs: number };

runMain('bench:tickets:sla-job', async () => {
  const source = new URL(sourceUrl);
  const copyName = `${source.pathname.slice(1)}_slajob_${Date.now()}`;
  const adminUrl = new URL(sourceUrl);
  adminUrl.pathname = '/postgres';
  const copyUrl = new URL(sourceUrl);
  copyUrl.pathname = `/${copyName}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  console.log(`copying ${source.pathname.slice(1)} to ${copyName}`);
  const copyStarted = performance.now();
  await admin.query(`create database ${copyName} template ${source.pathname.slice(1)}`);
  console.log(`copied in ${((performance.now() - copyStarted) / 1000).toFixed(0)} s`);
  onCleanup(async () => {
    await admin.query(`drop database if exists ${copyName} with (force)`);
    await admin.end();
  });

  const database = await openPostgres(copyUrl.toString(), 4);
  onCleanup(() => database.close());
  // The app as the server builds it (not listening, no scheduler): the job tells through its domain-event handlers
  // (bell, mail outbox) and reads recipients through its actor loader.
  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', SCHEDULER: 'false' }),
    databaseUrl: copyUrl.toString(),
    demoData: false,
  };
  const { app } = await buildApp({ config, database });
  onCleanup(() => app.close());
  const pool = new pg.Pool({ connectionString: copyUrl.toString(), max: 2 });
  onCleanup(() => pool.end());
  const started = new Date();
  const { rows: facts } = await pool.query<Record<string, string>>(
    `select count(*) as tickets,
            count(*) filter (where sla_resolved_at is null and due_date is not null) as running,
            count(*) filter (where sla_paused_since is not null) as paused,
            count(*) filter (where sla_next_check_at is not null) as "withNextCheck",
            count(*) filter (where sla_next_check_at <= $1) as "dueNow",
            min(sla_next_check_at) filter (where sla_next_check_at > $1) as "nextAfterNow"
       from ticket`,
    [started],
  );
  console.log('tickets:', facts[0]);

  // The claim as the job sends it, captured from the job itself (at the epoch it claims nothing), then explained
  // at the start instant inside a transaction that is rolled back.
  const captured: { text: string; params: unknown[] }[] = [];
  const capturing = drizzle(pool, {
    casing: 'snake_case',
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  }) as unknown as Db;
  await checkSlaClocks(capturing, { now: new Date(0) });
  const claim = captured.find((s) => /for update skip locked/i.test(s.text));
  if (!claim) throw new Error('the job sent no claim statement');
  const epoch = new Date(0).toISOString();
  const atStart = claim.params.map((p) =>
    p instanceof Date || (typeof p === 'string' && new Date(p).toISOString() === epoch) ? started.toISOString() : p,
  );
  const client = await pool.connect();
  let plan: string;
  try {
    await client.query('begin');
    const explained = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${claim.text}`, atStart);
    plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    client.release();
  }
  console.log(`\nthe claim:\n${claim.text}\n${plan}`);
  if (/Seq Scan on ticket\b/.test(plan)) console.log('**the claim reads the whole ticket table**');

  const runs: Run[] = [];
  const measure = async (label: string, now: Date) => {
    const backends = await postgresBackendPids(copyUrl.toString());
    const pgBefore = backends.map((pid) => processCpuMs(pid) ?? 0);
    const nodeBefore = process.cpuUsage();
    const t0 = performance.now();
    const counts = await checkSlaClocks(database.db, { now });
    const ms = performance.now() - t0;
    const node = process.cpuUsage(nodeBefore);
    const pgCpuMs = backends.reduce((sum, pid, i) => sum + ((processCpuMs(pid) ?? 0) - pgBefore[i]!), 0);
    const run = { label, ms, nodeCpuMs: (node.user + node.system) / 1000, pgCpuMs, ...counts };
    runs.push(run);
    console.log(
      `${label}: ${ms.toFixed(1)} ms, ${counts.tickets} tickets, ${counts.warnings} warnings, ${counts.breaches} breaches`,
    );
  };
  // What came due between the load and now, all at once (a server that was down since the load).
  await measure('catch-up since the load', started);
  // Then a run a minute, as the scheduler runs it, on the instants still to come.
  for (let k = 1; k <= minutes; k++) await measure(`minute ${k}`, new Date(started.getTime() + k * minute));
  // A day's warnings and breaches in one run (a server that was down a day; on a weekend, the next working day's).
  await measure('the next 24 hours at once', new Date(started.getTime() + (minutes + 24 * 60) * minute));

  const steady = runs.filter((r) => r.label.startsWith('minute ')).sort((a, b) => a.ms - b.ms);
  const pick = (p: number) => steady[Math.min(steady.length - 1, Math.floor(p * steady.length))]!;
  const rowOf = (r: Run, label = r.label) => [
    label,
    r.ms.toFixed(1),
    r.nodeCpuMs.toFixed(1),
    r.pgCpuMs.toFixed(0),
    r.tickets,
    r.warnings,
    r.breaches,
  ];
  const table = markdownTable(
    ['run', 'wall ms', 'Node CPU ms', 'PostgreSQL CPU ms', 'tickets claimed', 'warnings', 'breaches'],
    [
      rowOf(runs[0]!),
      rowOf(pick(0.5), `a minute, median of ${steady.length}`),
      rowOf(pick(0.9), `a minute, p90 of ${steady.length}`),
      rowOf(steady.at(-1)!, `a minute, slowest of ${steady.length}`),
      rowOf(runs.at(-1)!),
    ],
  );
  console.log(`\n${machineLine()}\n${JSON.stringify(facts[0])}\n\n${table}`);
  const file = writeResults('tickets-sla-job', { facts: facts[0], claim: claim.text, plan, runs });
  console.log(`\nresults: ${file}`);
});
