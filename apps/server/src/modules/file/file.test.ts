import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxUploadBytes, messages, type UploadedFile } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { addTicket, createProject, staff, ticketWorld } from '../../../test/ticket-factories.js';

const ctx = useTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'casedesk-files-')) });

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(64, 1),
]);
type Part = { name: string; type: string; data: Buffer; field?: string };

function multipart(parts: Part[]) {
  const boundary = `----casedesk${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'files'}"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Files/Upload',
    headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken(), 'content-type': contentType },
    payload,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as { resultMsg: string; data: UploadedFile[] },
  };
}

const download = (token: string, id: number) => ctx.call('GET', `/api/Files/Download/${id}`, { token });

describe('files', () => {
  it('stores uploads under random names and lets only those who see the ticket download them', async () => {
    const w = await ticketWorld(ctx);
    const outsider = await staff(ctx, [await createProject(ctx)]);
    const up = await upload(w.agent.token, [
      { name: '../../etc/shot.png', type: 'image/png', data: png },
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello 你好') },
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.map((f) => [f.name, f.ext, f.fileType])).toEqual([
      ['shot.png', 'png', 'image/png'],
      ['notes.txt', 'txt', 'text/plain'],
    ]);
    const [image, text] = up.body.data as [UploadedFile, UploadedFile];
    expect(image.fileUrl).toBe(`/api/Files/Download/${image.fileId}`);
    // Before it is attached, only the uploader may fetch it.
    expect((await download(w.agent.token, image.fileId)).status).toBe(200);
    expect((await download(outsider.token, image.fileId)).status).toBe(404);

    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      attachments: [image.fileId, text.fileId],
    });
    const fetched = await download(w.agent.token, text.fileId);
    expect(fetched.raw).toBe('hello 你好');
    expect(String(fetched.headers['content-disposition'])).toContain('attachment');
    expect((await download(outsider.token, text.fileId)).status).toBe(404);
    const colleague = await staff(ctx, [w.projectId]);
    expect((await download(colleague.token, text.fileId)).status).toBe(200);
    // A file attached to one ticket cannot be claimed by another user's ticket.
    const thief = await ctx.call('POST', '/api/Ticket/Add', {
      token: colleague.token,
      body: { subject: 'x', projectId: w.projectId, categoryId: w.categoryId, attachments: [image.fileId] },
    });
    expect(thief.status).toBe(400);
    const detail = await ctx.call('GET', `/api/Ticket/Detail/${t.id}`, { token: w.agent.token });
    expect((detail.body.data as { files: unknown[] }).files).toHaveLength(2);
    // Removing it from the ticket deletes it.
    await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: t.id, rowVersion: 1, attachments: [text.fileId] },
    });
    expect((await download(w.agent.token, image.fileId)).status).toBe(404);
  });

  it('refuses files whose content does not match their name or type', async () => {
    const { agent } = await ticketWorld(ctx);
    const liar = await upload(agent.token, [
      { name: 'photo.png', type: 'image/png', data: Buffer.from('not an image') },
    ]);
    expect(liar.status).toBe(400);
    const disguised = await upload(agent.token, [{ name: 'report.pdf', type: 'application/pdf', data: png }]);
    expect(disguised.status).toBe(400);
    const binaryText = await upload(agent.token, [
      { name: 'a.txt', type: 'text/plain', data: Buffer.from([0, 1, 2, 0xff]) },
    ]);
    expect(binaryText.status).toBe(400);
    const exe = await upload(agent.token, [
      { name: 'setup.exe', type: 'application/octet-stream', data: Buffer.from('MZ\x90\x00') },
    ]);
    expect(exe.status).toBe(400);
    // All or none: a good file next to a bad one is not kept.
    const mixed = await upload(agent.token, [
      { name: 'ok.txt', type: 'text/plain', data: Buffer.from('fine') },
      { name: 'bad.png', type: 'image/png', data: Buffer.from('fake') },
    ]);
    expect(mixed.status).toBe(400);
  });

  it('enforces 10 files per upload and 20 MB per file', async () => {
    const { agent } = await ticketWorld(ctx);
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: `f${i}.txt`,
      type: 'text/plain',
      data: Buffer.from('x'),
    }));
    const tooMany = await upload(agent.token, eleven);
    expect(tooMany.status).toBe(400);
    const big = await upload(agent.token, [
      { name: 'big.txt', type: 'text/plain', data: Buffer.alloc(maxUploadBytes + 1, 0x61) },
    ]);
    expect(big.status).toBe(413);
    expect(big.body.resultMsg).toBe(messages.fileTooLarge);
    const ten = await upload(agent.token, eleven.slice(0, 10));
    expect(ten.status).toBe(200);
    expect(ten.body.data).toHaveLength(10);
  });
});
