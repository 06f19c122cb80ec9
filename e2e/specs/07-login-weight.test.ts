import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser';

const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('weight of the sign-in page', () => {
  it('loads only the sign-in screen, measured gzipped (reported, not judged)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
    });
    await page.goto('/login');
    await page.locator('input[autocomplete="username"]').waitFor();
    await page.waitForLoadState('networkidle');
    const files = [...scripts].map((path) => {
      const raw = readFileSync(`${dist}${path}`);
      return { file: path.replace('/assets/', ''), bytes: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
    });
    files.sort((a, b) => b.gzip - a.gzip);
    const total = files.reduce((sum, f) => ({ bytes: sum.bytes + f.bytes, gzip: sum.gzip + f.gzip }), {
      bytes: 0,
      gzip: 0,
    });
    // The main layout and its menu, tabs and drawers are not part of it.
    expect(files.some((f) => f.file.startsWith('Layout-'))).toBe(false);
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(`${artifacts}login-route.json`, JSON.stringify({ total, files }, null, 2));
    console.log(
      `Sign-in page JavaScript: ${files.length} files, ${(total.bytes / 1024).toFixed(1)} KiB, ${(total.gzip / 1024).toFixed(1)} KiB gzipped; largest: ${files
        .slice(0, 4)
        .map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KiB`)
        .join(', ')}`,
    );
    await context.close();
  });
});
