import { defineConfig } from 'vitest/config';

// In CI, results also go to JSON so that .ci/run can print one summary line per suite.
const jsonOut = process.env.CI ? { json: '../../.tmp/vitest-web.json' } : undefined;

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'jsdom',
    // A hang guard, not a speed check: CI runs this suite at the lowest priority beside the browser suite, where a
    // render can wait a few seconds for a core.
    testTimeout: 30_000,
    reporters: jsonOut ? ['default', 'json'] : ['default'],
    ...(jsonOut ? { outputFile: jsonOut } : {}),
  },
});
