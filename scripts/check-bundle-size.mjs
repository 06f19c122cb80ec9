#!/usr/bin/env node
// The script a route makes the browser download, gzipped, against its budget (issue 11 item 7).
// Reads the Vite manifest of the built web app (apps/web/dist/.vite/manifest.json); fails above a budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

// Before the first screen renders, main.tsx awaits the shell's and sign-in's texts (English here); the signed-in layout
// waits for every screen's (platform/i18n.ts). vite.config.ts gathers them into one chunk per language and group
// (`texts-sign-in-en`, `texts-en`), which the manifest names by chunk, not by the locale files inside.
const textsChunk = (name) => {
  const key = Object.keys(manifest).find((k) => manifest[k].name === name && !manifest[k].src);
  if (!key) throw new Error(`No ${name} chunk in the manifest (vite.config.ts's textsChunk renamed? update this)`);
  return key;
};
const firstScreenTexts = [textsChunk('texts-sign-in-en')];

/**
 * Each route: the lazy chunks it loads on top of the entry (and their static imports), and its budget. The dashboard's
 * grew past 700 KB with the desk (tags, then canned replies and macros) and its texts were not counted (the check looked
 * for locale files the chunks had absorbed): 760 with them; issue 35 halves the script a screen waits for.
 */
const routes = [
  { name: 'sign-in (/login)', lazy: ['src/features/auth/pages/login/index.tsx', ...firstScreenTexts], budgetKb: 250 },
  {
    name: 'dashboard (/dashboard)',
    lazy: [
      'src/app/router/SignedInRoutes.tsx',
      'src/app/layout/Layout.tsx',
      'src/features/dashboard/pages/ticket/index.tsx',
      ...firstScreenTexts,
      textsChunk('texts-en'),
    ],
    budgetKb: 760,
  },
];

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('The manifest has no entry: build with build.manifest = true.');

/** The chunk files a set of manifest keys needs: each key's own file and its static imports, recursively. */
function chunksOf(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest (renamed? update scripts/check-bundle-size.mjs)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(join(dist, file));
    size = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content).length,
    };
    sizes.set(file, size);
  }
  return size;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
let failed = false;
console.log('route                      chunks   raw KB   gzip KB  brotli KB  budget KB (gzip)');
for (const route of routes) {
  const files = chunksOf([entry, ...route.lazy]);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    raw += sizeOf(file).raw;
    gzip += sizeOf(file).gzip;
    brotli += sizeOf(file).brotli;
  }
  const over = gzip > route.budgetKb * 1024;
  failed ||= over;
  console.log(
    `${route.name.padEnd(26)} ${String(files.size).padStart(6)} ${kb(raw).padStart(8)} ${kb(gzip).padStart(9)} ${kb(brotli).padStart(10)} ${String(route.budgetKb).padStart(10)}${over ? '  OVER BUDGET' : ''}`,
  );
  if (process.argv.includes('--verbose'))
    for (const file of [...files].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip))
      console.log(`    ${file.padEnd(50)} ${kb(sizeOf(file).raw).padStart(8)} ${kb(sizeOf(file).gzip).padStart(9)}`);
}
if (failed) {
  console.error(
    '\nA route needs more script than its budget (gzip): split it (React.lazy, manualChunks) or trim imports.',
  );
  process.exit(1);
}
