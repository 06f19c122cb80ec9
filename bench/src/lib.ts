// Shared plumbing for the benchmarks: settings, starting and stopping the server, temporary
// databases, cleanup on failure, Markdown tables and JSON results. Loopback only (127.0.0.1).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { constants, createHash, publicEncrypt, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type Agent } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const serverMain = join(repoRoot, 'apps/server/dist/main.js');
export const bareServer = join(repoRoot, 'bench/src/bare-server.mjs');
export const resultsDir = join(repoRoot, 'bench/results');
export const host = '127.0.0.1';

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

export type DatabaseKind = 'pglite' | 'pglite-nodemo' | 'pg';
const knownKinds: DatabaseKind[] = ['pglite', 'pglite-nodemo', 'pg'];

function kindsEnv(name: string, fallback: DatabaseKind[]): DatabaseKind[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  const kinds = raw.split(',').map((k) => k.trim());
  for (const kind of kinds)
    if (!knownKinds.includes(kind as DatabaseKind)) throw new Error(`${name}: unknown database "${kind}"`);
  return kinds as DatabaseKind[];
}

/** Every knob is an environment variable, so that a run is bounded and reproducible. */
export const settings = {
  /** Seconds per load measurement (autocannon run, SQL baseline). */
  durationSeconds: numberEnv('BENCH_DURATION', 10),
  /** Seconds of warm-up load before each measured run (JIT, pools, caches). */
  warmupSeconds: numberEnv('BENCH_WARMUP', 2),
  /** Concurrent connections (autocannon) and concurrent workers (SQL baseline). */
  connections: numberEnv('BENCH_CONNECTIONS', 50),
  /** bench:startup: cycles through all databases (cold + warm start each); the table shows medians. */
  starts: Math.max(1, Math.round(numberEnv('BENCH_STARTS', 3))),
  /** Seconds the server idles before its resident memory is read. */
  idleSeconds: numberEnv('BENCH_IDLE_SECONDS', 10),
  /** Give up on a server that is not ready after this many seconds. */
  readyTimeoutSeconds: numberEnv('BENCH_READY_TIMEOUT', 120),
  /** Send SIGKILL to a server that has not exited this many seconds after SIGTERM. */
  stopTimeoutSeconds: numberEnv('BENCH_STOP_TIMEOUT', 30),
  /** Hard limit for a whole script; on expiry it cleans up and exits 1. */
  maxSeconds: numberEnv('BENCH_MAX_SECONDS', 900),
  /** First port used; the scripts use a few consecutive ports from here. */
  basePort: numberEnv('BENCH_PORT', 3900),
  /** Administrative URL of the local PostgreSQL; benchmark databases are created and dropped through it. */
  pgAdminUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  /** The server's LOG_LEVEL (info = as shipped: Fastify logs two lines per request). */
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
  /** Extra node flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=bench/results/profiles". */
  serverNodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  /** Before each measurement, wait up to this many seconds for the rest of the machine to go quiet. */
  quietWaitSeconds: numberEnv('BENCH_QUIET_WAIT', 10),
  /** bench:myinfo also replays the SQL with possible server changes (prepared statements, fewer statements, async commit). */
  whatIf: process.env.BENCH_WHATIF === '1',
  /** Each line's BENCH_DURATION is split into this many slices, interleaved with the other lines' (shared machines). */
  rounds: Math.max(1, Math.round(numberEnv('BENCH_ROUNDS', 5))),
  /** Rebuild apps/server even when dist/main.js exists. */
  forceBuild: process.env.BENCH_BUILD === '1',
};

export const adminPassword = 'Bench@12345';

export const startupKinds = () => kindsEnv('BENCH_DATABASES', ['pglite', 'pglite-nodemo', 'pg']);
export const loadKinds = () => kindsEnv('BENCH_DATABASES', ['pglite', 'pg']);

export const kindLabel: Record<DatabaseKind, string> = {
  pglite: 'PGlite (embedded, demo data)',
  'pglite-nodemo': 'PGlite (embedded, DEMO_DATA=false)',
  pg: 'PostgreSQL 127.0.0.1',
};

// ---------------------------------------------------------------------------------------------
// Cleanup: servers are stopped and temporary databases removed whatever happens.

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void> | void> = [];

export function onCleanup(fn: () => Promise<void> | void) {
  cleanups.push(fn);
}

async function runCleanups() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

