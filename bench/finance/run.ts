// bench:finance - issue 14's speed targets on PostgreSQL (loopback only, every run bounded):
//   1. load (once per database): BENCH_FIN_TICKETS tickets through bench:tickets:load (its loader, as a child
//      process), then set-based SQL (load.ts): vendors, BENCH_FIN_INVOICES invoices with their lines, and
//      BENCH_FIN_OPEN_ITEMS open items on those tickets (when the build has the open-item table);
//   2. the invoice list (`POST /api/Invoice/Query`) and the open-item list (`POST /api/OpenItem/Query`), each
//      with the first page in the default order, a status filter and a keyword, at 4 and 16 connections
//      (autocannon, a fresh Auth-Token per request, as admin);
//   3. next to each, in the same run and alternating with it, the SAME SQL through a bare `pg` pool: the
//      statements the built server sends for that request, recorded on the wire by a loopback relay
//      (src/sql-capture.ts) between a short-lived server and the database; the list's own statements (those
//      reading the module's tables) are replayed, the per-request sign-in statements (nonce, actor) are not;
//   4. EXPLAIN (ANALYZE, BUFFERS) of every replayed statement: sequential scans of the big tables flagged;
//   5. text extraction per PDF page (extract.ts) with the indexing module's function.
//   BENCH_FIN_DB=postgres://postgres@127.0.0.1:5432/casedesk_bench_finance  BENCH_FIN_RELOAD=1 (drop and load again)
//   BENCH_FIN_TICKETS=100000 BENCH_FIN_VENDORS=2000 BENCH_FIN_INVOICES=200000 BENCH_FIN_LINES_PER_INVOICE=5
//   BENCH_FIN_OPEN_ITEMS=500000 BENCH_FIN_INVOICE_KEYWORD=INV-00123 BENCH_FIN_OPEN_ITEM_KEYWORD=printer
//   BENCH_FIN_ONLY=invoice|openItem  BENCH_DURATION=10 BENCH_WARMUP=2 BENCH_PORT=3900 BENCH_BUILD=1
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// The routes' rate-limit options are typed by this plug-in (app.ts imports it; this script loads the modules).
import type {} from '@fastify/rate-limit';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/database.js';
import { seedSystem } from '../../apps/server/src/db/seed-system.js';
import {
  adminPassword,
  authTokenFactory,
  buildLine,
  callApi,
  ensureBuilt,
  fixed,
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  repoRoot,
  runMain,
  settings,
  signInAsAdmin,
  startServer,
  stopServer,
  tempDir,
  writeResults,
} from '../src/lib.js';
import { cpuPerOp, ensureDatabase, httpLoad, replaySql, type Statement, type Timing } from '../src/replay.js';
import { startSqlCapture } from '../src/sql-capture.js';
import { measureExtraction, type ExtractionResult } from './extract.js';
import { loadFinanceData, tableExists, type FinanceLoadResult } from './load.js';

const dbUrl = process.env.BENCH_FIN_DB ?? 'postgres://postgres@127.0.0.1:5432/casedesk_bench_finance';
const tickets = positiveEnv('BENCH_FIN_TICKETS', 100_000);
const vendors = positiveEnv('BENCH_FIN_VENDORS', 2000);
const invoices = positiveEnv('BENCH_FIN_INVOICES', 200_000);
const linesPerInvoice = positiveEnv('BENCH_FIN_LINES_PER_INVOICE', 5);
const openItems = positiveEnv('BENCH_FIN_OPEN_ITEMS', 500_000);
const invoiceKeyword = process.env.BENCH_FIN_INVOICE_KEYWORD ?? 'INV-00123';
const openItemKeyword = process.env.BENCH_FIN_OPEN_ITEM_KEYWORD ?? 'printer';
const only = process.env.BENCH_FIN_ONLY;
const connectionCounts = [4, 16];
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

type Scenario = { list: 'invoice' | 'openItem'; name: string; path: string; body: Record<string, unknown> };
type Row = {
  list: string;
  scenario: string;
  connections: number;
  app: Timing;
  bare: Timing;
  statements: number;
  concurrent: boolean;
  serverMsPerOp: number;
  serverMainThreadMsPerOp: number;
  postgresMsPerOp: number;
  load1: string;
};

