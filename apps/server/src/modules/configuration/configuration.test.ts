import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration, Page } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { dictionary, dictionaryItem } from '../dictionary/dictionary.table.js';

const ctx = useTestApp();
let token: string;
/** A configuration type is an item of a dictionary (the form offers the configuration-type dictionary's items). */
let typeId: number;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
  const [types] = await ctx.db
    .insert(dictionary)
    .values({ code: 'config-test-types', name: 'Types' })
    .returning({ id: dictionary.id });
  const [item] = await ctx.db
    .insert(dictionaryItem)
    .values({ dictionaryId: types!.id, key: 'mail', name: 'Mail', value: 'mail' })
    .returning({ id: dictionaryItem.id });
  typeId = item!.id;
});

describe('Configuration', () => {
  it('adds, filters, updates with rowVersion, refuses duplicate names, deletes and exports', async () => {
    const added = await ctx.call('POST', '/api/Configuration/Add', {
      token,
      body: { name: 'mail.retry', value: '3', typeId, sort: 1 },
    });
    expect(added.status, added.raw).toBe(200);
    const row = added.body.data as Configuration;
    expect(row).toMatchObject({ name: 'mail.retry', value: '3', typeId, enable: true });
    await ctx.call('POST', '/api/Configuration/Add', {
      token,
      body: { name: 'sso.button', value: 'on', enable: false },
    });
    const disabled = await ctx.call('GET', '/api/Configuration/Get', { token, query: { enable: 'false' } });
    expect((disabled.body.data as Page<Configuration>).items.map((c) => c.name)).toEqual(['sso.button']);
    const byType = await ctx.call('POST', '/api/Configuration/Query', { token, body: { typeId } });
    expect((byType.body.data as Page<Configuration>).items.map((c) => c.name)).toEqual(['mail.retry']);

    const dup = await ctx.call('POST', '/api/Configuration/Add', { token, body: { name: 'mail.retry' } });
    expect(dup.status).toBe(409);
    const body = { id: row.id, rowVersion: row.rowVersion, name: 'mail.retry', value: '5' };
    expect((await ctx.call('POST', '/api/Configuration/Update', { token, body })).status).toBe(200);
    expect((await ctx.call('POST', '/api/Configuration/Update', { token, body: { ...body, value: '9' } })).status).toBe(
      409,
    );
    expect((await ctx.call('GET', `/api/Configuration/Get/${row.id}`, { token })).body.data).toMatchObject({
      value: '5',
    });

    const file = await ctx.app.inject({
      method: 'POST',
      url: '/api/Configuration/Export',
      headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
      payload: {},
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await ctx.call('POST', `/api/Configuration/Delete/${row.id}`, { token })).body.data).toEqual({
      deleted: 1,
    });
  });

  it('refuses a type that is no dictionary item, naming the field', async () => {
    const refused = await ctx.call('POST', '/api/Configuration/Add', {
      token,
      body: { name: 'mail.unknown-type', value: '1', typeId: 1_999_999_999 },
    });
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body.data).toEqual({
      errors: [{ field: 'typeId', message: 'The dictionary item does not exist.' }],
    });
  });
});
