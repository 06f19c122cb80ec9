import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  indexExcerptChars,
  invoiceMessages,
  invoiceProposalFields,
  maxUploadBytes,
  messages,
  type IndexQueueItem,
  type IndexingDetail,
  type Page,
} from '@casedesk/shared';
import { createUser, signIn, useTestApp, type TestUser } from '../../../test/helpers.js';
import {
  brokenPdf,
  encryptedPdf,
  longPdf,
  notAPdf,
  sampleInvoices,
  sampleVendors,
  scannedPdf,
} from '../../../test/invoice-pdfs.js';
import { storedFile } from '../file/index.js';
import { appUser } from '../user/index.js';
import { vendor } from '../vendor/index.js';
import { invoiceDocument } from './invoice-indexing.table.js';
import { invoice, invoiceLine } from './invoice.table.js';

const ctx = useTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'casedesk-indexing-')) });

type Part = { name: string; type: string; data: Buffer };
function multipart(parts: Part[]) {
  const boundary = `----casedeskidx${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
async function upload(token: string, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Invoice/IndexUpload',
    headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken(), 'content-type': contentType },
    payload,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as { resultMsg: string; data: IndexQueueItem[] },
  };
}
const pdf = (name: string, data: Buffer): Part => ({ name, type: 'application/pdf', data });
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(64, 1),
]);

type Signed = TestUser & { token: string; name: string };
const indexPermissions = ['invoice:page', 'invoice:view', 'invoice:index'];
async function clerk(permissions = indexPermissions): Promise<Signed> {
  const user = await createUser(ctx, { permissions });
  const [row] = await ctx.db
    .select({ fullName: appUser.fullName, loginName: appUser.loginName })
    .from(appUser)
    .where(eq(appUser.id, user.id));
  return { ...user, token: (await signIn(ctx, user)).token, name: row!.fullName ?? row!.loginName };
}

const call = (token: string, url: string, body?: unknown) => ctx.call('POST', url, { token, body });
const claim = (token: string, id: number) => call(token, '/api/Invoice/IndexClaim', { id });
const release = (token: string, id: number) => call(token, '/api/Invoice/IndexRelease', { id });
const remove = (token: string, id: number) => call(token, '/api/Invoice/IndexDelete', { id });
async function queue(token: string, body: Record<string, unknown> = {}) {
  const response = await call(token, '/api/Invoice/IndexQueue', body);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Page<IndexQueueItem>;
}
async function uploaded(token: string, parts: Part[]) {
  const response = await upload(token, parts);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}
async function claimed(token: string, id: number) {
  const response = await claim(token, id);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as IndexingDetail;
}

const vendorIds = new Map<string, number>();
let a: Signed;
let b: Signed;
beforeAll(async () => {
  const rows = await ctx.db
    .insert(vendor)
    .values(sampleVendors.map((v) => ({ ...v, vendorCode: `${v.vendorCode}-IDX` })))
    .returning({ id: vendor.id, vendorName: vendor.vendorName });
  for (const row of rows) vendorIds.set(row.vendorName, row.id);
  // A vendor whose name is a part of another's must not be proposed for it.
  await ctx.db.insert(vendor).values({ vendorCode: 'ACME-2', vendorName: 'Acme', emailAddress: null });
  a = await clerk();
  b = await clerk();
});

describe('indexing: upload', () => {
  it('makes one Indexing invoice per document and proposes the fields its text holds', async () => {
    const samples = sampleInvoices();
    const items = await uploaded(
      a.token,
      samples.map((s) => pdf(s.file, s.pdf)),
    );
    expect(items.map((i) => i.file?.name)).toEqual(samples.map((s) => s.file));
    expect(items.every((i) => i.claimedBy === null && i.hasProposals && i.error === null)).toBe(true);

    let right = 0;
    let total = 0;
    for (const [index, sample] of samples.entries()) {
      const detail = (await ctx.call('GET', `/api/Invoice/IndexDetail/${items[index]!.id}`, { token: b.token })).body
        .data as IndexingDetail;
      expect(detail.invoice.status).toBe('Indexing');
      const proposals = detail.document!.proposals!;
      const expected = { ...sample.expected, vendorId: vendorIds.get(sample.expected.vendor)! };
      for (const field of invoiceProposalFields) {
        total++;
        if (proposals[field] === expected[field]) right++;
      }
      expect({ ...proposals, vendorName: undefined, vendorMatchedBy: undefined }, sample.file).toEqual({
        invoiceNumber: expected.invoiceNumber,
        invoiceDate: expected.invoiceDate,
        dueDate: expected.dueDate,
        totalAmount: expected.totalAmount,
        currency: expected.currency,
        poNumber: expected.poNumber,
        vendorId: expected.vendorId,
        vendorName: undefined,
        vendorMatchedBy: undefined,
      });
    }
    // The figure the closing note quotes: fields right / fields on the sample documents.
    expect(`${right}/${total}`).toBe('35/35');
    // The Lotus document names no e-mail address: its vendor is found by name, the others by address.
    const lotus = (await ctx.call('GET', `/api/Invoice/IndexDetail/${items[4]!.id}`, { token: a.token })).body
      .data as IndexingDetail;
    expect(lotus.document!.proposals!.vendorMatchedBy).toBe('name');
  });

  it('reads no proposals from a scan, an image, an encrypted, a broken or an over-long PDF, and never fails', async () => {
    const items = await uploaded(a.token, [
      pdf('scan.pdf', scannedPdf()),
      { name: 'photo.png', type: 'image/png', data: png },
      pdf('locked.pdf', encryptedPdf()),
      pdf('broken.pdf', brokenPdf()),
      pdf('long.pdf', longPdf()),
    ]);
    const documents = await ctx.db
      .select()
      .from(invoiceDocument)
      .where(
        inArray(
          invoiceDocument.invoiceId,
          items.map((i) => i.id),
        ),
      );
    const byId = new Map(documents.map((d) => [d.invoiceId, d]));
    const [scan, photo, locked, broken, long] = items.map((i) => byId.get(i.id)!);
    expect([scan, photo, locked, broken].map((d) => [d!.error, d!.proposals])).toEqual([
      ['noText', null],
      ['image', null],
      ['encrypted', null],
      ['unreadable', null],
    ]);
    expect(scan!.pages).toBe(1);
    // 200 pages: all counted, the first five read, the excerpt bounded.
    expect(long!.pages).toBe(200);
    expect(long!.error).toBeNull();
    expect(long!.proposals!.invoiceNumber).toBe('INV-LONG-200');
    expect(long!.textExcerpt!.length).toBeLessThanOrEqual(indexExcerptChars);
    expect(long!.textExcerpt).toContain('Page 5 of 200');
    expect(long!.textExcerpt).not.toContain('Page 6 of 200');
    expect(items.map((i) => i.error)).toEqual(['noText', 'image', 'encrypted', 'unreadable', null]);
  });

  it('refuses what is not a PDF or an image by its bytes, all or none, and files over 20 MB', async () => {
    const before = (await ctx.db.select({ id: storedFile.id }).from(storedFile)).length;
    const invoicesBefore = (await ctx.db.select({ id: invoice.id }).from(invoice)).length;
    const renamed = await upload(a.token, [pdf('good.pdf', sampleInvoices()[0]!.pdf), pdf('invoice.pdf', notAPdf())]);
    expect(renamed.status).toBe(400);
    expect(renamed.body.resultMsg).toContain(invoiceMessages.notAPdfOrImage);
    const text = await upload(a.token, [{ name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }]);
    expect(text.status).toBe(400);
    // A real PDF named .png: the file module's check that the name and the bytes agree.
    const lying = await upload(a.token, [{ name: 'scan.png', type: 'image/png', data: sampleInvoices()[1]!.pdf }]);
    expect(lying.status).toBe(400);
    const big = await upload(a.token, [
      pdf('big.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(maxUploadBytes, 0x20)])),
    ]);
    expect(big.status).toBe(413);
    const none = await ctx.call('POST', '/api/Invoice/IndexUpload', { token: a.token, body: {} });
    expect(none.status).toBe(400);
    expect((await ctx.db.select({ id: storedFile.id }).from(storedFile)).length).toBe(before);
    expect((await ctx.db.select({ id: invoice.id }).from(invoice)).length).toBe(invoicesBefore);
  });
});

describe('indexing: claims', () => {
  it('lists the queue oldest first with who holds each; a claim locks the document to its holder', async () => {
    const [first, second] = await uploaded(a.token, [
      pdf('q1.pdf', sampleInvoices()[0]!.pdf),
      pdf('q2.pdf', sampleInvoices()[1]!.pdf),
    ]);
    const detail = await claimed(a.token, first!.id);
    expect(detail.invoice.claimedBy).toBe(a.id);
    expect(detail.claimedByName).toBe(a.name);
    expect(detail.file!.name).toBe('q1.pdf');

    const list = await queue(b.token, { pageSize: 200 });
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(first!.id)).toBeLessThan(ids.indexOf(second!.id));
    const createdAts = list.items.map((i) => i.createdAt);
    expect([...createdAts].sort()).toEqual(createdAts);
    expect(list.items.find((i) => i.id === first!.id)).toMatchObject({ claimedBy: a.id, claimedByName: a.name });
    expect((await queue(a.token, { mine: true })).items.map((i) => i.id)).toEqual([first!.id]);

    // Another person: 409 naming the holder, for claim, release, finish and delete alike.
    const refusal = invoiceMessages.claimedByOther(a.name);
    for (const response of [
      await claim(b.token, first!.id),
      await release(b.token, first!.id),
      await remove(b.token, first!.id),
    ]) {
      expect(response.status, response.raw).toBe(409);
      expect(response.body.resultMsg).toBe(refusal);
    }
    // Claiming again renews one's own claim.
    expect((await claimed(a.token, first!.id)).invoice.claimedBy).toBe(a.id);

    // Released, the document is free for the next person.
    const released = await release(a.token, first!.id);
    expect(released.status, released.raw).toBe(200);
    expect((released.body.data as IndexQueueItem).claimedBy).toBeNull();
    expect((await claimed(b.token, first!.id)).invoice.claimedBy).toBe(b.id);
  });

  it(`lets another take over a claim older than the lease`, async () => {
    const [doc] = await uploaded(a.token, [pdf('lapse.pdf', sampleInvoices()[2]!.pdf)]);
    await claimed(a.token, doc!.id);
    expect((await claim(b.token, doc!.id)).status).toBe(409);
    await ctx.db
      .update(invoice)
      .set({ claimedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(invoice.id, doc!.id));
    const item = (await queue(b.token, { pageSize: 200 })).items.find((i) => i.id === doc!.id)!;
    expect(item.claimExpired).toBe(true);
    expect((await claimed(b.token, doc!.id)).invoice.claimedBy).toBe(b.id);
    // The former holder is now the one refused.
    const refused = await claim(a.token, doc!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(invoiceMessages.claimedByOther(b.name));
  });

  it('deletes a document with its file; a claimed one only by its holder', async () => {
    const [doc] = await uploaded(a.token, [pdf('mistake.pdf', sampleInvoices()[3]!.pdf)]);
    const fileId = doc!.file!.id;
    expect((await ctx.call('GET', `/api/Files/Download/${fileId}`, { token: b.token })).status).toBe(200);
    await claimed(b.token, doc!.id);
    expect((await remove(a.token, doc!.id)).status).toBe(409);
    const removed = await remove(b.token, doc!.id);
    expect(removed.status, removed.raw).toBe(200);
    expect(await ctx.db.select().from(invoice).where(eq(invoice.id, doc!.id))).toEqual([]);
    expect(await ctx.db.select().from(storedFile).where(eq(storedFile.id, fileId))).toEqual([]);
    expect((await remove(b.token, doc!.id)).status).toBe(404);
  });
});

describe('indexing: finish', () => {
  const lines = [
    { description: 'Copy paper A4', quantity: '40', unitPrice: '24.5', glAccount: '6100', amount: '1' },
    { description: 'Toner cartridge', quantity: '6.5', unitPrice: '112.7533', glAccount: null },
  ];
  async function captured(token: string) {
    const [doc] = await uploaded(token, [pdf('finish.pdf', sampleInvoices()[0]!.pdf)]);
    const detail = await claimed(token, doc!.id);
    const p = detail.document!.proposals!;
    return {
      detail,
      body: {
        id: doc!.id,
        rowVersion: detail.invoice.rowVersion,
        invoiceNumber: `${p.invoiceNumber!}-${doc!.id}`,
        vendorId: p.vendorId!,
        invoiceDate: p.invoiceDate!,
        dueDate: p.dueDate,
        currency: p.currency!,
        poNumber: p.poNumber,
        taxRate: '8',
        lines,
        totalAmount: p.totalAmount,
      },
    };
  }

  it('turns the holder’s capture into a Draft with the server’s amounts, and frees the claim', async () => {
    const { body } = await captured(a.token);
    // Only the holder: another person, and one with no claim at all.
    const other = await call(b.token, '/api/Invoice/IndexFinish', body);
    expect(other.status).toBe(409);
    expect(other.body.resultMsg).toBe(invoiceMessages.claimedByOther(a.name));
    const stale = await call(a.token, '/api/Invoice/IndexFinish', { ...body, rowVersion: body.rowVersion - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);

    const finished = await call(a.token, '/api/Invoice/IndexFinish', body);
    expect(finished.status, finished.raw).toBe(200);
    const [row] = await ctx.db.select().from(invoice).where(eq(invoice.id, body.id));
    expect(row).toMatchObject({
      status: 'Draft',
      claimedBy: null,
      claimedAt: null,
      invoiceNumber: body.invoiceNumber,
      vendorId: body.vendorId,
      invoiceDate: '2026-11-03',
      dueDate: '2026-12-03',
      currency: 'USD',
      poNumber: 'PO-88123',
      // 40 × 24.50 = 980.00; 6.5 × 112.7533 = 732.89645 → 732.90; 1712.90 + 8 % (137.03) = 1849.93
      subtotalAmount: '1712.90',
      taxAmount: '137.03',
      totalAmount: '1849.93',
    });
    expect(row!.documentFileId).not.toBeNull();
    const saved = await ctx.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, body.id));
    expect(saved.map((l) => l.amount).sort()).toEqual(['732.90', '980.00']);
    expect((await queue(a.token, { pageSize: 200 })).items.map((i) => i.id)).not.toContain(body.id);
    // Finished once: no longer in indexing.
    const again = await call(a.token, '/api/Invoice/IndexFinish', { ...body, rowVersion: row!.rowVersion });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe(invoiceMessages.wrongStatus('Draft'));
  });

  it('refuses a finish without a claim, and bad capture fields with 400', async () => {
    const { body } = await captured(b.token);
    expect((await release(b.token, body.id)).status).toBe(200);
    const unclaimed = await call(b.token, '/api/Invoice/IndexFinish', { ...body, rowVersion: body.rowVersion + 1 });
    expect(unclaimed.status).toBe(409);
    expect(unclaimed.body.resultMsg).toBe(invoiceMessages.notClaimed);
    const detail = await claimed(b.token, body.id);
    const base = { ...body, rowVersion: detail.invoice.rowVersion };
    for (const bad of [
      { ...base, currency: 'XYZ' },
      { ...base, lines: [] },
      { ...base, lines: [{ ...lines[0], quantity: '-1' }] },
      { ...base, lines: [{ ...lines[0], unitPrice: '123456789012345678901' }] },
      { ...base, documentFileId: 1 },
    ]) {
      const response = await call(b.token, '/api/Invoice/IndexFinish', bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    const [row] = await ctx.db.select().from(invoice).where(eq(invoice.id, body.id));
    expect(row!.status).toBe('Indexing');
  });
});

describe('indexing: who may not', () => {
  it('refuses every indexing call without invoice:index', async () => {
    const viewer = await clerk(['invoice:page', 'invoice:view']);
    const [doc] = await uploaded(a.token, [pdf('perm.pdf', sampleInvoices()[4]!.pdf)]);
    const responses = [
      await upload(viewer.token, [pdf('x.pdf', sampleInvoices()[0]!.pdf)]),
      await call(viewer.token, '/api/Invoice/IndexQueue', {}),
      await claim(viewer.token, doc!.id),
      await ctx.call('GET', `/api/Invoice/IndexDetail/${doc!.id}`, { token: viewer.token }),
      await release(viewer.token, doc!.id),
      await call(viewer.token, '/api/Invoice/IndexFinish', { id: doc!.id, rowVersion: 1 }),
      await remove(viewer.token, doc!.id),
    ];
    expect(responses.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    // Nobody signed in at all.
    expect((await ctx.call('POST', '/api/Invoice/IndexQueue', { body: {} })).status).toBe(401);
    // Someone with neither indexing nor invoices cannot download a document either.
    const stranger = await clerk(['ticket:view']);
    expect((await ctx.call('GET', `/api/Files/Download/${doc!.file!.id}`, { token: stranger.token })).status).toBe(404);
    const [row] = await ctx.db.select().from(invoice).where(eq(invoice.id, doc!.id));
    expect(row!.claimedBy).toBeNull();
  });
});
