// bench:live - live rows (contract section 20): BENCH_STREAMS (200) open notification streams of varied readers on
// one server process (PostgreSQL), one ticket changed BENCH_CHANGES (200) times by a plain SQL transaction:
//   - latency from COMMIT (sent) to the `ticket.changed` event at each stream whose reader may see the ticket:
//     p50/p90/p99/max; beside it a bare `pg` LISTEN connection on the same channel (the floor: NOTIFY alone);
//   - leaks: events at streams whose reader may not see the ticket (must be 0);
//   - the per-change cost of deciding who may see it, as the server logs it at debug ('ticket live batch':
//     queries, the query's ms, the in-memory check of every open stream's reader).
// Readers: projects scope in the ticket's project (see), projects scope elsewhere (not), scope all (see), scope own
// (not), no ticket:view (not); BENCH_STREAMS_PER_USER (5) streams each, as tabs.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_BUILD=1 (rebuild the server first)
import { join } from 'node:path';
import pg from 'pg';
import {
  adminPassword,
  authTokenFactory,
  callApi,
  ensureBuilt,
  fixed,
  freshDatabase,
  host,
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  runMain,
  signInAsAdmin,
  sleep,
  startServer,
  stopServer,
  tempDir,
  writeResults,
} from '../src/lib.js';

const streamCount = positiveEnv('BENCH_STREAMS', 200);
const perUser = positiveEnv('BENCH_STREAMS_PER_USER', 5);
const changes = positiveEnv('BENCH_CHANGES', 200);
const port = positiveEnv('BENCH_PORT', 3243);

type ReaderKind = 'project' | 'otherProject' | 'all' | 'own' | 'noView';
const mix: [ReaderKind, number][] = [
  ['project', 0.4],
  ['otherProject', 0.2],
  ['all', 0.2],
  ['own', 0.1],
  ['noView', 0.1],
];
const sees = (kind: ReaderKind) => kind === 'project' || kind === 'all';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
};

type Stream = { kind: ReaderKind; arrivals: Map<number, number>; close(): void };

