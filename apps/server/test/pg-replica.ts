import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Debian's PostgreSQL binaries (the version CI's server runs). */
export const pgBin = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find(
  (dir) => existsSync(join(dir, 'initdb')),
);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// PostgreSQL refuses to run as root: as root (CI, this machine) its commands run as the postgres user, started as
// that user directly (not through runuser, which would stand between the test's signals and the server).
const asRoot = process.getuid?.() === 0;
const postgresUser = (): { uid: number; gid: number } | Record<string, never> =>
  asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    : {};
const run = (name: string, args: string[]) =>
  void execFileSync(join(pgBin!, name), args, { stdio: 'pipe', cwd: '/', ...postgresUser() });

type Postmaster = { process: ChildProcess; port: number; dir: string; log: string[] };

async function startPostmaster(dir: string, port: number, settings: string[]): Promise<Postmaster> {
  const argv = [
    '-D',
    dir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    ...settings.flatMap((s) => ['-c', s]),
  ];
  const child = spawn(join(pgBin!, 'postgres'), argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: '/',
    ...postgresUser(),
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const postmaster = { process: child, port, dir, log };
  await untilAccepting(postmaster);
  return postmaster;
}

/** Waits until the server takes a connection and answers (not a fixed time: a busy machine starts it slower). */
async function untilAccepting(postmaster: Postmaster) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (postmaster.process.exitCode !== null)
      throw new Error(`postgres exited: ${postmaster.log.slice(-10).join('\n')}`);
    const client = new pg.Client({ connectionString: urlOf(postmaster.port), connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`postgres did not start: ${postmaster.log.slice(-10).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const urlOf = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

async function stopPostmaster(postmaster: Postmaster | undefined) {
  if (!postmaster || postmaster.process.exitCode !== null) return;
  const exited = new Promise((resolve) => postmaster.process.once('exit', resolve));
  postmaster.process.kill('SIGINT'); // fast shutdown
  await exited;
}

/**
 * A PostgreSQL primary and a streaming replica of it on loopback, in a temporary folder (contract 25's read replica):
 * `initdb`, then `pg_basebackup -R` into the replica's folder, each its own postmaster on a free port.
 */
export type PrimaryAndReplica = {
  primaryUrl: string;
  replicaUrl: string;
  /** What the replica's server printed (with `log_statement=all`: every statement it ran). */
  replicaLog: string[];
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  stop(): Promise<void>;
};

export async function startPrimaryAndReplica(): Promise<PrimaryAndReplica> {
  if (!pgBin) throw new Error('Debian PostgreSQL binaries (postgresql-15) are not installed');
  const root = mkdtempSync(join(tmpdir(), 'casedesk-replica-'));
  if (asRoot) chownSync(root, postgresUser().uid!, postgresUser().gid!);
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const primary = await startPostmaster(primaryDir, await freePort(), ['wal_level=replica', 'max_wal_senders=5']);
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', replicaDir, '-R']);
  const replicaPort = await freePort();
  const replicaLog: string[] = [];
  let replica: Postmaster | undefined;
  const startReplica = async () => {
    replica = await startPostmaster(replicaDir, replicaPort, ['hot_standby=on', 'log_statement=all']);
    replica.process.stderr!.on('data', (chunk: Buffer) => replicaLog.push(...chunk.toString().split('\n')));
  };
  await startReplica();
  return {
    primaryUrl: urlOf(primary.port),
    replicaUrl: urlOf(replicaPort),
    replicaLog,
    stopReplica: () => stopPostmaster(replica),
    startReplica,
    async stop() {
      await stopPostmaster(replica);
      await stopPostmaster(primary);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
