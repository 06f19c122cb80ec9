import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// In CI, results also go to JSON so that .ci/run can print one summary line per suite.
const suite = process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server-pglite';
const jsonOut = process.env.CI ? { json: `../../.tmp/vitest-${suite}.json` } : undefined;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default leaves one core idle (cores - 1): a test file is CPU-bound (PGlite runs in the worker), so use them all.
    maxWorkers: availableParallelism(),
    // A hang guard, not a speed check: the route-table walks make hundreds of calls on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    reporters: jsonOut ? ['default', 'json'] : ['default'],
    ...(jsonOut ? { outputFile: jsonOut } : {}),
  },
});
