import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteExtensions, wrapPglite } from '../src/db/database.js';
import { seedSystem } from '../src/db/seed-system.js';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    /** The folder under which each test file's app keeps its files (removed after the run). */
    testDataRoot: string;
  }
}

export const templateName = `casedesk_tpl_${process.pid}`;

/** Migrate and seed once; every test file then starts from a copy of this template. */
export default async function setup(project: TestProject) {
  const dataRoot = mkdtempSync(join(tmpdir(), 'casedesk-test-data-'));
  project.provide('testDataRoot', dataRoot);
  const removeDataRoot = () => rmSync(dataRoot, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const database = await openPostgres(templateUrl.toString(), 2);
    await database.migrate();
    await seedSystem(database.db, { adminPassword: undefined });
    await database.close();
    project.provide('pgTemplate', templateUrl.toString());
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
      removeDataRoot();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-test-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = wrapPglite(client);
  await database.migrate();
  await seedSystem(database.db, { adminPassword: undefined });
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeDataRoot();
  };
}