async function openStream(
  token: string,
  newAuthToken: () => string,
  kind: ReaderKind,
  ticketId: number,
): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`http://${host}:${port}/api/Notification/Stream`, {
    headers: { authorization: `Bearer ${token}`, 'auth-token': newAuthToken(), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream: HTTP ${response.status}`);
  const arrivals = new Map<number, number>();
  let ready: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    let buffer = '';
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const now = performance.now();
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: unread')) ready();
        if (!block.startsWith('event: ticket.changed')) continue;
        const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { id: number; rowVersion: number };
        if (data.id === ticketId && !arrivals.has(data.rowVersion)) arrivals.set(data.rowVersion, now);
      }
    }
  })().catch(() => undefined);
  await opened;
  return { kind, arrivals, close: () => controller.abort() };
}

runMain('bench:live', async () => {
  ensureBuilt();
  const target = await freshDatabase('pg');
  const databaseUrl = target.databaseUrl!;
  const logFile = join(tempDir('casedesk-bench-live-'), 'server.log');
  console.log(
    `bench:live — ${streamCount} streams (${perUser} per reader), ${changes} changes of one ticket, one server process, PostgreSQL`,
  );
  console.log(machineLine());
  const server = await startServer({ port, env: { ...target.env, LOG_LEVEL: 'debug', DEMO_DATA: 'false' }, logFile });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => undefined); // the database is dropped at the end, with force
  onCleanup(() => pool.end());

  // Reference data and readers, written directly (the bench measures the stream, not the admin screens).
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;
  await q(`insert into company (code, name) values ('LC1', 'Live company')`);
  await q(`insert into project (project_code, project_name) values ('LP1', 'Live project'), ('LP2', 'Other project')`);
  await q(
    `insert into project_company (project_id, company_id) select p.id, c.id from project p, company c where c.code = 'LC1'`,
  );
  await q(`insert into category (category_code, category_description, new_ticket_assignee)
           select 'LC-1', 'Live category', id from app_user where login_name = 'admin'`);
  await q(`insert into category_project (category_id, project_id)
           select c.id, p.id from category c, project p where c.category_code = 'LC-1' and p.project_code = 'LP1'`);
  const roles: Record<ReaderKind, { scope: string; view: boolean; project?: string }> = {
    project: { scope: 'projects', view: true, project: 'LP1' },
    otherProject: { scope: 'projects', view: true, project: 'LP2' },
    all: { scope: 'all', view: true },
    own: { scope: 'own', view: true },
    noView: { scope: 'projects', view: false, project: 'LP1' },
  };
  for (const [kind, role] of Object.entries(roles)) {
    await q(`insert into role (name, code, data_scope) values ($1, $1, $2)`, [`live_${kind}`, role.scope]);
    if (role.view)
      await q(
        `insert into role_permission (role_id, permission_id) select r.id, p.id from role r, permission p
               where r.code = $1 and p.code in ('ticket:view', 'ticket:edit')`,
        [`live_${kind}`],
      );
  }
  const users: { login: string; kind: ReaderKind }[] = [];
  const userCount = Math.ceil(streamCount / perUser);
  for (const [kind, share] of mix)
    for (let i = 0; i < Math.round(userCount * share); i++) users.push({ login: `live.${kind}.${i}`, kind });
  for (const user of users) {
    await q(
      `insert into app_user (login_name, password_hash, real_name, last_name, full_name, email, user_type)
             select $1, password_hash, 'Live', $1, $1, $1 || '@bench.example', 'Staff' from app_user where login_name = 'admin'`,
      [user.login],
    );
    await q(
      `insert into user_role (user_id, role_id) select u.id, r.id from app_user u, role r where u.login_name = $1 and r.code = $2`,
      [user.login, `live_${user.kind}`],
    );
    const project = roles[user.kind].project;
    if (project)
      await q(
        `insert into user_project (user_id, project_id) select u.id, p.id from app_user u, project p
               where u.login_name = $1 and p.project_code = $2`,
        [user.login, project],
      );
  }

  const admin = await signInAsAdmin(port);
  const newAuthToken = authTokenFactory(admin.publicKeyPem);
  const [ids] = await q<{ projectId: number; categoryId: number; companyId: number }>(
    `select p.id as "projectId", c.id as "categoryId", co.id as "companyId" from project p, category c, company co
      where p.project_code = 'LP1' and c.category_code = 'LC-1' and co.code = 'LC1'`,
  );
  const created = await callApi<{ id: number }>(
    port,
    'POST',
    '/api/Ticket/Add',
    { authorization: `Bearer ${admin.token}`, 'auth-token': newAuthToken() },
    { subject: 'Live bench', ...ids },
  );
  const ticketId = created.data.id;

  const streams: Stream[] = [];
  for (const user of users) {
    const login = await callApi<{ token: string }>(
      port,
      'POST',
      '/api/token/Login',
      { 'auth-token': newAuthToken() },
      { userName: user.login, password: adminPassword },
    );
    for (let i = 0; i < perUser && streams.length < streamCount; i++)
      streams.push(await openStream(login.data.token, newAuthToken, user.kind, ticketId));
  }
  onCleanup(() => streams.forEach((s) => s.close()));
  const allowed = streams.filter((s) => sees(s.kind));

  // The floor: a bare LISTEN connection, as the server's own is.
  const bare = new pg.Client({ connectionString: databaseUrl });
  bare.on('error', () => undefined);
  await bare.connect();
  onCleanup(() => bare.end());
  const bareArrivals = new Map<number, number>();
  bare.on('notification', (m) => {
    const rowVersion = Number(m.payload?.split(':')[1]);
    if (!bareArrivals.has(rowVersion)) bareArrivals.set(rowVersion, performance.now());
  });
  await bare.query('listen ticket_changed');

  const commits = new Map<number, number>();
  const client = await pool.connect();
  for (let i = 0; i < changes; i++) {
    await client.query('begin');
    const [row] = (
      await client.query<{ rowVersion: number }>(
        `update ticket set subject = $2, row_version = row_version + 1 where id = $1 returning row_version as "rowVersion"`,
        [ticketId, `Live bench ${i}`],
      )
    ).rows;
    commits.set(row!.rowVersion, performance.now());
    await client.query('commit');
    // Wait for every allowed stream (bounded), then a pause, so that each change is measured alone.
    const deadline = performance.now() + 5000;
    while (allowed.some((s) => !s.arrivals.has(row!.rowVersion)) && performance.now() < deadline) await sleep(2);
    await sleep(20);
  }
  client.release();
  await sleep(500);

  const latencies: number[] = [];
  let missing = 0;
  for (const s of allowed)
    for (const [rowVersion, committed] of commits) {
      const arrived = s.arrivals.get(rowVersion);
      if (arrived === undefined) missing++;
      else latencies.push(arrived - committed);
    }
  const leaks = streams.filter((s) => !sees(s.kind)).reduce((n, s) => n + s.arrivals.size, 0);
  const bareLatencies = [...commits].flatMap(([v, c]) => (bareArrivals.has(v) ? [bareArrivals.get(v)! - c] : []));

  await stopServer(server);
  const { readFileSync } = await import('node:fs');
  const batches = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"ticket live batch"'))
    .map(
      (line) =>
        JSON.parse(line) as {
          changes: number;
          readers: number;
          sent: number;
          queries: number;
          queryMs: number;
          checkMs: number;
        },
    );
  const decide = summary(batches.map((b) => b.queryMs + b.checkMs));
  const query = summary(batches.map((b) => b.queryMs));
  const check = summary(batches.map((b) => b.checkMs));
  const changesSeen = batches.reduce((n, b) => n + b.changes, 0);
  const queries = batches.reduce((n, b) => n + b.queries, 0);

  const arrival = summary(latencies);
  const floor = summary(bareLatencies);
  console.log(
    `\n${streams.length} streams (${allowed.length} may see the ticket), ${changes} changes; leaks: ${leaks}; missing: ${missing}\n`,
  );
  console.log(
    markdownTable(
      ['commit → arrival (ms)', 'n', 'p50', 'p90', 'p99', 'max'],
      [
        [
          'every allowed stream (server)',
          arrival.n,
          fixed(arrival.p50, 1),
          fixed(arrival.p90, 1),
          fixed(arrival.p99, 1),
          fixed(arrival.max, 1),
        ],
        [
          'bare pg LISTEN (floor)',
          floor.n,
          fixed(floor.p50, 1),
          fixed(floor.p90, 1),
          fixed(floor.p99, 1),
          fixed(floor.max, 1),
        ],
      ],
    ),
  );
  console.log(
    `\nDeciding who may see a change (server, per batch; ${batches.length} batches for ${changesSeen} changes, ` +
      `${queries} queries = ${fixed(queries / Math.max(1, changesSeen), 2)} per change, ${batches[0]?.readers ?? 0} open streams checked each):\n`,
  );
  console.log(
    markdownTable(
      ['per change (ms)', 'p50', 'p90', 'p99', 'max'],
      [
        ['query + check', fixed(decide.p50, 2), fixed(decide.p90, 2), fixed(decide.p99, 2), fixed(decide.max, 2)],
        ['  the one query', fixed(query.p50, 2), fixed(query.p90, 2), fixed(query.p99, 2), fixed(query.max, 2)],
        [
          `  check of ${batches[0]?.readers ?? 0} readers`,
          fixed(check.p50, 3),
          fixed(check.p90, 3),
          fixed(check.p99, 3),
          fixed(check.max, 3),
        ],
      ],
    ),
  );
  const file = writeResults('live', {
    streams: streams.length,
    allowed: allowed.length,
    changes,
    leaks,
    missing,
    arrival,
    floor,
    decide,
    query,
    check,
    batches: batches.length,
    queries,
    changesSeen,
  });
  console.log(`\nresults: ${file}`);
});
