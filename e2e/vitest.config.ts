import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { e2eLanes } from './support/lanes';

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
    // Specs side by side, one per lane, each lane on its own server (global-setup.ts, support/lanes.ts). Two on one
    // server were tried before: the embedded database is one connection, so the two waited on each other and on two
    // cores the suite was no faster. With a server each, a lane's waits (page, server, mail) are the other's turn.
    fileParallelism: true,
    maxWorkers: e2eLanes(),
    ...(process.env.E2E_ORDER === 'reverse' ? { sequence: { sequencer: ReverseByName } } : {}),
    testTimeout: 90_000,
    // expect.poll waits for what the page shows as long as a Playwright action waits for an element (the context's
    // 15 s, support/browser.ts): at vitest's 1 s default, a reaction that needs a debounce and a server round trip on
    // a machine busy with two lanes (a canned reply's search, a designer card after a mode change) failed once.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: 180_000,
    reporters: jsonOut ? ['default', 'json'] : ['default'],
    ...(jsonOut ? { outputFile: jsonOut } : {}),
  },
});
