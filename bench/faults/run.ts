// bench:faults - mixed load at 200 connections while PostgreSQL crash-restarts and the server is
// SIGKILLed; then every acknowledged write is looked up in the database. Runs its own throw-away
// PostgreSQL 15 cluster (never the machine's shared one), on loopback only, bounded by BENCH_MAX_SECONDS.
//   BENCH_FAULTS_DURATION=240 BENCH_FAULTS_CONNECTIONS=200 (BENCH_FAULTS_SHORT=1: 45 s, 50 connections)
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  adminPassword,
  authTokenFactory,
  buildLine,
  callApi,
  createSender,
  ensureBuilt,
  fixed,
  host,
  machineLine,
  markdownTable,
  onCleanup,
  repoRoot,
  runMain,
  settings,
  sleep,
  startServer,
  stopServer,
  tempDir,
  writeResults,
  type RunningServer,
} from '../src/lib.js';
import { loadSessions, storedMarkers, type UserSession } from '../src/load-sessions.js';
import { createCluster, runCommand } from '../src/pg-cluster.js';

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

const short = process.env.BENCH_FAULTS_SHORT === '1';
const durationSeconds = num('BENCH_FAULTS_DURATION', short ? 45 : 240);
const connections = Math.max(1, Math.round(num('BENCH_FAULTS_CONNECTIONS', short ? 50 : 200)));
const ticketCount = Math.round(num('BENCH_FAULTS_TICKETS', short ? 500 : 3000));
const pgPort = num('BENCH_FAULTS_PG_PORT', 5499);
const serverPort = num('BENCH_FAULTS_PORT', 3960);
/** A request without an answer after this long counts as a timeout (outcome unknown for a write). */
const requestTimeoutMs = num('BENCH_FAULTS_TIMEOUT', 30) * 1000;
const runId = randomBytes(3).toString('hex');

// ---------------------------------------------------------------------------------------------
// The load: 200 workers, each request signed with a fresh Auth-Token and a bearer token.

type Kind = 'list' | 'detail' | 'dashboard' | 'search' | 'create' | 'comment';
const kinds: Kind[] = ['list', 'detail', 'dashboard', 'search', 'create', 'comment'];
/**
 * ok: 200 + resultCode 200. refused: any other envelope but 503 (the server said no). unavailable: a 503
 * envelope (the server could not reach the database; a COMMIT whose answer was lost still lands here).
 * unknown: no answer at all (reset, timeout). undelivered: the connection was refused (nothing reached the server).
 */
type Outcome = 'ok' | 'refused' | 'unavailable' | 'unknown' | 'undelivered';
type Sample = {
  kind: Kind;
  start: number;
  end: number;
  outcome: Outcome;
  /** HTTP status and envelope code, or the socket error / 'timeout'. */
  detail: string;
  marker?: string;
  id?: number;
};

const agent = new Agent({ keepAlive: true, maxSockets: connections });
let newAuthToken: () => string = () => '';
const t0 = performance.now();
const now = () => (performance.now() - t0) / 1000;

const send = createSender({ port: serverPort, agent, authToken: () => newAuthToken(), timeoutMs: requestTimeoutMs });