/** Runs a benchmark with a hard time limit; servers and databases are cleaned up on every path. */
export function runMain(name: string, body: () => Promise<void>) {
  let finishing = false;
  const finish = async (code: number) => {
    if (finishing) return;
    finishing = true;
    await runCleanups();
    process.exit(code);
  };
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      console.error(`\n${name}: ${signal}, cleaning up`);
      void finish(130);
    });
  // An error event nobody listens to (e.g. a dropped database connection) still cleans up.
  process.on('uncaughtException', (error) => {
    console.error(`${name}: uncaught`, error);
    void finish(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(`${name}: unhandled rejection`, error);
    void finish(1);
  });
  const watchdog = setTimeout(() => {
    console.error(`${name}: exceeded BENCH_MAX_SECONDS=${settings.maxSeconds}, cleaning up`);
    void finish(1);
  }, settings.maxSeconds * 1000);
  watchdog.unref();
  body().then(
    () => finish(0),
    (error: unknown) => {
      console.error(`${name} failed:`, error);
      void finish(1);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Building and running the server.

export function ensureBuilt() {
  if (existsSync(serverMain) && !settings.forceBuild) return;
  console.error('apps/server/dist/main.js missing: building the server');
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
  if (!existsSync(serverMain)) throw new Error('build did not produce apps/server/dist/main.js');
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export type DatabaseTarget = {
  kind: DatabaseKind;
  /** Environment for the server: DATA_DIR or DATABASE_URL, plus DEMO_DATA for the variant. */
  env: Record<string, string>;
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  /** Drops the database or removes the directory (also registered as a cleanup). */
  dispose(): Promise<void>;
};

/** A brand-new empty database of the given kind: a temporary DATA_DIR or a freshly created PostgreSQL database. */
export async function freshDatabase(kind: DatabaseKind): Promise<DatabaseTarget> {
  if (kind === 'pg') {
    const name = `casedesk_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: settings.pgAdminUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(settings.pgAdminUrl);
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') throw new Error('BENCH_PG_URL must be loopback');
    url.pathname = `/${name}`;
    let dropped = false;
    const dispose = async () => {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: settings.pgAdminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    };
    onCleanup(dispose);
    return { kind, env: { DATABASE_URL: url.toString() }, dataDir: undefined, databaseUrl: url.toString(), dispose };
  }
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-bench-data-'));
  let removed = false;
  const dispose = async () => {
    if (removed) return;
    removed = true;
    rmSync(dir, { recursive: true, force: true });
  };
  onCleanup(dispose);
  const env: Record<string, string> = { DATA_DIR: dir };
  if (kind === 'pglite-nodemo') env.DEMO_DATA = 'false';
  return { kind, env, dataDir: dir, databaseUrl: undefined, dispose };
}

export type RunningServer = {
  child: ChildProcess;
  pid: number;
  port: number;
  logFile: string;
  /** Milliseconds from spawn until /readyz answered 200. */
  script: string;
  readyMs: number;
  /** CPU time (user + system) the process had used when /readyz first answered 200: robust to other load. */
  cpuMsAtReady: number | undefined;
  /** performance.now() at spawn: to place a measurement inside the server's --cpu-prof profile. */
  spawnedAt: number;
  /**
   * What the server itself logged as startupMs (module load excluded), when LOG_LEVEL lets it log. Read it a
   * moment after readiness: /readyz can answer before the log line is written.
   */
  reportedStartupMs(): number | undefined;
};

function httpStatus(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export { sleep };

/** Starts `node apps/server/dist/main.js` (or another script) and waits for /readyz = 200, polling every 10 ms. */
export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  logFile: string;
  script?: string;
}): Promise<RunningServer> {
  const fd = openSync(options.logFile, 'a');
  const started = performance.now();
  const script = options.script ?? serverMain;
  const nodeArgs = script === serverMain ? settings.serverNodeArgs : [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: repoRoot,
    stdio: ['ignore', fd, fd],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(options.port),
      HOST: host,
      ADMIN_PASSWORD: adminPassword,
      RATE_LIMIT_MAX: '0',
      LOGIN_RATE_LIMIT_MAX: '0',
      ACCESS_TOKEN_MINUTES: '120',
      LOG_LEVEL: settings.logLevel,
      // One process unless asked: CPU per request is read off this pid (a cluster's primary serves nothing).
      WORKERS: process.env.BENCH_WORKERS ?? '1',
      ...options.env,
    },
  });
  closeSync(fd);
  children.add(child);
  child.on('exit', () => children.delete(child));
  if (child.pid === undefined) throw new Error('server did not spawn');
  const deadline = started + settings.readyTimeoutSeconds * 1000;
  const url = `http://${host}:${options.port}/readyz`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before ready (${child.exitCode ?? child.signalCode}):\n${tail(options.logFile)}`);
    if ((await httpStatus(url, 1000)) === 200) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${settings.readyTimeoutSeconds} s:\n${tail(options.logFile)}`);
    }
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  const cpuMsAtReady = processCpuMs(child.pid);
  return {
    cpuMsAtReady,
    child,
    pid: child.pid,
    port: options.port,
    logFile: options.logFile,
    script,
    readyMs,
    spawnedAt: started,
    reportedStartupMs: () => reportedStartup(options.logFile),
  };
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The startupMs of the last "Casedesk is ready" line in the log. */
function reportedStartup(file: string): number | undefined {
  const lines = readFileSync(file, 'utf8').split('\n').reverse();
  for (const line of lines) {
    if (!line.includes('Casedesk is ready')) continue;
    try {
      const parsed = JSON.parse(line) as { startupMs?: unknown };
      if (typeof parsed.startupMs === 'number') return parsed.startupMs;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type StopResult = { ms: number; code: number | null; signal: string | null; killed: boolean };

/** SIGTERM and wait for the exit (SIGKILL after BENCH_STOP_TIMEOUT). */
export async function stopServer(server: RunningServer): Promise<StopResult> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null)
    return { ms: 0, code: child.exitCode, signal: child.signalCode, killed: false };
  const started = performance.now();
  let killed = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, settings.stopTimeoutSeconds * 1000);
  await exited;
  clearTimeout(timer);
  return { ms: performance.now() - started, code: child.exitCode, signal: child.signalCode, killed };
}

/** User + system CPU time of a process so far, in ms (10 ms resolution), from /proc/<pid>/stat. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(rest[11]) + Number(rest[12])) / clockTicks) * 1000;
  } catch {
    return undefined;
  }
}

/** VmRSS (and peak VmHWM) of a process in MiB, from /proc/<pid>/status. */
export function memoryOf(pid: number): { rssMiB: number; hwmMiB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMiB: kb('VmRSS') / 1024, hwmMiB: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Process ids of the PostgreSQL backends connected to one database. */
export async function postgresBackendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: settings.pgAdminUrl });
  await client.connect();
  try {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** PostgreSQL backends serving one database, and their summed VmRSS (shared buffers counted once per backend). */
export async function postgresBackends(databaseUrl: string): Promise<{ count: number; rssMiB: number }> {
  const client = new pg.Client({ connectionString: settings.pgAdminUrl });
  await client.connect();
  try {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    let rssMiB = 0;
    for (const row of rows) rssMiB += memoryOf(row.pid)?.rssMiB ?? 0;
    return { count: rows.length, rssMiB };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Talking to the API.

type Envelope<T> = { resultCode: number; resultMsg: string; data: T };

/** Builds `Auth-Token` headers the way the web client does (contract section 3). */
export function authTokenFactory(publicKeyPem: string) {
  return (): string =>
    publicEncrypt(
      { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(`${randomBytes(16).toString('hex')}:${Math.floor(Date.now() / 1000)}`),
    ).toString('base64');
}

export async function callApi<T>(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Envelope<T>> {
  const response = await fetch(`http://${host}:${port}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Envelope<T>;
}

/** What a load request got back: HTTP status and envelope, or the socket error ('timeout', 'ECONNREFUSED', …). */
export type SendAnswer = {
  status: number;
  resultCode?: number;
  resultMsg?: string;
  data?: unknown;
  error?: string;
  body?: Buffer;
};

/**
 * A load client's request function: a fresh Auth-Token and the bearer token on every request, a keep-alive agent,
 * and an answer (never a throw) even when the connection fails. `raw` sends a ready-made body (a multipart upload);
 * `port` sends to another server than the default; `keepBody` returns the bytes (a download) instead of parsing.
 */
export function createSender(options: { port: number; agent: Agent; authToken: () => string; timeoutMs: number }) {
  return (
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body?: unknown,
    extra: { raw?: { data: Buffer; contentType: string }; port?: number; keepBody?: boolean } = {},
  ): Promise<SendAnswer> =>
    new Promise((resolve) => {
      const payload = extra.raw?.data ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
      const contentType = extra.raw?.contentType ?? 'application/json';
      const req = httpRequest(
        {
          host,
          port: extra.port ?? options.port,
          method,
          path,
          agent: options.agent,
          headers: {
            'auth-token': options.authToken(),
            authorization: `Bearer ${token}`,
            ...(payload === undefined ? {} : { 'content-type': contentType, 'content-length': payload.length }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => resolve({ status: 0, error: error.message }));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (extra.keepBody && res.statusCode === 200) return resolve({ status: 200, body: bytes });
            try {
              const parsed = JSON.parse(bytes.toString('utf8')) as {
                resultCode?: number;
                resultMsg?: string;
                data?: unknown;
              };
              const { resultCode, resultMsg, data } = parsed;
              resolve({ status: res.statusCode ?? 0, resultCode, resultMsg, data });
            } catch {
              resolve({ status: res.statusCode ?? 0 });
            }
          });
        },
      );
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, error: error.code ?? error.message }));
      req.end(payload);
    });
}

export type Session = { token: string; publicKeyPem: string; userId: number; sessionId: string };

/** Fetches the public key and signs in as admin through the API. */
export async function signInAsAdmin(port: number): Promise<Session> {
  const publicKeyPem = (await callApi<string>(port, 'GET', '/api/token/PublicKey')).data;
  const newAuthToken = authTokenFactory(publicKeyPem);
  const login = await callApi<{ token: string }>(
    port,
    'POST',
    '/api/token/Login',
    { 'auth-token': newAuthToken() },
    { userName: 'admin', password: adminPassword },
  );
  const token = login.data.token;
  // The access token is an HS256 JWT: sub = user id, sid = session id (read, not verified: only for the SQL baseline).
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
    sid: string;
  };
  return { token, publicKeyPem, userId: Number(payload.sub), sessionId: payload.sid };
}

