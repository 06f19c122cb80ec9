// bench:tickets - the ticket paths at 50 connections against the running server (autocannon), each
// next to the same SQL replayed through a bare `pg` pool in the same run, plus EXPLAIN ANALYZE of
// every statement. Needs a database loaded by bench:tickets:load. Loopback only; every run is bounded.
//   BENCH_TICKETS_DB=postgres://postgres@127.0.0.1:5432/casedesk_bench  BENCH_DURATION=10  BENCH_CONNECTIONS=50
//   BENCH_SCENARIOS=list (only the scenarios whose name contains a word of this comma-separated list)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { slaReportQuerySchema, ticketCreateSchema, ticketQuerySchema, type TicketCreate } from '@casedesk/shared';
import type { Db } from '../../apps/server/src/db/database.js';
import { createTicket } from '../../apps/server/src/modules/ticket/ticket-create.service.js';
import { dashboard } from '../../apps/server/src/modules/ticket/ticket-dashboard.service.js';
import { slaReport } from '../../apps/server/src/modules/ticket/ticket-sla-report.service.js';
import { ticketScreen } from '../../apps/server/src/modules/ticket/ticket-timeline.service.js';
import { queryTickets } from '../../apps/server/src/modules/ticket/ticket.service.js';
import { loadActor } from '../../apps/server/src/modules/auth/actor.queries.js';
import type { Actor } from '../../apps/server/src/platform/actor.js';
import { benchPassword, connections, durationSeconds, maxSeconds, port, warmupSeconds } from './settings.js';
import { inTransaction } from '../src/lib.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dbUrl = process.env.BENCH_TICKETS_DB ?? 'postgres://postgres@127.0.0.1:5432/casedesk_bench';
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
/** When the server was spawned: a --cpu-prof profile counts its time from about then. */
let spawnedAt = 0;
let dataDir: string | undefined;

async function cleanUp() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
const deadline = setTimeout(() => {
  console.error(`bench:tickets gave up after ${maxSeconds} s`);
  void cleanUp().finally(() => process.exit(1));
}, maxSeconds * 1000);
deadline.unref();

// BENCH_SERVER_MAIN=<other checkout>/apps/server/dist/main.js: measure an older build against the same data and SQL.
const serverMain = process.env.BENCH_SERVER_MAIN ?? join(repoRoot, 'apps/server/dist/main.js');

