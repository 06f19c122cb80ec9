// bench:cluster - the many-machines proof (contract section 25) on one machine: a PostgreSQL 15 primary with a
// streaming replica, three Casedesk servers (each its own empty DATA_DIR) and HAProxy in front with health checks.
// A mixed load goes through the balancer while each server is restarted in turn (SIGTERM) and one is killed (-9);
// afterwards every acknowledged write is looked up, every acknowledged file is downloaded from each server directly,
// notifications are sent across servers and the job log is checked for a fire time that ran twice.
// Loopback only; bounded by BENCH_MAX_SECONDS.
//   BENCH_CLUSTER_DURATION=90 BENCH_CLUSTER_WORKERS=20 BENCH_CLUSTER_PORT=3970 (HAProxy; servers on the next three)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { createConnection } from 'node:net';
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
  positiveEnv,
  repoRoot,
  runMain,
  sleep,
  startServer,
  stopServer,
  tempDir,
  writeResults,
  type RunningServer,
  type SendAnswer,
} from '../src/lib.js';
import { loadSessions, placeOf, signIn as signInAs, storedMarkers, type UserSession } from '../src/load-sessions.js';
import { createCluster, createReplica, runCommand } from '../src/pg-cluster.js';

const durationSeconds = positiveEnv('BENCH_CLUSTER_DURATION', 90);
const workerCount = Math.round(positiveEnv('BENCH_CLUSTER_WORKERS', 20));
const balancerPort = positiveEnv('BENCH_CLUSTER_PORT', 3970);
const serverPorts = [balancerPort + 1, balancerPort + 2, balancerPort + 3];
const primaryPort = positiveEnv('BENCH_CLUSTER_PG_PORT', 5511);
const replicaPort = primaryPort + 1;
/** When the rolling restarts begin, seconds into the load. */
const firstFaultAt = positiveEnv('BENCH_CLUSTER_FIRST_FAULT', 20);
const requestTimeoutMs = 30_000;
const runId = randomBytes(3).toString('hex');
const haproxyBin = '/usr/sbin/haproxy';

const t0 = performance.now();
const now = () => (performance.now() - t0) / 1000;
const stamp = () => `[${fixed(now(), 1)} s]`;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

// ---------------------------------------------------------------------------------------------
// HAProxy: a foreground child (-db) with an admin socket, whose view of each server is polled.

type ServerState = { name: string; status: string };

function haproxyConfig(socket: string): string {
  return `global
  maxconn 2000
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout queue 10s
  # A stopped or killed server refuses the connection at once; a busy one may take seconds to answer /readyz and
  # is still alive (with the default, inter's 500 ms, a loaded machine had all three marked down at once).
  timeout check 5s
  # A connection that fails, or a server that closes without answering (it was killed), is tried on another.
  retries 3
  option redispatch
  retry-on conn-failure empty-response

frontend casedesk
  bind ${host}:${balancerPort}
  default_backend servers

backend servers
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${serverPorts.map((port, i) => `  server s${i + 1} ${host}:${port} check`).join('\n')}
`;
}

/** One command on HAProxy's admin socket; its whole answer. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let out = '';
    connection.setTimeout(2000, () => connection.destroy(new Error('haproxy socket timeout')));
    connection.on('data', (chunk: Buffer) => (out += chunk.toString()));
    connection.on('end', () => resolve(out));
    connection.on('error', reject);
    connection.end(`${command}\n`);
  });
}

async function serverStates(socket: string): Promise<ServerState[]> {
  const csv = await haproxyCommand(socket, 'show stat');
  const [header, ...lines] = csv.split('\n').filter((l) => l.trim());
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const nameAt = columns.indexOf('svname');
  const statusAt = columns.indexOf('status');
  return lines
    .map((l) => l.split(','))
    .filter((f) => f[0] === 'servers' && /^s\d$/.test(f[nameAt] ?? ''))
    .map((f) => ({ name: f[nameAt]!, status: f[statusAt]! }));
}

async function startHaproxy(dir: string, logFile: string) {
  const socket = join(dir, 'haproxy.sock');
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(socket));
  await runCommand(haproxyBin, ['-c', '-q', '-f', configFile]);
  const fd = openSync(logFile, 'a');
  const child: ChildProcess = spawn(haproxyBin, ['-db', '-f', configFile], { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  });
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}; see ${logFile}`);
    try {
      await serverStates(socket);
      break;
    } catch (error) {
      if (tries > 200) throw error;
      await sleep(50);
    }
  }
  return { child, socket, configFile };
}

// ---------------------------------------------------------------------------------------------
// The load.

type Step = 'list' | 'detail' | 'upload' | 'create' | 'comment' | 'download';
type Sample = { step: Step; start: number; end: number; status: number; detail: string };
/** An upload the server acknowledged: its bytes' hash, and who may fetch it. */
type AckedFile = { fileId: number; sha256: string; size: number; token: string; user: string };
type Write = { marker: string; kind: 'ticket' | 'comment'; acked: boolean; id?: number; outcome: string };

