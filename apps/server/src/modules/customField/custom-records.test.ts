import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomField, InvoiceDetail, Page, RequisitionDetail } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { admin, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { vendor } from '../vendor/vendor.table.js';

// Custom fields on invoices and requisitions (contract 21): the same store as tickets', per record kind.

const ctx = useTestApp();
const withKeys = { 'message-keys': '1' };
const keyOf = (response: { body: unknown }) => (response.body as { messageKey?: string }).messageKey;
const unique = () => `f${randomBytes(3).toString('hex')}`;
const label = (en: string) => ({ en, 'zh-cn': `${en}（简）`, 'zh-tw': `${en}（繁）` });

let boss: Staff;
let vendorId: number;
/** Keys of fields defined once for the file: a select, a decimal, a checkbox and a multiselect per kind. */
const keys = { device: unique(), budget: unique(), urgent: unique(), tags: unique() };

async function define(appliesTo: string, body: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/CustomField/Add', {
    token: boss.token,
    body: { appliesTo, label: label(`Label ${String(body.key)}`), ...body },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as CustomField;
}

const options = (...values: string[]) => values.map((value) => ({ value, label: label(value.toUpperCase()) }));

async function defineKind(appliesTo: string) {
  await define(appliesTo, { key: keys.device, type: 'select', options: options('laptop', 'phone') });
  await define(appliesTo, { key: keys.budget, type: 'decimal' });
  await define(appliesTo, { key: keys.urgent, type: 'checkbox' });
  await define(appliesTo, { key: keys.tags, type: 'multiselect', options: options('red', 'blue') });
}

const invoiceBody = (customFields?: Record<string, unknown>) => ({
  invoiceNumber: `INV-${unique()}`,
  vendorId,
  invoiceDate: '2026-11-02',
  currency: 'USD',
  lines: [{ description: 'Item', quantity: '1', unitPrice: '10' }],
  ...(customFields ? { customFields } : {}),
});
const requisitionBody = (customFields?: Record<string, unknown>) => ({
  title: `Chairs ${unique()}`,
  currency: 'USD',
  lines: [{ description: 'Chair', quantity: '2', unitPrice: '30' }],
  ...(customFields ? { customFields } : {}),
});

const kinds = [
  { name: 'Invoice', body: invoiceBody },
  { name: 'Requisition', body: requisitionBody },
] as const;

const add = (who: Staff, kind: string, body: unknown) =>
  ctx.call('POST', `/api/${kind}/Add`, { token: who.token, body, headers: withKeys });

async function exported(who: Staff, kind: string, query: Record<string, unknown>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/${kind}/Export`,
    headers: { authorization: `Bearer ${who.token}`, 'auth-token': ctx.newAuthToken() },
    payload: query,
  });
  expect(response.statusCode, response.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

beforeAll(async () => {
  boss = await admin(ctx);
  const [row] = await ctx.db
    .insert(vendor)
    .values({ vendorCode: `V-${unique()}`, vendorName: `Vendor ${unique()}`, status: 'Active' })
    .returning({ id: vendor.id });
  vendorId = row!.id;
  await defineKind('Invoice');
  await defineKind('Requisition');
});

describe.each(kinds)('$name custom values', ({ name, body }) => {
  it('round-trip through Add, Get, Detail, Query and Update (unsent values kept)', async () => {
    const values = { [keys.device]: 'laptop', [keys.budget]: '1200.5', [keys.urgent]: true, [keys.tags]: ['red'] };
    const added = await add(boss, name, body(values));
    expect(added.status, added.raw).toBe(200);
    const id = (added.body.data as { id: number }).id;
    expect((added.body.data as { customFields: unknown }).customFields).toEqual(values);
    const got = await ctx.call('GET', `/api/${name}/Get/${id}`, { token: boss.token });
    expect((got.body.data as { customFields: unknown }).customFields).toEqual(values);
    const detail = (await ctx.call('GET', `/api/${name}/Detail/${id}`, { token: boss.token })).body.data as
      InvoiceDetail | RequisitionDetail;
    expect(detail.customFields).toEqual(values);
    // Update takes back what Detail gave, with one value changed and one cleared.
    const changed = await ctx.call('POST', `/api/${name}/Update`, {
      token: boss.token,
      body: pickInput(name, { ...detail, customFields: { ...values, [keys.device]: 'phone', [keys.tags]: [] } }),
    });
    expect(changed.status, changed.raw).toBe(200);
    expect((changed.body.data as { customFields: unknown }).customFields).toEqual({
      [keys.device]: 'phone',
      [keys.budget]: '1200.5',
      [keys.urgent]: true,
    });
    // An update without custom fields keeps them.
    const again = (await ctx.call('GET', `/api/${name}/Detail/${id}`, { token: boss.token })).body
      .data as InvoiceDetail;
    const kept = await ctx.call('POST', `/api/${name}/Update`, {
      token: boss.token,
      body: pickInput(name, { ...again, customFields: undefined, description: 'Changed' }),
    });
    expect(kept.status, kept.raw).toBe(200);
    expect((kept.body.data as { customFields: Record<string, unknown> }).customFields[keys.device]).toBe('phone');
  });

  it('refuses a wrong type, an unknown option, another kind’s field and a field for categories, naming the label', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ [keys.budget]: 'lots' }, 'customField.wrongType'],
      [{ [keys.device]: 'tablet' }, 'customField.unknownOption'],
      [{ [keys.tags]: ['red', 'green'] }, 'customField.unknownOption'],
      [{ [keys.urgent]: 'yes' }, 'customField.wrongType'],
      [{ nosuchfield: 'x' }, 'customField.unknownField'],
    ];
    for (const [values, messageKey] of cases) {
      const refused = await add(boss, name, body(values));
      expect(refused.status, JSON.stringify(values)).toBe(400);
      expect(keyOf(refused)).toBe(messageKey);
    }
    const wrong = await ctx.call('POST', `/api/${name}/Add`, {
      token: boss.token,
      body: body({ [keys.device]: 'tablet' }),
    });
    expect(wrong.body.resultMsg).toBe(`Label ${keys.device}: "tablet" is not one of its options.`);
    // A field of tickets is not one of this kind's; a field limited to categories never applies (no category).
    const ticketOnly = unique();
    await define('Ticket', { key: ticketOnly, type: 'text' });
    expect(keyOf(await add(boss, name, body({ [ticketOnly]: 'x' })))).toBe('customField.unknownField');
    const w = await ticketWorld(ctx);
    const perCategory = unique();
    const field = await define(name, { key: perCategory, type: 'text', required: true, categoryIds: [w.categoryId] });
    expect(keyOf(await add(boss, name, body({ [perCategory]: 'x' })))).toBe('customField.notForCategory');
    expect((await add(boss, name, body())).status).toBe(200);
    await archive(field);
  });

  it('asks for a required field, in the caller’s language', async () => {
    const key = unique();
    const field = await define(name, { key, type: 'text', required: true });
    const missing = await ctx.call('POST', `/api/${name}/Add`, { token: boss.token, body: body() });
    expect(missing.status).toBe(400);
    expect(missing.body.resultMsg).toBe(`Label ${key} is required.`);
    const zhBoss = await createUser(ctx, { roles: ['admin'], values: { language: 'zh-cn' } });
    const inChinese = await ctx.call('POST', `/api/${name}/Add`, {
      token: (await signIn(ctx, zhBoss)).token,
      body: body(),
    });
    expect(inChinese.body.resultMsg).toContain(`Label ${key}（简）`);
    expect((await add(boss, name, body({ [key]: 'filled' }))).status).toBe(200);
    // Archived: no longer asked for.
    await archive(field);
    expect((await add(boss, name, body())).status).toBe(200);
  });

  it('filters the list and exports a column per field headed by its label', async () => {
    const made = async (values: Record<string, unknown>) =>
      ((await add(boss, name, body({ ...values, [keys.tags]: [] }))).body.data as { id: number }).id;
    // The budget marks this test's records: far above the other tests' values.
    const cheapLaptop = await made({ [keys.device]: 'laptop', [keys.budget]: '900001' });
    const dearLaptop = await made({ [keys.device]: 'laptop', [keys.budget]: '900500.25' });
    const phone = await made({ [keys.device]: 'phone', [keys.budget]: '900100' });
    const ids = async (custom: Record<string, unknown>) => {
      const response = await ctx.call('POST', `/api/${name}/Query`, {
        token: boss.token,
        body: { custom, pageSize: 100 },
      });
      expect(response.status, response.raw).toBe(200);
      return (response.body.data as Page<{ id: number }>).items.map((i) => i.id).sort((a, b) => a - b);
    };
    const range = { [keys.budget]: { min: 900000, max: 900500.25 } };
    expect(await ids(range)).toEqual([cheapLaptop, dearLaptop, phone]);
    expect(await ids({ ...range, [keys.device]: 'laptop' })).toEqual([cheapLaptop, dearLaptop]);
    expect(await ids({ nosuchfield: 'x' })).toEqual([]);
    // The list's rows carry the values.
    const page = await ctx.call('POST', `/api/${name}/Query`, { token: boss.token, body: { custom: range } });
    const row = (page.body.data as Page<{ id: number; customFields: unknown }>).items.find((i) => i.id === phone);
    expect(row?.customFields).toEqual({ [keys.device]: 'phone', [keys.budget]: '900100' });
    const rows = await exported(boss, name, { custom: { ...range, [keys.device]: 'phone' } });
    expect(rows).toHaveLength(2);
    expect(rows[1]![rows[0]!.indexOf(`Label ${keys.device}`)]).toBe('PHONE');
    expect(rows[1]![rows[0]!.indexOf(`Label ${keys.budget}`)]).toBe('900100');
  });
});

describe('who may not', () => {
  it('a reader may not write values, and a requisition outside the caller’s scope is not found by its values', async () => {
    const added = await add(boss, 'Invoice', invoiceBody({ [keys.device]: 'laptop' }));
    const invoice = (
      await ctx.call('GET', `/api/Invoice/Detail/${(added.body.data as { id: number }).id}`, {
        token: boss.token,
      })
    ).body.data as InvoiceDetail;
    const reader = await staff(ctx, [], ['invoice:page', 'invoice:view']);
    const refused = await ctx.call('POST', '/api/Invoice/Update', {
      token: reader.token,
      body: pickInput('Invoice', { ...invoice, customFields: { [keys.device]: 'phone' } }),
    });
    expect(refused.status).toBe(403);
    const still = await ctx.call('GET', `/api/Invoice/Get/${invoice.id}`, { token: boss.token });
    expect((still.body.data as { customFields: Record<string, unknown> }).customFields[keys.device]).toBe('laptop');
    // The forms' definitions: to whoever may view the kind, and to no one else.
    const forReader = await ctx.call('GET', '/api/Invoice/CustomFields', { token: reader.token });
    expect(forReader.status).toBe(200);
    expect((forReader.body.data as CustomField[]).map((f) => f.key)).toContain(keys.device);
    expect((await ctx.call('GET', '/api/Requisition/CustomFields', { token: reader.token })).status).toBe(403);
    // Without `invoice:view` the filtered list is refused.
    const stranger = await staff(ctx, [], ['ticket:view']);
    const query = { custom: { [keys.device]: 'laptop' } };
    expect((await ctx.call('POST', '/api/Invoice/Query', { token: stranger.token, body: query })).status).toBe(403);
    // Someone else's requisition (no project, not involved) is not in a requester's filtered list.
    const requester = await staff(ctx, [], ['requisition:page', 'requisition:view', 'requisition:create']);
    const mine = await add(requester, 'Requisition', requisitionBody({ [keys.device]: 'laptop' }));
    expect(mine.status, mine.raw).toBe(200);
    await add(boss, 'Requisition', requisitionBody({ [keys.device]: 'laptop' }));
    const listed = await ctx.call('POST', '/api/Requisition/Query', { token: requester.token, body: query });
    expect((listed.body.data as Page<{ id: number }>).items.map((i) => i.id)).toEqual([
      (mine.body.data as { id: number }).id,
    ]);
  });
});

describe('deleting a definition', () => {
  it('is refused while any record kind holds its values, and allowed once none does', async () => {
    for (const { name, body } of kinds) {
      const key = unique();
      const field = await define(name, { key, type: 'text' });
      const added = await add(boss, name, body({ [key]: 'value' }));
      const refused = await ctx.call('POST', '/api/CustomField/Delete', {
        token: boss.token,
        body: [field.id],
        headers: withKeys,
      });
      expect(refused.status).toBe(409);
      expect(keyOf(refused)).toBe('customField.inUse');
      // Its record gone (cascade), the field may go.
      const id = (added.body.data as { id: number }).id;
      const removed = await ctx.call('POST', `/api/${name}/Delete`, { token: boss.token, body: [id] });
      expect(removed.status, removed.raw).toBe(200);
      const deleted = await ctx.call('POST', '/api/CustomField/Delete', { token: boss.token, body: [field.id] });
      expect(deleted.status, deleted.raw).toBe(200);
    }
  });
});

/** Sets a field inactive, so that the file's later records are not asked for it. */
async function archive(field: CustomField) {
  const response = await ctx.call('POST', '/api/CustomField/Update', {
    token: boss.token,
    body: { id: field.id, rowVersion: field.rowVersion, status: 'Inactive' },
  });
  expect(response.status, response.raw).toBe(200);
}

/** The fields an Update of the kind takes (what Detail gives, less what only the server sets). */
function pickInput(kind: string, detail: Record<string, unknown>) {
  const common = ['id', 'rowVersion', 'projectId', 'vendorId', 'currency', 'description', 'lines', 'customFields'];
  const own =
    kind === 'Invoice'
      ? ['invoiceNumber', 'invoiceDate', 'dueDate', 'poNumber', 'requisitionId', 'taxRate', 'documentFileId']
      : ['title', 'requesterId', 'neededBy'];
  const input = Object.fromEntries([...common, ...own].filter((k) => k in detail).map((k) => [k, detail[k]]));
  if (Array.isArray(input.lines))
    input.lines = (input.lines as Record<string, unknown>[]).map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    }));
  return input;
}
