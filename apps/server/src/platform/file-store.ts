import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Config } from './config.js';
import { rowsOf, type Db } from './db.js';
import type { S3Bucket, S3Settings } from './s3-file-store.js';

/** Where a stored file's bytes are: its `stored_file` row's `path` and `sha256`. */
export type StoredBytes = { path: string; sha256: string };
/** What a write answers: the `path` to record (a disk name, `db:<sha256>` or `s3:<sha256>`), the hash and length. */
export type PutResult = StoredBytes & { size: number };
/** Bytes to store: a stream, or pieces already in memory. */
export type Content = AsyncIterable<Buffer> | Iterable<Buffer>;

/**
 * The one place uploaded bytes are written and read (contract 25). `put` streams with hashing, never holding the
 * whole content; a throw from the source (a refusal, a client gone mid-upload) leaves nothing behind. `release`
 * says a record no longer needs the bytes: the disk store removes its file; the database store leaves the blob to
 * the `file.sweep` job, since other records may hold the same content (dedupe by sha256). So does the S3 store.
 */
export type FileStore = {
  kind: FileStoreKind;
  put(content: Content): Promise<PutResult>;
  get(file: StoredBytes): Readable;
  has(file: StoredBytes): Promise<boolean>;
  release(files: StoredBytes[]): Promise<void>;
  /** With S3 configured: what the sweep does in the bucket. */
  bucket?: S3Bucket | undefined;
  /** Lets go of connections (the S3 client's sockets) when the app closes. */
  close?(): Promise<void>;
};
export type FileStoreKind = 'disk' | 'db' | 's3';

export const dbPathPrefix = 'db:';
export const s3PathPrefix = 's3:';
export const isInDatabase = (path: string) => path.startsWith(dbPathPrefix);
/** Which store a `stored_file.path` names: `db:…`, `s3:…`, else a name under DATA_DIR/files. */
export const storeOfPath = (path: string): FileStoreKind =>
  isInDatabase(path) ? 'db' : path.startsWith(s3PathPrefix) ? 's3' : 'disk';
export const filesDir = (dataDir: string) => resolve(dataDir, 'files');

/** Today's layout: a random name under DATA_DIR/files/<year>/<month>/, never the client's; one file per upload. */
export function diskFileStore(dataDir: string): FileStore {
  const root = filesDir(dataDir);
  const absolute = (path: string) => join(root, path);
  return {
    kind: 'disk',
    async put(content) {
      const now = new Date();
      const path = join(
        String(now.getUTCFullYear()),
        String(now.getUTCMonth() + 1).padStart(2, '0'),
        randomBytes(16).toString('hex'),
      );
      await mkdir(join(absolute(path), '..'), { recursive: true });
      const out = createWriteStream(absolute(path), { flags: 'wx' });
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const chunk of content) {
          hash.update(chunk);
          size += chunk.length;
          if (!out.write(chunk)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
        return { path, sha256: hash.digest('hex'), size };
      } catch (error) {
        out.destroy();
        await rm(absolute(path), { force: true });
        throw error;
      }
    },
    get: (file) => createReadStream(absolute(file.path)),
    has: (file) =>
      access(absolute(file.path)).then(
        () => true,
        () => false,
      ),
    async release(files) {
      await Promise.all(files.map((f) => rm(absolute(f.path), { force: true }).catch(() => undefined)));
    },
  };
}

/** Bytes per `file_chunk` row: big enough that a 20 MB file is 80 inserts, small enough to hold a few per upload. */
export const chunkBytes = 256 * 1024;
/** Chunks a read fetches per statement (1 MB): a download holds at most this much besides the socket's buffer. */
const chunksPerRead = 4;

