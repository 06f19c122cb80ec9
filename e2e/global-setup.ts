import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { setFirstAdminPassword } from './support/api';
import { e2eLanes } from './support/lanes';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per lane (support/lanes.ts): the specs of lane n talk to baseUrls[n - 1]. */
    baseUrls: string[];
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become ready');
}

type LaneServer = { baseUrl: string; stop(): Promise<void> };

/** Starts the built server on a free port with a fresh embedded database, as a user starts it. */
async function startServer(lane: number): Promise<LaneServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-'));
  // E2E_SERVER_LOG=<dir> keeps each lane's server log (every request with its time) in <dir>/lane-<n>.log, to find
  // which call a slow or stalled spec waited on.
  const logDir = process.env.E2E_SERVER_LOG;
  if (logDir) mkdirSync(logDir, { recursive: true });
  const serverOut = logDir ? openSync(join(logDir, `lane-${lane + 1}.log`), 'a') : 'inherit';
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
      DEMO_DATA: 'false',
      LOG_LEVEL: logDir ? 'info' : 'warn',
      // The suite signs in far more often than a person; the limits have their own server tests.
      LOGIN_RATE_LIMIT_MAX: '0',
      RATE_LIMIT_MAX: '0',
    },
    stdio: ['ignore', serverOut, serverOut],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${baseUrl}/readyz`, server);
    await setFirstAdminPassword(baseUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * One server per lane: specs run side by side, one per lane, and a lane's specs run one after another on their own
 * server, so no spec shares a database (or a setting such as the theme) with the spec running beside it.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'apps/server/dist/main.js')) || !existsSync(join(root, 'apps/web/dist/index.html')))
    throw new Error('Build first: npm run build (npm run test:e2e does it)');
  mkdirSync(join(root, 'e2e/screenshots'), { recursive: true });
  const started = await Promise.allSettled(Array.from({ length: e2eLanes() }, (_, lane) => startServer(lane)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  return stopAll;
}
