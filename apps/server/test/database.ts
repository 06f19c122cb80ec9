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
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const templateUrl = new URL(pgTemplate);
    const template = templateUrl.pathname.slice(1);
    const name = `casedesk_t_${randomBytes(6).toString('hex')}`;
    const adminUrl = new URL(pgTemplate);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(pgTemplate);
    url.pathname = `/${name}`;
    if (options.port) url.port = String(options.port);
    const database = await openPostgres(url.toString(), 10);
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl.toString() });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  return wrapPglite(client);
}
