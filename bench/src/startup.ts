// bench:startup - server start-up (cold: migrations + seed on an empty database; warm: same
// database again), resident memory after an idle period, and graceful shutdown (SIGTERM -> exit),
// for the embedded PGlite and for PostgreSQL. A bare Fastify process is the reference row.
// BENCH_STARTS cycles, each going once through every database (interleaved, so that other load on a
// shared machine hits them alike); the table shows medians, the JSON every start.
import { join } from 'node:path';
import {
  bareServer,
  buildLine,
  cpuSince,
  cpuSnapshot,
  ensureBuilt,
  fixed,
  freshDatabase,
  kindLabel,
  machineLine,
  markdownTable,
  memoryOf,
  postgresBackends,
  runMain,
  settings,
  sleep,
  startServer,
  startupKinds,
  stopServer,
  tempDir,
  waitForQuiet,
  writeResults,
  type DatabaseKind,
  type DatabaseTarget,
} from './lib.js';

type StartRow = {
  database: DatabaseKind | 'bare-fastify';
  label: string;
  start: 'cold' | 'warm' | '-';
  cycle: number;
  readyMs: number;
  reportedStartupMs: number | undefined;
  cpuMsAtReady: number | undefined;
  rssMiB: number | undefined;
  hwmMiB: number | undefined;
  postgresBackends: { count: number; rssMiB: number } | undefined;
  shutdownMs: number;
  exit: string;
  /** Cores used by other processes (PostgreSQL included) from spawn to the memory reading: noise indicator. */
  otherCores: number;
};

const median = (values: Array<number | undefined>): number | undefined => {
  const known = values.filter((v): v is number => v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  const mid = known.length >> 1;
  return known.length % 2 ? known[mid] : (known[mid - 1]! + known[mid]!) / 2;
};

runMain('bench:startup', async () => {
  ensureBuilt();
  const logs = tempDir('casedesk-bench-logs-');
  const port = settings.basePort;
  const kinds = startupKinds();
  const rows: StartRow[] = [];
  console.error(
    `bench:startup on ${machineLine()}; ${settings.starts} cycles, idle ${settings.idleSeconds} s before reading memory, LOG_LEVEL=${settings.logLevel}`,
  );

  /** One start: spawn, wait for /readyz, idle, read memory, SIGTERM, wait for the exit. */
  async function measureStart(
    database: DatabaseKind | 'bare-fastify',
    label: string,
    start: StartRow['start'],
    cycle: number,
    env: Record<string, string>,
    target?: DatabaseTarget,
  ) {
    console.error(`cycle ${cycle}: ${label}${start === '-' ? '' : `, ${start} start`}`);
    await waitForQuiet();
    const cpuStart = cpuSnapshot();
    const server = await startServer({
      port,
      env,
      logFile: join(logs, `${database}-${start}-${cycle}.log`),
      ...(database === 'bare-fastify' ? { script: bareServer } : {}),
    });
    await sleep(settings.idleSeconds * 1000);
    const memory = memoryOf(server.pid);
    const cpu = cpuSince(cpuStart, server.pid);
    const backends = target?.databaseUrl ? await postgresBackends(target.databaseUrl) : undefined;
    const stop = await stopServer(server);
    rows.push({
      database,
      label,
      start,
      cycle,
      readyMs: server.readyMs,
      reportedStartupMs: server.reportedStartupMs(),
      cpuMsAtReady: server.cpuMsAtReady,
      rssMiB: memory?.rssMiB,
      hwmMiB: memory?.hwmMiB,
      postgresBackends: backends,
      shutdownMs: stop.ms,
      exit: stop.killed ? 'SIGKILL' : String(stop.code ?? stop.signal),
      otherCores: cpu.other,
    });
  }

  for (let cycle = 1; cycle <= settings.starts; cycle++) {
    // Reference: how long Node plus Fastify alone take to answer.
    await measureStart('bare-fastify', 'bare Fastify (reference)', '-', cycle, {});
    for (const kind of kinds) {
      const database = await freshDatabase(kind);
      for (const start of ['cold', 'warm'] as const)
        await measureStart(kind, kindLabel[kind], start, cycle, database.env, database);
      await database.dispose();
    }
  }

  const groups = [
    { database: 'bare-fastify' as const, label: 'bare Fastify (reference)', start: '-' as const },
    ...kinds.flatMap((kind) =>
      (['cold', 'warm'] as const).map((start) => ({ database: kind, label: kindLabel[kind], start })),
    ),
  ];
  const table = markdownTable(
    [
      'database',
      'start',
      'spawn → /readyz 200 (ms)',
      'server startupMs',
      'server CPU until ready (ms)',
      `RSS after ${settings.idleSeconds} s idle (MiB)`,
      'peak RSS (MiB)',
      'PG backends (n / RSS MiB)',
      'SIGTERM → exit (ms)',
      'exit codes',
      'other load (cores)',
    ],
    groups.map((g) => {
      const rs = rows.filter((r) => r.database === g.database && r.start === g.start);
      const m = (pick: (r: StartRow) => number | undefined, digits = 0) => fixed(median(rs.map(pick)), digits);
      const range = (pick: (r: StartRow) => number) =>
        rs.length > 1 ? ` (${fixed(Math.min(...rs.map(pick)))}–${fixed(Math.max(...rs.map(pick)))})` : '';
      const backends = rs.map((r) => r.postgresBackends).filter((b) => b !== undefined);
      return [
        g.label,
        g.start,
        `${m((r) => r.readyMs)}${range((r) => r.readyMs)}`,
        m((r) => r.reportedStartupMs),
        m((r) => r.cpuMsAtReady),
        m((r) => r.rssMiB, 1),
        m((r) => r.hwmMiB, 1),
        backends.length
          ? `${fixed(median(backends.map((b) => b.count)))} / ${fixed(median(backends.map((b) => b.rssMiB)), 1)}`
          : '-',
        `${m((r) => r.shutdownMs)}${range((r) => r.shutdownMs)}`,
        [...new Set(rs.map((r) => r.exit))].join(', '),
        m((r) => r.otherCores, 2),
      ];
    }),
  );
  const file = writeResults('startup', rows);
  console.log(`\n### bench:startup\n\n${machineLine()}\n${buildLine()}\n`);
  console.log(
    `Medians of ${settings.starts} cycle(s) (min–max in brackets); "server startupMs" is what the server logs itself, from the first line of main.ts (without Node's boot and module loading).\n`,
  );
  console.log(`${table}\n`);
  console.log(`JSON: ${file}`);
});
