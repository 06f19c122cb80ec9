import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@casedesk/shared';
import { openPostgres, rowsOf } from '../../db/database.js';
import { copyPgTemplate, openTestDatabase } from '../../../test/database.js';
import { startTestApp, type TestContext } from '../../../test/helpers.js';
import { ticketWorld } from '../../../test/ticket-factories.js';
import { pngOf, postFile, sha, until } from '../../../test/upload-helpers.js';
import { chunkBytes, temporaryKey } from '../../platform/file-store.js';
import { sweepFileBlobs } from './file.jobs.js';

// Two app instances on one database, each with a DATA_DIR of its own, as two machines are (contract 25). On
// PostgreSQL the database is the store by default; on PGlite (disk by default, file.test.ts) it is asked for.
const onPg = Boolean(process.env.TEST_DATABASE_URL);
const a = {} as TestContext;
const b = {} as TestContext;
const dirA = mkdtempSync(join(tmpdir(), 'casedesk-store-a-'));
const dirB = mkdtempSync(join(tmpdir(), 'casedesk-store-b-'));
let baseA = '';
let cleanup = async () => undefined as void;

beforeAll(async () => {
  if (onPg) {
    const copy = await copyPgTemplate();
    await startTestApp(a, await openPostgres(copy.url, 6), { dataDir: dirA });
    await startTestApp(b, await openPostgres(copy.url, 6), { dataDir: dirB });
    cleanup = async () => {
      await a.database.close();
      await b.database.close();
      await copy.drop();
    };
  } else {
    const database = await openTestDatabase();
    await startTestApp(a, database, { dataDir: dirA, fileStore: 'db' });
    await startTestApp(b, database, { dataDir: dirB, fileStore: 'db' });
    cleanup = () => database.close();
  }
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a.app?.close();
  await b.app?.close();
  await cleanup();
});

async function counts(ctx: TestContext) {
  const [row] = await rowsOf<{ blobs: number; chunks: number; files: number; temporary: number }>(
    ctx.db,
    sql`select (select count(*)::int from file_blob) as blobs, (select count(*)::int from file_chunk) as chunks,
               (select count(*)::int from stored_file) as files,
               (select count(*)::int from file_chunk where sha256 like 'tmp:%') as temporary`,
  );
  return row!;
}

