// Prints one 'name: N passed, N failed' line per Vitest JSON report in .tmp/, and a total.
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
}
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
