import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { ticketWorld } from '../../../test/ticket-factories.js';
import { storedFile } from './file.table.js';

// DATA_DIR sits a few levels down in a sandbox of its own, so that a name climbing out of it would land
// in the sandbox, where the test looks.
const sandbox = mkdtempSync(join(tmpdir(), 'casedesk-traversal-'));
const dataDir = join(sandbox, 'a', 'b', 'data');
mkdirSync(dataDir, { recursive: true });
// The disk store's layout is what is checked here (the database store keeps no name on disk at all).
const ctx = useTestApp({ dataDir, fileStore: 'disk' });
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(64, 1),
]);
const text = (s: string) => Buffer.from(s);
const unique = randomBytes(4).toString('hex');
const absoluteTarget = join(tmpdir(), `casedesk-escaped-${unique}.txt`);

/** Hostile names as a client may send them in the multipart header; the content fits the extension. */
const hostile: Array<{ name: string; type: string; data: Buffer }> = [
  { name: '../../etc/passwd.txt', type: 'text/plain', data: text('root:x:0:0') },
  { name: '../../../../../../../../tmp/deep.txt', type: 'text/plain', data: text('deep') },
  { name: '..\\..\\x.png', type: 'image/png', data: png },
  { name: absoluteTarget, type: 'text/plain', data: text('absolute') },
  { name: 'C:\\Windows\\System32\\drivers\\etc\\hosts.txt', type: 'text/plain', data: text('hosts') },
  { name: `nul\u0000../../byte.txt`, type: 'text/plain', data: text('nul') },
  { name: '....//....//up.txt', type: 'text/plain', data: text('up') },
  { name: './.hidden.txt', type: 'text/plain', data: text('hidden') },
];

function multipart(parts: typeof hostile) {
  const boundary = `----casedesk${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        'utf8',
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const pathFree = (name: string) => !/[/\\]/.test(name) && !name.includes('\u0000') && !name.startsWith('.');

describe('uploads with path-traversal names', () => {
  it('stores every file under a random name inside DATA_DIR/files and writes nothing elsewhere', async () => {
    const { agent } = await ticketWorld(ctx);
    const before = filesUnder(sandbox);
    const uploaded: UploadedFile[] = [];
    // One at a time: a refusal of one name must not hide what happened to the others.
    for (const part of hostile) {
      const { payload, contentType } = multipart([part]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/Files/Upload',
        headers: {
          authorization: `Bearer ${agent.token}`,
          'auth-token': ctx.newAuthToken(),
          'content-type': contentType,
        },
        payload,
      });
      expect(response.statusCode, `${JSON.stringify(part.name)}: ${response.body}`).toBe(200);
      const [file] = (JSON.parse(response.body) as { data: UploadedFile[] }).data;
      expect(pathFree(file!.name), `stored name ${JSON.stringify(file!.name)}`).toBe(true);
      uploaded.push(file!);
    }
    expect(uploaded.map((f) => f.name)).toEqual([
      'passwd.txt',
      'deep.txt',
      'x.png',
      `casedesk-escaped-${unique}.txt`,
      'hosts.txt',
      'byte.txt',
      'up.txt',
      'hidden.txt',
    ]);

    // On disk: exactly one new file per upload, each a 32-hex name under files/<year>/<month>/.
    const written = filesUnder(sandbox).filter((f) => !before.includes(f));
    expect(written).toHaveLength(hostile.length);
    for (const file of written) {
      const inside = relative(join(dataDir, 'files'), file);
      expect(inside.startsWith('..'), file).toBe(false);
      expect(inside.split(sep)).toEqual([
        expect.stringMatching(/^\d{4}$/),
        expect.stringMatching(/^\d{2}$/),
        expect.stringMatching(/^[0-9a-f]{32}$/),
      ]);
    }
    expect(existsSync(absoluteTarget)).toBe(false);

    // In the database: the same random relative paths, never the client's name.
    const rows = await ctx.db
      .select({ path: storedFile.path })
      .from(storedFile)
      .where(
        inArray(
          storedFile.id,
          uploaded.map((f) => f.fileId),
        ),
      );
    expect(rows).toHaveLength(hostile.length);
    for (const row of rows) expect(row.path).toMatch(/^\d{4}[/\\]\d{2}[/\\][0-9a-f]{32}$/);

    // Downloads name the file without any directory, in both filename forms.
    for (const file of uploaded) {
      const response = await ctx.call('GET', `/api/Files/Download/${file.fileId}`, { token: agent.token });
      expect(response.status).toBe(200);
      const disposition = String(response.headers['content-disposition']);
      const plain = /filename="([^"]*)"/.exec(disposition)?.[1];
      const encoded = /filename\*=UTF-8''(.*)$/.exec(disposition)?.[1];
      expect(plain, disposition).toBeDefined();
      expect(encoded, disposition).toBeDefined();
      expect(pathFree(plain!), disposition).toBe(true);
      expect(pathFree(decodeURIComponent(encoded!)), disposition).toBe(true);
      expect(decodeURIComponent(encoded!)).toBe(file.name);
    }
  });
});
