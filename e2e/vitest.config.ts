import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// In CI, results also go to JSON so that .ci/run can print one summary line per suite.
const jsonOut = process.env.CI ? { json: '../.tmp/vitest-browser.json' } : undefined;

/**
 * Specs make what they need and run in any order; E2E_ORDER=reverse runs them in reverse name order (and
 * `--sequence.shuffle` in a random one) to show that none leans on another.
 */
class ReverseByName extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => b.moduleId.localeCompare(a.moduleId));
  }
}

/**
 * Specs that change what every session of the server sees (settings, menus and their APIs, the workflow registry,
 * the default mail account, retention) or read counts over all records (the dashboard): they run one at a time,
 * after the others, which make and read only their own data and run side by side.
 */
const sharedStateSpecs = [
  'specs/09-master-data-and-dashboard.test.ts',
  'specs/11-settings.test.ts',
  'specs/12-system-screens.test.ts',
  'specs/18-email.test.ts',
  'specs/21-workflow-design.test.ts',
  'specs/22-workflow-approval.test.ts',
  'specs/23-invoices.test.ts',
  'specs/25-vendors-requisitions.test.ts',
  'specs/26-invoice-screens.test.ts',
  'specs/28-sso.test.ts',
  'specs/30-data-management.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./support/on-failure.ts'],
    // A browser test failing twice in a row fails the run; one retry absorbs a slow machine's hiccup (each failure is still printed).
    retry: process.env.CI ? 1 : 0,
    ...(process.env.E2E_ORDER === 'reverse' ? { sequence: { sequencer: ReverseByName } } : {}),
    testTimeout: 90_000,
    hookTimeout: 180_000,
    reporters: jsonOut ? ['default', 'json'] : ['default'],
    ...(jsonOut ? { outputFile: jsonOut } : {}),
    // A browser spec mostly waits (on the page, the server, its animations): one keeps a third of a core busy,
    // so two run side by side. Each project starts its own server (global-setup.ts runs once per project).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared-state', include: sharedStateSpecs, fileParallelism: false } },
      {
        extends: true,
        test: { name: 'own-data', include: ['specs/**/*.test.ts'], exclude: sharedStateSpecs, maxWorkers: 2 },
      },
    ],
  },
});
