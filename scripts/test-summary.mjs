// Prints one 'name: N passed, N failed' line per Vitest JSON report in .tmp/, the tests that passed only on a
// retry (by name: a flake is seen, not hidden), a total, how long each CI stage took (.tmp/ci-stages.tsv) and each part
// that ran beside another (.tmp/ci-parts.tsv).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dir = '.tmp';
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => /^vitest-.*\.json$/.test(f))
      .sort()
  : [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  const report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
  const p = report.numPassedTests ?? 0;
  const f = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  passed += p;
  failed += f;
  skipped += s;
  console.log(`${file.replace(/^vitest-|\.json$/g, '')}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  // A test that passed with failure messages failed first and passed on its retry.
  for (const suite of report.testResults ?? [])
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'passed' && test.failureMessages?.length > 0)
        console.log(`  passed on retry: ${test.fullName} (${suite.name.replace(/^.*\/(specs|src|test)\//, '$1/')})`);
}
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
const stagesFile = `${dir}/ci-stages.tsv`;
if (existsSync(stagesFile)) {
  const stages = readFileSync(stagesFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([at, name]) => ({ at: Number(at), name }));
  const now = Math.round(Date.now() / 1000);
  const times = stages.map(
    (stage, i) => `${stage.name.replace(/ \(.*\)$/, '')} ${(stages[i + 1]?.at ?? now) - stage.at} s`,
  );
  console.log(`stages: ${times.join(' · ')} · total ${now - stages[0].at} s`);
}
// Parts that ran side by side within a stage (lint and typecheck; npm test beside the browser suite), each on its own.
const partsFile = `${dir}/ci-parts.tsv`;
if (existsSync(partsFile)) {
  const parts = readFileSync(partsFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([name, seconds, status]) => `${name} ${seconds} s${status === '0' ? '' : ` (exit ${status})`}`);
  console.log(`side by side: ${parts.join(' · ')}`);
}
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
