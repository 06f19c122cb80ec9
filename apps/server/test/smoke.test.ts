import { describe, expect, it } from 'vitest';
import { signedInWith, useTestApp } from './helpers.js';

describe('smoke', () => {
  const ctx = useTestApp();
  it('answers health and version', async () => {
    expect((await ctx.call('GET', '/healthz', { authToken: false })).status).toBe(200);
    const version = await ctx.call('GET', '/version.json?t=1', { authToken: false });
    expect(version.raw).toContain('1.0.70');
  });
  it('signs in and lists departments', async () => {
    const { token } = await signedInWith(ctx, ['dept:view', 'dept:create']);
    const added = await ctx.call('POST', '/api/Dept/Add', { token, body: { name: 'IT', code: 'IT' } });
    expect(added.status, added.raw).toBe(200);
    const list = await ctx.call('POST', '/api/dept/query', { token, body: {} });
    expect(list.status, list.raw).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1 });
  });
});
