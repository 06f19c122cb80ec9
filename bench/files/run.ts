// bench:files - uploads into the file store (contract 25), one server process on PostgreSQL, per store
// (BENCH_FILE_STORES, default `db,s3`: the database, and an S3-compatible store, s3rver on loopback in this process):
//   - BENCH_UPLOADS (10) parallel uploads of BENCH_FILE_MB (20) MB each (distinct bytes, no dedupe), streamed over
//     loopback: the server's peak RSS above its resting RSS (sampled every 5 ms, and VmHWM), and MB/s;
//   - the files downloaded again, 10 at once, each compared by sha256: MB/s and peak RSS;
//   - the same bytes written by a bare pg pool in 256 KB inserts, one transaction per file (what the database store
//     does, without HTTP, multipart and hashing): MB/s.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_BUILD=1 (rebuild the server first)
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { startS3Server } from '../../apps/server/test/s3-server.js';
import {
  ensureBuilt,
  fixed,
  freshDatabase,
  host,
  machineLine,
  markdownTable,
  memoryOf,
  onCleanup,
  positiveEnv,
  runMain,
  signInAsAdmin,
  authTokenFactory,
  startServer,
  stopServer,
  tempDir,
  writeResults,
} from '../src/lib.js';

const uploads = positiveEnv('BENCH_UPLOADS', 10);
const fileMb = positiveEnv('BENCH_FILE_MB', 20);
const port = positiveEnv('BENCH_PORT', 3246);
const chunkBytes = 256 * 1024;
const stores = (process.env.BENCH_FILE_STORES ?? 'db,s3').split(',');
for (const store of stores)
  if (!['db', 'disk', 's3'].includes(store)) throw new Error(`BENCH_FILE_STORES: ${store} is not db, disk or s3`);
/** A PNG file-type always recognises: signature, IHDR, one IDAT of random bytes. */
const png = (bytes: number) => {
  const n = bytes - 45;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(n);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
    Buffer.alloc(4),
    length,
    Buffer.from('IDAT'),
    randomBytes(n),
    Buffer.alloc(4),
  ]);
};

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Peak RSS of `pid` while `work` runs, sampled every 5 ms. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMiB: number; ms: number }> {
  let peak = memoryOf(pid)?.rssMiB ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid)?.rssMiB ?? 0)), 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, peakMiB: Math.max(peak, memoryOf(pid)?.rssMiB ?? 0), ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

function upload(
  token: string,
  authToken: string,
  name: string,
  data: Buffer,
): Promise<{ fileId: number; fileUrl: string }> {
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host,
        port,
        path: '/api/Files/Upload',
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'auth-token': authToken,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + data.length + tail.length),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(parts).toString()) as { data: { fileId: number; fileUrl: string }[] };
          if (res.statusCode !== 200) reject(new Error(`upload: HTTP ${res.statusCode} ${JSON.stringify(body)}`));
          else resolve(body.data[0]!);
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    for (let at = 0; at < data.length; at += 64 * 1024) req.write(data.subarray(at, at + 64 * 1024));
    req.end(tail);
  });
}

