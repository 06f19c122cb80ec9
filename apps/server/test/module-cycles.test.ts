import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The check `npm run lint` runs (scripts/check-module-cycles.mjs), tried on a planted module tree.
const script = fileURLToPath(new URL('../../../scripts/check-module-cycles.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'module-cycles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(root, 'modules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, report: run.stderr };
}

const lower = {
  'user/index.ts': "export * from './user.table.js';\nexport { userName } from './user.service.js';\n",
  'user/user.table.ts': "import { dept } from '../dept/dept.table.js';\nexport const appUser = { dept };\n",
  'user/user.service.ts': "import { appUser } from './user.table.js';\nexport const userName = () => appUser;\n",
  'dept/index.ts':
    "export * from './dept.table.js';\nimport { userName } from '../user/index.js';\nexport const deptModule = { userName };\n",
  // Foreign keys go both ways between table files; that is not a loop of modules.
  'dept/dept.table.ts': "import { appUser } from '../user/user.table.js';\nexport const dept = () => appUser;\n",
  // Nor is a test that builds records of several modules.
  'user/user.test.ts': "import { deptModule } from '../dept/index.js';\nvoid deptModule;\n",
};

describe('the module cycle check', () => {
  it('passes modules that point down, whatever their table files and tests import', () => {
    expect(check(lower)).toEqual({ status: 0, report: '' });
  });

  it('fails on a loop of modules, direct or through a chain, and names the imports that make it', () => {
    const direct = check({
      ...lower,
      'user/user.service.ts':
        "import { deptModule } from '../dept/index.js';\nexport const userName = () => deptModule;\n",
    });
    expect(direct.status).toBe(1);
    expect(direct.report).toContain('Loop through dept, user:');
    expect(direct.report).toContain('user -> dept  (user/user.service.ts)');

    const chain = check({
      ...lower,
      'ticket/index.ts':
        "import { deptModule } from '../dept/index.js';\nexport const ticketModule = { deptModule };\n",
      'user/user.service.ts':
        "export const userName = async () => (await import('../ticket/index.js')).ticketModule;\n",
    });
    expect(chain.status).toBe(1);
    expect(chain.report).toContain('Loop through dept, ticket, user:');

    // A table file may import another module's table file, not its index.ts.
    const throughIndex = check({
      ...lower,
      'user/user.table.ts': "import { dept } from '../dept/index.js';\nexport const appUser = { dept };\n",
    });
    expect(throughIndex.status).toBe(1);
    expect(throughIndex.report).toContain('user -> dept  (user/user.table.ts)');
  });
});
