import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, vendorMessages, type Page, type Vendor } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, editableOf, expectRefused, readXlsx } from '../../../test/platform-helpers.js';
import { admin, createCompany, type Staff } from '../../../test/ticket-factories.js';
import { dictionary, dictionaryItem } from '../dictionary/index.js';
import { invoice } from '../invoice/invoice.table.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const withKeys = { 'message-keys': '1' };
const keyOf = (response: { body: unknown }) => (response.body as { messageKey?: string }).messageKey;

const uniqueCode = () => `V-${randomBytes(4).toString('hex')}`;

async function add(body: Record<string, unknown> = {}): Promise<Vendor & { id: number }> {
  return dataOf(
    await ctx.call('POST', '/api/Vendor/Add', {
      token: boss.token,
      body: { vendorCode: uniqueCode(), vendorName: 'Acme Office Supplies', ...body },
    }),
  );
}

const remitTo = {
  name: 'Acme Receivables',
  address1: '400 Market Street',
  address2: null,
  address3: null,
  city: 'Seattle',
  state: 'WA',
  postalCode: '98101',
  boxNumber: 'PO 77',
  country: 'United States',
};

describe('Vendor', () => {
  it('adds a vendor with its address blocks, lists it with its company name and finds it by e-mail', async () => {
    const companyId = await createCompany(ctx, { name: 'Northwind Vendors Co' });
    const { name: _name, ...mail } = remitTo;
    const created = await add({
      companyId,
      emailAddress: 'billing@acme-office.example',
      paymentMethod: 'Bank transfer',
      paymentTerm: 'Net 30',
      remitTo,
      mailAddress: mail,
    });
    expect(created).toMatchObject({ companyName: 'Northwind Vendors Co', remitTo, mailAddress: mail, rowVersion: 1 });
    const found = dataOf<Page<Vendor & { id: number }>>(
      await ctx.call('POST', '/api/Vendor/Query', { token: boss.token, body: { keyword: 'billing@acme-office' } }),
    );
    expect(found.items.map((v) => v.id)).toContain(created.id);
    expect(found.items.find((v) => v.id === created.id)?.companyName).toBe('Northwind Vendors Co');
    const byCompany = dataOf<Page<Vendor & { id: number }>>(
      await ctx.call('POST', '/api/Vendor/Query', { token: boss.token, body: { companyId } }),
    );
    expect(byCompany.items.map((v) => v.id)).toEqual([created.id]);
  });

  it('refuses a second vendor with the same code in any case, on add and on update', async () => {
    const taken = await add({ vendorCode: `Acme-${randomBytes(3).toString('hex')}` });
    const other = await add();
    const again = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Vendor/Add', {
        token: boss.token,
        body: { vendorCode: taken.vendorCode.toUpperCase(), vendorName: 'Copy' },
        headers: withKeys,
      }),
    );
    expect(again.body.resultMsg).toBe(vendorMessages.duplicateCode(taken.vendorCode.toUpperCase()));
    expect(keyOf(again)).toBe('vendor.duplicateCode');
    const onUpdate = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Vendor/Update', {
        token: boss.token,
        body: { ...editableOf(other), vendorCode: taken.vendorCode.toLowerCase() },
        headers: withKeys,
      }),
    );
    expect(keyOf(onUpdate)).toBe('vendor.duplicateCode');
    // Its own code, in another case, is not a duplicate.
    const renamed = dataOf<Vendor>(
      await ctx.call('POST', '/api/Vendor/Update', {
        token: boss.token,
        body: { ...editableOf(taken), vendorCode: taken.vendorCode.toUpperCase() },
      }),
    );
    expect(renamed).toMatchObject({ vendorCode: taken.vendorCode.toUpperCase(), rowVersion: 2 });
  });

  it('refuses to delete a vendor an invoice names, deleting nothing of the batch, and deletes an unused one', async () => {
    const used = await add();
    const unused = await add();
    await ctx.db.insert(invoice).values({ vendorId: used.id, invoiceNumber: 'INV-1', currency: 'USD' });
    const refused = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Vendor/Delete', { token: boss.token, body: [unused.id, used.id], headers: withKeys }),
    );
    expect(refused.body.resultMsg).toBe(vendorMessages.inUse(1));
    expect(keyOf(refused)).toBe('vendor.inUse');
    expect((await ctx.call('GET', `/api/Vendor/Get/${unused.id}`, { token: boss.token })).status).toBe(200);
    expect(dataOf(await ctx.call('POST', `/api/Vendor/Delete/${unused.id}`, { token: boss.token }))).toEqual({
      deleted: 1,
    });
    expect((await ctx.call('GET', `/api/Vendor/Get/${unused.id}`, { token: boss.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/Vendor/Get/${used.id}`, { token: boss.token })).status).toBe(200);
  });

  it('refuses a bad e-mail and an unknown field with 400', async () => {
    const bad = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Vendor/Add', {
        token: boss.token,
        body: { vendorCode: uniqueCode(), vendorName: 'X', emailAddress: 'not-mail' },
      }),
    );
    expect(JSON.stringify(bad.body)).toContain('emailAddress');
  });

  it('exports the filtered vendors with their company', async () => {
    const companyId = await createCompany(ctx, { name: 'Export Test Co' });
    const created = await add({ companyId, vendorName: 'Exported Vendor Ltd' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Vendor/Export',
      headers: { authorization: `Bearer ${boss.token}`, 'auth-token': ctx.newAuthToken() },
      payload: { keyword: created.vendorCode },
    });
    expect(response.statusCode).toBe(200);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toContain('Company');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining([created.vendorCode, 'Exported Vendor Ltd', 'Export Test Co']));
  });

  it('has the payment dictionaries from the system seed', async () => {
    for (const code of ['paymentMethod', 'paymentTerm']) {
      const [d] = await ctx.db.select().from(dictionary).where(eq(dictionary.code, code));
      expect(d, code).toBeTruthy();
      const items = await ctx.db.select().from(dictionaryItem).where(eq(dictionaryItem.dictionaryId, d!.id));
      expect(items.length).toBe(4);
    }
  });

  it('is closed to users without the vendor permissions', async () => {
    const vendor = await add();
    const { token: viewer } = await signedInWith(ctx, ['vendor:view']);
    expect((await ctx.call('POST', '/api/Vendor/Query', { token: viewer, body: {} })).status).toBe(200);
    for (const [url, body] of [
      ['/api/Vendor/Add', { vendorCode: uniqueCode(), vendorName: 'X' }],
      ['/api/Vendor/Update', { ...editableOf(vendor), vendorName: 'X' }],
      [`/api/Vendor/Delete/${vendor.id}`, undefined],
      ['/api/Vendor/Delete', [vendor.id]],
      ['/api/Vendor/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['requisition:view']);
    expect((await ctx.call('GET', `/api/Vendor/Get/${vendor.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Vendor/Query', { token: stranger, body: {} })).status).toBe(403);
    expect(dataOf<Vendor>(await ctx.call('GET', `/api/Vendor/Get/${vendor.id}`, { token: boss.token }))).toMatchObject({
      vendorName: vendor.vendorName,
      rowVersion: 1,
    });
  });
});