describe('files in the database (contract 25)', () => {
  const big = pngOf(20_000_000);
  let first: UploadedFile;

  it('streams a 20 MB upload through one instance into the database and out of the other, byte for byte', async () => {
    const w = await ticketWorld(a);
    const up = await postFile(baseA, w.agent.token, a.newAuthToken(), { name: 'big.png', data: big });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    first = up.body.data[0]!;
    expect(first.size).toBe(big.length);
    const [row] = await rowsOf<{ path: string; sha256: string }>(
      a.db,
      sql`select path, sha256 from stored_file where id = ${first.fileId}`,
    );
    expect(row).toEqual({ path: `db:${sha(big)}`, sha256: sha(big) });
    // Nothing of it on either machine's disk.
    for (const dir of [dirA, dirB])
      expect(existsSync(join(dir, 'files')) ? readdirSync(join(dir, 'files')) : []).toEqual([]);
    const chunks = await rowsOf<{ seq: number; bytes: number }>(
      a.db,
      sql`select seq, length(data) as bytes from file_chunk where sha256 = ${sha(big)} order by seq`,
    );
    expect(chunks.length).toBe(Math.ceil(big.length / chunkBytes));
    expect(chunks.every((c, i) => c.seq === i && c.bytes <= chunkBytes)).toBe(true);

    const down = await b.app.inject({
      method: 'GET',
      url: first.fileUrl,
      headers: { authorization: `Bearer ${w.agent.token}`, 'auth-token': b.newAuthToken() },
    });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.length).toBe(big.length);
    expect(sha(down.rawPayload)).toBe(sha(big));
  });

  it('stores the same bytes once: a second upload adds a file row and no content', async () => {
    const before = await counts(a);
    const w = await ticketWorld(b);
    const up = await b.app.inject({
      method: 'POST',
      url: '/api/Files/Upload',
      headers: {
        authorization: `Bearer ${w.agent.token}`,
        'auth-token': b.newAuthToken(),
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="files"; filename="again.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        big,
        Buffer.from('\r\n--x--\r\n'),
      ]),
    });
    expect(up.statusCode, up.body).toBe(200);
    const after = await counts(a);
    expect(after).toEqual({ ...before, files: before.files + 1 });
    const [again] = (JSON.parse(up.body) as { data: UploadedFile[] }).data;
    const rows = await rowsOf<{ path: string }>(
      a.db,
      sql`select distinct path from stored_file where id in (${first.fileId}, ${again!.fileId})`,
    );
    expect(rows).toEqual([{ path: `db:${sha(big)}` }]);
  });

  it('removes a content once no file points at it and the hour of grace is over', async () => {
    const key = sha(big);
    const blobOf = () => rowsOf(a.db, sql`select 1 from file_blob where sha256 = ${key}`);
    const chunksOf = async () =>
      (await rowsOf<{ n: number }>(a.db, sql`select count(*)::int as n from file_chunk where sha256 = ${key}`))[0]!.n;
    const later = new Date(Date.now() + 3_600_000);
    const owners = await rowsOf<{ id: number }>(
      a.db,
      sql`select id from stored_file where sha256 = ${key} order by id`,
    );
    expect(owners.length).toBe(2);

    await a.db.execute(sql`delete from stored_file where id = ${owners[0]!.id}`);
    expect((await sweepFileBlobs(a.db, later)).blobs).toBe(0);
    expect(await blobOf()).toHaveLength(1);

    await a.db.execute(sql`delete from stored_file where id = ${owners[1]!.id}`);
    // Written a moment ago: within the grace a row recorded after its bytes may still come.
    expect((await sweepFileBlobs(a.db, new Date(Date.now() - 3_600_000))).blobs).toBe(0);
    expect(await chunksOf()).toBeGreaterThan(0);
    expect((await sweepFileBlobs(a.db, later)).blobs).toBe(1);
    expect(await blobOf()).toHaveLength(0);
    expect(await chunksOf()).toBe(0);
  });

  it('removes the chunks of an upload whose process died, once they are older than the grace', async () => {
    const hourAgo = Date.now() - 3_600_000;
    const [dead, alive] = [temporaryKey(hourAgo - 60_000), temporaryKey()];
    for (const key of [dead, alive])
      await a.db.execute(sql`insert into file_chunk (sha256, seq, data) values (${key}, 0, ${Buffer.from('x')})`);
    expect((await sweepFileBlobs(a.db, new Date(hourAgo))).abandonedChunks).toBe(1);
    const left = await rowsOf<{ sha256: string }>(a.db, sql`select sha256 from file_chunk where sha256 like 'tmp:%'`);
    expect(left).toEqual([{ sha256: alive }]);
    await a.db.execute(sql`delete from file_chunk where sha256 = ${alive}`);
  });

  it('keeps nothing of an upload whose client goes away mid-body', async () => {
    const w = await ticketWorld(a);
    const before = await counts(a);
    const seen: string[] = [];
    a.database.observeStatements((text) => void seen.push(text.trim().toLowerCase()));
    try {
      const answer = await postFile(
        baseA,
        w.agent.token,
        a.newAuthToken(),
        { name: 'cut.png', data: pngOf(4_000_000) },
        // Gone once the server has stored a piece of it.
        { bytes: 2_000_000, when: () => until(() => seen.some((s) => s.startsWith('insert into file_chunk'))) },
      );
      expect(answer.status).toBe(0);
      // The upload ends by deleting the chunks it had written.
      await until(() => seen.some((s) => s.startsWith('delete from file_chunk')));
    } finally {
      a.database.observeStatements(null);
    }
    expect(await counts(a)).toEqual({ ...before, temporary: 0 });
    // The server goes on serving uploads.
    const up = await postFile(baseA, w.agent.token, a.newAuthToken(), { name: 'after.png', data: pngOf(1000) });
    expect(up.status).toBe(200);
  });
});
