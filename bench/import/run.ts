// bench:import — the import module's worker on PostgreSQL, in this process: BENCH_IMPORT_ROWS ticket rows
// (default 100,000) with three custom fields (a select named by its label, a decimal, a yes/no) in a csv, read and written through the ticket module's own create (a savepoint per row,
// BENCH_IMPORT_BATCH rows per transaction, default 500), once as a dry run (everything rolled back) and once for
// real; next to a raw COPY of the same file into an unlogged table of text columns (what the database alone
// costs). Prints rows/s of each and the process's peak RSS (the reader streams: memory must not grow with the
// file). Needs PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres); a fresh database
// is created and dropped. Run: npm run bench:import -w bench
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { eq, sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/database.js';
import { seedSystem } from '../../apps/server/src/db/seed-system.js';
import { workImports } from '../../apps/server/src/modules/import/import-work.service.js';
import { importDefinition, importRun } from '../../apps/server/src/modules/import/index.js';
import { storedFile } from '../../apps/server/src/modules/file/index.js';
import { adminPassword, freshDatabase, positiveEnv, runMain, tempDir } from '../src/lib.js';

const rows = positiveEnv('BENCH_IMPORT_ROWS', 100_000);
const batchSize = positiveEnv('BENCH_IMPORT_BATCH', 500);
// BENCH_IMPORT_CUSTOM=0 leaves the three custom columns unmapped: the same file, to see what they cost.
const withCustom = process.env.BENCH_IMPORT_CUSTOM !== '0';
const log = (...args: unknown[]) => console.log(...args);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

runMain('bench:import', async () => {
  const target = await freshDatabase('pg');
  const url = target.databaseUrl!;
  const database = await openPostgres(url, 2);
  await database.migrate();
  await seedSystem(database.db, { adminPassword });
  const db = database.db;
  const dataDir = tempDir('casedesk-bench-import-');
  mkdirSync(join(dataDir, 'files'), { recursive: true });

  const adminId = Number(
    (
      (await db.execute(sql`select id from app_user where login_name = 'admin'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id,
  );
  await db.execute(sql`insert into project (project_code, project_name) values ('BENCH', 'Bench project')`);

  const label = (en: string) => JSON.stringify({ en, 'zh-cn': en, 'zh-tw': en });
  const options = JSON.stringify(
    ['laptop', 'phone', 'printer'].map((value) => ({
      value,
      label: { en: value.toUpperCase(), 'zh-cn': value, 'zh-tw': value },
    })),
  );
  await db.execute(sql`insert into custom_field (key, applies_to, type, label, options) values
    ('device', 'Ticket', 'select', ${label('Device')}::jsonb, ${options}::jsonb),
    ('budget', 'Ticket', 'decimal', ${label('Budget')}::jsonb, '[]'::jsonb),
    ('urgent', 'Ticket', 'checkbox', ${label('Urgent')}::jsonb, '[]'::jsonb)`);

  const file = join(dataDir, 'files', 'tickets.csv');
  const priorities = ['Low', 'Medium', 'High', 'Urgent'];
  const devices = ['LAPTOP', 'phone', 'Printer'];
  const lines = ['Subject,Project,Priority,Customer,Telephone,Device,Budget,Urgent'];
  for (let i = 1; i <= rows; i++)
    lines.push(
      `Printer ${i} does not print,BENCH,${priorities[i % 4]},Customer ${i % 997},555-${String(i).padStart(7, '0')},` +
        `${devices[i % 3]},${i % 5000}.25,${i % 2 ? 'yes' : 'no'}`,
    );
  writeFileSync(file, lines.join('\r\n') + '\r\n');
  log(`bench:import: ${rows} ticket rows, batches of ${batchSize}, PostgreSQL`);

  const [stored] = await db
    .insert(storedFile)
    .values({
      path: 'tickets.csv',
      name: 'tickets.csv',
      ext: 'csv',
      size: 0,
      fileUrl: '',
      fileType: 'text/csv',
      sha256: '',
      createdBy: adminId,
    })
    .returning({ id: storedFile.id });
  const [definition] = await db
    .insert(importDefinition)
    .values({
      importName: 'Bench tickets',
      tableModel: 'Ticket',
      importType: 'csv',
      batchSize,
      mappings: [
        { column: 'Subject', field: 'subject' },
        { column: 'Project', field: 'projectId' },
        { column: 'Priority', field: 'priority' },
        { column: 'Customer', field: 'customer' },
        { column: 'Telephone', field: 'telephone' },
        ...(withCustom
          ? [
              { column: 'Device', field: 'custom.device' },
              { column: 'Budget', field: 'custom.budget' },
              { column: 'Urgent', field: 'custom.urgent' },
            ]
          : []),
      ],
    })
    .returning({ id: importDefinition.id });

  const results: Record<string, { seconds: number; rowsPerSecond: number }> = {};
  for (const dryRun of [true, false]) {
    const [run] = await db
      .insert(importRun)
      .values({ importId: definition!.id, fileId: stored!.id, startedBy: adminId, dryRun })
      .returning({ id: importRun.id });
    const started = performance.now();
    const cpu = process.cpuUsage();
    await workImports(db, { dataDir, leaseMs: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const [done] = await db.select().from(importRun).where(eq(importRun.id, run!.id));
    if (done?.status !== 'Succeeded' || done.inserted !== rows)
      throw new Error(
        `run ended ${done?.status}: ${done?.message} (${done?.inserted} inserted, ${done?.failed} failed)`,
      );
    const name = dryRun ? 'dry run' : 'real run';
    results[name] = { seconds, rowsPerSecond: rows / seconds };
    log(
      `${name}: ${seconds.toFixed(1)} s (this process's CPU ${cpuSeconds.toFixed(1)} s), ${(rows / seconds).toFixed(0)} rows/s, peak RSS so far ${mb(process.resourceUsage().maxRSS * 1024)}`,
    );
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'create unlogged table bench_import_copy (subject text, project text, priority text, customer text, telephone text, device text, budget text, urgent text)',
    );
    const started = performance.now();
    await pipeline(
      createReadStream(file),
      client.query(copyFrom(`copy bench_import_copy from stdin with (format csv, header true)`)),
    );
    const seconds = (performance.now() - started) / 1000;
    results['raw COPY'] = { seconds, rowsPerSecond: rows / seconds };
    log(`raw COPY: ${seconds.toFixed(2)} s, ${(rows / seconds).toFixed(0)} rows/s`);
  } finally {
    await client.end();
  }
  const tickets = Number(
    ((await db.execute(sql`select count(*)::int as n from ticket`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );
  const values = Number(
    (
      (await db.execute(sql`select count(*)::int as n from ticket_custom_value`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );
  log(`custom values in the database: ${values}`);
  log(`tickets in the database: ${tickets}; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
  log(JSON.stringify({ rows, batchSize, results, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
  await database.close();
});
