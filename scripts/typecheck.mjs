// Type-checks every TypeScript project, as many at once as the machine has cores (each `tsc` is one thread).
// Each project's output is printed whole when it ends, so that two projects' errors never interleave.
//
// Incremental: each project keeps TypeScript's build info (a hash of every file it read and the diagnostics it found)
// in node_modules/.cache/typecheck/, so a second run re-checks only what changed and what depends on it. A clean
// clone has none: it starts from the copy kept in the machine's cache (TYPECHECK_CACHE, default
// ~/.cache/casedesk/typecheck) when there is one, as npm keeps its own cache between installs, and passes without it.
// TypeScript decides from the hashes what it may reuse; a copy from another commit only means more to re-check.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';

// Longest first, so that the short ones fill in beside them.
const projects = ['apps/server', 'apps/web', 'bench', 'e2e', 'bench/screens', 'packages/shared'];
const tsc = 'node_modules/typescript/bin/tsc';
const localCache = 'node_modules/.cache/typecheck';
const machineCache = process.env.TYPECHECK_CACHE || join(homedir(), '.cache/casedesk/typecheck');

/** Copies a project's build info between the checkout and the machine's cache; a cache that cannot be written is no error. */
function copyBuildInfo(fromDir, toDir, name) {
  try {
    if (!existsSync(join(fromDir, name))) return;
    mkdirSync(toDir, { recursive: true });
    copyFileSync(join(fromDir, name), join(toDir, name));
  } catch {
    // a read-only home or a full disk: the check itself does not depend on the copy
  }
}

function check(project) {
  const buildInfo = `${project.replaceAll('/', '-')}.tsbuildinfo`;
  if (!existsSync(join(localCache, buildInfo))) copyBuildInfo(machineCache, localCache, buildInfo);
  return new Promise((resolve) => {
    const started = Date.now();
    const args = [tsc, '-p', project, '--noEmit', '--pretty', '--incremental'];
    const child = spawn(process.execPath, [...args, '--tsBuildInfoFile', join(localCache, buildInfo)], {
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? 'ok ' : 'FAIL'} ${project} (${seconds} s)\n${output}`);
      // Only a passing check is kept for the next clean clone (a failing one is worth nothing to it).
      if (code === 0) copyBuildInfo(localCache, machineCache, buildInfo);
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
