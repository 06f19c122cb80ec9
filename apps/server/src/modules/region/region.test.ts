import { beforeAll, describe, expect, it } from 'vitest';
import { regionMessages, type Page, type Region, type RegionNode } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { readXlsx } from '../../../test/platform-helpers.js';
import { company } from '../company/company.table.js';

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

async function add(code: string, extra: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/Region/Add', {
    token,
    body: { code, name: `Region ${code}`, ...extra },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Region;
}

describe('Region', () => {
  it('builds a tree by parentCode, loaded a level at a time', async () => {
    await add('CN', { pinyin: 'zhongguo', type: 0 });
    const zj = await add('CN-ZJ', { parentCode: 'CN', type: 1, name: '浙江省', pinyin: 'zhejiang' });
    await add('CN-ZJ-HZ', { parentCode: 'CN-ZJ', type: 2, name: '杭州市', zipCode: '310000' });
    // Other tests of this file add regions of their own: look only at the three made here.
    const ours = (regions: { code: string }[]) => regions.filter((r) => r.code.startsWith('CN')).map((r) => r.code);
    const top = (await ctx.call('GET', '/api/Region/Children', { token })).body.data as RegionNode[];
    expect(ours(top)).toEqual(['CN']);
    expect(top.find((r) => r.code === 'CN')?.hasChildren).toBe(true);
    const level = (await ctx.call('GET', '/api/Region/Children', { token, query: { parentCode: 'CN-ZJ' } })).body
      .data as RegionNode[];
    expect(level.map((r) => [r.code, r.zipCode, r.hasChildren])).toEqual([['CN-ZJ-HZ', '310000', false]]);
    const byParent = await ctx.call('GET', '/api/Region/Get', { token, query: { parentCode: 'CN' } });
    expect((byParent.body.data as Page<Region>).items.map((r) => r.id)).toEqual([zj.id]);
    const roots = await ctx.call('POST', '/api/Region/Query', { token, body: { root: true } });
    expect(ours((roots.body.data as Page<Region>).items)).toEqual(['CN']);
    const search = await ctx.call('POST', '/api/Region/Query', { token, body: { keyword: 'zhejiang' } });
    expect((search.body.data as Page<Region>).items.map((r) => r.code)).toEqual(['CN-ZJ']);
  });

  it('refuses an unknown parent, a cycle and a duplicate code', async () => {
    const unknown = await ctx.call('POST', '/api/Region/Add', {
      token,
      body: { code: 'X1', name: 'x', parentCode: 'NOPE' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.resultMsg).toBe(regionMessages.parentUnknown);
    const top = await add('US');
    await add('US-CA', { parentCode: 'US' });
    const cycle = await ctx.call('POST', '/api/Region/Update', {
      token,
      body: { id: top.id, rowVersion: top.rowVersion, name: top.name, parentCode: 'US-CA' },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.resultMsg).toBe(regionMessages.parentCycle);
    expect((await ctx.call('POST', '/api/Region/Add', { token, body: { code: 'US', name: 'again' } })).status).toBe(
      409,
    );
  });

  it('refuses to delete a region with sub-regions or used by a company, saying which', async () => {
    const parent = await add('DE');
    const child = await add('DE-BY', { parentCode: 'DE' });
    const refused = await ctx.call('POST', `/api/Region/Delete/${parent.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(regionMessages.hasChildren(1));
    await ctx.db.insert(company).values({ code: 'BYC', name: 'Bavaria Co', region: 'DE-BY' });
    const used = await ctx.call('POST', '/api/Region/Delete', { token, body: [parent.id, child.id] });
    expect(used.status).toBe(409);
    expect(used.body.resultMsg).toBe(regionMessages.usedByCompanies(1));
    const lone = await add('FR');
    expect((await ctx.call('POST', `/api/Region/Delete/${lone.id}`, { token })).body.data).toEqual({ deleted: 1 });
  });

  it('exports regions as .xlsx', async () => {
    await add('JP', { name: 'Japan' });
    await add('JP-13', { parentCode: 'JP', name: 'Tokyo' });
    await add('KR', { name: 'Korea' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Region/Export',
      headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
      payload: { parentCode: 'JP' },
    });
    expect(response.statusCode).toBe(200);
    const cells = (await readXlsx(response.rawPayload)).flat();
    expect(cells).toContain('JP-13');
    expect(cells).not.toContain('KR');
  });
});
