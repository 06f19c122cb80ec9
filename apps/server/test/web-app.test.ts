import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig, useTestApp } from './helpers.js';

/** The built web app is served precompressed (issue 11 item 7): a tiny fake dist with .br and .gz twins. */
describe('web app files', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  const script = `console.log(${JSON.stringify('casedesk '.repeat(200))});`;
  const page =
    '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1234.js"></script></body></html>';
  let webDir: string;
  let webApp: Awaited<ReturnType<typeof buildApp>>['app'];

  const withTwins = (path: string, content: string) => {
    writeFileSync(path, content);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  };

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'casedesk-web-'));
    mkdirSync(join(webDir, 'assets'));
    withTwins(join(webDir, 'index.html'), page);
    withTwins(join(webDir, 'assets', 'app-1234.js'), script);
    writeFileSync(join(webDir, 'assets', 'small-1234.js'), 'console.log(1);');
    webApp = (await buildApp({ config: testConfig({ webDist: webDir }), database: ctx.database, logger: false })).app;
    await webApp.ready();
  });
  afterAll(async () => {
    await webApp?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    webApp.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a hashed asset as brotli to a browser that takes it, cached for good', async () => {
    const response = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that takes only gzip, and the plain file to one that takes neither', async () => {
    const gzipped = await get('/assets/app-1234.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // A file too small to be worth compressing has no twins: it is sent as it is.
    const small = await get('/assets/small-1234.js', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1);');
  });

  it('sends index.html compressed for any client-side route, never cached without asking', async () => {
    const response = await get('/ticket/list', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });
});