const agent = new Agent({ keepAlive: true, maxSockets: workerCount * 2 });
let newAuthToken: () => string = () => '';
const send = createSender({ port: balancerPort, agent, authToken: () => newAuthToken(), timeoutMs: requestTimeoutMs });

/** A multipart/form-data body with one text file, as the browser's upload sends it. */
function multipart(name: string, content: Buffer): { data: Buffer; contentType: string } {
  const boundary = `----casedesk${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
  return {
    data: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const isOk = (a: SendAnswer) => a.status === 200 && (a.body !== undefined || a.resultCode === 200);

async function main() {
  const loadAverageStart = loadavg();
  console.log(`bench:cluster ${runId}: ${machineLine()}`);
  ensureBuilt();
  console.log(buildLine());

  // ---- PostgreSQL: a primary and its streaming replica.
  const primary = await createCluster({ port: primaryPort, prefix: 'casedesk-cluster-pg-' });
  const admin = new pg.Client({ connectionString: primary.url.replace(/\/casedesk$/, '/postgres') });
  await admin.connect();
  await admin.query('create database casedesk');
  await admin.end();
  const replica = await createReplica(primary, { port: replicaPort, prefix: 'casedesk-cluster-replica-' });
  console.log(`${stamp()} PostgreSQL 15 primary on ${primaryPort}, streaming replica on ${replicaPort}`);

  const logDir = join(repoRoot, 'bench/results');
  mkdirSync(logDir, { recursive: true });
  const logOf = (what: string) => {
    const file = join(logDir, `cluster-${what}-${runId}.log`);
    closeSync(openSync(file, 'a'));
    return file;
  };

  // ---- Three servers, each with its own empty DATA_DIR; the first migrates and seeds, then the others start.
  const envOf = (i: number) => ({
    DATABASE_URL: primary.url,
    DATABASE_READ_URL: replica.url,
    DATA_DIR: tempDir(`casedesk-cluster-data${i + 1}-`),
    WORKERS: '1',
    TRUST_PROXY: 'true',
    DEMO_DATA: 'false',
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
  });
  const envs = serverPorts.map((_, i) => envOf(i));
  const logs = serverPorts.map((_, i) => logOf(`server${i + 1}`));
  const servers: RunningServer[] = [];
  const unexpectedExits: Array<{ server: number; at: number; code: number | null; signal: string | null }> = [];
  const stopping = new Set<number>();
  const launch = async (i: number) => {
    const started = await startServer({ port: serverPorts[i]!, env: envs[i]!, logFile: logs[i]! });
    started.child.once('exit', (code, signal) => {
      if (stopping.has(i)) return;
      unexpectedExits.push({ server: i + 1, at: now(), code, signal });
      console.error(`${stamp()} server ${i + 1} exited by itself (${code ?? signal})`);
    });
    servers[i] = started;
    return started;
  };
  await launch(0);
  console.log(`${stamp()} server 1 migrated, seeded and ready`);
  // Projects, categories, agents and some tickets, by the ticket benchmark's SQL loader (as bench:faults).
  await runCommand(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/tickets/load.ts')], {
    BENCH_TICKETS_DB: primary.url,
    BENCH_TICKETS: '300',
    BENCH_TICKETS_CHUNK: '300',
    BENCH_TICKETS_PROJECTS: '6',
    BENCH_TICKETS_USERS: '12',
    BENCH_ADMIN_PASSWORD: adminPassword,
  });
  await Promise.all([launch(1), launch(2)]);
  console.log(`${stamp()} servers 2 and 3 ready`);

  const haproxyDir = tempDir('casedesk-cluster-haproxy-');
  const haproxyLog = logOf('haproxy');
  const haproxy = await startHaproxy(haproxyDir, haproxyLog);
  const allUp = async () => (await serverStates(haproxy.socket)).every((s) => s.status.startsWith('UP'));
  while (!(await allUp())) await sleep(100);
  console.log(`${stamp()} HAProxy on ${balancerPort} sees all three servers up`);

  // HAProxy's view every 100 ms: when it marked each server down and up again.
  const transitions: Array<{ at: number; server: string; status: string }> = [];
  let pollingStates = true;
  const statePoller = (async () => {
    const last = new Map<string, string>();
    while (pollingStates) {
      try {
        for (const s of await serverStates(haproxy.socket)) {
          const status = s.status.startsWith('UP') ? 'UP' : s.status.startsWith('DOWN') ? 'DOWN' : s.status;
          if (last.get(s.name) !== status) transitions.push({ at: now(), server: s.name, status });
          last.set(s.name, status);
        }
      } catch {
        // The socket is busy for a moment: the next poll reads it.
      }
      await sleep(100);
    }
  })();
  const haproxySays = async (server: number, status: 'UP' | 'DOWN') => {
    while (lastStatus(`s${server + 1}`) !== status) await sleep(50);
  };
  const lastStatus = (name: string) => transitions.filter((t) => t.server === name).at(-1)?.status;

  // ---- Sessions through the balancer.
  const publicKeyPem = (await callApi<string>(balancerPort, 'GET', '/api/token/PublicKey')).data;
  newAuthToken = authTokenFactory(publicKeyPem);
  const db = new pg.Pool({ connectionString: primary.url, max: 2 });
  onCleanup(() => db.end().catch(() => undefined));
  const signIn = (name: string, port = balancerPort) => signInAs(port, newAuthToken, name);
  const users = await loadSessions(balancerPort, newAuthToken, db, ['admin', 'bench.agent', 'agent1', 'agent2']);
  console.log(`${stamp()} sessions via the balancer: ${users.map((u) => u.name).join(', ')}`);

  // ---- The load: each worker repeats one of list, detail, create (upload + add), comment, download.
  const samples: Sample[] = [];
  const writes: Write[] = [];
  const files: AckedFile[] = [];
  const downloadMismatches: number[] = [];
  let counter = 0;
  const refusals = new Map<string, number>();
  const record = (step: Step, start: number, answer: SendAnswer) => {
    if (answer.status !== 200 && answer.resultMsg) {
      // When, against the schedule: a refusal right after a kill is a request HAProxy sent again.
      const last = faults.filter((f) => f.at <= start).at(-1);
      const when = last ? `${fixed(start - last.at, 1)} s after ${last.name}` : 'before the first fault';
      const key = `${step}: ${answer.resultMsg} (${when})`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
    samples.push({
      step,
      start,
      end: now(),
      status: answer.status,
      detail: answer.error ?? `${answer.status}/${answer.resultCode ?? (answer.body ? 'bytes' : '-')}`,
    });
    return answer;
  };
  const oneRound = async (user: UserSession) => {
    const r = Math.random();
    const start = now();
    if (r < 0.3) {
      record('list', start, await send('POST', '/api/Ticket/Query', user.token, { page: 1 + Math.floor(r * 10) }));
    } else if (r < 0.45) {
      record('detail', start, await send('GET', `/api/Ticket/Detail/${pick(user.visible)}`, user.token));
    } else if (r < 0.7) {
      const marker = `CLU-${runId}-t${++counter}`;
      const content = Buffer.from(`${marker} ${randomBytes(24).toString('hex')}\n`);
      const upload = record(
        'upload',
        start,
        await send('POST', '/api/Files/Upload', user.token, undefined, {
          raw: multipart(`${marker}.txt`, content),
        }),
      );
      const uploaded = isOk(upload) ? (upload.data as Array<{ fileId: number }>)[0] : undefined;
      if (!uploaded) return;
      files.push({
        fileId: uploaded.fileId,
        sha256: sha256(content),
        size: content.length,
        token: user.token,
        user: user.name,
      });
      const added = record(
        'create',
        now(),
        await send('POST', '/api/Ticket/Add', user.token, {
          subject: `${marker} printer offline in the cluster`,
          content: `<p>Written by <b>bench:cluster</b> (${marker}).</p>`,
          projectId: user.projectId,
          categoryId: user.categoryId,
          customer: 'Cluster Customer',
          customerEmail: 'cluster@customer.example',
          attachments: [uploaded.fileId],
        }),
      );
      const id = (added.data as { id?: number } | undefined)?.id;
      writes.push({ marker, kind: 'ticket', acked: isOk(added), id, outcome: added.error ?? String(added.status) });
      if (isOk(added) && typeof id === 'number') user.visible.push(id);
    } else if (r < 0.85) {
      const marker = `CLU-${runId}-c${++counter}`;
      const answer = record(
        'comment',
        start,
        await send('POST', '/api/TicketComment/Add', user.token, {
          ticketId: pick(user.visible),
          comment: `${marker} comment in the cluster`,
          public: true,
        }),
      );
      const id = (answer.data as { id?: number } | undefined)?.id;
      writes.push({ marker, kind: 'comment', acked: isOk(answer), id, outcome: answer.error ?? String(answer.status) });
    } else {
      const own = files.filter((f) => f.user === user.name);
      if (own.length === 0) return;
      const file = pick(own);
      const answer = record(
        'download',
        start,
        await send('GET', `/api/Files/Download/${file.fileId}`, user.token, undefined, { keepBody: true }),
      );
      if (answer.body && sha256(answer.body) !== file.sha256) downloadMismatches.push(file.fileId);
    }
  };

  const loadStart = now();
  const loadEnd = loadStart + durationSeconds;
  // The load goes on until the schedule is through: on a slow machine a restart outlasts the planned duration.
  let scheduleDone = false;
  const worker = async () => {
    while (now() < loadEnd || !scheduleDone) await oneRound(pick(users));
  };

  // ---- The schedule: a rolling restart (SIGTERM, start again, wait for HAProxy to see it up), then a kill -9.
  type Fault = { name: string; server: number; at: number; downAt?: number; upAt?: number; deadFrom: number };
  const faults: Fault[] = [];
  const restart = async (i: number, signal: 'SIGTERM' | 'SIGKILL') => {
    const fault: Fault = {
      name:
        signal === 'SIGTERM' ? `server ${i + 1}: SIGTERM, started again` : `server ${i + 1}: kill -9, started again`,
      server: i,
      at: now(),
      deadFrom: now(),
    };
    faults.push(fault);
    console.log(`${stamp()} ${fault.name}`);
    stopping.add(i);
    const old = servers[i]!;
    if (signal === 'SIGTERM') await stopServer(old);
    else {
      const exited = new Promise((resolve) => old.child.once('exit', resolve));
      old.child.kill('SIGKILL');
      await exited;
    }
    stopping.delete(i);
    await launch(i);
    // Wait for HAProxy to have noticed both the stop and the start (it may miss a quick SIGTERM restart entirely).
    const name = `s${i + 1}`;
    const downSeen = transitions.find((t) => t.server === name && t.status !== 'UP' && t.at >= fault.at);
    fault.downAt = downSeen?.at;
    await haproxySays(i, 'UP');
    fault.upAt = now();
    console.log(`${stamp()}   HAProxy sees server ${i + 1} up again`);
  };
  const schedule = async () => {
    try {
      await sleep(Math.max(0, (loadStart + firstFaultAt - now()) * 1000));
      for (const i of [0, 1, 2]) await restart(i, 'SIGTERM');
      await sleep(3000);
      await restart(1, 'SIGKILL');
    } finally {
      scheduleDone = true;
    }
  };
  console.log(`${stamp()} load: ${workerCount} workers for ${durationSeconds} s through the balancer`);
  await Promise.all([...Array.from({ length: workerCount }, () => worker()), schedule()]);
  const elapsed = now() - loadStart;
  for (const f of faults)
    f.downAt ??= transitions.find((t) => t.server === `s${f.server + 1}` && t.status !== 'UP' && t.at >= f.at)?.at;

  // ---- Notifications across servers: a stream held on server A, a ticket assigned through server B.
  const assignee = 'agent1';
  const assigneeToken = await signIn(assignee, serverPorts[0]);
  const assigneeId = (await db.query<{ id: number }>('select id from app_user where login_name = $1', [assignee]))
    .rows[0]!.id;
  const assigneePlace = (await placeOf(db, assignee))!;
  const adminToken = users.find((u) => u.name === 'admin')?.token ?? (await signIn('admin'));
  const perPair = 5;
  const notificationRows: Array<{ streamOn: number; writtenOn: number; expected: number; delivered: number }> = [];
  for (const a of [0, 1, 2])
    for (const b of [0, 1, 2]) {
      if (a === b) continue;
      const seen = new Set<string>();
      const controller = new AbortController();
      const response = await fetch(`http://${host}:${serverPorts[a]}/api/Notification/Stream`, {
        headers: { authorization: `Bearer ${assigneeToken}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (response.status !== 200) throw new Error(`stream on server ${a + 1}: HTTP ${response.status}`);
      let opened: () => void = () => undefined;
      const ready = new Promise<void>((resolve) => (opened = resolve));
      const reading = (async () => {
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('event: unread')) opened();
            const marker = /CLU-[0-9a-f]+-n\d+/.exec(block)?.[0];
            if (block.startsWith('event: notification') && marker) seen.add(marker);
          }
        }
      })().catch(() => undefined);
      await ready;
      const sent: string[] = [];
      for (let k = 0; k < perPair; k++) {
        const marker = `CLU-${runId}-n${++counter}`;
        const answer = await send(
          'POST',
          '/api/Ticket/Add',
          adminToken,
          {
            subject: `${marker} assigned across servers`,
            projectId: assigneePlace.project_id,
            categoryId: assigneePlace.category_id,
            assignTo: assigneeId,
          },
          { port: serverPorts[b] },
        );
        if (isOk(answer)) sent.push(marker);
        else console.error(`  assignment through server ${b + 1} refused: ${answer.error ?? answer.status}`);
      }
      // Delivery is awaited as a condition (every marker seen), bounded so a lost one cannot hang the run.
      const deadline = now() + 15;
      while (sent.some((m) => !seen.has(m)) && now() < deadline) await sleep(50);
      controller.abort();
      await reading;
      notificationRows.push({
        streamOn: a + 1,
        writtenOn: b + 1,
        expected: perPair,
        delivered: sent.filter((m) => seen.has(m)).length,
      });
    }

  // ---- Files: every acknowledged upload downloaded from each server directly, compared by sha256.
  const fileChecks = serverPorts.map(() => ({ readable: 0, wrong: 0, missing: 0 }));
  for (const file of files)
    for (const [i, port] of serverPorts.entries()) {
      const answer = await send('GET', `/api/Files/Download/${file.fileId}`, file.token, undefined, {
        port,
        keepBody: true,
      });
      if (!answer.body) fileChecks[i]!.missing++;
      else if (sha256(answer.body) === file.sha256) fileChecks[i]!.readable++;
      else fileChecks[i]!.wrong++;
    }

  // ---- Writes: every acknowledged marker in the primary, none twice.
  const found = await storedMarkers(db, 'CLU', runId);
  const acked = writes.filter((w) => w.acked);
  const ackedMissing = acked.filter((w) => !found.has(w.marker));
  const doubled = [...found.entries()].filter(([, ids]) => ids.length > 1);
  const unackedFound = writes.filter((w) => !w.acked && found.has(w.marker)).length;

  // ---- Jobs: runs per (job, fire time) over the whole run; more than one first attempt would be a double run.
  const jobs = await db.query<{
    name: string;
    cron: string;
    fire_times: string;
    runs: string;
    doubled: string;
    processes: string;
  }>(
    `select j.name, j.cron, count(distinct r.fire_time) as fire_times, count(r.id) as runs,
            count(distinct r.claimed_by) as processes,
            (select count(*) from (select fire_time from job_run x where x.job_id = j.id and x.trigger = 'Schedule'
               group by fire_time, attempt having count(*) > 1) d) as doubled
       from schedule_job j join job_run r on r.job_id = j.id and r.trigger = 'Schedule'
      group by j.id, j.name, j.cron order by count(r.id) desc`,
  );
  const jobDoubled = jobs.rows.reduce((a, r) => a + Number(r.doubled), 0);
  const retries = await db.query<{ n: string }>(`select count(*) as n from job_run where attempt > 1`);

  // ---- Answers by status, and 5xx: while a server was dead but HAProxy had not yet marked it down, or otherwise.
  const deadWindows = faults.map((f) => ({ from: f.deadFrom, to: f.downAt ?? f.upAt ?? loadEnd }));
  const inDeadWindow = (s: Sample) => deadWindows.some((w) => s.end >= w.from && s.start <= w.to);
  const byStatus = new Map<string, number>();
  for (const s of samples) byStatus.set(s.detail, (byStatus.get(s.detail) ?? 0) + 1);
  const fiveXx = samples.filter((s) => s.status >= 500);
  // HAProxy's own answer (no envelope): every server was marked down at once, or none answered in time.
  const balancerOwn = fiveXx.filter((s) => s.detail === '503/-' || s.detail === '504/-' || s.detail === '502/-');
  const fiveXxBeforeMarked = fiveXx.filter(inDeadWindow).length;
  const fiveXxAfterMarked = fiveXx.length - fiveXxBeforeMarked;
  const noAnswer = samples.filter((s) => s.status === 0);

  const stepTable = markdownTable(
    ['step', 'requests', '200', 'other', 'p50 ms', 'p99 ms'],
    (['list', 'detail', 'upload', 'create', 'comment', 'download'] as const).map((step) => {
      const of = samples.filter((s) => s.step === step);
      const ms = of
        .filter((s) => s.status === 200)
        .map((s) => (s.end - s.start) * 1000)
        .sort((a, b) => a - b);
      const pct = (p: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]! : NaN);
      return [step, of.length, ms.length, of.length - ms.length, fixed(pct(50)), fixed(pct(99))];
    }),
  );
  const statusTable = markdownTable(
    ['answer (HTTP/envelope)', 'count'],
    [...byStatus.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v]),
  );
  const faultTable = markdownTable(
    ['fault', 'at (s)', 'HAProxy marked it down (s)', 'HAProxy saw it up again (s)'],
    faults.map((f) => [
      f.name,
      fixed(f.at - loadStart, 1),
      f.downAt === undefined ? 'not in time' : fixed(f.downAt - f.at, 2),
      f.upAt === undefined ? 'never' : fixed(f.upAt - f.at, 2),
    ]),
  );
  const filesTotal = files.length;
  const summary = markdownTable(
    ['check', 'result', 'must be'],
    [
      ['acknowledged writes (tickets + comments)', acked.length, ''],
      ['… found in the database', acked.length - ackedMissing.length, `${acked.length}`],
      ['… stored twice (duplicates)', doubled.length, '0'],
      ['unacknowledged writes found anyway (outcome unknown to the client)', unackedFound, 'any'],
      [`answers through the balancer`, samples.length, ''],
      ['… 5xx while a dead server was not yet marked down', fiveXxBeforeMarked, 'few'],
      ['… 5xx at any other time', fiveXxAfterMarked, '0'],
      ['… 5xx that HAProxy answered itself (no server available)', balancerOwn.length, '0'],
      [
        '… 5xx by step',
        [...new Set(fiveXx.map((s) => s.step))]
          .map((step) => `${step} ${fiveXx.filter((s) => s.step === step).length}`)
          .join(', ') || 'none',
        'none',
      ],
      ['… no answer (reset, timeout)', noAnswer.length, '0'],
      ['downloads during the load with other bytes', downloadMismatches.length, '0'],
      ...fileChecks.map((c, i) => [
        `acknowledged files readable directly from server ${i + 1} (sha256 equal)`,
        `${c.readable} / ${filesTotal}${c.wrong ? ` (${c.wrong} other bytes)` : ''}`,
        `${filesTotal}`,
      ]),
      [
        'notifications delivered across servers',
        `${notificationRows.reduce((a, r) => a + r.delivered, 0)} / ${notificationRows.reduce((a, r) => a + r.expected, 0)}`,
        'all',
      ],
      ['job fire times run more than once', jobDoubled, '0'],
      ['restarts done (SIGTERM, SIGTERM, SIGTERM, kill -9)', faults.filter((f) => f.upAt !== undefined).length, '4'],
      ['server exits nobody asked for', unexpectedExits.length, '0'],
    ],
  );
  const jobTable = markdownTable(
    ['job', 'cron', 'fire times', 'runs', 'processes that ran it', 'fire times run twice'],
    jobs.rows.map((r) => [r.name, r.cron, r.fire_times, r.runs, r.processes, r.doubled]),
  );
  const notificationTable = markdownTable(
    ['stream held on', 'ticket assigned through', 'expected', 'delivered'],
    notificationRows.map((r) => [`server ${r.streamOn}`, `server ${r.writtenOn}`, r.expected, r.delivered]),
  );
  const loadAverageEnd = loadavg();
  console.log(
    `\n## bench:cluster (${workerCount} workers, ${fixed(elapsed)} s, 3 servers, HAProxy, primary + replica)\n\n${summary}`,
  );
  console.log(`\n## Faults (seconds after each)\n\n${faultTable}`);
  console.log(`\n## Steps\n\n${stepTable}\n\n## Answers\n\n${statusTable}`);
  for (const [refusal, count] of refusals) console.log(`- ${count} × ${refusal}`);
  console.log(`\n## Notifications\n\n${notificationTable}\n\n## Jobs (${retries.rows[0]!.n} retries)\n\n${jobTable}`);
  console.log(
    `\nload average ${loadAverageStart.map((l) => l.toFixed(2)).join(' ')} → ${loadAverageEnd.map((l) => l.toFixed(2)).join(' ')}; logs bench/results/cluster-*-${runId}.log`,
  );
  const file = writeResults('cluster', {
    runId,
    workerCount,
    durationSeconds,
    elapsed,
    writes: {
      acknowledged: acked.length,
      missing: ackedMissing.map((w) => w.marker),
      doubled: doubled.map(([marker, ids]) => ({ marker, ids })),
      unacknowledgedFound: unackedFound,
    },
    answers: Object.fromEntries(byStatus),
    refusals: Object.fromEntries(refusals),
    fiveXxBeforeMarked,
    fiveXxAfterMarked,
    fiveXxFromBalancer: balancerOwn.length,
    noAnswer: noAnswer.length,
    downloadMismatches,
    files: { total: filesTotal, perServer: fileChecks },
    notifications: notificationRows,
    jobs: jobs.rows,
    jobDoubled,
    faults: faults.map((f) => ({
      name: f.name,
      at: f.at - loadStart,
      downAfter: f.downAt === undefined ? null : f.downAt - f.at,
      upAfter: f.upAt === undefined ? null : f.upAt - f.at,
    })),
    transitions: transitions.map((t) => ({ ...t, at: t.at - loadStart })),
    unexpectedExits,
  });
  console.log(`results: ${file}`);

  pollingStates = false;
  await statePoller;
  agent.destroy();
  for (const [i, server] of servers.entries()) {
    stopping.add(i);
    await stopServer(server);
  }
  const failed =
    ackedMissing.length ||
    doubled.length ||
    fiveXxAfterMarked ||
    downloadMismatches.length ||
    fileChecks.some((c) => c.readable !== filesTotal) ||
    notificationRows.some((r) => r.delivered !== r.expected) ||
    jobDoubled ||
    unexpectedExits.length;
  if (failed) {
    process.exitCode = 1;
    throw new Error('bench:cluster: a check above is not what it must be');
  }
}

runMain('bench:cluster', main);
