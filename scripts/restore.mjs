// `npm run restore -- <casedesk-backup-….tar.gz>`: loads a Data Management backup into DATA_DIR (default ./data).
// Refuses while a server holds DATA_DIR (its lock), moves the current data aside to DATA_DIR/before-restore-<time>/,
// then loads the database dump (pgdata.tar) and the uploaded files (files/...). See README "Backup and restore".
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';

// The server's dependencies (PGlite, tar-stream, proper-lockfile) are installed for apps/server.
const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('Usage: npm run restore -- <casedesk-backup-YYYY-MM-DD.tar.gz>   (DATA_DIR picks the target)');
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR || './data');
mkdirSync(dataDir, { recursive: true });

const { default: lockfile } = await load('proper-lockfile');
let release;
try {
  // The same lock the server takes: a running server (or another restore) holds it.
  release = await lockfile.lock(dataDir, { lockfilePath: join(dataDir, 'casedesk.lock'), stale: 15_000 });
} catch {
  console.error(`${dataDir} is in use by a running Casedesk server: stop it first, then restore.`);
  process.exit(1);
}

try {
  const { default: tar } = await load('tar-stream');
  const { PGlite } = await load('@electric-sql/pglite');
  const { pg_trgm } = await load('@electric-sql/pglite/contrib/pg_trgm');

  // Read the archive first: a broken file leaves the current data untouched.
  const staging = join(dataDir, `restore-${Date.now()}`);
  mkdirSync(staging);
  let manifest;
  let dumpPath;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = normalize(header.name);
    if (header.type !== 'file' || name.startsWith('..') || name.startsWith(sep)) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    if (name === 'casedesk-backup.json') {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        next();
      });
      return;
    }
    const target = join(staging, name);
    if (name === 'pgdata.tar') dumpPath = target;
    mkdirSync(dirname(target), { recursive: true });
    pipeline(stream, createWriteStream(target)).then(() => next(), next);
  });
  await pipeline(createReadStream(file), createGunzip(), extract);
  if (manifest?.format !== 'casedesk-backup' || !dumpPath) throw new Error(`${file} is not a Casedesk backup.`);

  // Move what is there aside (never deleted: the admin removes it once the restore is checked).
  const aside = join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  for (const name of ['pgdata', 'files']) {
    if (!existsSync(join(dataDir, name))) continue;
    mkdirSync(aside, { recursive: true });
    renameSync(join(dataDir, name), join(aside, name));
  }

  const db = await PGlite.create(join(dataDir, 'pgdata'), {
    loadDataDir: new Blob([await readFile(dumpPath)]),
    extensions: { pg_trgm },
  });
  const { rows } = await db.query('select count(*)::int as n from app_user');
  await db.close();
  if (existsSync(join(staging, 'files'))) renameSync(join(staging, 'files'), join(dataDir, 'files'));
  rmSync(staging, { recursive: true, force: true });

  console.log(`Restored ${file} (taken ${manifest.createdAt}) into ${dataDir}: ${rows[0].n} users.`);
  if (existsSync(aside)) console.log(`The data it replaced is in ${aside}.`);
} finally {
  await release();
}
