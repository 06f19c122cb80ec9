import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Readable, Writable } from 'node:stream';
import tar from 'tar-stream';
import {
  dataManagementMessages,
  type DataExport,
  type DataManagementInfo,
  type DataRetention,
  type DataRetentionSave,
  msg,
} from '@casedesk/shared';
import { hasPermission, type RouteRecord } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { filesDir } from '../file/index.js';
import type { Config } from '../../platform/config.js';
import { getSettings, readSettings, saveSettings } from '../setting/index.js';

const exportRoute = /^\/api\/([A-Za-z]+)\/Export$/;

/** Every generic `POST /api/<R>/Export` the actor may call (their `<module>:export`), by resource name. */
export function exportsFor(routes: readonly RouteRecord[], actor: Actor): DataExport[] {
  const found: DataExport[] = [];
  for (const route of routes) {
    const match = route.method === 'POST' ? exportRoute.exec(route.url) : null;
    const access = route.access;
    if (!match || !access || !access.endsWith(':export') || !hasPermission(actor, access)) continue;
    found.push({ resource: match[1]!, module: access.slice(0, -':export'.length) });
  }
  return found.sort((a, b) => a.resource.localeCompare(b.resource));
}

/** What the settings module needs of the configuration to show its groups (the SSO addresses). */
type SettingsConfig = Pick<Config, 'systemUrl' | 'port'>;

export async function getRetention(db: Db, config: SettingsConfig): Promise<DataRetention> {
  const settings = await getSettings(db, config);
  return {
    logDaysToKeep: settings.log.value.daysToKeep,
    archiveClosedAfterMonths: settings.retention.value.archiveClosedAfterMonths,
    logRowVersion: settings.log.rowVersion,
    rowVersion: settings.retention.rowVersion,
  };
}

/** Both rules in one transaction (the setting groups `log` and `retention`), each checked against its rowVersion. */
export async function saveRetention(
  db: Db,
  actor: Actor,
  input: DataRetentionSave,
  config: SettingsConfig,
): Promise<DataRetention> {
  const log = (await readSettings(db)).log;
  await saveSettings(
    db,
    actor,
    [
      { group: 'log', value: { ...log, daysToKeep: input.logDaysToKeep }, rowVersion: input.logRowVersion },
      {
        group: 'retention',
        value: { archiveClosedAfterMonths: input.archiveClosedAfterMonths },
        rowVersion: input.rowVersion,
      },
    ],
    config,
  );
  return getRetention(db, config);
}

type EmbeddedClient = {
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  exec(query: string): Promise<unknown>;
  transaction<T>(callback: (tx: { query(sql: string): Promise<unknown> }) => Promise<T>): Promise<T>;
};

/** The PGlite client under `db`, or null on PostgreSQL. */
function embeddedClient(db: Db): EmbeddedClient | null {
  const client = (db as unknown as { $client?: Partial<EmbeddedClient> }).$client;
  return client && typeof client.dumpDataDir === 'function' ? (client as EmbeddedClient) : null;
}

/** `pg_dump` for the configured server, without its password (PGPASSWORD or ~/.pgpass supplies it). */
export function pgDumpCommand(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const user = url.username ? decodeURIComponent(url.username) : 'postgres';
  const database = decodeURIComponent(url.pathname.slice(1)) || user;
  const port = url.port || '5432';
  return `pg_dump --format=custom --host=${url.hostname} --port=${port} --username=${user} --file=casedesk-backup.dump ${database}`;
}

export function dataManagementInfo(db: Db, databaseUrl: string | undefined): DataManagementInfo {
  const embedded = embeddedClient(db) !== null;
  return {
    database: embedded ? 'embedded' : 'postgres',
    backup: embedded,
    pgDumpCommand: !embedded && databaseUrl ? pgDumpCommand(databaseUrl) : null,
    includesFiles: true,
  };
}

/** The embedded client, or the refusal a PostgreSQL server answers (back it up with pg_dump). */
export function assertBackupAvailable(db: Db): EmbeddedClient {
  const client = embeddedClient(db);
  if (!client) throw badRequest(msg(dataManagementMessages, 'backupNotEmbedded'));
  return client;
}

/** Every regular file under `dir` (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** `casedesk-backup-2026-11-26.tar.gz`. */
export const backupFileName = (at: Date) => `casedesk-backup-${at.toISOString().slice(0, 10)}.tar.gz`;

/**
 * The embedded database as one `.tar.gz`: `casedesk-backup.json` (what it is), `pgdata.tar` (PGlite's data
 * directory, dumped while this call holds the transaction lock, so no transaction is half-way through it) and
 * `files/...` (the uploads of DATA_DIR/files, which the database's file rows point at). `scripts/restore.mjs`
 * reads it back. Refused on PostgreSQL.
 */
export async function writeBackup(db: Db, dataDir: string, out: Writable): Promise<void> {
  const client = assertBackupAvailable(db);
  await client.exec('checkpoint');
  const dump = await client.transaction(async () => client.dumpDataDir('none'));
  const pack = tar.pack();
  const done = pipeline(pack as unknown as Readable, createGzip(), out);
  const add = (name: string, body: Buffer) =>
    new Promise<void>((resolve, reject) => pack.entry({ name }, body, (e) => (e ? reject(e) : resolve())));
  const manifest = { format: 'casedesk-backup', version: 1, createdAt: new Date().toISOString(), files: 'files/' };
  await add('casedesk-backup.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  await add('pgdata.tar', Buffer.from(await dump.arrayBuffer()));
  const root = filesDir(dataDir);
  for (const path of await filesUnder(root)) {
    const { size } = await stat(path);
    const name = `files/${relative(root, path).split(sep).join('/')}`;
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size }, (e) => (e ? reject(e) : resolve()));
      createReadStream(path).on('error', reject).pipe(entry);
    });
  }
  pack.finalize();
  await done;
}