async function startServer() {
  // The built server, as shipped (built first when missing, or always with BENCH_BUILD=1).
  if (!existsSync(serverMain) || process.env.BENCH_BUILD === '1')
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
  dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-tickets-'));
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/results/profiles": a CPU profile of the server (bench:profile).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  spawnedAt = performance.now();
  server = spawn(process.execPath, [...nodeArgs, serverMain], {
    cwd: join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '0',
      LOGIN_RATE_LIMIT_MAX: '0',
      ADMIN_PASSWORD: benchPassword,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DEMO_DATA: 'false',
      // The service-level job is measured on its own (bench:tickets:sla-job); here it would tell the backlog of
      // warnings that came due since the load while the lists are measured.
      SCHEDULER: 'false',
      // One process unless asked (BENCH_WORKERS): CPU per request is that of the server and its workers.
      WORKERS: process.env.BENCH_WORKERS ?? '1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  server.on('exit', (code, signal) => console.error(`server exited (code ${String(code)}, signal ${String(signal)})`));
  for (let i = 0; i < 240; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}

let publicKey = '';
const authToken = () =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(`${randomBytes(16).toString('hex')}:${Math.floor(Date.now() / 1000)}`),
  ).toString('base64');

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'auth-token': authToken(),
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { resultCode: number; resultMsg: string; data: T };
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${envelope.resultMsg}`);
  return envelope.data;
}

/** User + system CPU of a process so far, in ms, from /proc (USER_HZ = 100). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU ms of a process and its children (the workers of a cluster, BENCH_WORKERS > 1). */
function treeCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let total = cpuMsOf(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (parent === pid) total += cpuMsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU ms by pid of the PostgreSQL backends of the benchmark database. */
async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const name = decodeURIComponent(new URL(dbUrl).pathname.slice(1));
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
  return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
}

type Statement = { text: string; params: unknown[] };
type Scenario = {
  name: string;
  target: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Runs the service once against a capturing connection: the SQL the server runs per request. */
  capture: (db: Db, actor: Actor) => Promise<unknown>;
  write?: boolean;
  /** Signed in as this user (ensureSearchUsers) instead of `bench.agent`. */
  as?: 'bench.few' | 'bench.rare';
};

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

/** The same statements, replayed by `connections` workers through a bare pool for the same time. */
async function bare(pool: pg.Pool, statements: Statement[], write: boolean, seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let n = 0;
  let errors = 0;
  const worker = async (w: number) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        if (write) {
          await inTransaction(pool, async (client) => {
            for (const s of statements)
              await client.query(
                s.text,
                s.params.map((p) =>
                  typeof p === 'string' && p.startsWith('TCK-') ? `BARE-${w}-${n++}-${Date.now()}` : p,
                ),
              );
          });
        } else {
          for (const s of statements) await pool.query(s.text, s.params);
        }
        latencies.push(performance.now() - started);
      } catch (error) {
        if (errors++ === 0) console.error('bare replay failed:', (error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds, errors };
}

async function load(scenario: Scenario, token: string, seconds: number) {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'auth-token': authToken() } }),
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The two users of issue 16's worst cases, made once per database (the first run on it takes a minute or two):
 * - `bench.few`: data scope "own" (a role like `common` but for their own tickets), granted 60 tickets spread over
 *   the whole table, so that they see about 60 of the million;
 * - `bench.rare`: like `bench.agent` (role `common`) but in one project, `BR`, of every 30th ticket outside
 *   bench.agent's projects that lacks the word "network" (~22,000 at 1M), so that a common word is absent from
 *   what they see: the estimates, which take visibility and keyword as independent, expect a page in a few hundred
 *   rows of newest-first reading.
 * Neither changes what `bench.agent` sees.
 */
async function ensureSearchUsers(pool: pg.Pool) {
  const existing = await pool.query<{ login_name: string }>(
    `select login_name from app_user where login_name in ('bench.few', 'bench.rare')`,
  );
  const has = (name: string) => existing.rows.some((r) => r.login_name === name);
  const hash = (
    await pool.query<{ password_hash: string }>(`select password_hash from app_user where login_name = 'bench.agent'`)
  ).rows[0]!.password_hash;
  const addUser = async (client: pg.PoolClient, login: string, role: string) => {
    const user = await client.query<{ id: number }>(
      `insert into app_user (login_name, password_hash, real_name, last_name, full_name, email, user_type)
       values ($1, $2, 'Bench', $1, $1, $1 || '@bench.example', 'Staff') returning id`,
      [login, hash],
    );
    const id = user.rows[0]!.id;
    await client.query(`insert into user_role (user_id, role_id) select $1, id from role where code = $2`, [id, role]);
    return id;
  };
  if (!has('bench.few'))
    await inTransaction(pool, async (client) => {
      await client.query(`insert into role (name, code, description, data_scope)
                          select 'Bench own', 'bench-own', 'Own tickets only (bench)', 'own'
                           where not exists (select 1 from role where code = 'bench-own')`);
      await client.query(`insert into role_permission (role_id, permission_id)
                          select o.id, rp.permission_id from role o, role c join role_permission rp on rp.role_id = c.id
                           where o.code = 'bench-own' and c.code = 'common' on conflict do nothing`);
      const id = await addUser(client, 'bench.few', 'bench-own');
      await client.query(
        `update ticket set grant_access = array_append(grant_access, $1)
          where id in (select id from ticket where not private_ticket and id % (select greatest(1, count(*) / 60) from ticket) = 0)`,
        [id],
      );
    });
  if (!has('bench.rare'))
    await inTransaction(pool, async (client) => {
      const made = await client.query(`insert into project (project_code, project_name)
                          select 'BR', 'Bench rare project' where not exists (select 1 from project where project_code = 'BR')`);
      if (made.rowCount)
        await client.query(`update ticket set project_id = (select id from project where project_code = 'BR')
                           where id % 30 = 7 and project_id not in (select id from project where project_code in ('BP1', 'BP2', 'BP3'))
                             and not ((search_doc || search_comments) @@ plainto_tsquery('simple', 'network'))`);
      const id = await addUser(client, 'bench.rare', 'common');
      await client.query(
        `insert into user_project (user_id, project_id) select $1, id from project where project_code = 'BR'`,
        [id],
      );
    });
  if (!has('bench.few') || !has('bench.rare')) await pool.query('analyze ticket');
}

async function main() {
  await startServer();
  publicKey = await fetch(`${base}/api/token/PublicKey`).then(async (r) => {
    const text = await r.text();
    try {
      const parsed = JSON.parse(text) as { data?: unknown };
      return typeof parsed.data === 'string' ? parsed.data : text;
    } catch {
      return text;
    }
  });
  const pool = new pg.Pool({ connectionString: dbUrl, max: 20 });
  await ensureSearchUsers(pool);
  const captured: Statement[] = [];
  const capturing = drizzle(pool, {
    casing: 'snake_case',
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  }) as unknown as Db;
  /** Signs in, and loads the actor the server will see (for capturing its statements). */
  const signIn = async (userName: string) => {
    const { token } = await api<{ token: string }>('POST', '/api/token/Login', undefined, {
      userName,
      password: benchPassword,
    });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
      exp: number;
    };
    return { token, actor: await loadActor(capturing, Number(claims.sub), claims.sid, claims.exp) };
  };
  const agent = await signIn('bench.agent');
  const { actor } = agent;
  const others = { 'bench.few': await signIn('bench.few'), 'bench.rare': await signIn('bench.rare') };
  const [project] = actor.projects;
  const category = await pool.query<{ id: number }>(
    'select category_id as id from category_project where project_id = $1 order by category_id limit 1',
    [project],
  );
  const createBody: TicketCreate = ticketCreateSchema.parse({
    subject: 'Benchmark create under load',
    content: '<p>Created by the <b>load test</b>; removed when the run ends.</p>',
    projectId: project,
    categoryId: category.rows[0]!.id,
    customer: 'Bench Customer',
    customerEmail: 'bench@customer.example',
  });
  // Tickets a previous run created would change what the searches and the dashboard find.
  const removeCreated = async () => {
    await pool.query('delete from ticket where created_by = $1', [actor.userId]);
    await pool.query('vacuum analyze ticket');
  };
  await removeCreated();
  const q = (body: Record<string, unknown>) => ticketQuerySchema.parse(body);
  // The ticket page opens one of the agent's newest tickets that has comments (a timeline to show).
  const screenTicket = await pool.query<{ id: number }>(
    `select t.id from ticket t where t.project_id = $1 and not t.private_ticket
        and exists (select 1 from ticket_comment c where c.ticket_id = t.id) order by t.id desc limit 1`,
    [project],
  );
  const screenId = screenTicket.rows[0]!.id;
  const search = (name: string, target: string, keyword: string, as?: Scenario['as']): Scenario => ({
    name,
    target,
    method: 'POST',
    path: '/api/Ticket/Query',
    body: { keyword },
    capture: (db, a) => queryTickets(db, a, q({ keyword })),
    as,
  });
  const slaList = (name: string, filter: Record<string, unknown>): Scenario => {
    const body = { ...filter, orderBy: [{ field: 'slaResolutionDueAt', desc: false }] };
    return {
      name,
      target: 'the ratio of the default page',
      method: 'POST',
      path: '/api/Ticket/Query',
      body,
      capture: (db, a) => queryTickets(db, a, q(body)),
    };
  };
  const customList = (name: string, body: Record<string, unknown>): Scenario => ({
    name,
    target: "the filtered list's ratio",
    method: 'POST',
    path: '/api/Ticket/Query',
    body,
    capture: (db, a) => queryTickets(db, a, q(body)),
  });
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const slaReportBody = { from: day(Date.now() - 89 * 86_400_000), to: day(Date.now()), groupBy: 'project' };
  const broadTarget = 'p50 ≤ 30 ms, p99 ≤ 60 ms at 4 connections (1M tickets)';
  const scenarios: Scenario[] = [
    {
      name: 'Ticket list, default page',
      target: 'p99 < 50 ms',
      method: 'POST',
      path: '/api/Ticket/Query',
      body: {},
      capture: (db, a) => queryTickets(db, a, q({})),
    },
    {
      name: 'Ticket list, filtered',
      target: 'p99 < 50 ms',
      method: 'POST',
      path: '/api/Ticket/Query',
      body: { status: ['InProgress', 'Pending'], priority: ['High', 'Urgent'], projectId: project },
      capture: (db, a) =>
        queryTickets(db, a, q({ status: ['InProgress', 'Pending'], priority: ['High', 'Urgent'], projectId: project })),
    },
    // Issue 30: the list filtered by a custom field (bench:tickets:custom-load adds five to every ticket): a select
    // (one value in eight) and a decimal range (about 1 %), each an index read of the value table.
    customList('Ticket list, custom select field', { custom: { bench_region: 'apac' } }),
    customList('Ticket list, custom decimal range', { custom: { bench_amount: { min: 1000, max: 1100 } } }),
    // Issue 28: the desk's worklist, what is about to break or broke, soonest due first.
    slaList('Ticket list, open, SLA warning or breached, by resolution due', {
      view: 'open',
      slaState: ['warning', 'breached'],
    }),
    slaList('Ticket list, open, SLA paused, by resolution due', { view: 'open', slaState: ['paused'] }),
    slaList('Ticket list, open, SLA on track, by resolution due', { view: 'open', slaState: ['ok'] }),
    slaList('Ticket list, SLA breached (open and closed), by resolution due', { slaState: ['breached'] }),
    slaList('Ticket list, all, by resolution due', {}),
    {
      name: 'SLA report, by project, 90 days',
      target: 'p99 < 500 ms',
      method: 'POST',
      path: '/api/Ticket/SlaReport',
      body: slaReportBody,
      capture: (db, a) => slaReport(db, a, slaReportQuerySchema.parse(slaReportBody)),
    },
    search('Keyword search, English', 'p99 < 150 ms', 'laserjet offline'),
    search('Keyword search, Chinese', 'p99 < 150 ms', '打印机 无法连接'),
    // Broad words (issue 16): in about a fifth of the generated tickets each.
    search('Keyword search, broad English', broadTarget, 'network'),
    search('Keyword search, broad Chinese', broadTarget, '日常'),
    // Issue 16's worst case: a user who sees ~60 tickets searching a word in a fifth of them (newest first would walk
    // most of the table to fill a page).
    search('Keyword search, broad English, user who sees few', broadTarget, 'network', 'bench.few'),
    search('Keyword search, broad English, word absent from what the user sees', broadTarget, 'network', 'bench.rare'),
    {
      // Issue 16: the ticket page's record and timeline in one request (Screen = Detail + Timeline).
      name: 'Ticket screen',
      target: '≤ 1.5 ms Node CPU',
      method: 'GET',
      path: `/api/Ticket/Screen/${screenId}`,
      capture: (db, a) => ticketScreen(db, a, screenId),
    },
    {
      name: 'Dashboard',
      target: 'p99 < 50 ms',
      method: 'GET',
      path: '/api/Ticket/Dashboard',
      capture: (db, a) => dashboard(db, a),
    },
    {
      name: 'Ticket create',
      target: '≥ 500/s',
      method: 'POST',
      path: '/api/Ticket/Add',
      body: createBody,
      capture: (db, a) => createTicket(db, a, createBody),
      write: true,
    },
  ];

  const rows: string[] = [];
  const plans: string[] = [];
  // BENCH_SCENARIOS=list,filtered runs only the scenarios whose name contains one of these words (any case).
  const only = (process.env.BENCH_SCENARIOS ?? '').toLowerCase().split(',').filter(Boolean);
  const chosen = only.length
    ? scenarios.filter((s) => only.some((word) => s.name.toLowerCase().includes(word)))
    : scenarios;
  for (const scenario of chosen) {
    // A read is captured the second time: what the server sends once its per-process caches are warm (the keyword
    // estimate of a search is remembered a minute), which is what it sends on every request of the run.
    const as = scenario.as ? others[scenario.as] : agent;
    if (!scenario.write) await scenario.capture(capturing, as.actor);
    captured.length = 0;
    await scenario.capture(capturing, as.actor);
    const statements = captured.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.text.trim()));
    for (const [i, s] of statements.entries()) {
      if (scenario.write && !/insert into "ticket" /i.test(s.text)) continue;
      if (/^\s*explain/i.test(s.text)) continue; // the planner's estimate of a capped total
      const client = await pool.connect();
      try {
        await client.query('begin');
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${s.text}`,
          s.params.map((p) => (typeof p === 'string' && p.startsWith('TCK-') ? `EXPLAIN-${Date.now()}` : p)),
        );
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        const seq = /Seq Scan on ticket\b/.test(text) ? ' **sequential scan of ticket!**' : '';
        plans.push(
          `#### ${scenario.name}, statement ${i + 1}${seq}\n\n\`\`\`sql\n${s.text}\n\`\`\`\n\n\`\`\`\n${text}\n\`\`\``,
        );
      } finally {
        await client.query('rollback');
        client.release();
      }
    }
    console.log(`${scenario.name}: warm-up`);
    await load(scenario, as.token, warmupSeconds);
    const loads: number[] = [];
    const sampler = setInterval(() => loads.push(loadavg()[0]!), 1000);
    const serverBefore = treeCpuMs(server?.pid);
    const backendsBefore = await backendCpu(pool);
    const from = (performance.now() - spawnedAt) / 1000;
    const app = await load(scenario, as.token, durationSeconds);
    clearInterval(sampler);
    const to = (performance.now() - spawnedAt) / 1000;
    console.log(`${scenario.name}: measured window: --from=${from.toFixed(1)} --to=${to.toFixed(1)}`);
    const requests = Math.max(1, app.rps * durationSeconds);
    let backendsMs = 0;
    for (const [pid, ms] of await backendCpu(pool)) backendsMs += ms - (backendsBefore.get(pid) ?? 0);
    const cpu = `${((treeCpuMs(server?.pid) - serverBefore) / requests).toFixed(2)} / ${(backendsMs / requests).toFixed(2)} ms`;
    const load1 = loads.length ? `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}` : '?';
    await bare(pool, statements, !!scenario.write, warmupSeconds);
    const sqlOnly = await bare(pool, statements, !!scenario.write, durationSeconds);
    const ratio = sqlOnly.rps > 0 ? app.rps / sqlOnly.rps : 0;
    const row = `| ${scenario.name} | ${app.p50} / ${app.p99} ms | ${Math.round(app.rps)} | ${sqlOnly.p50.toFixed(1)} / ${sqlOnly.p99.toFixed(1)} ms | ${Math.round(sqlOnly.rps)} | ${ratio.toFixed(2)} | ${statements.length} | ${cpu} | ${load1} | ${scenario.target} | ${app.non2xx} |`;
    console.log(row);
    rows.push(row);
  }
  await removeCreated();
  const table = [
    '| path | app p50 / p99 | app req/s | bare SQL p50 / p99 | bare SQL req/s | ratio | statements | server / PostgreSQL CPU per request | load average (1 min) | target | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const resultsDir = join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `tickets-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, `${table}\n\n${plans.join('\n\n')}\n`);
  console.log(`\n${table}\n\nplans and table: ${file}`);
  await pool.end();
}

try {
  await main();
} finally {
  await cleanUp();
}
