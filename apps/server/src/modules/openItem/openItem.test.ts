import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  commonRolePermissionCodes,
  messages,
  openItemMessages,
  type OpenItem,
  type OpenItemDetail,
  type OpenItemPage,
  type UploadedFile,
} from '@casedesk/shared';
import { createUser, signIn } from '../../../test/helpers.js';
import { addTicket, createProject, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { auditLog } from '../../platform/platform.table.js';
import { dictionary, dictionaryItem } from '../dictionary/index.js';
import { storedFile } from '../file/index.js';
import { ticket, ticketHistory } from '../ticket/index.js';

const ctx = useTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'casedesk-openitem-')) });

/** The common role's ticket and open item permissions, as staff have them. */
const staffCodes = commonRolePermissionCodes.filter((c) => c.startsWith('ticket:') || c.startsWith('openItem:'));
const withDelete = [...staffCodes, 'openItem:delete', 'openItem:batchDelete'];

let world: Awaited<ReturnType<typeof ticketWorld>>;
let clerk: Staff;
beforeAll(async () => {
  world = await ticketWorld(ctx);
  clerk = await staff(ctx, [world.projectId], withDelete);
});

const newTicket = (token = clerk.token) =>
  addTicket(ctx, token, { categoryId: world.categoryId, projectId: world.projectId });

async function add(token: string, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/OpenItem/Add', { token, body: { description: 'Check the printer', ...body } });
}
async function added(token: string, body: Record<string, unknown>): Promise<OpenItem> {
  const response = await add(token, body);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as OpenItem;
}
async function update(token: string, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/OpenItem/Update', { token, body });
}
async function query(token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/OpenItem/Query', { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as OpenItemPage;
}
const remove = (token: string, id: number) => ctx.call('POST', `/api/OpenItem/Delete/${id}`, { token });
const ticketRow = async (id: number) => (await ctx.db.select().from(ticket).where(eq(ticket.id, id)))[0]!;

describe('OpenItem: add, serials and defaults', () => {
  it('numbers items per ticket, defaults the project and open date, reads the ticket number', async () => {
    const t = await newTicket();
    const first = await added(clerk.token, { ticketId: t.id, loe: '1.5' });
    const second = await added(clerk.token, { ticketId: t.id, loe: 2 });
    const other = await added(clerk.token, { ticketId: (await newTicket()).id });
    expect([first.serial, second.serial, other.serial]).toEqual([1, 2, 1]);
    expect([first.sortId, second.sortId]).toEqual([1, 2]);
    expect(first.ticketNumber).toBe(t.caseNumber);
    expect(first.projectId).toBe(world.projectId);
    expect(first.openDate).toBe(new Date().toISOString().slice(0, 10));
    expect(first.loe).toBe('1.50');
    expect(first.status).toBe('Open');
    expect(first.closeDate).toBeNull();
    expect(first.actions).toEqual(['edit', 'delete', 'editFile', 'deleteFile']);
  });

  it('gives two adds at once consecutive serials', async () => {
    const t = await newTicket();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => add(clerk.token, { ticketId: t.id, description: `Item ${n}` })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const serials = results.map((r) => (r.body.data as OpenItem).serial).sort();
    expect(serials).toEqual([1, 2, 3, 4]);
  });

  it('refuses LOE with three decimals or a negative one, with the decimal messages', async () => {
    const t = await newTicket();
    const three = await add(clerk.token, { ticketId: t.id, loe: '1.234' });
    expect(three.status).toBe(400);
    expect(three.raw).toContain('At most 2 decimal places');
    const negative = await add(clerk.token, { ticketId: t.id, loe: '-1' });
    expect(negative.status).toBe(400);
    const huge = await add(clerk.token, { ticketId: t.id, loe: '123456789' });
    expect(huge.status).toBe(400);
  });

  it('seeds the task category dictionary', async () => {
    const [dict] = await ctx.db.select().from(dictionary).where(eq(dictionary.code, 'taskCategory'));
    expect(dict).toBeDefined();
    const items = await ctx.db.select().from(dictionaryItem).where(eq(dictionaryItem.dictionaryId, dict!.id));
    expect(items.length).toBeGreaterThanOrEqual(3);
  });
});

