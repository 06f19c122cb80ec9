import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/database.js';
import { importDefinition, importRun } from '../src/modules/import/index.js';
import { storedFile } from '../src/modules/file/index.js';
import { vendor } from '../src/modules/vendor/index.js';
import { copyPgTemplate } from './database.js';
import { createUser } from './helpers.js';
import { csvOf } from './import-helpers.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));

type Server = { child: ChildProcess; exited: Promise<void> };

/** A real server process (test/scheduler-process.ts: the app as main.ts builds it) on the test's database. */
async function startServer(url: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/scheduler-process.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SCHEDULER_TICK_MS: '250',
      JOB_LEASE_SECONDS: '3',
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`server process exited before it was ready: ${stderr}`)));
  });
  return { child, exited };
}

async function kill(server: Server, signal: NodeJS.Signals) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

describe.skipIf(!pgUrl)('an import run survives kill -9 of its server process', () => {
  let copy: Awaited<ReturnType<typeof copyPgTemplate>>;
  let database: Database;
  let dataDir: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    copy = await copyPgTemplate();
    database = await openPostgres(copy.url, 2);
    dataDir = mkdtempSync(join(tmpdir(), 'casedesk-import-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => kill(server, 'SIGKILL')));
    await database?.close();
    await copy?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes after the last committed batch: every row once, counters equal to the rows written', async () => {
    const db = database.db;
    const rows = 1500;
    const user = await createUser({ db }, { roles: ['admin'] });
    mkdirSync(join(dataDir, 'files'), { recursive: true });
    const data: string[][] = [['Code', 'Name']];
    for (let i = 1; i <= rows; i++) data.push([`KILL-${i}`, `Vendor ${i}`]);
    writeFileSync(join(dataDir, 'files', 'vendors.csv'), csvOf(data));
    const [file] = await db
      .insert(storedFile)
      .values({
        path: 'vendors.csv',
        name: 'vendors.csv',
        ext: 'csv',
        size: 0,
        fileUrl: '',
        fileType: 'text/csv',
        sha256: '',
        createdBy: user.id,
      })
      .returning({ id: storedFile.id });
    const [definition] = await db
      .insert(importDefinition)
      .values({
        importName: 'Kill test',
        tableModel: 'Vendor',
        importType: 'csv',
        batchSize: 20,
        mappings: [
          { column: 'Code', field: 'vendorCode' },
          { column: 'Name', field: 'vendorName' },
        ],
      })
      .returning({ id: importDefinition.id });
    // The sweeping job every second, so that a process picks the run up without a kick.
    await db.execute(sql`update schedule_job set cron = '* * * * * ?' where class_name = 'import.work'`);
    const [run] = await db
      .insert(importRun)
      .values({ importId: definition!.id, fileId: file!.id, startedBy: user.id })
      .returning({ id: importRun.id });
    const runRow = async () => (await db.select().from(importRun).where(eq(importRun.id, run!.id)))[0]!;
    const written = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(vendor)
          .where(like(vendor.vendorCode, 'KILL-%'))
      )[0]!.n;

    const first = await startServer(copy.url, dataDir);
    servers.push(first);
    for (let i = 0; i < 600 && (await runRow()).processed < 100; i++) await sleep(50);
    await kill(first, 'SIGKILL');
    const cut = await runRow();
    expect(cut.status).toBe('Running');
    expect(cut.processed).toBeGreaterThanOrEqual(100);
    expect(cut.processed).toBeLessThan(rows);
    // What committed is whole batches, counted with them: never a half batch.
    expect(cut.processed % 20).toBe(0);
    expect(await written()).toBe(cut.processed);
    expect(cut.inserted).toBe(cut.processed);

    const second = await startServer(copy.url, dataDir);
    servers.push(second);
    for (let i = 0; i < 1200 && (await runRow()).status === 'Running'; i++) await sleep(100);
    const done = await runRow();
    expect(done).toMatchObject({ status: 'Succeeded', total: rows, processed: rows, inserted: rows, failed: 0 });
    expect(await written()).toBe(rows);
    await kill(second, 'SIGTERM');
  }, 180_000);
});
