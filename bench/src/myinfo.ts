// bench:myinfo - GET /api/token/GetMyInfo under load (signed in, a fresh Auth-Token per request)
// against a bare Fastify route with the same autocannon settings, and the SQL the server runs per
// GetMyInfo request replayed without the app (bare `pg` pool / direct PGlite) at the same
// concurrency. Also the CPU cost of each per-request step, measured alone.
import {
  constants,
  createHash,
  createHmac,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { jwtVerify, SignJWT } from 'jose';
import pg from 'pg';
import { envelopeSchema, myInfoSchema } from '@casedesk/shared';
import {
  authTokenFactory,
  bareServer,
  cpuSince,
  cpuSnapshot,
  cpuText,
  ensureBuilt,
  fixed,
  freshDatabase,
  host,
  kindLabel,
  loadKinds,
  buildLine,
  machineLine,
  markdownTable,
  memoryOf,
  runMain,
  serverMain,
  settings,
  signInAsAdmin,
  startServer,
  stopServer,
  tempDir,
  waitForQuiet,
  writeResults,
  postgresBackendPids,
  type CpuUsage,
  type DatabaseKind,
  type DatabaseTarget,
  type RunningServer,
  type Session,
} from './lib.js';
import { startSqlCapture, type CapturedStatement } from './sql-capture.js';

// ---------------------------------------------------------------------------------------------
// The statements one GetMyInfo request runs. Captured from the built server at the start of each
// run (see sql-capture.ts), so the baseline follows the server's code. The copy below (platform/
// auth-token.ts, platform/actor.ts, auth.service.ts myInfo() as of the first bench commit) is only
// used when the capture is impossible (no PostgreSQL).

const fallbackStatements: CapturedStatement[] = [
  {
    text: `insert into "auth_nonce" ("nonce", "seen_at") values ($1, default) on conflict do nothing returning "nonce"`,
    params: ['0'.repeat(32)],
    at: 0,
  },
  {
    text: `select u.id, u.login_name, u.status, u.locked_at, u.deleted_at, u.need_to_change_pwd, u.private_ticket,
          s.revoked_at, s.expires_at,
          coalesce((select array_agg(distinct p.code) from user_role ur
                     join role r on r.id = ur.role_id and r.enabled
                     join role_permission rp on rp.role_id = r.id
                     join permission p on p.id = rp.permission_id and p.enabled
                    where ur.user_id = u.id), '{}') as permissions,
          coalesce((select array_agg(r.code order by r.sort, r.id) from user_role ur
                     join role r on r.id = ur.role_id and r.enabled where ur.user_id = u.id), '{}') as roles,
          coalesce((select array_agg(up.project_id order by up.project_id) from user_project up
                    where up.user_id = u.id), '{}') as projects
        from app_user u join user_session s on s.user_id = u.id
       where u.id = $1 and s.id = $2`,
    params: ['1', 'SESSION'],
    at: 0,
  },
  {
    text: `select "id", "row_version", "created_at", "created_by", "modified_at", "modified_by", "login_name", "password_hash", "real_name", "last_name", "full_name", "email", "mobile", "status", "dept_id", "position_id", "user_type", "language", "time_zone", "location", "job_title", "escalation", "photo", "remark", "sex", "birth", "address", "master_user", "private_ticket", "can_email", "incident_email_notify", "need_to_change_pwd", "error_count", "last_error_time", "locked_at", "last_login_time", "last_login_ip", "password_changed_at", "deleted_at", "deleted_by" from "app_user" where "app_user"."id" = $1`,
    params: ['1'],
    at: 0,
  },
  {
    text: `select r.name from user_role ur join role r on r.id = ur.role_id and r.enabled where ur.user_id = $1 order by r.sort, r.id`,
    params: ['1'],
    at: 0,
  },
];

// What-if: myInfo's two statements (user row, role names) as one, reading only the columns it answers with.
const myInfoSelect = `select u.id, u.login_name, u.photo, u.last_login_time, u.real_name, u.last_name, u.last_login_ip, u.user_type,
          u.language, u.private_ticket, u.need_to_change_pwd, u.email, u.mobile,
          coalesce((select array_agg(r.name order by r.sort, r.id) from user_role ur
                     join role r on r.id = ur.role_id and r.enabled where ur.user_id = u.id), '{}') as role_names
        from app_user u where u.id = $1`;
const isUserSelect = (text: string) => /^select "id", .* from "app_user" where "app_user"\."id" = \$1$/s.test(text);
const isRoleNamesSelect = (text: string) => /^select r\.name from user_role ur/.test(text);

type Exec = (text: string, params: unknown[]) => Promise<unknown>;
type Statement = { name: string; text: string; run: (exec: Exec) => Promise<unknown> };
type RequestSql = { statements: CapturedStatement[]; sessionId: string; source: string; notes: string[] };

function describe(text: string): string {
  if (/^with claimed as/.test(text.trim())) return 'nonce claim + actor select, one statement (platform/actor.ts)';
  if (/insert into "?auth_nonce"?/.test(text)) return 'nonce insert (platform/auth-token.ts)';
  if (/from app_user u join user_session s/.test(text)) return 'actor select (platform/actor.ts)';
  if (isUserSelect(text)) return 'user row, all 40 columns (myInfo)';
  if (isRoleNamesSelect(text)) return 'role names (myInfo)';
  if (text === myInfoSelect) return 'user row + role names in one select (what-if)';
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}

/** Replays captured statements: a fresh 32-hex value for each nonce, the measured run's session id. */
function replayable(sql: RequestSql, session: Session, options: { foldMyInfo?: boolean } = {}): Statement[] {
  let captured = sql.statements;
  if (options.foldMyInfo) {
    const first = captured.findIndex((s) => isUserSelect(s.text) || isRoleNamesSelect(s.text));
    const at = captured.slice(0, first).length;
    captured = captured.filter((s) => !isUserSelect(s.text) && !isRoleNamesSelect(s.text));
    captured.splice(at, 0, { text: myInfoSelect, params: [String(session.userId)], at: 0 });
  }
  return captured.map((statement) => ({
    name: describe(statement.text),
    text: statement.text,
    run: (exec) =>
      exec(
        statement.text,
        statement.params.map((p) =>
          p === sql.sessionId || p === 'SESSION'
            ? session.sessionId
            : p !== null && /^[0-9a-f]{32}$/.test(p)
              ? randomBytes(16).toString('hex')
              : p,
        ),
      ),
  }));
}

const canFold = (sql: RequestSql) =>
  sql.statements.some((s) => isUserSelect(s.text)) && sql.statements.some((s) => isRoleNamesSelect(s.text));

/**
 * Runs the built server once against a scratch PostgreSQL database through the capturing relay, signs in,
 * and records what the second GetMyInfo request sends (the first one may warm caches).
 */
async function captureRequestSql(logs: string): Promise<RequestSql> {
  const database = await freshDatabase('pg');
  const upstream = new URL(database.databaseUrl!);
  const capture = await startSqlCapture({ host: upstream.hostname, port: Number(upstream.port || 5432) });
  const viaRelay = new URL(upstream);
  viaRelay.port = String(capture.port);
  const server = await startServer({
    port: settings.basePort + 2,
    env: { DATABASE_URL: viaRelay.toString() },
    logFile: join(logs, 'capture.log'),
  });
  try {
    const session = await signInAsAdmin(server.port);
    const newAuthToken = authTokenFactory(session.publicKeyPem);
    const request = async () => {
      const response = await fetch(`http://${host}:${server.port}/api/token/GetMyInfo`, {
        headers: { authorization: `Bearer ${session.token}`, 'auth-token': newAuthToken() },
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      if (response.status !== 200) throw new Error(`GetMyInfo answered ${response.status}`);
    };
    await request();
    const from = capture.statements.length;
    await request();
    const during = capture.statements.slice(from);
    // The request log is written in batches by a timer, not by the request: left out, and said so.
    const statements = during.filter((s) => !/"request_log"/.test(s.text));
    const notes =
      statements.length < during.length ? ['a batched request_log insert landed in the window and was left out'] : [];
    return { statements, sessionId: session.sessionId, source: 'captured from the built server', notes };
  } finally {
    await stopServer(server);
    await capture.stop();
    await database.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements. The machine may be shared, and other load comes and goes: so the targets of a phase
// are measured in interleaved slices (BENCH_ROUNDS rounds, each giving every target
// BENCH_DURATION / BENCH_ROUNDS seconds, the order rotating per round), and each line adds up its
// slices. Whatever the background does then hits every target alike.

type SliceOutcome = { requests: number; non2xx: number; errors: number };

type Target = {
  target: string;
  database: string;
  /** The server process whose CPU is this target's, if any. */
  server?: RunningServer;
  /** The database whose PostgreSQL backends' CPU is this target's, if any. */
  databaseUrl?: string;
  /** Loads the target for `seconds`, pushing every request's latency (ms) into `latencies`. */
  slice(seconds: number, latencies: number[]): Promise<SliceOutcome>;
};

type LoadLine = {
  target: string;
  database: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  /** Average cores used while this target was loaded. */
  cpu: CpuUsage;
  /** CPU time per request in microseconds: much less sensitive to other load than req/s. */
  cpuUsPerRequest: { server: number; serverSystem: number; serverMainThread: number; bench: number; postgres: number };
  /** Seconds after the server's spawn from the first to the last slice (for --cpu-prof profiles). */
  profileWindow?: { pid: number; from: number; to: number };
  slices: Array<{ rps: number; otherCores: number }>;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function interleave(phase: string, targets: Target[]): Promise<LoadLine[]> {
  const rounds = settings.rounds;
  const sliceSeconds = settings.durationSeconds / rounds;
  if (settings.warmupSeconds > 0) {
    console.error(`${phase}: warm-up, ${settings.warmupSeconds} s per target`);
    for (const t of targets) await t.slice(settings.warmupSeconds, []);
  }
  const acc = targets.map(() => ({
    latencies: [] as number[],
    requests: 0,
    non2xx: 0,
    errors: 0,
    seconds: 0,
    coreSeconds: { server: 0, serverSystem: 0, serverMainThread: 0, loadGenerator: 0, postgres: 0, other: 0, total: 0 },
    slices: [] as Array<{ rps: number; otherCores: number }>,
    from: Infinity,
    to: 0,
  }));
  for (let round = 0; round < rounds; round++) {
    await waitForQuiet();
    console.error(`${phase}: round ${round + 1}/${rounds} (${targets.length} targets × ${sliceSeconds.toFixed(1)} s)`);
    for (let k = 0; k < targets.length; k++) {
      const index = (k + round) % targets.length;
      const t = targets[index]!;
      const a = acc[index]!;
      const backendsBefore = t.databaseUrl ? await postgresBackendPids(t.databaseUrl) : [];
      const snapshot = cpuSnapshot(t.server ? [t.server.pid] : []);
      if (t.server) a.from = Math.min(a.from, (performance.now() - t.server.spawnedAt) / 1000);
      const outcome = await t.slice(sliceSeconds, a.latencies);
      const backends = new Set([...backendsBefore, ...(t.databaseUrl ? await postgresBackendPids(t.databaseUrl) : [])]);
      const cpu = cpuSince(snapshot, t.server?.pid, backends);
      if (t.server) a.to = (performance.now() - t.server.spawnedAt) / 1000;
      a.requests += outcome.requests;
      a.non2xx += outcome.non2xx;
      a.errors += outcome.errors;
      a.seconds += cpu.seconds;
      a.coreSeconds.server += cpu.server * cpu.seconds;
      a.coreSeconds.serverSystem += cpu.serverSystem * cpu.seconds;
      if (!Number.isNaN(cpu.serverMainThread)) a.coreSeconds.serverMainThread += cpu.serverMainThread * cpu.seconds;
      a.coreSeconds.loadGenerator += cpu.loadGenerator * cpu.seconds;
      a.coreSeconds.postgres += cpu.postgres * cpu.seconds;
      a.coreSeconds.other += cpu.other * cpu.seconds;
      a.coreSeconds.total += cpu.total * cpu.seconds;
      a.slices.push({ rps: outcome.requests / cpu.seconds, otherCores: cpu.other });
    }
  }
  return targets.map((t, i) => {
    const a = acc[i]!;
    a.latencies.sort((x, y) => x - y);
    const perRequest = (coreSeconds: number) => (a.requests > 0 ? (coreSeconds * 1e6) / a.requests : NaN);
    const line: LoadLine = {
      target: t.target,
      database: t.database,
      rps: a.requests / a.seconds,
      p50: percentile(a.latencies, 50),
      p99: percentile(a.latencies, 99),
      requests: a.requests,
      non2xx: a.non2xx,
      errors: a.errors,
      seconds: a.seconds,
      cpu: {
        server: a.coreSeconds.server / a.seconds,
        serverSystem: a.coreSeconds.serverSystem / a.seconds,
        serverMainThread: a.coreSeconds.serverMainThread / a.seconds,
        loadGenerator: a.coreSeconds.loadGenerator / a.seconds,
        postgres: a.coreSeconds.postgres / a.seconds,
        other: a.coreSeconds.other / a.seconds,
        total: a.coreSeconds.total / a.seconds,
        seconds: a.seconds,
      },
      cpuUsPerRequest: {
        server: perRequest(a.coreSeconds.server),
        serverSystem: perRequest(a.coreSeconds.serverSystem),
        serverMainThread: perRequest(a.coreSeconds.serverMainThread),
        bench: perRequest(a.coreSeconds.loadGenerator),
        postgres: perRequest(a.coreSeconds.postgres),
      },
      slices: a.slices,
    };
    if (t.server) {
      line.profileWindow = { pid: t.server.pid, from: a.from, to: a.to };
      if (settings.serverNodeArgs.includes('--cpu-prof') && t.server.script === serverMain)
        console.error(`  profile window of pid ${t.server.pid}: --from=${a.from.toFixed(1)} --to=${a.to.toFixed(1)}`);
    }
    return line;
  });
}

/** An HTTP target: autocannon, a fresh Auth-Token per request (built in setupRequest), the bearer token. */
function httpTarget(target: string, database: string, server: RunningServer, session: Session, databaseUrl?: string) {
  const newAuthToken = authTokenFactory(session.publicKeyPem);
  const headers = { authorization: `Bearer ${session.token}`, accessurl: `http://${host}/bench` };
  const t: Target = {
    target,
    database,
    server,
    slice: (seconds, latencies) =>
      new Promise<SliceOutcome>((resolve, reject) => {
        const instance = autocannon(
          {
            url: `http://${host}:${server.port}`,
            connections: settings.connections,
            duration: seconds,
            requests: [
              {
                method: 'GET',
                path: '/api/token/GetMyInfo',
                // A fresh Auth-Token for every request: the server refuses a nonce it has seen.
                setupRequest: (request) => ({ ...request, headers: { ...headers, 'auth-token': newAuthToken() } }),
              },
            ],
          },
          (error, result) => {
            if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolve({ requests: result.requests.total, non2xx: result.non2xx, errors: result.errors });
          },
        );
        instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
      }),
  };
  if (databaseUrl) t.databaseUrl = databaseUrl;
  return t;
}

/** A SQL target: the request's statements in order per worker, `connections` workers at once. */
function sqlTarget(target: string, database: string, exec: Exec, statements: Statement[], databaseUrl?: string) {
  const t: Target = {
    target,
    database,
    slice: async (seconds, latencies) => {
      const deadline = performance.now() + seconds * 1000;
      let requests = 0;
      let errors = 0;
      let firstError: string | undefined;
      await Promise.all(
        Array.from({ length: settings.connections }, async () => {
          while (performance.now() < deadline) {
            const t0 = performance.now();
            try {
              for (const statement of statements) await statement.run(exec);
              latencies.push(performance.now() - t0);
              requests++;
            } catch (error) {
              errors++;
              firstError ??= error instanceof Error ? error.message : String(error);
            }
          }
        }),
      );
      if (firstError) console.error(`  ${target}: ${errors} SQL errors, first: ${firstError}`);
      return { requests, non2xx: 0, errors };
    },
  };
  if (databaseUrl) t.databaseUrl = databaseUrl;
  return t;
}

/** Each statement alone, one at a time (no queueing), interleaved over the rounds: the database's own latency. */
async function serialStatements(exec: Exec, statements: Statement[]) {
  const sliceMs = Math.max(50, (Math.min(2, Math.max(0.5, settings.durationSeconds / 5)) * 1000) / settings.rounds);
  const times = statements.map(() => [] as number[]);
  for (let round = 0; round < settings.rounds; round++)
    for (let i = 0; i < statements.length; i++) {
      const deadline = performance.now() + sliceMs;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await statements[i]!.run(exec);
        times[i]!.push((performance.now() - t0) * 1000);
      }
    }
  return statements.map((statement, i) => {
    const sorted = times[i]!.sort((a, b) => a - b);
    return {
      statement: statement.name,
      medianUs: percentile(sorted, 50),
      p99Us: percentile(sorted, 99),
      runs: sorted.length,
    };
  });
}

type ClientOptions = { prepared?: boolean; asyncCommit?: boolean };
type SqlClient = { exec: Exec; close(): Promise<void> };

/** A bare pg pool like the server's (openPostgres: max 20), or PGlite opened directly on a data directory. */
async function openSqlClient(
  kind: DatabaseKind,
  target: { dataDir?: string | undefined; databaseUrl?: string | undefined },
  options: ClientOptions = {},
): Promise<SqlClient> {
  if (kind === 'pg') {
    // drizzle sends unnamed statements, which PostgreSQL parses and plans every time.
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 20,
      ...(options.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
    });
    pool.on('error', (error) => console.error(`  pg pool: ${error.message}`)); // a dropped idle client must not crash the run
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      let name = names.get(text);
      if (!name) names.set(text, (name = `s${createHash('sha1').update(text).digest('hex').slice(0, 12)}`));
      return name;
    };
    return {
      exec: options.prepared
        ? (text, params) => pool.query({ name: nameOf(text), text, values: params })
        : (text, params) => pool.query(text, params),
      close: () => pool.end(),
    };
  }
  // The server opens PGlite with its extensions (pg_trgm); these statements do not need them.
  const client = await PGlite.create(join(target.dataDir!, 'pgdata'));
  return { exec: (text, params) => client.query(text, params), close: () => client.close() };
}

/**
 * CPU cost of each per-request step alone, on one core, in microseconds: ten interleaved rounds per step,
 * the fastest round kept (the machine may be shared; the fastest round is the least disturbed one).
 */
async function stepCosts(myInfoBody: unknown) {
  const roundMs = Math.max(100, (Math.min(2, Math.max(0.5, settings.durationSeconds / 5)) * 1000) / 10);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 }); // as platform/secrets.ts
  const oaep = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  const header = publicEncrypt({ key: publicKey, ...oaep }, Buffer.from(`${randomBytes(16).toString('hex')}:1`));
  const secret = randomBytes(64); // as platform/secrets.ts
  const jwt = await new SignJWT({ sid: randomBytes(16).toString('hex'), typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('1')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(secret);
  const cryptoKey = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const hmacVerify = () => {
    const [head = '', payload = '', signature = ''] = jwt.split('.');
    const mac = createHmac('sha256', secret).update(`${head}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (mac.length !== given.length || !timingSafeEqual(mac, given)) throw new Error('bad signature');
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  };
  const schema = envelopeSchema(myInfoSchema);
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/api/token/GetMyInfo' });

  const steps: Array<{ step: string; where: string; fn: () => unknown }> = [
    {
      step: 'RSA-OAEP-SHA256 decrypt, 2048-bit (Auth-Token)',
      where: 'server',
      fn: () => privateDecrypt({ key: privateKey, ...oaep }, header),
    },
    {
      step: 'HS256 JWT verify, jose with the raw secret (as the server)',
      where: 'server',
      fn: () => jwtVerify(jwt, secret, { algorithms: ['HS256'] }),
    },
    {
      step: 'what-if: jose with a CryptoKey imported once',
      where: 'server',
      fn: () => jwtVerify(jwt, cryptoKey, { algorithms: ['HS256'] }),
    },
    { step: 'what-if: node:crypto createHmac + timingSafeEqual', where: 'server', fn: hmacVerify },
    {
      step: 'zod encode + JSON.stringify of the response (type-provider serializer)',
      where: 'server',
      fn: () => serialize(myInfoBody),
    },
    {
      step: 'JSON.stringify of the same response (bare Fastify, no schema)',
      where: 'server',
      fn: () => JSON.stringify(myInfoBody),
    },
    {
      step: 'RSA-OAEP-SHA256 encrypt (building the Auth-Token)',
      where: 'load generator',
      fn: () => publicEncrypt({ key: publicKey, ...oaep }, Buffer.from(`${randomBytes(16).toString('hex')}:1`)),
    },
  ];
  const best = new Map<string, number>();
  for (const { fn } of steps) for (let i = 0; i < 100; i++) await fn(); // warm-up
  for (let round = 0; round < 10; round++) {
    for (const { step, fn } of steps) {
      let runs = 0;
      const started = performance.now();
      const deadline = started + roundMs;
      while (performance.now() < deadline) {
        for (let i = 0; i < 10; i++) await fn();
        runs += 10;
      }
      const us = ((performance.now() - started) * 1000) / runs;
      best.set(step, Math.min(best.get(step) ?? Infinity, us));
    }
  }
  return steps.map(({ step, where }) => {
    const us = best.get(step)!;
    return { step, where, us, perCoreOpsPerSecond: 1e6 / us };
  });
}

// ---------------------------------------------------------------------------------------------

runMain('bench:myinfo', async () => {
  ensureBuilt();
  const logs = tempDir('casedesk-bench-logs-');
  const kinds = loadKinds();
  console.error(
    `bench:myinfo on ${machineLine()}; ${settings.connections} connections, ${settings.durationSeconds} s per line in ${settings.rounds} interleaved rounds (+${settings.warmupSeconds} s warm-up), server LOG_LEVEL=${settings.logLevel}`,
  );

  let requestSql: RequestSql;
  try {
    console.error('capturing the SQL of one GetMyInfo request');
    requestSql = await captureRequestSql(logs);
  } catch (error) {
    console.error(
      `  capture failed (${error instanceof Error ? error.message : String(error)}); using the built-in copy`,
    );
    requestSql = {
      statements: fallbackStatements,
      sessionId: 'SESSION',
      source: 'built-in copy (may be stale)',
      notes: [],
    };
  }
  const sqlListing = requestSql.statements
    .map(
      (s, i) =>
        `${i + 1}. ${describe(s.text)}: \`${s.text.replace(/\s+/g, ' ').slice(0, 160)}${s.text.length > 160 ? '…' : ''}\``,
    )
    .join('\n');

  // Phase 1: HTTP. The servers run side by side (each idles while another is loaded).
  type Running = {
    kind: DatabaseKind;
    label: string;
    database: DatabaseTarget;
    server: RunningServer;
    session: Session;
  };
  const running: Running[] = [];
  const memory: Record<string, { beforeMiB: number | undefined; afterMiB: number | undefined }> = {};
  let myInfoText = '';
  let httpLines: LoadLine[] = [];
  try {
    for (const [i, kind] of kinds.entries()) {
      const database = await freshDatabase(kind);
      const server = await startServer({
        port: settings.basePort + 3 + i,
        env: database.env,
        logFile: join(logs, `${kind}.log`),
      });
      running.push({ kind, label: kindLabel[kind], database, server, session: await signInAsAdmin(server.port) });
    }
    for (const r of running) {
      const check = await fetch(`http://${host}:${r.server.port}/api/token/GetMyInfo`, {
        headers: {
          authorization: `Bearer ${r.session.token}`,
          'auth-token': authTokenFactory(r.session.publicKeyPem)(),
        },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await check.text();
      if (check.status !== 200) throw new Error(`GetMyInfo answered ${check.status}: ${text.slice(0, 300)}`);
      myInfoText ||= text;
    }
    // Same response bytes as GetMyInfo, so that only the work behind the route differs.
    const bodyFile = join(logs, 'myinfo-body.json');
    writeFileSync(bodyFile, myInfoText);
    const bare = await startServer({
      port: settings.basePort + 1,
      env: { BARE_BODY_FILE: bodyFile },
      logFile: join(logs, 'bare.log'),
      script: bareServer,
    });
    try {
      const first = running[0]!.session; // the bare route ignores the headers; same requests all the same
      const targets = [
        httpTarget('bare Fastify route (same JSON bytes)', '-', bare, first),
        ...running.map((r) =>
          httpTarget('GET /api/token/GetMyInfo', r.label, r.server, r.session, r.database.databaseUrl),
        ),
      ];
      for (const r of running) memory[r.label] = { beforeMiB: memoryOf(r.server.pid)?.rssMiB, afterMiB: undefined };
      httpLines = await interleave('HTTP', targets);
      for (const r of running) memory[r.label]!.afterMiB = memoryOf(r.server.pid)?.rssMiB;
    } finally {
      await stopServer(bare);
    }
  } finally {
    for (const r of running) await stopServer(r.server);
  }

  // Phase 2: the SQL alone, servers stopped (PGlite allows one process per data directory).
  const sqlTargets: Target[] = [];
  const clients: SqlClient[] = [];
  const serial: Record<string, Awaited<ReturnType<typeof serialStatements>>> = {};
  let sqlLines: LoadLine[] = [];
  try {
    for (const r of running) {
      const statements = replayable(requestSql, r.session);
      const folded = canFold(requestSql) ? replayable(requestSql, r.session, { foldMyInfo: true }) : undefined;
      const url = r.database.databaseUrl;
      const open = async (options: ClientOptions = {}) => {
        const client = await openSqlClient(r.kind, r.database, options);
        clients.push(client);
        return client.exec;
      };
      const exec = await open();
      const client = r.kind === 'pg' ? 'bare pg.Pool(max 20)' : 'direct PGlite';
      sqlTargets.push(
        sqlTarget(`SQL baseline: the ${statements.length} statements, ${client}`, r.label, exec, statements, url),
      );
      if (settings.whatIf && folded)
        sqlTargets.push(
          sqlTarget(`what-if: myInfo's 2 selects as 1 (${folded.length} per request)`, r.label, exec, folded, url),
        );
      if (settings.whatIf && r.kind === 'pg') {
        sqlTargets.push(
          sqlTarget('what-if: named prepared statements', r.label, await open({ prepared: true }), statements, url),
        );
        sqlTargets.push(
          sqlTarget('what-if: synchronous_commit=off', r.label, await open({ asyncCommit: true }), statements, url),
        );
        if (folded)
          sqlTargets.push(
            sqlTarget('what-if: all three', r.label, await open({ prepared: true, asyncCommit: true }), folded, url),
          );
      }
      console.error(`${r.label}: statements one at a time`);
      serial[r.label] = await serialStatements(exec, statements);
    }
    sqlLines = await interleave('SQL', sqlTargets);
  } finally {
    for (const client of clients) await client.close();
  }
  for (const r of running) await r.database.dispose();

  console.error('per-step CPU costs');
  const steps = await stepCosts(JSON.parse(myInfoText));

  // In the order: bare, then per database the app, its SQL baseline and its what-ifs.
  const lines = [
    httpLines[0]!,
    ...running.flatMap((r) => [
      ...httpLines.filter((l) => l.database === r.label),
      ...sqlLines.filter((l) => l.database === r.label),
    ]),
  ];
  const bareLine = lines[0]!;
  const loadTable = markdownTable(
    [
      'target',
      'database',
      'req/s',
      'p50 (ms)',
      'p99 (ms)',
      'req/s vs bare',
      'server CPU µs/req (main thread / kernel)',
      'PG CPU µs/req',
      'bench CPU µs/req',
      'requests',
      'non-2xx / errors',
      'avg cores used while loaded (of 2)',
    ],
    lines.map((l) => [
      l.target,
      l.database,
      fixed(l.rps),
      fixed(l.p50, 1),
      fixed(l.p99, 1),
      l === bareLine ? '-' : `${fixed((l.rps / bareLine.rps) * 100, 1)} %`,
      l.cpuUsPerRequest.server > 0
        ? `${fixed(l.cpuUsPerRequest.server)} (${fixed(l.cpuUsPerRequest.serverMainThread)} / ${fixed(l.cpuUsPerRequest.serverSystem)})`
        : '-',
      fixed(l.cpuUsPerRequest.postgres),
      fixed(l.cpuUsPerRequest.bench),
      l.requests,
      `${l.non2xx} / ${l.errors}`,
      cpuText(l.cpu),
    ]),
  );
  const serialTable = markdownTable(
    ['database', 'statement (one at a time)', 'median (µs)', 'p99 (µs)', 'runs'],
    Object.entries(serial).flatMap(([db, rows]) =>
      rows.map((r) => [db, r.statement, fixed(r.medianUs), fixed(r.p99Us), r.runs]),
    ),
  );
  const stepTable = markdownTable(
    ['step (alone, one core, best of 10 rounds)', 'runs in', 'µs/op', 'max ops/s per core'],
    steps.map((s) => [s.step, s.where, fixed(s.us, 1), fixed(s.perCoreOpsPerSecond)]),
  );
  const memoryTable = markdownTable(
    ['database', 'server RSS before load (MiB)', 'server RSS after load (MiB)'],
    Object.entries(memory).map(([db, m]) => [db, fixed(m.beforeMiB, 1), fixed(m.afterMiB, 1)]),
  );

  const responseBytes = Buffer.byteLength(myInfoText);
  const file = writeResults('myinfo', { lines, serial, steps, memory, responseBytes, requestSql });
  console.log(
    `\n### bench:myinfo\n\n${machineLine()}; server, load generator and database share these cores.\n${buildLine()}`,
  );
  console.log(
    `${settings.connections} connections / workers; per line ${settings.durationSeconds} s in ${settings.rounds} interleaved slices.`,
  );
  console.log(`GetMyInfo response: ${responseBytes} bytes. SQL per request (${requestSql.source}):\n\n${sqlListing}\n`);
  for (const note of requestSql.notes) console.log(`(${note})`);
  console.log(`${loadTable}\n\n${serialTable}\n\n${stepTable}\n\n${memoryTable}\n`);
  console.log(`JSON: ${file}`);
});