describe('OpenItem: who may not', () => {
  it('needs openItem:addItem to add, even with openItem:create', async () => {
    const t = await newTicket();
    const noAddItem = await staff(
      ctx,
      [world.projectId],
      staffCodes.filter((c) => c !== 'openItem:addItem'),
    );
    const response = await add(noAddItem.token, { ticketId: t.id });
    expect(response.status).toBe(403);
    expect(response.body.resultMsg).toBe(messages.forbidden);
  });

  it('answers 404 and no rows to a user who cannot see the ticket', async () => {
    const t = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id });
    const otherProject = await createProject(ctx);
    const outsider = await staff(ctx, [otherProject], withDelete);
    expect((await ctx.call('GET', `/api/OpenItem/Get/${item.id}`, { token: outsider.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/OpenItem/Detail/${item.id}`, { token: outsider.token })).status).toBe(404);
    expect((await query(outsider.token, { ticketId: t.id })).total).toBe(0);
    expect((await add(outsider.token, { ticketId: t.id })).status).toBe(404);
    expect((await update(outsider.token, { id: item.id, rowVersion: item.rowVersion, description: 'x' })).status).toBe(
      404,
    );
    expect((await remove(outsider.token, item.id)).status).toBe(404);
    const reorder = await ctx.call('POST', '/api/OpenItem/Reorder', {
      token: outsider.token,
      body: { ticketId: t.id, ids: [item.id] },
    });
    expect(reorder.status).toBe(404);
  });

  it('refuses a user without openItem:view the list, and one without openItem:delete the delete', async () => {
    const nobody = await staff(ctx, [world.projectId], ['ticket:view']);
    expect((await ctx.call('POST', '/api/OpenItem/Query', { token: nobody.token, body: {} })).status).toBe(403);
    const t = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id });
    const common = await staff(ctx, [world.projectId], staffCodes);
    expect((await remove(common.token, item.id)).status).toBe(403);
  });
});

describe('OpenItem: the spec rules', () => {
  it('refuses a status change without a new comment, and sets and clears the close date', async () => {
    const t = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id, comment: 'started' });
    const same = await update(clerk.token, { id: item.id, rowVersion: item.rowVersion, status: 'Complete' });
    expect(same.status).toBe(400);
    expect(same.body.resultMsg).toBe(openItemMessages.updateComment);
    const done = await update(clerk.token, {
      id: item.id,
      rowVersion: item.rowVersion,
      status: 'Complete',
      comment: 'done',
    });
    expect(done.status, done.raw).toBe(200);
    const complete = done.body.data as OpenItem;
    expect(complete.closeDate).not.toBeNull();
    // A change that leaves the status alone needs no new comment.
    const loe = await update(clerk.token, { id: item.id, rowVersion: complete.rowVersion, loe: '4' });
    expect(loe.status, loe.raw).toBe(200);
    const reopened = await update(clerk.token, {
      id: item.id,
      rowVersion: (loe.body.data as OpenItem).rowVersion,
      status: 'Open',
      comment: 'reopened',
    });
    expect((reopened.body.data as OpenItem).closeDate).toBeNull();
    const stale = await update(clerk.token, { id: item.id, rowVersion: item.rowVersion, description: 'late' });
    expect(stale.status).toBe(409);
  });

  it("refuses to delete a Complete item with the spec's text", async () => {
    const t = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id, status: 'Complete' });
    const response = await remove(clerk.token, item.id);
    expect(response.status).toBe(400);
    expect(response.body.resultMsg).toBe(openItemMessages.deleteComplete);
    expect(response.body.resultMsg).toBe("It's not allowed to delete the open item marked in Complete");
    expect((await ticketRow(t.id)).status).not.toBe('Cancelled');
  });

  it("refuses to delete an item with related tickets with the spec's text", async () => {
    const t = await newTicket();
    const relatedTicket = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id, relatedTickets: [relatedTicket.id] });
    expect(item.relatedTickets).toEqual([relatedTicket.id]);
    const detail = (await ctx.call('GET', `/api/OpenItem/Detail/${item.id}`, { token: clerk.token })).body
      .data as OpenItemDetail;
    expect(detail.related.map((r) => r.caseNumber)).toEqual([relatedTicket.caseNumber]);
    const response = await remove(clerk.token, item.id);
    expect(response.status).toBe(409);
    expect(response.body.resultMsg).toBe('There is already a configuration relationship, deletion is not allowed!');
    // Its own ticket cannot be a related one.
    const self = await add(clerk.token, { ticketId: t.id, relatedTickets: [t.id] });
    expect(self.status).toBe(400);
  });

  it('deleting an item cancels its ticket in the same transaction, with the history saying why', async () => {
    const t = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id, description: 'Replace the toner' });
    const response = await remove(clerk.token, item.id);
    expect(response.status, response.raw).toBe(200);
    const row = await ticketRow(t.id);
    expect(row.status).toBe('Cancelled');
    expect(row.closeDate).not.toBeNull();
    const history = await ctx.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, t.id));
    const last = history.at(-1)!;
    expect(last.changes?.status).toEqual({ from: 'Assigned', to: 'Cancelled' });
    expect(last.changes?.openItemDeleted).toEqual({ from: null, to: '#1 Replace the toner' });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'OpenItem'), eq(auditLog.entityId, item.id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('a refused delete in a batch deletes nothing and cancels nothing', async () => {
    const t1 = await newTicket();
    const t2 = await newTicket();
    const fine = await added(clerk.token, { ticketId: t1.id });
    const complete = await added(clerk.token, { ticketId: t2.id, status: 'Complete' });
    const response = await ctx.call('POST', '/api/OpenItem/Delete', {
      token: clerk.token,
      body: [fine.id, complete.id],
    });
    expect(response.status).toBe(400);
    expect((await ticketRow(t1.id)).status).toBe('Assigned');
    expect((await ctx.call('GET', `/api/OpenItem/Get/${fine.id}`, { token: clerk.token })).status).toBe(200);
  });

  it('an item of a Closed or Cancelled ticket cannot be added, changed or deleted', async () => {
    const t = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id });
    await ctx.db.update(ticket).set({ status: 'Closed' }).where(eq(ticket.id, t.id));
    const closed = openItemMessages.ticketClosed(t.caseNumber);
    const addResponse = await add(clerk.token, { ticketId: t.id });
    expect(addResponse.status).toBe(400);
    expect(addResponse.body.resultMsg).toBe(closed);
    const change = await update(clerk.token, { id: item.id, rowVersion: item.rowVersion, description: 'changed' });
    expect(change.body.resultMsg).toBe(closed);
    const del = await remove(clerk.token, item.id);
    expect(del.body.resultMsg).toBe(closed);
    const got = (await ctx.call('GET', `/api/OpenItem/Get/${item.id}`, { token: clerk.token })).body.data as OpenItem;
    expect(got.actions).toEqual([]);
    await ctx.db.update(ticket).set({ status: 'Cancelled' }).where(eq(ticket.id, t.id));
    expect((await add(clerk.token, { ticketId: t.id })).status).toBe(400);
  });
});

describe('OpenItem: list, totals, export, reorder', () => {
  it('filters and totals LOE exactly over the whole filter', async () => {
    const project = await createProject(ctx);
    const category = world.categoryId;
    const lead = await staff(ctx, [world.projectId, project], withDelete);
    const t = await addTicket(ctx, lead.token, { categoryId: category, projectId: world.projectId });
    // 0.1 + 0.2 in floating point is 0.30000000000000004; three pages of 0.10/0.20/0.01 must sum exactly.
    for (const loe of ['0.10', '0.20', '0.01', '99999.99']) await added(lead.token, { ticketId: t.id, loe });
    await added(lead.token, { ticketId: t.id, loe: null, status: 'InProgress', pointOfContact: lead.id });
    const page = await query(lead.token, { ticketId: t.id, pageSize: 2 });
    expect(page.total).toBe(5);
    expect(page.items).toHaveLength(2);
    expect(page.loeTotal).toBe('100000.30');
    expect((await query(lead.token, { ticketId: t.id, status: ['InProgress'] })).total).toBe(1);
    expect((await query(lead.token, { ticketId: t.id, status: 'Open,InProgress' })).total).toBe(5);
    expect((await query(lead.token, { pointOfContact: lead.id })).items.map((i) => i.ticketId)).toEqual([t.id]);
    expect((await query(lead.token, { ticketNumber: t.caseNumber })).total).toBe(5);
    expect((await query(lead.token, { ticketId: t.id, keyword: 'printer' })).total).toBe(5);
    expect((await query(lead.token, { ticketId: t.id, keyword: 'nothing-like-this' })).loeTotal).toBe('0.00');
    const today = new Date().toISOString().slice(0, 10);
    expect((await query(lead.token, { ticketId: t.id, openDateFrom: today, openDateTo: today })).total).toBe(5);
    const backwards = await ctx.call('POST', '/api/OpenItem/Query', {
      token: lead.token,
      body: { openDateFrom: today, openDateTo: '2000-01-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.resultMsg).toBe('End date cannot be earlier than start date');
  });

  it('exports the filtered items as xlsx', async () => {
    const t = await newTicket();
    await added(clerk.token, { ticketId: t.id, description: 'Exported item', loe: '1.25' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/OpenItem/Export',
      headers: { authorization: `Bearer ${clerk.token}`, 'auth-token': ctx.newAuthToken() },
      payload: { ticketId: t.id },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(JSON.stringify(sheet.getRow(2).values)).toContain('Exported item');
  });

  it('reorders the items of a ticket, all of them or none', async () => {
    const t = await newTicket();
    const a = await added(clerk.token, { ticketId: t.id, description: 'A' });
    const b = await added(clerk.token, { ticketId: t.id, description: 'B' });
    const c = await added(clerk.token, { ticketId: t.id, description: 'C' });
    const response = await ctx.call('POST', '/api/OpenItem/Reorder', {
      token: clerk.token,
      body: { ticketId: t.id, ids: [c.id, a.id, b.id] },
    });
    expect(response.status, response.raw).toBe(200);
    expect((response.body.data as OpenItem[]).map((i) => i.description)).toEqual(['C', 'A', 'B']);
    expect((await query(clerk.token, { ticketId: t.id })).items.map((i) => i.description)).toEqual(['C', 'A', 'B']);
    const partial = await ctx.call('POST', '/api/OpenItem/Reorder', {
      token: clerk.token,
      body: { ticketId: t.id, ids: [a.id, b.id] },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.resultMsg).toBe(openItemMessages.reorderMismatch);
    const readOnly = await staff(
      ctx,
      [world.projectId],
      staffCodes.filter((code) => code !== 'openItem:edit'),
    );
    const refused = await ctx.call('POST', '/api/OpenItem/Reorder', {
      token: readOnly.token,
      body: { ticketId: t.id, ids: [a.id, b.id, c.id] },
    });
    expect(refused.status).toBe(403);
  });
});

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(64, 1),
]);
async function uploadV2(token: string, openItemId?: number) {
  const boundary = `----casedesk${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/CmOpenItemDetailAttachment/UploadV2${openItemId ? `?openItemId=${openItemId}` : ''}`,
    headers: {
      authorization: `Bearer ${token}`,
      'auth-token': ctx.newAuthToken(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as { resultMsg: string; data: UploadedFile[] },
  };
}

describe('OpenItem: attachments (UploadV2)', () => {
  it('uploads to an item, lets those who see it download, removes with openItem:deleteFile only', async () => {
    const t = await newTicket();
    const item = await added(clerk.token, { ticketId: t.id });
    const uploaded = await uploadV2(clerk.token, item.id);
    expect(uploaded.status).toBe(200);
    const fileId = uploaded.body.data[0]!.fileId;
    const detail = (await ctx.call('GET', `/api/OpenItem/Detail/${item.id}`, { token: clerk.token })).body
      .data as OpenItemDetail;
    expect(detail.attachments).toEqual([fileId]);
    expect(detail.files.map((f) => f.name)).toEqual(['shot.png']);
    const colleague = await staff(
      ctx,
      [world.projectId],
      staffCodes.filter((c) => c !== 'openItem:deleteFile'),
    );
    expect((await ctx.call('GET', `/api/Files/Download/${fileId}`, { token: colleague.token })).status).toBe(200);
    const outsider = await staff(ctx, [await createProject(ctx)], staffCodes);
    expect((await ctx.call('GET', `/api/Files/Download/${fileId}`, { token: outsider.token })).status).toBe(404);
    expect((await uploadV2(outsider.token, item.id)).status).toBe(404);
    // Removing needs openItem:deleteFile, through the remove call and through an Update alike.
    const refused = await ctx.call('POST', '/api/CmOpenItemDetailAttachment/Delete', {
      token: colleague.token,
      body: { openItemId: item.id, fileId },
    });
    expect(refused.status).toBe(403);
    const byUpdate = await update(colleague.token, { id: item.id, rowVersion: detail.rowVersion, attachments: [] });
    expect(byUpdate.status).toBe(403);
    const removed = await ctx.call('POST', '/api/CmOpenItemDetailAttachment/Delete', {
      token: clerk.token,
      body: { openItemId: item.id, fileId },
    });
    expect(removed.status, removed.raw).toBe(200);
    expect((removed.body.data as OpenItem).attachments).toEqual([]);
    expect(await ctx.db.select().from(storedFile).where(eq(storedFile.id, fileId))).toEqual([]);
  });

  it('an upload without an item is claimed by the Add; uploading needs openItem:editFile', async () => {
    const t = await newTicket();
    const uploaded = await uploadV2(clerk.token);
    expect(uploaded.status).toBe(200);
    const item = await added(clerk.token, { ticketId: t.id, attachments: [uploaded.body.data[0]!.fileId] });
    expect(item.attachments).toHaveLength(1);
    const noFiles = await staff(
      ctx,
      [world.projectId],
      staffCodes.filter((c) => c !== 'openItem:editFile'),
    );
    expect((await uploadV2(noFiles.token, item.id)).status).toBe(403);
  });
});

describe('OpenItem: the common role', () => {
  it('adds, edits and exports open items but cannot delete them', async () => {
    const user = await createUser(ctx, { roles: ['common'], projects: [world.projectId] });
    const { token } = await signIn(ctx, user);
    const t = await newTicket(token);
    const item = await added(token, { ticketId: t.id });
    expect(item.actions).toEqual(['edit', 'editFile', 'deleteFile']);
    expect((await remove(token, item.id)).status).toBe(403);
  });
});
