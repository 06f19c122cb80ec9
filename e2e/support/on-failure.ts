import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { openContexts, reportOpenPages } from './browser';

mkdirSync(fileURLToPath(new URL('../artifacts/', import.meta.url)), { recursive: true });

// A failed test never reached its own clean-up: say what its pages showed, then close them.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await reportOpenPages(context.task.name, context.task.result.retryCount ?? 0);
  await Promise.all([...openContexts].map((open) => open.close().catch(() => undefined)));
});
