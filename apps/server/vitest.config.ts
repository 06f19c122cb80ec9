import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// In CI, results also go to JSON so that .ci/run can print one summary line per suite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const suite = onPostgres ? 'server-postgres' : 'server-pglite';
const jsonOut = process.env.CI ? { json: `../../.tmp/vitest-${suite}.json` } : undefined;

/**
 * CI runs this suite twice, on the embedded database and on PostgreSQL, and sets CASEDESK_TEST_ONCE so that a file
 * whose result cannot depend on the database runs in one of the two only (without it, e.g. `npm test`, every file
 * runs). Every other file runs on both: anything that reads or writes through SQL can meet a difference (version,
 * one connection against a pool, locks, processes).
 */
const runOnce = {
  /** Use no database at all: the embedded run has them. */
  withoutDatabase: [
    'src/modules/seeded-names.test.ts',
    'src/modules/workflow/workflow-graph.test.ts',
    'src/modules/sla/working-time.test.ts',
    'src/modules/import/import.labels.test.ts',
    'src/modules/import/import-xlsx.reader.test.ts',
    'src/platform/jobs/cron.test.ts',
    'src/platform/refusals-keyed.test.ts',
    'src/platform/html.test.ts',
    'test/module-cycles.test.ts',
  ],
  /**
   * Walk the whole route table for what the code answers before and around its SQL (access, validation, words,
   * the envelope, headers): the PostgreSQL run has them, where they take a third of the time.
   */
  routeWalks: ['test/hostile-input.test.ts', 'test/routes.test.ts', 'test/refusal-words.test.ts'],
};
for (const file of [...runOnce.withoutDatabase, ...runOnce.routeWalks])
  if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts names ${file}, which is gone`);
const skippedHere = process.env.CASEDESK_TEST_ONCE ? (onPostgres ? runOnce.withoutDatabase : runOnce.routeWalks) : [];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...skippedHere],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // A worker loads the app's modules once for all its files, not once per file (that was half the suite's time:
    // 200 of 430 s). Each file still builds its own app on its own database copy; the module-level state the app
    // keeps is set again by every build, and caches are keyed by what they hold (flake-hunt.sh shuffles the files).
    isolate: false,
    // Vitest's default leaves one core idle (cores - 1): a test file is CPU-bound (PGlite runs in the worker), so use them all.
    maxWorkers: availableParallelism(),
    // A hang guard, not a speed check: the route-table walks make hundreds of calls on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    reporters: jsonOut ? ['default', 'json'] : ['default'],
    ...(jsonOut ? { outputFile: jsonOut } : {}),
  },
});
