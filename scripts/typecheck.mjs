// Type-checks every TypeScript project, as many at once as the machine has cores (each `tsc` is one thread).
// Each project's output is printed whole when it ends, so that two projects' errors never interleave.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Longest first, so that the short ones fill in beside them.
const projects = ['apps/server', 'apps/web', 'bench', 'e2e', 'bench/screens', 'packages/shared'];
const tsc = 'node_modules/typescript/bin/tsc';

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], { stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? 'ok ' : 'FAIL'} ${project} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), projects.length) }, async () => {
    let passed = true;
    for (let project = queue.shift(); project; project = queue.shift()) passed = (await check(project)) && passed;
    return passed;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
