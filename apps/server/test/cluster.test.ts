import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { copyPgTemplate } from './database.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));

type LogLine = { msg?: string; pid?: number; role?: string; worker?: number; poolSize?: number };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/**
 * A GET on a new connection (no keep-alive): what a new visitor meets; 0 when the connection fails, -1 when no
 * answer comes within 30 s (a connection the server took and never answered).
 */
const freshGet = (url: string) =>
  new Promise<number>((resolve) => {
    const request = get(url, { agent: false, timeout: 30_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => {
      resolve(-1);
      request.destroy();
    });
    request.on('error', () => resolve(0));
  });

describe('server processes (WORKERS)', () => {
  it('runs one process on the embedded database whatever WORKERS says, one per core by default on PostgreSQL', () => {
    expect(loadConfig({ WORKERS: '4' }).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).workers).toBeGreaterThanOrEqual(1);
  });
});

describe.skipIf(!pgUrl)('a cluster of server processes on one PostgreSQL database', () => {
  let copy: Awaited<ReturnType<typeof copyPgTemplate>> | undefined;
  let primary: ChildProcess | undefined;
  afterAll(async () => {
    // The primary leads a process group of its own: a failed test stops its workers too, before the drop.
    if (primary?.pid && primary.exitCode === null) {
      try {
        process.kill(-primary.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await copy?.drop();
  });

  it('serves from two workers, restarts them one by one on SIGHUP without refusing a request, and stops on SIGTERM', async () => {
    copy = await copyPgTemplate();
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: copy.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: '2',
        LOG_LEVEL: 'info',
        DEMO_DATA: 'false',
        SCHEDULER: 'false',
        RATE_LIMIT_MAX: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    primary = child;
    const lines: LogLine[] = [];
    let buffered = '';
    const waiters: { test: (line: LogLine) => boolean; resolve: () => void }[] = [];
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const part of parts) {
        if (!part.startsWith('{')) continue;
        const line = JSON.parse(part) as LogLine;
        lines.push(line);
        for (const waiter of waiters.splice(0)) (waiter.test(line) ? waiter.resolve : () => waiters.push(waiter))();
      }
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const logged = (test: (line: LogLine) => boolean) =>
      lines.some(test) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ test, resolve }));

    const readyWorkers = () => lines.filter((l) => l.msg === 'Casedesk is ready' && l.worker !== undefined);
    await logged((l) => l.role === 'primary' && l.msg === 'Casedesk is ready');
    // The workers' own lines come through their pipes and may trail the primary's.
    while (readyWorkers().length < 2) await sleep(20);
    const first = readyWorkers();
    expect(first.map((l) => l.worker).sort()).toEqual([1, 2]);
    const firstPids = first.map((l) => l.pid!);
    expect(new Set(firstPids).size).toBe(2);
    expect(lines.find((l) => l.msg === 'starting server processes')!.poolSize).toBeGreaterThanOrEqual(2);

    // Requests keep being answered while SIGHUP replaces both workers.
    const statuses: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        statuses.push(await freshGet(`http://127.0.0.1:${port}/readyz`));
        await sleep(10);
      }
    })();
    child.kill('SIGHUP');
    await logged((l) => l.msg === 'graceful restart done');
    while (readyWorkers().length < 4) await sleep(20);
    polling = false;
    await poll;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const restartedPids = readyWorkers()
      .slice(2)
      .map((l) => l.pid!);
    expect(restartedPids).toHaveLength(2);
    expect(restartedPids.filter((pid) => firstPids.includes(pid))).toEqual([]);
    for (const pid of firstPids) expect(() => process.kill(pid, 0)).toThrow();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of restartedPids) expect(() => process.kill(pid, 0)).toThrow();
  });
});
