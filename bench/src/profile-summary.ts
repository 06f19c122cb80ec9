// bench:profile - summarises a V8 .cpuprofile written by the server, e.g. from
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/results/profiles" npm run bench:myinfo -w bench
// bench:myinfo prints the window of each measured run ("--from=.. --to=..", seconds after spawn),
// so that start-up and warm-up are left out.
// Usage: npm run bench:profile -w bench -- <file.cpuprofile> [--from=<s>] [--to=<s>]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { markdownTable } from './lib.js';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Where a frame's code lives: an npm package, the server bundle, a Node internal module, WASM, or a V8 pseudo-frame. */
function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm://')) return 'WASM (PGlite Postgres)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.includes('apps/server/dist/')) return 'server code (dist/main.js)';
  return url.replace(/^node:internal\//, 'node:');
}

type Probe = { name: string; mode: 'self' | 'inclusive'; match: (frame: CallFrame) => boolean };

const pkg = (pattern: string) => (f: CallFrame) => new RegExp(`node_modules/(${pattern})/`).test(f.url);

/**
 * The per-request steps. "inclusive" counts a sample when any frame on its stack matches (a library's own
 * code plus what it calls synchronously); "self" counts only the leaf frame.
 */
const probes: Probe[] = [
  {
    name: 'RSA-OAEP decrypt of the Auth-Token (node:crypto cipher)',
    mode: 'inclusive',
    match: (f) => f.url === 'node:internal/crypto/cipher',
  },
  { name: 'JWT verify (jose)', mode: 'inclusive', match: pkg('jose') },
  {
    name: 'pg driver: protocol, result parsing (pg, pg-protocol, pg-types, postgres-array)',
    mode: 'inclusive',
    match: pkg('pg|pg-protocol|pg-types|pg-pool|postgres-array|postgres-date|postgres-interval'),
  },
  { name: 'drizzle-orm (query building, row mapping)', mode: 'inclusive', match: pkg('drizzle-orm') },
  {
    name: 'PGlite (in-process WASM Postgres)',
    mode: 'inclusive',
    match: (f) => f.url.includes('@electric-sql/pglite') || f.url.startsWith('wasm://'),
  },
  { name: 'zod (response encode, schemas)', mode: 'inclusive', match: pkg('zod') },
  { name: 'logging (pino, sonic-boom)', mode: 'inclusive', match: pkg('pino|sonic-boom|thread-stream') },
  { name: 'helmet headers', mode: 'inclusive', match: pkg('helmet|@fastify/helmet') },
  { name: 'fastify + router (own code only)', mode: 'self', match: pkg('fastify|find-my-way|avvio|@fastify/[^/]+') },
  {
    name: 'socket writes (native writev/writeBuffer/writeString)',
    mode: 'self',
    match: (f) => !f.url && /^write(v|Buffer|String|Utf8String|Latin1String)$/.test(f.functionName),
  },
  {
    name: 'node http (own code: _http_*, net, streams)',
    mode: 'self',
    match: (f) => /^node:(_http|net|internal\/streams|internal\/http)/.test(f.url),
  },
  {
    name: 'server code (dist/main.js, own code only)',
    mode: 'self',
    match: (f) => f.url.includes('apps/server/dist/'),
  },
  { name: 'garbage collector', mode: 'self', match: (f) => f.functionName === '(garbage collector)' },
];

function option(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) : undefined;
}

function summarise(file: string, fromSeconds: number | undefined, toSeconds: number | undefined) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // Self time per node, only for samples inside the window (seconds after the profile started).
  const selfByNode = new Map<number, number>();
  let clock = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    clock += delta;
    if (fromSeconds !== undefined && clock < fromSeconds * 1e6) continue;
    if (toSeconds !== undefined && clock > toSeconds * 1e6) break;
    const id = profile.samples[i]!;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + delta);
  }
  const isIdle = (id: number) => byId.get(id)?.callFrame.functionName === '(idle)';
  const total = [...selfByNode.values()].reduce((a, b) => a + b, 0);
  const idleUs = [...selfByNode].filter(([id]) => isIdle(id)).reduce((a, [, us]) => a + us, 0);
  const busy = total - idleUs;
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1)} %`;
  const ms = (us: number) => (us / 1000).toFixed(0);

  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byProbe = new Map<string, number>();
  let unattributed = 0;
  for (const [id, us] of selfByNode) {
    if (isIdle(id)) continue;
    const frame = byId.get(id)!.callFrame;
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${area}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const hit = new Set<string>();
    for (const probe of probes) if (probe.mode === 'self' && probe.match(frame)) hit.add(probe.name);
    for (let cursor: number | undefined = id; cursor !== undefined; cursor = parent.get(cursor)) {
      const f = byId.get(cursor)!.callFrame;
      for (const probe of probes) if (probe.mode === 'inclusive' && probe.match(f)) hit.add(probe.name);
    }
    for (const name of hit) byProbe.set(name, (byProbe.get(name) ?? 0) + us);
    if (hit.size === 0) unattributed += us;
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);

  const window =
    fromSeconds !== undefined || toSeconds !== undefined
      ? `window ${fromSeconds ?? 0}-${toSeconds ?? 'end'} s`
      : 'whole profile (start-up included)';
  console.log(`\n### ${file}\n`);
  console.log(
    `${window}: busy ${(busy / 1e6).toFixed(2)} s, idle ${(idleUs / 1e6).toFixed(2)} s of ${(total / 1e6).toFixed(2)} s on the main thread (percentages are of busy time)\n`,
  );
  console.log(
    markdownTable(
      ['step', 'counted', 'ms', '% of busy'],
      [
        ...probes.map((p) => [p.name, p.mode, ms(byProbe.get(p.name) ?? 0), pct(byProbe.get(p.name) ?? 0)]),
        ['everything else (node internals, promises, other packages)', 'self', ms(unattributed), pct(unattributed)],
      ],
    ),
  );
  console.log('\nInclusive rows overlap where one library calls another (e.g. drizzle calls pg).\n');
  console.log(
    markdownTable(
      ['area (self time)', 'ms', '% of busy'],
      top(byArea, 20).map(([k, us]) => [k, ms(us), pct(us)]),
    ),
  );
  console.log();
  console.log(
    markdownTable(
      ['function (self time)', 'ms', '% of busy'],
      top(byFunction, 25).map(([k, us]) => [k, ms(us), pct(us)]),
    ),
  );
}

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (files.length === 0) {
  console.error('usage: npm run bench:profile -w bench -- <file.cpuprofile> [--from=<s>] [--to=<s>]');
  process.exit(2);
}
// npm runs workspace scripts in bench/; paths are meant relative to where npm was started.
for (const file of files) summarise(resolve(process.env.INIT_CWD ?? process.cwd(), file), option('from'), option('to'));