// ---------------------------------------------------------------------------------------------
// Reporting.

export function machine() {
  const cpuList = cpus();
  return {
    cores: cpuList.length,
    cpuModel: cpuList[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** Which server build was measured: the build changes as the code does, and the numbers with it. */
export function serverBuild() {
  try {
    const code = readFileSync(serverMain);
    let commit = 'unknown';
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    } catch {
      // not a git checkout
    }
    return {
      bytes: code.length,
      builtAt: statSync(serverMain).mtime.toISOString(),
      sha256: createHash('sha256').update(code).digest('hex').slice(0, 12),
      commit,
    };
  } catch {
    return undefined;
  }
}

export function buildLine(): string {
  const build = serverBuild();
  return build
    ? `server build dist/main.js ${Math.round(build.bytes / 1024)} KiB, built ${build.builtAt}, sha256 ${build.sha256}, HEAD ${build.commit}`
    : 'server build: none';
}

export function machineLine(): string {
  const m = machine();
  return `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB RAM, Node ${m.node}, ${m.platform}`;
}

export function markdownTable(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(headers), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n');
}

export const fixed = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);

export function writeResults(name: string, data: unknown): string {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(resultsDir, `${name}-${stamp}.json`);
  const safeSettings = { ...settings, pgAdminUrl: settings.pgAdminUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@') };
  const json = JSON.stringify(
    {
      benchmark: name,
      at: new Date().toISOString(),
      machine: machine(),
      serverBuild: serverBuild(),
      settings: safeSettings,
      data,
    },
    null,
    2,
  );
  writeFileSync(file, json);
  writeFileSync(join(resultsDir, `${name}-latest.json`), json);
  return file;
}

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc: who used the cores during a measurement (the machine is shared).

const clockTicks = 100; // USER_HZ on Linux

type ProcessTicks = { comm: string; ticks: number; systemTicks: number };
type CpuSnapshot = {
  at: number;
  machineBusy: number;
  perPid: Map<number, ProcessTicks>;
  /** Main-thread ticks of processes asked for (the event loop, as against GC, compiler and thread-pool threads). */
  mainThread: Map<number, number>;
};

function machineBusyTicks(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/);
  const values = fields.map(Number);
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  return total - (values[3] ?? 0) - (values[4] ?? 0); // minus idle and iowait
}

function processTicks(): Map<number, ProcessTicks> {
  const perPid = new Map<number, ProcessTicks>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const rest = stat.slice(close + 2).split(' ');
      // Fields 14 and 15 (utime, stime); rest starts at field 3.
      perPid.set(Number(entry), {
        comm,
        ticks: Number(rest[11]) + Number(rest[12]),
        systemTicks: Number(rest[12]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return perPid;
}

function mainThreadTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return undefined;
  }
}

export function cpuSnapshot(mainThreadOf: number[] = []): CpuSnapshot {
  const mainThread = new Map<number, number>();
  for (const pid of mainThreadOf) {
    const ticks = mainThreadTicks(pid);
    if (ticks !== undefined) mainThread.set(pid, ticks);
  }
  return { at: performance.now(), machineBusy: machineBusyTicks(), perPid: processTicks(), mainThread };
}

export type CpuUsage = {
  server: number;
  /** Of `server`: kernel time (system calls, and on loopback the receiving side's TCP work too). */
  serverSystem: number;
  /** Of `server`: the main thread (the event loop), when the snapshot was asked for it. */
  serverMainThread: number;
  loadGenerator: number;
  postgres: number;
  other: number;
  total: number;
  seconds: number;
};

/** Cores used since the snapshot: the server process, this process (load generator), PostgreSQL, everything else. */
/**
 * Cores used since the snapshot: the server process, this process (load generator / SQL client), the
 * PostgreSQL backends serving the benchmark database (other databases' backends count as "other"), the rest.
 */
export function cpuSince(
  start: CpuSnapshot,
  serverPid: number | undefined,
  postgresPids: ReadonlySet<number> = new Set(),
): CpuUsage {
  const end = cpuSnapshot(serverPid === undefined ? [] : [serverPid]);
  const seconds = (end.at - start.at) / 1000;
  const cores = (ticks: number) => ticks / clockTicks / seconds;
  let server = 0;
  let serverSystem = 0;
  let loadGenerator = 0;
  let postgres = 0;
  for (const [pid, now] of end.perPid) {
    const delta = now.ticks - (start.perPid.get(pid)?.ticks ?? 0);
    if (pid === serverPid) {
      server += delta;
      serverSystem += now.systemTicks - (start.perPid.get(pid)?.systemTicks ?? 0);
    } else if (pid === process.pid) loadGenerator += delta;
    else if (postgresPids.has(pid)) postgres += delta;
  }
  const total = end.machineBusy - start.machineBusy;
  return {
    server: cores(server),
    serverSystem: cores(serverSystem),
    serverMainThread:
      serverPid !== undefined && start.mainThread.has(serverPid) && end.mainThread.has(serverPid)
        ? cores(end.mainThread.get(serverPid)! - start.mainThread.get(serverPid)!)
        : NaN,
    loadGenerator: cores(loadGenerator),
    postgres: cores(postgres),
    other: Math.max(0, cores(total - server - loadGenerator - postgres)),
    total: cores(total),
    seconds,
  };
}

export const cpuText = (u: CpuUsage) =>
  `server ${u.server.toFixed(2)}, bench ${u.loadGenerator.toFixed(2)}, postgres ${u.postgres.toFixed(2)}, other ${u.other.toFixed(2)}`;

/**
 * Waits (at most BENCH_QUIET_WAIT seconds) until the rest of the machine uses less than 0.3 of a core,
 * so that a concurrent test run elsewhere does not skew a measurement. Returns the cores others used last.
 */
export async function waitForQuiet(): Promise<{ waitedSeconds: number; otherCores: number }> {
  const started = performance.now();
  for (;;) {
    const snapshot = cpuSnapshot();
    await sleep(1000);
    const { total } = cpuSince(snapshot, undefined);
    const waitedSeconds = (performance.now() - started) / 1000;
    if (total < 0.3 || waitedSeconds >= settings.quietWaitSeconds) {
      if (total >= 0.3)
        console.error(`  machine still busy (${total.toFixed(2)} cores used by others); measuring anyway`);
      return { waitedSeconds, otherCores: total };
    }
  }
}

/** A positive number from the environment, or the fallback; anything else stops the bench with the variable's name. */
export function positiveEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export type TsProcess = { pid: number; name: string; stop(): Promise<void> };

/**
 * Starts one of the server's TypeScript test processes (`apps/server/test/<script>`, run with tsx) and waits until
 * it prints `ready`; it is stopped (SIGTERM, then SIGKILL after 20 s) by `stop()` or at the bench's cleanup.
 */
export async function startTsProcess(name: string, script: string, env: Record<string, string>): Promise<TsProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: join(repoRoot, 'apps/server'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  onCleanup(stop);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`${name} exited before it was ready`)));
  });
  return { pid: child.pid!, name, stop };
}

/** Runs `work` in one transaction on a client of its own. */
export async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
