import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@casedesk/shared';
import { openPostgres, rowsOf } from '../../db/database.js';
import { copyPgTemplate, openTestDatabase } from '../../../test/database.js';
import { startTestApp, type TestContext } from '../../../test/helpers.js';
import { ticketWorld } from '../../../test/ticket-factories.js';
import { filesDir, openFileStore } from '../../platform/file-store.js';
import { migrateStoredFiles } from './file-migrate.service.js';

// Files uploaded while the store was the disk, moved into the database by `files:migrate`.
const ctx = {} as TestContext;
const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-migrate-'));
let databaseUrl = '';
let cleanup = async () => undefined as void;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const copy = await copyPgTemplate();
    databaseUrl = copy.url;
    await startTestApp(ctx, await openPostgres(copy.url, 4), { dataDir, fileStore: 'disk' });
    cleanup = async () => {
      await ctx.database.close();
      await copy.drop();
    };
  } else {
    await startTestApp(ctx, await openTestDatabase(), { dataDir, fileStore: 'disk' });
    cleanup = () => ctx.database.close();
  }
});
afterAll(async () => {
  await ctx.app?.close();
  await cleanup();
});

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

async function upload(token: string, name: string, text: string): Promise<UploadedFile> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Files/Upload',
    headers: {
      authorization: `Bearer ${token}`,
      'auth-token': ctx.newAuthToken(),
      'content-type': 'multipart/form-data; boundary=x',
    },
    payload: `--x\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--x--\r\n`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: UploadedFile[] }).data[0]!;
}

const pathOf = async (id: number) =>
  (await rowsOf<{ path: string }>(ctx.db, sql`select path from stored_file where id = ${id}`))[0]!.path;

describe('files:migrate', () => {
  it('moves disk files into the database, checks each, reports what it could not move and runs again safely', async () => {
    const w = await ticketWorld(ctx);
    const one = await upload(w.agent.token, 'one.txt', 'first file');
    const same = await upload(w.agent.token, 'same.txt', 'first file');
    const gone = await upload(w.agent.token, 'gone.txt', 'deleted by hand');
    const changed = await upload(w.agent.token, 'changed.txt', 'as uploaded');
    const diskPaths = {
      one: await pathOf(one.fileId),
      gone: await pathOf(gone.fileId),
      changed: await pathOf(changed.fileId),
    };
    expect(existsSync(join(filesDir(dataDir), diskPaths.one))).toBe(true);
    // Bytes lost or altered on disk: the row's hash no longer holds.
    writeFileSync(join(filesDir(dataDir), diskPaths.changed), 'altered later');
    const { rm } = await import('node:fs/promises');
    await rm(join(filesDir(dataDir), diskPaths.gone));

    const store = await openFileStore(ctx.db, dataDir, 'db');
    const result = await migrateStoredFiles(ctx.db, dataDir, store);
    expect(result.moved).toBe(2);
    expect(result.missing).toEqual([`#${gone.fileId} ${diskPaths.gone}`]);
    expect(result.mismatched).toEqual([`#${changed.fileId} ${diskPaths.changed}`]);
    expect(await pathOf(one.fileId)).toBe(`db:${sha('first file')}`);
    expect(await pathOf(same.fileId)).toBe(`db:${sha('first file')}`);
    expect(await pathOf(changed.fileId)).toBe(diskPaths.changed);
    // Moved means moved: the disk copy is gone, the bytes are one blob, and the download still serves them.
    expect(existsSync(join(filesDir(dataDir), diskPaths.one))).toBe(false);
    const [blobs] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from file_blob where sha256 = ${sha('first file')}`,
    );
    expect(blobs!.n).toBe(1);
    const down = await ctx.call('GET', one.fileUrl, { token: w.agent.token });
    expect(down.status).toBe(200);
    expect(down.raw).toBe('first file');

    const again = await migrateStoredFiles(ctx.db, dataDir, store);
    expect(again.moved).toBe(0);
    expect(again.already).toBeGreaterThanOrEqual(2);
    expect(again.missing.length + again.mismatched.length).toBe(2);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs as a command against the configured database', async () => {
    const run = promisify(execFile);
    const outcome = await run('npx', ['tsx', 'src/cli/files-migrate.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    }).then(
      (done) => ({ code: 0, stdout: done.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    // The two files of the first test that cannot move keep it failing; nothing else is left to move.
    expect(outcome.stdout).toContain('moved 0,');
    expect(outcome.stdout).toContain('missing 1, not matching their hash 1');
    expect(outcome.code).toBe(1);
  });
});
