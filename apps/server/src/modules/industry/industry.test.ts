import { beforeAll, describe, expect, it } from 'vitest';
import { industryMessages, type Industry, type IndustryNode } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { company } from '../company/company.table.js';

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

async function add(code: string, extra: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/Industry/Add', { token, body: { code, name: code, ...extra } });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Industry;
}

describe('Industry', () => {
  it('keeps a tree, refuses cycles and unknown parents', async () => {
    const it1 = await add('IT');
    const soft = await add('IT-SW', { parentId: it1.id });
    const tree = (await ctx.call('GET', '/api/Industry/Tree', { token })).body.data as IndustryNode[];
    expect(tree.find((n) => n.id === it1.id)!.children.map((c) => c.id)).toEqual([soft.id]);
    const cycle = await ctx.call('POST', '/api/Industry/Update', {
      token,
      body: { id: it1.id, rowVersion: it1.rowVersion, code: 'IT', name: 'IT', parentId: soft.id },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.resultMsg).toBe(industryMessages.parentCycle);
    const unknown = await ctx.call('POST', '/api/Industry/Add', {
      token,
      body: { code: 'ORPHAN', name: 'x', parentId: 999_999 },
    });
    expect(unknown.status).toBe(400);
  });

  it('refuses to delete an industry with sub-industries or used by a company, saying which', async () => {
    const parent = await add('FIN');
    const child = await add('FIN-BANK', { parentId: parent.id });
    const withChild = await ctx.call('POST', `/api/Industry/Delete/${parent.id}`, { token });
    expect(withChild.status).toBe(409);
    expect(withChild.body.resultMsg).toBe(industryMessages.hasChildren(1));
    await ctx.db.insert(company).values({ code: 'BANKCO', name: 'Bank Co', industryId: child.id });
    const used = await ctx.call('POST', '/api/Industry/Delete', { token, body: [parent.id, child.id] });
    expect(used.status).toBe(409);
    expect(used.body.resultMsg).toBe(industryMessages.usedByCompanies(1));
    const lone = await add('AGRI');
    expect((await ctx.call('POST', `/api/Industry/Delete/${lone.id}`, { token })).body.data).toEqual({ deleted: 1 });
  });

  it('exports industries as .xlsx', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Industry/Export',
      headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