function readyzStatus(): Promise<number> {
  return new Promise<number>((resolve) => {
    const req = httpRequest({ host, port: serverPort, path: '/readyz', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

function chooseKind(): Kind {
  const r = Math.random();
  if (r < 0.7) return pick(['list', 'detail', 'dashboard', 'search'] as const);
  return r < 0.9 ? 'create' : 'comment';
}

let writeCounter = 0;
async function oneRequest(user: UserSession): Promise<Sample> {
  const kind = chooseKind();
  const start = now();
  let marker: string | undefined;
  let answer: Awaited<ReturnType<typeof send>>;
  switch (kind) {
    case 'list':
      answer = await send('POST', '/api/Ticket/Query', user.token, { page: 1 + Math.floor(Math.random() * 5) });
      break;
    case 'detail':
      answer = await send('GET', `/api/Ticket/Detail/${pick(user.visible)}`, user.token);
      break;
    case 'dashboard':
      answer = await send('GET', '/api/Ticket/Dashboard', user.token);
      break;
    case 'search':
      answer = await send('POST', '/api/Ticket/Query', user.token, { keyword: pick(['printer', 'vpn', '打印机']) });
      break;
    case 'create':
      marker = `FLT-${runId}-t${++writeCounter}`;
      answer = await send('POST', '/api/Ticket/Add', user.token, {
        subject: `${marker} printer offline under faults`,
        content: `<p>Written by <b>bench:faults</b> (${marker}).</p>`,
        projectId: user.projectId,
        categoryId: user.categoryId,
        customer: 'Fault Customer',
        customerEmail: 'faults@customer.example',
      });
      break;
    case 'comment':
      marker = `FLT-${runId}-c${++writeCounter}`;
      answer = await send('POST', '/api/TicketComment/Add', user.token, {
        ticketId: pick(user.visible),
        comment: `${marker} comment under faults`,
        public: true,
      });
      break;
  }
  const end = now();
  const ok = answer.status === 200 && answer.resultCode === 200;
  const data = answer.data as { id?: unknown } | undefined;
  return {
    kind,
    start,
    end,
    outcome: ok
      ? 'ok'
      : answer.error === 'ECONNREFUSED'
        ? 'undelivered'
        : answer.error || answer.status === 0
          ? 'unknown'
          : answer.status === 503 || answer.resultCode === 503
            ? 'unavailable'
            : 'refused',
    detail: answer.error ?? `${answer.status}/${answer.resultCode ?? '-'}`,
    marker,
    id: ok && typeof data?.id === 'number' ? data.id : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Faults.

type Fault = {
  name: string;
  injectedAt: number;
  /** PostgreSQL accepting connections again / the new server process answering /readyz 200. */
  backAt?: number;
  /** First successful API request that started after the fault was injected. */
  firstOkAt?: number;
  /** First /readyz 200 seen by the poller after the injection. */
  readyzAt?: number;
};

async function main() {
  const loadAverageStart = loadavg();
  console.log(
    `bench:faults ${runId}: ${machineLine()}; load average ${loadAverageStart.map((l) => l.toFixed(2)).join(' ')}`,
  );
  if (settings.maxSeconds < durationSeconds + 240)
    console.error(
      `warning: BENCH_MAX_SECONDS=${settings.maxSeconds} leaves little room for a ${durationSeconds} s run`,
    );
  ensureBuilt();
  console.log(buildLine());
  const cluster = await createCluster({ port: pgPort, prefix: 'casedesk-faults-pg-' });
  console.log(`own PostgreSQL 15 cluster on 127.0.0.1:${pgPort} in ${cluster.dir}`);

  // Reference data and tickets by the ticket benchmark's loader (SQL), scaled down.
  const seedStarted = performance.now();
  await runCommand(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/tickets/load.ts')], {
    BENCH_TICKETS_DB: cluster.url,
    BENCH_TICKETS: String(ticketCount),
    BENCH_TICKETS_CHUNK: '1000',
    BENCH_TICKETS_PROJECTS: '6',
    BENCH_TICKETS_USERS: '12',
    BENCH_ADMIN_PASSWORD: adminPassword,
  });
  console.log(`seeded ${ticketCount} tickets in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

  const dataDir = tempDir('casedesk-faults-data-');
  const logDir = join(repoRoot, 'bench/results');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `faults-server-${runId}.log`);
  closeSync(openSync(logFile, 'a'));
  const serverEnv = { DATABASE_URL: cluster.url, DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'warn' };
  // A server that dies by itself is a finding: recorded, and started again so that the run goes on.
  const unexpectedExits: Array<{ at: number; code: number | null; signal: string | null }> = [];
  let killing = false;
  let stopping = false;
  const launch = async (): Promise<RunningServer> => {
    const started = await startServer({ port: serverPort, env: serverEnv, logFile });
    started.child.once('exit', (code, signal) => {
      if (killing || stopping) return;
      unexpectedExits.push({ at: now(), code, signal });
      console.error(`[${fixed(now(), 1)} s] the server exited by itself (${code ?? signal}); starting it again`);
      void launch().then(
        (next) => (server = next),
        (error: unknown) => console.error('restart failed:', error),
      );
    });
    return started;
  };
  let server: RunningServer = await launch();

  // Sessions: the administrator, the scoped bench.agent and two agents; what each may see and write.
  const publicKeyPem = (await callApi<string>(serverPort, 'GET', '/api/token/PublicKey')).data;
  newAuthToken = authTokenFactory(publicKeyPem);
  const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  onCleanup(() => db.end().catch(() => undefined));
  // Its idle connections die with every PostgreSQL restart; it reconnects when asked again.
  db.on('error', () => undefined);
  const users = await loadSessions(serverPort, newAuthToken, db, ['admin', 'bench.agent', 'agent1', 'agent2']);
  console.log(`sessions: ${users.map((u) => `${u.name} (${u.visible.length} tickets)`).join(', ')}`);

  // Warm-up: not in the statistics, but its writes are looked up like the others.
  const warmup = await Promise.all(Array.from({ length: Math.min(connections, 20) }, () => oneRequest(users[0]!)));

  const samples: Sample[] = [];
  const faults: Fault[] = [];
  const loadStart = now();
  const loadEnd = loadStart + durationSeconds;
  let serverDown = false;
  const worker = async () => {
    while (now() < loadEnd) {
      const sample = await oneRequest(pick(users));
      samples.push(sample);
      if (sample.outcome === 'ok')
        for (const fault of faults)
          if (fault.firstOkAt === undefined && sample.start >= fault.injectedAt) fault.firstOkAt = sample.end;
      // A client that gets no answer waits a little before trying again, as a browser's user would.
      if (sample.outcome !== 'ok') await sleep(serverDown || sample.outcome === 'unknown' ? 100 : 20);
    }
  };
  // /readyz every 100 ms, for the recovery times.
  const readyzLog: Array<{ at: number; status: number }> = [];
  const poller = (async () => {
    while (now() < loadEnd + 1) {
      const at = now();
      const status = await readyzStatus();
      readyzLog.push({ at, status });
      if (status === 200) for (const f of faults) if (f.readyzAt === undefined && at >= f.injectedAt) f.readyzAt = at;
      await sleep(100);
    }
  })();

  const at = (fraction: number) => sleep(Math.max(0, (loadStart + durationSeconds * fraction - now()) * 1000));
  const inject = (name: string) => {
    const fault: Fault = { name, injectedAt: now() };
    faults.push(fault);
    console.log(`[${fixed(fault.injectedAt - loadStart, 1)} s] ${name}`);
    return fault;
  };
  // Stop and start separately (what pg_ctl restart does), to time PostgreSQL's own part.
  const restartPostgres = async (mode: 'immediate' | 'fast') => {
    const fault = inject(`PostgreSQL restart -m ${mode}`);
    await cluster.stop(mode);
    await cluster.start();
    fault.backAt = now();
  };
  const killServer = async () => {
    const fault = inject('server kill -9, then started again');
    serverDown = true;
    if (server.child.exitCode === null && server.child.signalCode === null) {
      killing = true;
      const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
      server.child.kill('SIGKILL');
      await exited;
      killing = false;
    }
    server = await launch();
    serverDown = false;
    fault.backAt = now();
  };
  const schedule = async () => {
    await at(0.2);
    await restartPostgres('immediate');
    await at(0.45);
    await killServer();
    await at(0.7);
    await restartPostgres('fast');
  };
  const scheduled = schedule();
  await Promise.all([...Array.from({ length: connections }, () => worker()), scheduled, poller]);
  const elapsed = now() - loadStart;
  const loadAverageEnd = loadavg();
  const serverAlive = server.child.exitCode === null && server.child.signalCode === null;
  const finalReady = (await readyzStatus()) === 200;

  // ---- What the database holds.
  const found = await storedMarkers(db, 'FLT', runId);
  const writes = [...warmup, ...samples].filter((s) => s.marker);
  const acked = writes.filter((s) => s.outcome === 'ok');
  const ackedMissing = acked.filter((s) => !found.has(s.marker!));
  const ackedWrongId = acked.filter((s) => found.has(s.marker!) && !found.get(s.marker!)!.includes(s.id ?? -1));
  const doubled = [...found.entries()].filter(([, ids]) => ids.length > 1);
  const refused = writes.filter((s) => s.outcome === 'refused');
  const unavailable = writes.filter((s) => s.outcome === 'unavailable');
  const unknown = writes.filter((s) => s.outcome === 'unknown');
  const undelivered = writes.filter((s) => s.outcome === 'undelivered');
  const countFound = (list: Sample[]) => list.filter((s) => found.has(s.marker!)).length;
  // A write the server refused outright, or that never reached it, must not be there.
  const refusedButStored = countFound(refused) + countFound(undelivered);
  const attempted = new Set(writes.map((s) => s.marker));
  const strays = [...found.keys()].filter((m) => !attempted.has(m));

  // ---- Latencies and errors, inside fault windows (injection until 2 s after the first success) or outside.
  const windows = faults.map((f) => ({ from: f.injectedAt, to: (f.firstOkAt ?? loadEnd) + 2 }));
  const inWindow = (s: Sample) => windows.some((w) => s.end >= w.from && s.start <= w.to);
  const pct = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
  const perKind = kinds.map((kind) => {
    const of = samples.filter((s) => s.kind === kind);
    const okMs = of
      .filter((s) => s.outcome === 'ok')
      .map((s) => (s.end - s.start) * 1000)
      .sort((a, b) => a - b);
    const failed = of.filter((s) => s.outcome !== 'ok');
    return {
      kind,
      requests: of.length,
      ok: okMs.length,
      p50: pct(okMs, 50),
      p99: pct(okMs, 99),
      errorsInFaults: failed.filter(inWindow).length,
      errorsOutside: failed.filter((s) => !inWindow(s)).length,
    };
  });
  const errorKinds = new Map<string, { inFaults: number; outside: number }>();
  for (const s of samples.filter((x) => x.outcome !== 'ok')) {
    const entry = errorKinds.get(s.detail) ?? { inFaults: 0, outside: 0 };
    if (inWindow(s)) entry.inFaults++;
    else entry.outside++;
    errorKinds.set(s.detail, entry);
  }
  const okTotal = samples.filter((s) => s.outcome === 'ok').length;

  const loadTable = markdownTable(
    ['request', 'share', 'requests', 'ok', 'ok/s', 'p50 ms', 'p99 ms', 'errors in fault windows', 'errors outside'],
    [
      ...perKind.map((k) => [
        k.kind,
        `${fixed((k.requests / Math.max(1, samples.length)) * 100)} %`,
        k.requests,
        k.ok,
        fixed(k.ok / elapsed, 1),
        fixed(k.p50),
        fixed(k.p99),
        k.errorsInFaults,
        k.errorsOutside,
      ]),
      [
        '**all**',
        '100 %',
        samples.length,
        okTotal,
        fixed(okTotal / elapsed, 1),
        fixed(
          pct(
            samples
              .filter((s) => s.outcome === 'ok')
              .map((s) => (s.end - s.start) * 1000)
              .sort((a, b) => a - b),
            50,
          ),
        ),
        fixed(
          pct(
            samples
              .filter((s) => s.outcome === 'ok')
              .map((s) => (s.end - s.start) * 1000)
              .sort((a, b) => a - b),
            99,
          ),
        ),
        perKind.reduce((a, k) => a + k.errorsInFaults, 0),
        perKind.reduce((a, k) => a + k.errorsOutside, 0),
      ],
    ],
  );
  const faultTable = markdownTable(
    ['fault', 'at (s)', 'PostgreSQL / server back (s)', 'first /readyz 200 (s)', 'first successful request (s)'],
    faults.map((f) => [
      f.name,
      fixed(f.injectedAt - loadStart, 1),
      f.backAt === undefined ? '-' : fixed(f.backAt - f.injectedAt, 2),
      f.readyzAt === undefined ? 'never' : fixed(f.readyzAt - f.injectedAt, 2),
      f.firstOkAt === undefined ? 'never' : fixed(f.firstOkAt - f.injectedAt, 2),
    ]),
  );
  const writeTable = markdownTable(
    ['writes', 'count', 'found in the database', 'missing'],
    [
      ['acknowledged (200 + resultCode 200)', acked.length, acked.length - ackedMissing.length, ackedMissing.length],
      ...(
        [
          ['refused (an error envelope other than 503)', refused],
          ['503 envelope (database unreachable; outcome unknown to the client)', unavailable],
          ['no answer (reset, timeout; outcome unknown)', unknown],
          ['not delivered (connection refused)', undelivered],
        ] as const
      ).map(([label, list]) => [label, list.length, countFound(list), list.length - countFound(list)]),
    ],
  );
  const errorTable = markdownTable(
    ['error', 'in fault windows', 'outside'],
    [...errorKinds.entries()]
      .sort((a, b) => b[1].inFaults + b[1].outside - a[1].inFaults - a[1].outside)
      .map(([k, v]) => [k, v.inFaults, v.outside]),
  );
  const verdict = [
    `acknowledged writes missing: ${ackedMissing.length}`,
    `acknowledged with another id than stored: ${ackedWrongId.length}`,
    `markers stored more than once (doubled): ${doubled.length}`,
    `refused or undelivered writes stored anyway: ${refusedButStored}`,
    `rows with a marker never sent: ${strays.length}`,
    `server exits nobody asked for: ${unexpectedExits.length}${unexpectedExits.map((e) => ` (at ${fixed(e.at - loadStart, 1)} s: ${e.code ?? e.signal})`).join('')}`,
    `server process alive at the end: ${serverAlive}, /readyz 200 at the end: ${finalReady}`,
  ];
  console.log(`\n## Load (${connections} connections, ${fixed(elapsed)} s, ${users.length} users)\n\n${loadTable}`);
  console.log(`\n## Faults (seconds after injection)\n\n${faultTable}`);
  console.log(`\n## Writes\n\n${writeTable}\n\n${verdict.map((v) => `- ${v}`).join('\n')}`);
  console.log(`\n## Errors by kind\n\n${errorTable || '(none)'}`);
  console.log(
    `\nload average at start ${loadAverageStart.map((l) => l.toFixed(2)).join(' ')}, at end ${loadAverageEnd.map((l) => l.toFixed(2)).join(' ')}; server log ${logFile}`,
  );
  const file = writeResults('faults', {
    runId,
    connections,
    durationSeconds,
    elapsed,
    ticketCount,
    users: users.map((u) => u.name),
    loadAverageStart,
    loadAverageEnd,
    perKind,
    // Seconds after the start of the load.
    faults: faults.map((f) => ({
      name: f.name,
      injectedAt: f.injectedAt - loadStart,
      backAt: f.backAt === undefined ? null : f.backAt - loadStart,
      readyzAt: f.readyzAt === undefined ? null : f.readyzAt - loadStart,
      firstOkAt: f.firstOkAt === undefined ? null : f.firstOkAt - loadStart,
    })),
    writes: {
      acknowledged: acked.length,
      acknowledgedMissing: ackedMissing.map((s) => s.marker),
      acknowledgedWrongId: ackedWrongId.map((s) => s.marker),
      doubled: doubled.map(([m, ids]) => ({ marker: m, ids })),
      refused: refused.length,
      refusedFound: countFound(refused),
      unavailable: unavailable.length,
      unavailableFound: countFound(unavailable),
      unknown: unknown.length,
      unknownFound: countFound(unknown),
      undelivered: undelivered.length,
      undeliveredFound: countFound(undelivered),
      strays,
    },
    errors: Object.fromEntries(errorKinds),
    serverAlive,
    finalReady,
    unexpectedExits: unexpectedExits.map((e) => ({ ...e, at: e.at - loadStart })),
    readyzLog: readyzLog.map((r) => ({ at: r.at - loadStart, status: r.status })),
  });
  console.log(`results: ${file}`);
  agent.destroy();
  stopping = true;
  await stopServer(server);
  if (
    ackedMissing.length ||
    doubled.length ||
    ackedWrongId.length ||
    refusedButStored ||
    strays.length ||
    unexpectedExits.length ||
    !serverAlive ||
    !finalReady
  ) {
    console.error('FAILED: see the verdict above');
    process.exitCode = 1;
    throw new Error('bench:faults found lost, doubled or unrecovered work');
  }
}

runMain('bench:faults', main);
