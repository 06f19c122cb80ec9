// The database side of the load benchmarks (bench:workflow, bench:finance): a loopback database created on
// demand, the same SQL replayed through a bare `pg` pool next to the app (reads for a while, writes once per
// item in one transaction each), and percentiles. Loopback only.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { callApi, cpuSince, cpuSnapshot, inTransaction, postgresBackendPids, waitForQuiet } from './lib.js';

export type Statement = { text: string; params: unknown[] };
export type Timing = { p50: number; p99: number; opsPerSecond: number; ops: number; errors: number };

export function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

/** Creates the database of `url` when missing (`reload`: drops it first). The URL must be loopback. */
export async function ensureDatabase(url: string, reload: boolean) {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost')
    throw new Error(`${url.replace(/\/\/[^@]*@/, '//')}: the bench database must be loopback`);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (reload) await client.query(`drop database if exists "${name.replace(/"/g, '')}" with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The same statements replayed by `workers` workers, reads for `seconds`, writes once per item (one transaction each). */
export async function replaySql(
  pool: pg.Pool,
  statements: Statement[],
  workers: number,
  work: { seconds: number } | { items: Map<number, number>[] },
  /** Writes: the ids the capture's inserts made, per table, in order; the replay's own take their place. */
  inserted: Record<string, number[]> = {},
  /** Reads: send the statements at once (the service's Promise.all) or one after another. */
  concurrent = true,
): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = 'seconds' in work ? started + work.seconds * 1000 : Infinity;
  const queue = 'items' in work ? [...work.items] : [];
  const swap = (params: unknown[], ids: Map<number, number>) =>
    params.map((p) => (typeof p === 'number' && ids.has(p) ? ids.get(p) : p));
  const worker = async () => {
    for (;;) {
      let ids: Map<number, number> | undefined;
      if ('items' in work) {
        ids = queue.shift();
        if (!ids) return;
      } else if (performance.now() >= until) return;
      const at = performance.now();
      try {
        if (ids) {
          await inTransaction(pool, async (client) => {
            const cursor: Record<string, number> = {};
            for (const s of statements) {
              const result = await client.query<{ id?: number | string }>(s.text, swap(s.params, ids));
              const table = /^insert into "(\w+)"/.exec(s.text)?.[1];
              const made = table ? inserted[table] : undefined;
              if (!table || !made) continue;
              for (const row of result.rows) {
                const capturedId = made[(cursor[table] = (cursor[table] ?? -1) + 1)];
                if (capturedId !== undefined && row.id !== undefined) ids.set(capturedId, Number(row.id));
              }
            }
          });
        } else {
          // The service sends the page and the count at once (Promise.all): so does the replay.
          if (concurrent) await Promise.all(statements.map((s) => pool.query(s.text, s.params)));
          else for (const s of statements) await pool.query(s.text, s.params);
        }
        latencies.push(performance.now() - at);
      } catch (error) {
        if (errors++ === 0) console.error('  bare replay failed:', (error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    opsPerSecond: latencies.length / seconds,
    ops: latencies.length,
    errors,
  };
}

/**
 * Runs a measurement and adds the CPU the server process and this database's PostgreSQL backends used per
 * operation (from /proc), and the range of the 1-minute load average meanwhile. Waits for a quiet moment first.
 */
export function cpuPerOp(target: { serverPid: number; databaseUrl: string }) {
  return async <T extends { ops: number }>(body: () => Promise<T>) => {
    await waitForQuiet();
    const loads: number[] = [];
    const sampler = setInterval(() => loads.push(loadavg()[0]!), 1000);
    const backends = new Set(await postgresBackendPids(target.databaseUrl));
    const before = cpuSnapshot([target.serverPid]);
    const result = await body();
    const usage = cpuSince(before, target.serverPid, backends);
    clearInterval(sampler);
    const perOp = (cores: number) => (cores * usage.seconds * 1000) / Math.max(1, result.ops);
    return {
      result,
      serverMsPerOp: perOp(usage.server),
      serverMainThreadMsPerOp: perOp(usage.serverMainThread),
      postgresMsPerOp: perOp(usage.postgres),
      otherCores: usage.other,
      load1: loads.length ? `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}` : '?',
    };
  };
}

/** autocannon POSTs to the server on loopback, each with a fresh Auth-Token and the bearer token. */
export function httpLoad(target: { port: number; newAuthToken: () => string }) {
  const { port, newAuthToken } = target;
  const cannon = async (options: {
    path: string;
    token: string;
    connections: number;
    body: () => unknown;
    seconds?: number;
    amount?: number;
  }): Promise<Timing> => {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: options.path,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(options.body()),
            headers: { ...request.headers, 'auth-token': newAuthToken() },
          }),
        },
      ],
    });
    const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
    const ok = result.requests.total - result.non2xx;
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      opsPerSecond: ok / seconds,
      ops: ok,
      errors: result.non2xx + result.errors + result.timeouts,
    };
  };

  /** One request first: a refusal is shown with its message, not only counted by autocannon. */
  const probe = async (path: string, token: string, body: unknown) => {
    try {
      await callApi(port, 'POST', path, { authorization: `Bearer ${token}`, 'auth-token': newAuthToken() }, body);
      return true;
    } catch (error) {
      console.error(`  probe ${path} failed: ${(error as Error).message}`);
      return false;
    }
  };
  return { cannon, probe };
}