/** Cuts a stream into pieces of exactly `size` bytes (the last one shorter), copying only across input chunks. */
async function* pieces(content: Content, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of content) {
    let rest = chunk;
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      held.push(rest.subarray(0, take));
      yield held.length === 1 ? held[0]! : Buffer.concat(held, size);
      held = [];
      heldBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

const asBuffer = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** The key an upload's chunks carry until it is claimed: `tmp:<ms since epoch>:<random>` (the sweep reads the time). */
export const temporaryKey = (now = Date.now()) => `tmp:${now}:${randomBytes(12).toString('hex')}`;

/**
 * Bytes in the database (`file_blob` + `file_chunk`), so every process on it serves every file and pg_dump is the
 * whole backup. An upload's chunks go in one insert each, as they arrive, under a temporary key and outside any
 * transaction (so a slow client holds no pooled connection between chunks); one short transaction then claims the
 * blob by its sha256: a new content takes the chunks, a known one keeps its own and the new chunks go. A source that
 * throws (a refusal, a client gone mid-body) deletes the chunks written; those of a process that died are the
 * `file.sweep` job's, an hour later.
 */
export function databaseFileStore(db: Db): FileStore {
  const pathOf = (sha256: string) => dbPathPrefix + sha256;
  return {
    kind: 'db',
    async put(content) {
      const key = temporaryKey();
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      try {
        for await (const piece of pieces(content, chunkBytes)) {
          hash.update(piece);
          size += piece.length;
          await db.execute(sql`insert into file_chunk (sha256, seq, data) values (${key}, ${seq++}, ${piece})`);
        }
        const sha256 = hash.digest('hex');
        await db.transaction(async (tx) => {
          // Locks the blob row: a sweep deciding on it waits, then sees it touched and keeps it.
          const [claim] = await rowsOf<{ inserted: boolean }>(
            tx,
            sql`insert into file_blob (sha256, size) values (${sha256}, ${size})
                on conflict (sha256) do update set touched_at = now()
                returning (xmax = 0) as inserted`,
          );
          if (!claim?.inserted) return;
          const renamed = await rowsOf(
            tx,
            sql`update file_chunk set sha256 = ${sha256} where sha256 = ${key} returning seq`,
          );
          // An upload slower than the sweep's grace may have lost chunks: refuse it rather than keep a hole.
          if (renamed.length !== seq) throw new Error(`upload ${key} kept ${renamed.length} of ${seq} chunks`);
        });
        await db.execute(sql`delete from file_chunk where sha256 = ${key}`);
        return { path: pathOf(sha256), sha256, size };
      } catch (error) {
        await db.execute(sql`delete from file_chunk where sha256 = ${key}`).catch(() => undefined);
        throw error;
      }
    },
    get(file) {
      // Keyset by seq, a few chunks per statement, each on whatever pooled connection is free: no long transaction.
      async function* read(): AsyncGenerator<Buffer> {
        const [blob] = await rowsOf<{ size: string | number }>(
          db,
          sql`select size from file_blob where sha256 = ${file.sha256}`,
        );
        if (!blob) throw Object.assign(new Error(`no stored content ${file.sha256}`), { code: 'ENOENT' });
        let next = 0;
        let sent = 0;
        for (;;) {
          const rows = await rowsOf<{ seq: number; data: Uint8Array }>(
            db,
            sql`select seq, data from file_chunk where sha256 = ${file.sha256} and seq >= ${next}
                order by seq limit ${chunksPerRead}`,
          );
          for (const row of rows) {
            if (row.seq !== next) throw new Error(`stored content ${file.sha256} lacks chunk ${next}`);
            next++;
            sent += row.data.byteLength;
            yield asBuffer(row.data);
          }
          if (rows.length < chunksPerRead) break;
        }
        if (sent !== Number(blob.size))
          throw new Error(`stored content ${file.sha256} is ${sent} of ${blob.size} bytes`);
      }
      return Readable.from(read(), { objectMode: false });
    },
    async has(file) {
      const rows = await rowsOf(db, sql`select 1 from file_blob where sha256 = ${file.sha256}`);
      return rows.length > 0;
    },
    // The sweep removes blobs no file points at (other records may share this content).
    release: async () => undefined,
  };
}

/**
 * Writes go to `primary`; reads follow each file's path, so files written before a switch of store still serve
 * (those in S3 only while S3 is configured: `s3`).
 */
export function routedFileStore(primary: FileStore, db: Db, dataDir: string, s3?: FileStore): FileStore {
  const stores: Record<FileStoreKind, FileStore | undefined> = {
    disk: primary.kind === 'disk' ? primary : diskFileStore(dataDir),
    db: primary.kind === 'db' ? primary : databaseFileStore(db),
    s3: primary.kind === 's3' ? primary : s3,
  };
  const of = (file: StoredBytes) => {
    const store = stores[storeOfPath(file.path)];
    if (!store)
      throw Object.assign(new Error(`${file.path} is in S3, and FILE_STORE names no bucket`), { code: 'ENOENT' });
    return store;
  };
  return {
    kind: primary.kind,
    put: (content) => primary.put(content),
    get: (file) => of(file).get(file),
    has: async (file) => (stores[storeOfPath(file.path)] ? of(file).has(file) : false),
    async release(files) {
      await stores.disk!.release(files.filter((f) => storeOfPath(f.path) === 'disk'));
    },
    bucket: stores.s3?.bucket,
    close: async () => stores.s3?.close?.(),
  };
}

/** FILE_STORE when set, else the database on PostgreSQL (many machines, one database) and disk on the embedded one. */
export function fileStoreKind(config: Pick<Config, 'fileStore'>, databaseKind: 'pg' | 'pglite'): FileStoreKind {
  return config.fileStore ?? (databaseKind === 'pg' ? 'db' : 'disk');
}

/**
 * The store a server writes to (`kind`), reading every file wherever its path says; `s3` is FILE_STORE's bucket. The
 * AWS SDK is loaded only then (it costs a start ~140 ms and ~20 MB).
 */
export async function openFileStore(db: Db, dataDir: string, kind: FileStoreKind, s3?: S3Settings): Promise<FileStore> {
  if (kind === 's3' && !s3) throw new Error('FILE_STORE=s3 needs a bucket: s3://<bucket>[/<folder>]');
  const bucket = s3 ? (await import('./s3-file-store.js')).s3FileStore(db, s3) : undefined;
  const primary = kind === 's3' ? bucket! : kind === 'db' ? databaseFileStore(db) : diskFileStore(dataDir);
  return routedFileStore(primary, db, dataDir, bucket);
}

// The modules name a server's files by its DATA_DIR (what they were handed before files left the disk); the app
// sets the store for it once, so their signatures stay as they were.
const stores = new Map<string, FileStore>();
export function useFileStore(dataDir: string, store: FileStore) {
  stores.set(resolve(dataDir), store);
}
/** The store the app set for this data folder; the disk store when none was (a script, a unit test). */
export function fileStoreOf(dataDir: string): FileStore {
  return stores.get(resolve(dataDir)) ?? diskFileStore(dataDir);
}

/** A stored file's bytes, whole: only for what is read whole anyway (a raw mail, a PDF to index). */
export async function readWhole(store: FileStore, file: StoredBytes): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of store.get(file) as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * A path to a stored file's bytes for readers that open a path (exceljs's workbook reader, the csv reader): the
 * file itself on disk, or a scratch copy under DATA_DIR/tmp streamed out of the database or S3, removed by `remove`.
 */
export async function localCopyOf(
  dataDir: string,
  file: StoredBytes,
): Promise<{ path: string; remove(): Promise<void> }> {
  if (storeOfPath(file.path) === 'disk')
    return { path: join(filesDir(dataDir), file.path), remove: async () => undefined };
  const path = join(resolve(dataDir, 'tmp'), randomBytes(16).toString('hex'));
  await mkdir(join(path, '..'), { recursive: true });
  const remove = () => rm(path, { force: true });
  try {
    const out = createWriteStream(path, { flags: 'wx' });
    await pipeline(fileStoreOf(dataDir).get(file), out);
    return { path, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