function download(token: string, authToken: string, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host, port, path: url, headers: { authorization: `Bearer ${token}`, 'auth-token': authToken } },
      (res) => {
        const hash = createHash('sha256');
        res.on('data', (c: Buffer) => hash.update(c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(hash.digest('hex')) : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** One server writing to `store`: the uploads, then the downloads, with its RSS. */
async function measureStore(store: string, env: Record<string, string>) {
  const server = await startServer({
    port,
    env: { ...env, DEMO_DATA: 'false', DATA_DIR: tempDir('casedesk-bench-files-data-'), FILE_STORE: store },
    logFile: join(tempDir('casedesk-bench-files-'), 'server.log'),
  });
  try {
    const session = await signInAsAdmin(port);
    const newAuthToken = authTokenFactory(session.publicKeyPem);
    const files = Array.from({ length: uploads }, () => png(fileMb * 1_000_000));
    // Warm the upload path (multipart, the store, the settings cache) before the resting RSS.
    await upload(session.token, newAuthToken(), 'warm.png', png(100_000));
    const resting = memoryOf(server.pid)!.rssMiB;
    const up = await peakRss(server.pid, () =>
      Promise.all(files.map((data, i) => upload(session.token, newAuthToken(), `f${i}.png`, data))),
    );
    const down = await peakRss(server.pid, () =>
      Promise.all(up.result.map((f) => download(session.token, newAuthToken(), f.fileUrl))),
    );
    const intact = down.result.every((hash, i) => hash === sha(files[i]!));
    return { resting, up, down, intact, hwm: memoryOf(server.pid)?.hwmMiB };
  } finally {
    await stopServer(server);
  }
}

runMain('bench:files', async () => {
  ensureBuilt();
  const target = await freshDatabase('pg');
  console.log(`bench:files — ${uploads} parallel uploads of ${fileMb} MB, one server process on PostgreSQL`);
  console.log(machineLine());
  const totalMb = (uploads * fileMb * 1_000_000) / 1e6;
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  const names: Record<string, string> = { db: 'database', disk: 'disk', s3: 'S3 (s3rver)' };
  for (const store of stores) {
    let env = target.env;
    let fileStore = store;
    if (store === 's3') {
      const s3 = await startS3Server('bench');
      onCleanup(() => s3.close());
      const { credentials } = s3.settings();
      fileStore = `s3://${s3.bucket}/casedesk`;
      env = {
        ...env,
        S3_ENDPOINT: s3.endpoint,
        AWS_ACCESS_KEY_ID: credentials!.accessKeyId,
        AWS_SECRET_ACCESS_KEY: credentials!.secretAccessKey,
      };
    }
    const m = await measureStore(fileStore, env);
    const name = names[store]!;
    rows.push(
      [
        name,
        'upload through the server',
        fixed(m.up.ms),
        fixed(totalMb / (m.up.ms / 1000), 1),
        fixed(m.resting, 1),
        fixed(m.up.peakMiB - m.resting, 1),
      ],
      [
        name,
        'download through the server',
        fixed(m.down.ms),
        fixed(totalMb / (m.down.ms / 1000), 1),
        '',
        fixed(m.down.peakMiB - m.resting, 1),
      ],
    );
    console.log(
      `${name}: downloads identical to the uploads: ${m.intact ? 'yes' : 'NO'}; server VmHWM ${fixed(m.hwm, 1)} MiB`,
    );
    results[store] = {
      resting: m.resting,
      upload: m.up.ms,
      uploadPeak: m.up.peakMiB,
      download: m.down.ms,
      downloadPeak: m.down.peakMiB,
      intact: m.intact,
    };
    if (!m.intact) throw new Error(`${name}: a download differs from its upload`);
  }

  // The same bytes by a bare pool: 256 KB inserts, one transaction per file, 10 at once.
  const pool = new pg.Pool({ connectionString: target.databaseUrl!, max: uploads });
  onCleanup(() => pool.end());
  await pool.query('create table bench_chunk (key text, seq int, data bytea, primary key (key, seq))');
  await pool.query('alter table bench_chunk alter column data set storage external');
  const files = Array.from({ length: uploads }, () => png(fileMb * 1_000_000));
  const bareStarted = performance.now();
  await Promise.all(
    files.map(async (data, i) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (let at = 0, seq = 0; at < data.length; at += chunkBytes, seq++)
          await client.query('insert into bench_chunk values ($1, $2, $3)', [
            `f${i}`,
            seq,
            data.subarray(at, at + chunkBytes),
          ]);
        await client.query('commit');
      } finally {
        client.release();
      }
    }),
  );
  const bareMs = performance.now() - bareStarted;
  rows.push(['', 'bare pg pool, 256 KB inserts', fixed(bareMs), fixed(totalMb / (bareMs / 1000), 1), '', '']);
  console.log(markdownTable(['store', 'what', 'ms', 'MB/s', 'resting RSS MiB', 'peak RSS above rest MiB'], rows));
  writeResults('files', { uploads, fileMb, ...results, bareMs });
});
