/** Uploads over a real socket for the file store tests (database and S3): files of a known size, a client that goes. */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { UploadedFile } from '@casedesk/shared';

export const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A PNG file-type always knows (signature, IHDR, one IDAT holding random bytes) of exactly `size` bytes. */
export function pngOf(size: number) {
  const n = size - 45;
  const length = (v: number) => Buffer.from([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    length(13),
    Buffer.from('IHDR'),
    Buffer.from('00000001000000010806000000', 'hex'),
    Buffer.alloc(4),
    length(n),
    Buffer.from('IDAT'),
    randomBytes(n),
    Buffer.alloc(4),
  ]);
}

/** A multipart body in 64 KB writes over a real socket; `abortAfter` bytes of the file, then the client goes. */
export function postFile(
  base: string,
  token: string,
  authToken: string,
  file: { name: string; data: Buffer; type?: string },
  abortAfter?: { bytes: number; when: () => Promise<void> },
): Promise<{ status: number; body: { resultMsg: string; data: UploadedFile[] } }> {
  const boundary = `----casedesk${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/Files/Upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'auth-token': authToken,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + file.data.length + tail.length),
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()) as never }),
      );
    });
    req.on('error', reject);
    void (async () => {
      const write = (chunk: Buffer) =>
        new Promise<void>((done) => (req.write(chunk) ? done() : req.once('drain', done)));
      await write(head);
      const end = abortAfter ? abortAfter.bytes : file.data.length;
      for (let at = 0; at < end; at += 64 * 1024) await write(file.data.subarray(at, Math.min(end, at + 64 * 1024)));
      if (abortAfter) {
        await abortAfter.when();
        req.destroy();
        resolve({ status: 0, body: { resultMsg: 'aborted', data: [] } });
        return;
      }
      req.end(tail);
    })();
  });
}

/** Waits, a turn of the event loop at a time, until `condition` holds (the test's own timeout bounds it). */
export async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
