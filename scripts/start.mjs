// `npm start`: install if needed, build if the sources changed, then run the server with demo data.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

execSync('node scripts/ensure-install.mjs', { stdio: 'inherit' });

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const sourcesAt = Math.max(
  ...['packages/shared', 'apps/server/src', 'apps/web/src', 'apps/web/index.html']
    .filter(existsSync)
    .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (builtAt < sourcesAt) {
  console.log('Building...');
  execSync('npm run build', { stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// Once the server answers its health check, one plain line says where to go (the logs above are JSON).
const port = Number(process.env.PORT) || 3000;
const started = Date.now();
const poll = setInterval(async () => {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    if (!response.ok) return;
  } catch {
    return;
  }
  clearInterval(poll);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\nCasedesk is ready (${seconds} s): open http://localhost:${port} in your browser.\n`);
}, 500);
poll.unref();
