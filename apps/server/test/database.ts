import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, pgliteExtensions, wrapPglite, type Database } from '../src/db/database.js';

/**
 * A private copy of the migrated, seeded template: PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 * `port` makes the server's pool connect through another port (a relay that a test can cut).
 */
export async function openTestDatabase(options: { port?: number } = {}): Promise<Database> {
  if (inject('pgTemplate')) {
    const copy = await copyPgTemplate();
    const url = new URL(copy.url);
    if (options.port) url.port = String(options.port);
    const database = await openPostgres(url.toString(), 10);
    return {
      ...database,
      async close() {
        await database.close();
        await copy.drop();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  return wrapPglite(client);
}

/** A PostgreSQL database copied from the template (for tests that start server processes on it). */
export async function copyPgTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  const template = new URL(pgTemplate).pathname.slice(1);
  const name = `casedesk_t_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(pgTemplate);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(pgTemplate);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
