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

export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./support/on-failure.ts'],
    // A browser test failing twice in a row fails the run; one retry absorbs a slow machine's hiccup (each failure is still printed).
    retry: process.env.CI ? 1 : 0,
    // One spec at a time. Two side by side (those that make and read only their own data) were tried: on two cores
    // a spec's Chromium and the server already keep both busy, so the suite took 1,020 s instead of about 1,050, and
    // specs waiting 15 s for a busy page failed (10, 24). Speed comes from lighter specs, not from more at once.
    fileParallelism: false,
    ...(process.env.E2E_ORDER === 'reverse' ? { sequence: { sequencer: ReverseByName } } : {}),
    testTimeout: 90_000,
    hookTimeout: 180_000,
    reporters: jsonOut ? ['default', 'json'] : ['default'],
    ...(jsonOut ? { outputFile: jsonOut } : {}),
  },
});
