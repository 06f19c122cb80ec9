// `npm run files:migrate -w apps/server`: moves every stored file into the configured store (FILE_STORE: db, disk or
// s3://…; unset, the database with DATABASE_URL, disk on the embedded one), checking each by reading it back; safe
// to run again.
// `--keep` leaves the old copies in DATA_DIR/files. Exits 1 when a file was missing or did not match its hash.
import { openDatabase } from '../db/database.js';
import { migrateStoredFiles } from '../modules/file/file-migrate.service.js';
import { loadConfig } from '../platform/config.js';
import { fileStoreKind, openFileStore } from '../platform/file-store.js';

// A command's report is its output (stdout), not a log.
const say = (line: string) => void process.stdout.write(`${line}\n`);
const config = loadConfig();
const database = await openDatabase(config);
const kind = fileStoreKind(config, database.kind);
const store = await openFileStore(database.db, config.dataDir, kind, config.s3);
try {
  await database.migrate();
  const where = {
    db: 'the database',
    disk: `the disk store (${config.dataDir}/files)`,
    s3: `S3 (s3://${config.s3?.bucket}/${config.s3?.prefix})`,
  };
  say(`Moving stored files into ${where[kind]}...`);
  const result = await migrateStoredFiles(database.db, config.dataDir, store, {
    keepOld: process.argv.includes('--keep'),
    log: process.argv.includes('--verbose') ? say : undefined,
  });
  say(
    `moved ${result.moved}, already there ${result.already}, missing ${result.missing.length}, not matching their hash ${result.mismatched.length}`,
  );
  for (const file of result.missing) say(`missing: ${file}`);
  for (const file of result.mismatched) say(`not matching its hash: ${file}`);
  process.exitCode = result.missing.length + result.mismatched.length > 0 ? 1 : 0;
} finally {
  await store.close?.();
  await database.close();
}
