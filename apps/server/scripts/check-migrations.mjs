// Fails when the Drizzle schema has changes that no committed migration holds.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';

const committed = 'src/db/migrations';
// drizzle-kit only takes a relative output folder.
const scratch = mkdtempSync('.migrations-check-');
try {
  cpSync(committed, scratch, { recursive: true });
  const before = readdirSync(scratch).length;
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/**/*.table.ts',
      '--out',
      scratch,
      '--casing',
      'snake_case',
      '--name',
      'pending',
    ],
    { stdio: 'pipe' },
  );
  const added =
    readdirSync(scratch).filter((f) => f.endsWith('.sql')).length -
    readdirSync(committed).filter((f) => f.endsWith('.sql')).length;
  if (added > 0 || readdirSync(scratch).length !== before) {
    console.error(
      'Migrations are out of date with the schema: run `npm run db:generate -w apps/server -- --name <change>` and commit the result.',
    );
    process.exitCode = 1;
  } else console.log('Migrations are up to date with the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
