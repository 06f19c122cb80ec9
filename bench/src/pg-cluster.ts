// Throw-away PostgreSQL 15 clusters for the benchmarks that stop and kill PostgreSQL (never the machine's shared
// one): initdb into a temporary directory, socket there too, loopback only, removed at the end. A streaming
// replica is a pg_basebackup of the primary started as a second postmaster on another port.
import { spawn } from 'node:child_process';
import { chownSync } from 'node:fs';
import { join } from 'node:path';
import { onCleanup, repoRoot, tempDir } from './lib.js';

export const pgBin = '/usr/lib/postgresql/15/bin';

/** initdb and pg_basebackup refuse root: as root, the cluster belongs to the postgres OS user. */
export const asPostgres = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/** Runs a command to its end; rejects with its output when it exits non-zero. */
export function runCommand(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

export type Cluster = {
  dir: string;
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/casedesk */
  url: string;
  start(): Promise<void>;
  stop(mode: 'immediate' | 'fast'): Promise<void>;
};

/** A temporary directory the postgres OS user may write (when running as root). */
async function ownedDir(prefix: string): Promise<string> {
  const dir = tempDir(prefix);
  if (process.getuid?.() === 0) {
    const pwUid = Number((await runCommand('id', ['-u', 'postgres'])).trim());
    const pwGid = Number((await runCommand('id', ['-g', 'postgres'])).trim());
    chownSync(dir, pwUid, pwGid);
  }
  return dir;
}

/** pg_ctl start/stop for a data directory; stopped (immediate) at cleanup if it was ever started. */
function control(dir: string, data: string, port: number): Pick<Cluster, 'start' | 'stop'> {
  const pgctl = (...args: string[]) => runCommand(...asPostgres(join(pgBin, 'pg_ctl'), ['-D', data, ...args]));
  let started = false;
  onCleanup(async () => {
    if (started) await pgctl('stop', '-m', 'immediate', '-w').catch(() => undefined);
  });
  // Every start names port and socket directory: without them it would go for the shared cluster's 5432.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=120 -c shared_buffers=128MB`;
  return {
    start: async () => {
      started = true;
      await pgctl('start', '-w', '-t', '60', '-l', join(dir, 'postgres.log'), '-o', options);
    },
    stop: async (mode) => {
      await pgctl('stop', '-m', mode, '-w', '-t', '60');
    },
  };
}

/** A new primary cluster (trust authentication, replication from loopback allowed by initdb's defaults), started. */
export async function createCluster(options: { port: number; prefix?: string }): Promise<Cluster> {
  const dir = await ownedDir(options.prefix ?? 'casedesk-pg-');
  const data = join(dir, 'data');
  await runCommand(
    ...asPostgres(join(pgBin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']),
  );
  const cluster = { dir, port: options.port, url: `postgres://postgres@127.0.0.1:${options.port}/casedesk` };
  const controls = control(dir, data, options.port);
  await controls.start();
  return { ...cluster, ...controls };
}

/** A hot-standby streaming replica of a running primary (pg_basebackup -R), started on its own port. */
export async function createReplica(primary: Cluster, options: { port: number; prefix?: string }): Promise<Cluster> {
  const dir = await ownedDir(options.prefix ?? 'casedesk-pg-replica-');
  const data = join(dir, 'data');
  await runCommand(
    ...asPostgres(join(pgBin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]),
  );
  const controls = control(dir, data, options.port);
  await controls.start();
  return { dir, port: options.port, url: `postgres://postgres@127.0.0.1:${options.port}/casedesk`, ...controls };
}