const scenarios: Scenario[] = [
  { list: 'invoice', name: 'first page, default order', path: '/api/Invoice/Query', body: {} },
  { list: 'invoice', name: 'status PendingApproval', path: '/api/Invoice/Query', body: { status: 'PendingApproval' } },
  {
    list: 'invoice',
    name: `keyword "${invoiceKeyword}"`,
    path: '/api/Invoice/Query',
    body: { keyword: invoiceKeyword },
  },
  { list: 'openItem', name: 'first page, default order', path: '/api/OpenItem/Query', body: {} },
  { list: 'openItem', name: 'status InProgress', path: '/api/OpenItem/Query', body: { status: 'InProgress' } },
  {
    list: 'openItem',
    name: `keyword "${openItemKeyword}"`,
    path: '/api/OpenItem/Query',
    body: { keyword: openItemKeyword },
  },
].filter((s) => !only || s.list === only) as Scenario[];

/** The module tables a list statement reads; statements that touch none of them are the request's sign-in SQL. */
const listTables = /"?\b(invoice|invoice_line|vendor|open_item\w*)\b"?/;

async function loadTickets() {
  // bench:tickets:load, as it is: it migrates, seeds and loads the tickets (and leaves a loaded database alone).
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/tickets/load.ts')], {
      cwd: join(repoRoot, 'bench'),
      env: { ...process.env, BENCH_TICKETS_DB: dbUrl, BENCH_TICKETS: String(tickets) },
      stdio: 'inherit',
    });
    onCleanup(() => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench:tickets:load exited ${code}`))));
  });
}

runMain('bench:finance', async () => {
  log(`bench:finance on ${dbUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`);
  log(machineLine());
  ensureBuilt();
  log(buildLine());
  await ensureDatabase(dbUrl, process.env.BENCH_FIN_RELOAD === '1');
  await loadTickets();

  // The app's migrations (the open-item table may be newer than the tickets' load) and seed, then the data.
  const database = await openPostgres(dbUrl, 2);
  onCleanup(() => database.close());
  await database.migrate();
  await seedSystem(database.db, { adminPassword });
  const pool = new pg.Pool({ connectionString: dbUrl, max: 20 });
  onCleanup(() => pool.end());
  let loaded: FinanceLoadResult;
  {
    const client = await pool.connect();
    try {
      loaded = await loadFinanceData(client, { vendors, invoices, linesPerInvoice, openItems, log });
    } finally {
      client.release();
    }
  }
  const hasOpenItems = await tableExists(pool, 'open_item');
  const counts = (
    await pool.query<Record<string, string>>(
      `select (select count(*) from ticket) as tickets, (select count(*) from vendor) as vendors,
              (select count(*) from invoice) as invoices, (select count(*) from invoice_line) as invoice_lines
              ${hasOpenItems ? ', (select count(*) from open_item) as open_items' : ''}`,
    )
  ).rows[0]!;
  const head = `database: ${Object.entries(counts)
    .map(([k, v]) => `${Number(v).toLocaleString('en')} ${k.replace('_', ' ')}`)
    .join(', ')}`;
  log(head);

  const port = settings.basePort;
  const serverEnv = (url: string) => ({
    DATABASE_URL: url,
    DATA_DIR: tempDir('casedesk-bench-finance-data-'),
    DEMO_DATA: 'false',
    SCHEDULER: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });

  // ---- capture: the statements of one request of each scenario, from the built server on the wire ----
  const upstream = new URL(dbUrl);
  const relay = await startSqlCapture({ host: upstream.hostname, port: Number(upstream.port || 5432) });
  onCleanup(() => relay.stop());
  const viaRelay = new URL(dbUrl);
  viaRelay.port = String(relay.port);
  const captureServer = await startServer({
    port: port + 2,
    logFile: join(tempDir('casedesk-bench-finance-'), 'capture.log'),
    env: serverEnv(viaRelay.toString()),
  });
  const captured = new Map<Scenario, { list: Statement[]; all: number; concurrent: boolean; ok: boolean }>();
  {
    const session = await signInAsAdmin(captureServer.port);
    const newAuthToken = authTokenFactory(session.publicKeyPem);
    for (const scenario of scenarios) {
      // Twice: the first may warm caches (settings, dictionaries); the second is what every request sends.
      let window = { list: [] as Statement[], all: 0, concurrent: false, ok: false };
      for (let i = 0; i < 2; i++) {
        const from = relay.statements.length;
        let ok = true;
        try {
          const answer = await callApi<{ total: number }>(
            captureServer.port,
            'POST',
            scenario.path,
            { authorization: `Bearer ${session.token}`, 'auth-token': newAuthToken() },
            scenario.body,
          );
          if (i === 1) log(`${scenario.list} / ${scenario.name}: total ${answer.data.total}`);
        } catch (error) {
          ok = false;
          if (i === 1) log(`${scenario.list} / ${scenario.name}: ${(error as Error).message.slice(0, 200)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        const all = relay.statements.slice(from).filter((s) => !/^(begin|commit|rollback)\b/i.test(s.text.trim()));
        const list = all.filter((s) => listTables.test(s.text) && !/^\s*(insert|update|delete)\b/i.test(s.text));
        window = {
          list: list.map((s) => ({ text: s.text, params: s.params })),
          all: all.length,
          // Statements on more than one connection were sent at once (Promise.all); on one, one after another.
          concurrent: new Set(list.map((s) => s.connection)).size > 1,
          ok,
        };
      }
      captured.set(scenario, window);
    }
  }
  await stopServer(captureServer);
  await relay.stop();

  // ---- EXPLAIN ANALYZE of every list statement ----
  const plans: string[] = [];
  const planNotes: string[] = [];
  for (const scenario of scenarios) {
    const c = captured.get(scenario)!;
    for (const [i, s] of c.list.entries()) {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.params);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      const seq = [...text.matchAll(/Seq Scan on (invoice_line|invoice|open_item|ticket|vendor)\b/g)].map((m) => m[1]);
      const took = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
      const label = `${scenario.list} / ${scenario.name}, statement ${i + 1}`;
      planNotes.push(`${label}: ${took ?? '?'} ms${seq.length ? ` (sequential scan of ${seq.join(', ')})` : ''}`);
      plans.push(
        `#### ${label}${seq.length ? ` **sequential scan of ${seq.join(', ')}**` : ''}\n\n\`\`\`sql\n${s.text}\n\`\`\`\n\nparameters: \`${JSON.stringify(s.params)}\`\n\n\`\`\`\n${text}\n\`\`\``,
      );
    }
  }
  log(`EXPLAIN ANALYZE: ${planNotes.join('; ')}`);

  // ---- the load: app and bare SQL alternating, per scenario and connection count ----
  const server = await startServer({
    port,
    logFile: join(tempDir('casedesk-bench-finance-'), 'server.log'),
    env: serverEnv(dbUrl),
  });
  onCleanup(async () => {
    await stopServer(server);
  });
  const session = await signInAsAdmin(port);
  const newAuthToken = authTokenFactory(session.publicKeyPem);
  const measured = cpuPerOp({ serverPid: server.pid, databaseUrl: dbUrl });
  const { cannon, probe } = httpLoad({ port, newAuthToken });
  const rows: Row[] = [];
  const uptimeBefore = await uptime();
  for (const scenario of scenarios) {
    const c = captured.get(scenario)!;
    if (!c.ok || c.list.length === 0) {
      log(`${scenario.list} / ${scenario.name}: skipped (the endpoint answered no list in this build)`);
      continue;
    }
    if (!(await probe(scenario.path, session.token, scenario.body))) continue;
    for (const connections of connectionCounts) {
      log(`${scenario.list} / ${scenario.name} at ${connections} connections`);
      const request = { path: scenario.path, token: session.token, connections, body: () => scenario.body };
      await cannon({ ...request, seconds: settings.warmupSeconds });
      const app = await measured(() => cannon({ ...request, seconds: settings.durationSeconds }));
      await replaySql(pool, c.list, connections, { seconds: settings.warmupSeconds }, {}, c.concurrent);
      const sqlOnly = await replaySql(
        pool,
        c.list,
        connections,
        { seconds: settings.durationSeconds },
        {},
        c.concurrent,
      );
      rows.push({
        list: scenario.list === 'invoice' ? 'Invoice/Query' : 'OpenItem/Query',
        scenario: scenario.name,
        connections,
        app: app.result,
        bare: sqlOnly,
        statements: c.list.length,
        concurrent: c.concurrent,
        serverMsPerOp: app.serverMsPerOp,
        serverMainThreadMsPerOp: app.serverMainThreadMsPerOp,
        postgresMsPerOp: app.postgresMsPerOp,
        load1: app.load1,
      });
      log(
        `  app ${app.result.opsPerSecond.toFixed(0)}/s p50 ${app.result.p50} ms, bare ${sqlOnly.opsPerSecond.toFixed(0)}/s p50 ${sqlOnly.p50.toFixed(1)} ms`,
      );
    }
  }
  const uptimeAfter = await uptime();
  await stopServer(server);

  // ---- text extraction per PDF page ----
  let extraction: ExtractionResult | undefined;
  try {
    extraction = await measureExtraction(log);
  } catch (error) {
    log(`text extraction: ${(error as Error).message}`);
  }

  // ---- report ----
  const table = markdownTable(
    [
      'list',
      'request',
      'conn.',
      'app p50 / p99 ms',
      'app req/s',
      'bare SQL p50 / p99 ms',
      'bare req/s',
      'ratio',
      'statements',
      'server CPU ms/req (event loop)',
      'PostgreSQL CPU ms/req',
      'load average (1 min)',
      'errors app / bare',
    ],
    rows.map((r) => [
      r.list,
      r.scenario,
      r.connections,
      `${fixed(r.app.p50, 1)} / ${fixed(r.app.p99, 1)}`,
      fixed(r.app.opsPerSecond),
      `${fixed(r.bare.p50, 1)} / ${fixed(r.bare.p99, 1)}`,
      fixed(r.bare.opsPerSecond),
      fixed(r.bare.opsPerSecond > 0 ? r.app.opsPerSecond / r.bare.opsPerSecond : NaN, 2),
      `${r.statements}${r.statements > 1 ? (r.concurrent ? ' at once' : ' in turn') : ''}`,
      `${fixed(r.serverMsPerOp, 2)} (${fixed(r.serverMainThreadMsPerOp, 2)})`,
      fixed(r.postgresMsPerOp, 2),
      r.load1,
      `${r.app.errors} / ${r.bare.errors}`,
    ]),
  );
  const extractionTable = extraction ? extractionMarkdown(extraction) : 'text extraction: not measured';
  const machineLoad = `uptime before the load: ${uptimeBefore}; after: ${uptimeAfter}`;
  const report = `${head}\n\n${machineLoad}\n\n${table}\n\nEXPLAIN ANALYZE execution times: ${planNotes.join('; ')}.\n\n${extractionTable}`;
  console.log(`\n${report}`);
  const resultsDir = join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `finance-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(
    file,
    `${machineLine()}\n\n${buildLine()}\n\nload: ${JSON.stringify(loaded)}\n\n${report}\n\n${plans.join('\n\n')}\n`,
  );
  console.log(`\nplans and table: ${file}`);
  console.log(`results: ${writeResults('finance', { counts, loaded, rows, planNotes, extraction, machineLoad })}`);
});

async function uptime() {
  const { execFileSync } = await import('node:child_process');
  return execFileSync('uptime', { encoding: 'utf8' }).trim();
}

function extractionMarkdown(e: ExtractionResult) {
  return markdownTable(
    ['document', 'pages', 'bytes', 'runs', 'median ms', 'min ms', 'ms per page (median)'],
    e.documents.map((d) => [
      d.name,
      d.pages,
      d.bytes,
      d.runs,
      fixed(d.medianMs, 1),
      fixed(d.minMs, 1),
      fixed(d.medianMs / d.pages, 2),
    ]),
  );
}
