// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const stamp = 'node_modules/.casedesk-install';
const lockHash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';

if (installed !== lockHash) {
  // A fresh clone gets a clean install; an existing tree is updated in place (npm ci would
  // delete node_modules from under anything else running in it).
  const command = existsSync('node_modules') ? 'npm install --no-audit --no-fund' : 'npm ci --no-audit --no-fund';
  console.log(`Installing dependencies (${command})...`);
  execSync(command, { stdio: 'inherit' });
  writeFileSync(stamp, lockHash);
}
