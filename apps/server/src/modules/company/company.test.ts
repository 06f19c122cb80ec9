import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Company, type Page } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, editableOf, expectRefused } from '../../../test/platform-helpers.js';
import { addTicket, admin, ticketWorld, type Staff } from '../../../test/ticket-factories.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const uniqueCode = () => `CO-${randomBytes(4).toString('hex')}`;

async function add(body: Record<string, unknown> = {}): Promise<Company> {
  return dataOf<Company>(
    await ctx.call('POST', '/api/Company/Add', {
      token: boss.token,
      body: { code: uniqueCode(), name: 'Northwind', ...body },
    }),
  );
}

const editable = (record: Company, patch: Partial<Company> = {}) => editableOf({ ...record, ...patch });

const get = async (id: number) => ctx.call('GET', `/api/Company/Get/${id}`, { token: boss.token });

describe('Company', () => {
  it('adds, reads, finds and updates a company, counting its rowVersion', async () => {
    const created = await add({ name: 'Contoso Ltd', shortName: 'Contoso', email: 'desk@contoso.test', sort: 3 });
    expect(created).toMatchObject({ name: 'Contoso Ltd', shortName: 'Contoso', status: 'Active', rowVersion: 1 });
    expect(dataOf<Company>(await get(created.id))).toEqual(created);
    const found = dataOf<Page<Company>>(
      await ctx.call('POST', '/api/Company/Query', { token: boss.token, body: { keyword: created.code } }),
    );
    expect(found.items.map((c) => c.id)).toEqual([created.id]);

    const updated = dataOf<Company>(
      await ctx.call('POST', '/api/Company/Update', {
        token: boss.token,
        body: editable(created, { name: 'Contoso Group', status: 'Inactive' }),
      }),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Contoso Group', status: 'Inactive', rowVersion: 2 });
    expect(dataOf<Company>(await get(created.id))).toMatchObject({ name: 'Contoso Group', rowVersion: 2 });
  });

  it('refuses an update from a stale rowVersion and keeps the newer change', async () => {
    const created = await add();
    const first = await ctx.call('POST', '/api/Company/Update', {
      token: boss.token,
      body: editable(created, { name: 'First change' }),
    });
    expect(first.status, first.raw).toBe(200);
    const stale = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Company/Update', { token: boss.token, body: editable(created, { name: 'Lost change' }) }),
    );
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);
    expect(dataOf<Company>(await get(created.id))).toMatchObject({ name: 'First change', rowVersion: 2 });
  });

  it('refuses a second company with the same code, on add and on update', async () => {
    const taken = await add();
    const other = await add();
    const again = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Company/Add', { token: boss.token, body: { code: taken.code, name: 'Copy' } }),
    );
    expect(again.body.resultMsg).toMatch(/company/i);
    await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Company/Update', { token: boss.token, body: editable(other, { code: taken.code }) }),
    );
    expect(dataOf<Company>(await get(other.id)).code).toBe(other.code);
  });

  it('refuses to delete a company a ticket names, deleting nothing of the batch, and deletes one no ticket names', async () => {
    const w = await ticketWorld(ctx);
    await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId });
    const unused = await add();
    const refused = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Company/Delete', { token: boss.token, body: [unused.id, w.companyId] }),
    );
    expect(refused.body.resultMsg).toMatch(/company/i);
    expect((await get(w.companyId)).status).toBe(200);
    expect((await get(unused.id)).status).toBe(200);
    expect(dataOf(await ctx.call('POST', `/api/Company/Delete/${unused.id}`, { token: boss.token }))).toEqual({
      deleted: 1,
    });
    expect((await get(unused.id)).status).toBe(404);
  });

  it('is closed to users without the company permissions', async () => {
    const company = await add();
    const { token: viewer } = await signedInWith(ctx, ['company:view']);
    expect((await ctx.call('POST', '/api/Company/Query', { token: viewer, body: {} })).status).toBe(200);
    expect((await ctx.call('GET', `/api/Company/Get/${company.id}`, { token: viewer })).status).toBe(200);
    for (const [url, body] of [
      ['/api/Company/Add', { code: uniqueCode(), name: 'X' }],
      ['/api/Company/Update', editable(company, { name: 'X' })],
      [`/api/Company/Delete/${company.id}`, undefined],
      ['/api/Company/Delete', [company.id]],
      ['/api/Company/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['project:view']);
    expect((await ctx.call('GET', `/api/Company/Get/${company.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Company/Query', { token: stranger, body: {} })).status).toBe(403);
    expect(dataOf<Company>(await get(company.id))).toEqual(company);
  });
});
