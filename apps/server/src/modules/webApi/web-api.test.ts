import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webApiMessages, type Page, type WebApi } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp } from '../../../test/helpers.js';
import { syncWebApis } from './web-api.service.js';
import { webApi } from './web-api.table.js';

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

const find = async (method: string, url: string) => {
  const response = await ctx.call('POST', '/api/WebApi/Query', { token, body: { keyword: url, pageSize: 100 } });
  return (response.body.data as Page<WebApi>).items.find((a) => a.method === method && a.url === url)!;
};

describe('WebApi registry', () => {
  it('holds every /api route of the route table, with its permission, and nothing else', async () => {
    const expected = ctx.built.routes
      .filter((r) => r.method !== 'HEAD' && r.url.toLowerCase().startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const rows = await ctx.db.select({ method: webApi.method, url: webApi.url }).from(webApi);
    expect(rows.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...new Set(expected)].sort());
    const dept = await find('POST', '/api/Dept/Add');
    expect(dept).toMatchObject({
      controller: 'Dept',
      action: 'Add',
      code: 'dept:create',
      area: 'dept',
      canDisable: true,
    });
    expect((await find('POST', '/api/token/Login')).canDisable).toBe(false);
    expect((await find('POST', '/api/WebApi/OnOff')).canDisable).toBe(false);
  });

  it('drops routes that are gone and adds new ones at the next start, keeping flags', async () => {
    await ctx.db.insert(webApi).values({ method: 'GET', url: '/api/Gone/Get', name: 'Gone', code: 'dept:view' });
    // A route no other test here calls: the gate may reread the flag meanwhile.
    const tree = await find('GET', '/api/Industry/Tree');
    await ctx.db.update(webApi).set({ enabled: false }).where(eq(webApi.id, tree.id));
    await ctx.db.delete(webApi).where(eq(webApi.url, '/api/Position/Get'));
    await syncWebApis(ctx.db, ctx.built.routes);
    expect(await ctx.db.select().from(webApi).where(eq(webApi.url, '/api/Gone/Get'))).toEqual([]);
    expect((await ctx.db.select().from(webApi).where(eq(webApi.url, '/api/Position/Get'))).length).toBe(1);
    expect((await find('GET', '/api/Industry/Tree')).enabled).toBe(false);
    await ctx.db.update(webApi).set({ enabled: true }).where(eq(webApi.id, tree.id));
  });

  it('refuses every call to a disabled API with 403 until it is enabled again', async () => {
    const { token: user } = await signedInWith(ctx, ['dept:view']);
    const list = () => ctx.call('GET', '/api/Dept/Get', { token: user });
    expect((await list()).status).toBe(200);
    const api = await find('GET', '/api/Dept/Get');
    const off = await ctx.call('POST', '/api/WebApi/OnOff', { token, body: { ids: [api.id], enabled: false } });
    expect(off.status, off.raw).toBe(200);
    const refused = await list();
    expect(refused.status).toBe(403);
    expect(refused.body.resultMsg).toBe(webApiMessages.disabled);
    // Case-insensitive routes: another spelling is the same route.
    expect((await ctx.call('GET', '/api/dept/get', { token: user })).status).toBe(403);
    // Other routes still answer.
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token: user })).status).toBe(200);
    await ctx.call('POST', '/api/WebApi/OnOff', { token, body: { ids: [api.id], enabled: true } });
    expect((await list()).status).toBe(200);
  });

  it('does not let sign-in, public, signed-in-only or its own routes be disabled', async () => {
    const login = await find('POST', '/api/token/Login');
    const own = await find('POST', '/api/WebApi/OnOff');
    const dept = await find('GET', '/api/Dept/Get');
    const refused = await ctx.call('POST', '/api/WebApi/OnOff', {
      token,
      body: { ids: [dept.id, login.id, own.id], enabled: false },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toContain('POST /api/token/Login');
    expect((await find('GET', '/api/Dept/Get')).enabled).toBe(true);
  });

  it('lists, reads and exports the registry', async () => {
    const page = await ctx.call('GET', '/api/WebApi/Get', { token, query: { controller: 'User', pageSize: '100' } });
    const items = (page.body.data as Page<WebApi>).items;
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((a) => a.controller === 'User')).toBe(true);
    expect((await ctx.call('GET', `/api/WebApi/Detail/${items[0]!.id}`, { token })).body.data).toMatchObject({
      url: items[0]!.url,
    });
    const file = await ctx.app.inject({
      method: 'POST',
      url: '/api/WebApi/Export',
      headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
      payload: {},
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
