import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionaryMessages, messages, validationMessages } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused, rowCount } from '../../../test/platform-helpers.js';
import { auditLog } from '../../platform/platform.table.js';
import { dictionaryItem } from './dictionary.table.js';

type Item = {
  id: number;
  key: string;
  parentKey: string | null;
  name: string;
  nameZhCn: string | null;
  nameZhTw: string | null;
  value: string;
  sort: number;
  enable: boolean;
};
type Dictionary = {
  id: number;
  code: string;
  name: string;
  rowVersion: number;
  enable: boolean;
  category: string | null;
};
type Detail = Dictionary & { items: Item[] };
type FieldErrors = { errors: { field: string; message: string }[] };

const item = (key: string, parentKey: string | null = null, sort = 0) => ({
  key,
  parentKey,
  name: `Name of ${key}`,
  nameZhCn: null,
  nameZhTw: null,
  value: `value-${key}`,
  sort,
});

describe('Dictionary', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let token: string;
  let counter = 0;
  beforeAll(async () => {
    token = (await signIn(ctx, await createUser(ctx, { roles: ['admin'] }))).token;
  });
  const add = async (over: Record<string, unknown> = {}) => {
    counter++;
    const body = { code: `DICT_${counter}`, name: `Dictionary ${counter}`, ...over };
    return dataOf<Dictionary>(await ctx.call('POST', '/api/Dictionary/Add', { token, body }));
  };
  const detail = async (id: number) => dataOf<Detail>(await ctx.call('GET', `/api/Dictionary/Detail/${id}`, { token }));
  const update = (record: Dictionary, over: Record<string, unknown>) =>
    ctx.call('POST', '/api/Dictionary/Update', {
      token,
      body: { id: record.id, rowVersion: record.rowVersion, code: record.code, name: record.name, ...over },
    });
  const strip = (items: Item[]) => items.map(({ id: _id, ...rest }) => rest);

  it('creates with nested items, and Detail returns them in order with their parents', async () => {
    const created = await add({
      items: [
        item('asia', null, 2),
        item('europe', null, 1),
        item('fr', 'europe', 1),
        item('cn', 'asia', 1),
        item('de', 'europe', 0),
      ],
    });
    expect(created.rowVersion).toBe(1);
    expect(created).not.toHaveProperty('items');
    const read = await detail(created.id);
    expect(read).toMatchObject({ id: created.id, code: created.code });
    expect(strip(read.items)).toEqual([
      { ...item('de', 'europe', 0), enable: true },
      { ...item('europe', null, 1), enable: true },
      { ...item('fr', 'europe', 1), enable: true },
      { ...item('cn', 'asia', 1), enable: true },
      { ...item('asia', null, 2), enable: true },
    ]);
    for (const i of read.items) expect(i.id).toBeGreaterThan(0);
    // Get/{key} is the record alone.
    expect(
      dataOf<Dictionary>(await ctx.call('GET', `/api/Dictionary/Get/${created.id}`, { token })),
    ).not.toHaveProperty('items');
  });

  it('replaces the items when an update carries them, keeps them when it does not, and audits item changes', async () => {
    const created = await add({ items: [item('a'), item('b', 'a')] });
    const replaced = dataOf<Dictionary>(await update(created, { items: [item('c'), item('d', 'c', 1)] }));
    expect(replaced.rowVersion).toBe(2);
    expect(strip((await detail(created.id)).items).map((i) => i.key)).toEqual(['c', 'd']);
    const renamed = dataOf<Dictionary>(await update(replaced, { name: 'Renamed' }));
    expect(renamed).toMatchObject({ name: 'Renamed', rowVersion: 3 });
    expect(strip((await detail(created.id)).items).map((i) => i.key)).toEqual(['c', 'd']);
    const emptied = dataOf<Dictionary>(await update(renamed, { items: [] }));
    expect((await detail(created.id)).items).toEqual([]);
    expect(emptied.rowVersion).toBe(4);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'Dictionary'), eq(auditLog.entityId, created.id)))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(Object.keys(audit[1]!.changes ?? {})).toEqual(['items']);
    expect(audit[1]!.changes?.items?.to).toEqual([
      { ...item('c'), enable: true },
      { ...item('d', 'c', 1), enable: true },
    ]);
    expect(audit[2]!.changes).toEqual({ name: { from: created.name, to: 'Renamed' } });
    expect(Object.keys(audit[3]!.changes ?? {})).toEqual(['items']);
  });

  it('refuses duplicate keys, unknown or self parents with 400 naming the item, writing nothing', async () => {
    const cases: [unknown[], string, string][] = [
      [[item('a'), item('a')], 'items.1.key', "Duplicate item key 'a'"],
      [[item('a', 'zz')], 'items.0.parentKey', "Unknown parent item 'zz'"],
      [[item('a', 'a')], 'items.0.parentKey', 'An item cannot be its own parent'],
      [[item('a'), { ...item('b'), extra: 1 }], 'items.1.extra', validationMessages.unknownField],
      [[{ ...item('a'), value: '' }], 'items.0.value', ''],
    ];
    for (const [items, field, message] of cases) {
      const response = await expectRefused(ctx, 400, () =>
        ctx.call('POST', '/api/Dictionary/Add', { token, body: { code: `BAD_${field}`, name: 'Bad', items } }),
      );
      const errors = (response.body.data as FieldErrors).errors;
      expect(
        errors.map((e) => e.field),
        field,
      ).toContain(field);
      if (message) expect(errors.find((e) => e.field === field)?.message).toBe(message);
    }
    const existing = await add({ items: [item('keep')] });
    await expectRefused(ctx, 400, () => update(existing, { items: [item('x'), item('x')] }));
    await expectRefused(ctx, 400, () => update(existing, { items: [item('x', 'missing')] }));
    expect(strip((await detail(existing.id)).items).map((i) => i.key)).toEqual(['keep']);
    await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Dictionary/Add', {
        token,
        body: { code: 'TOO_MANY', name: 'Too many', items: Array.from({ length: 1001 }, (_, i) => item(`k${i}`)) },
      }),
    );
  });

  it('deletes its items with it', async () => {
    const created = await add({ items: [item('a'), item('b')] });
    const before = await rowCount(ctx, dictionaryItem);
    expect(dataOf(await ctx.call('POST', `/api/Dictionary/Delete/${created.id}`, { token }))).toEqual({ deleted: 1 });
    expect(await rowCount(ctx, dictionaryItem)).toBe(before - 2);
    expect((await ctx.call('GET', `/api/Dictionary/Detail/${created.id}`, { token })).status).toBe(404);
  });

  it('keeps item ids across saves, and refuses to delete a dictionary or an item a configuration entry uses, saying so', async () => {
    const types = await add({ items: [item('mail'), item('sms')] });
    const mail = (await detail(types.id)).items.find((i) => i.key === 'mail')!;
    const entry = dataOf<{ id: number; rowVersion: number; name: string }>(
      await ctx.call('POST', '/api/Configuration/Add', {
        token,
        body: { name: `retry.${counter}`, value: '3', typeId: mail.id },
      }),
    );
    // Renaming and re-sorting keeps the item (its id), so the entry still has its type.
    const saved = dataOf<Dictionary>(
      await update(types, { items: [item('sms', null, 0), { ...item('mail', null, 1), name: 'E-mail' }] }),
    );
    const renamed = (await detail(types.id)).items.find((i) => i.key === 'mail')!;
    expect(renamed).toMatchObject({ id: mail.id, name: 'E-mail' });

    const dropItem = await expectRefused(ctx, 409, () => update(saved, { items: [item('sms')] }));
    expect(dropItem.body.resultMsg).toBe(dictionaryMessages.itemUsedByConfiguration('mail', 1));
    const dropAll = await expectRefused(ctx, 409, () =>
      ctx.call('POST', `/api/Dictionary/Delete/${types.id}`, { token }),
    );
    expect(dropAll.body.resultMsg).toBe(dictionaryMessages.usedByConfiguration(1));
    expect((await detail(types.id)).items.map((i) => i.key)).toEqual(['sms', 'mail']);

    // An unused item goes; once the entry has another type, the dictionary goes too.
    const fewer = dataOf<Dictionary>(await update(saved, { items: [{ ...item('mail'), name: 'E-mail' }] }));
    expect((await detail(types.id)).items.map((i) => i.key)).toEqual(['mail']);
    const current = dataOf<{ rowVersion: number }>(
      await ctx.call('GET', `/api/Configuration/Get/${entry.id}`, { token }),
    );
    expect(
      (
        await ctx.call('POST', '/api/Configuration/Update', {
          token,
          body: { id: entry.id, rowVersion: current.rowVersion, name: entry.name, value: '3', typeId: null },
        })
      ).status,
    ).toBe(200);
    expect(fewer.rowVersion).toBeGreaterThan(saved.rowVersion);
    expect(dataOf(await ctx.call('POST', `/api/Dictionary/Delete/${types.id}`, { token }))).toEqual({ deleted: 1 });
  });

  it('filters by category and by enable (true/false/1/0 in a query string)', async () => {
    const category = `cat${counter}`;
    const on = await add({ category });
    const off = await add({ category, enable: false });
    const ids = async (query: string) =>
      dataOf<{ items: Dictionary[] }>(
        await ctx.call('GET', `/api/Dictionary/Get?category=${category}&${query}`, { token }),
      )
        .items.map((d) => d.id)
        .sort();
    expect(await ids('')).toEqual([on.id, off.id].sort());
    expect(await ids('enable=false')).toEqual([off.id]);
    expect(await ids('enable=0')).toEqual([off.id]);
    expect(await ids('enable=true')).toEqual([on.id]);
    expect(await ids('enable=1')).toEqual([on.id]);
    expect((await ctx.call('GET', '/api/Dictionary/Get?enable=perhaps', { token })).status).toBe(400);
    const viaBody = dataOf<{ items: Dictionary[] }>(
      await ctx.call('POST', '/api/Dictionary/Query', { token, body: { category, enable: false } }),
    );
    expect(viaBody.items.map((d) => d.id)).toEqual([off.id]);
  });

  it('is closed to users without the dictionary permissions', async () => {
    const created = await add({ items: [item('a')] });
    const { token: viewer } = await signedInWith(ctx, ['dictionary:view']);
    expect((await ctx.call('GET', `/api/Dictionary/Detail/${created.id}`, { token: viewer })).status).toBe(200);
    const refused = await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/Dictionary/Update', {
        token: viewer,
        body: { id: created.id, rowVersion: 1, code: created.code, name: 'X', items: [] },
      }),
    );
    expect(refused.body.resultMsg).toBe(messages.forbidden);
    const { token: stranger } = await signedInWith(ctx, ['dept:view']);
    expect((await ctx.call('GET', `/api/Dictionary/Detail/${created.id}`, { token: stranger })).status).toBe(403);
  });

  it('gives any signed-in user the enabled items of an enabled dictionary by code, for drop-downs', async () => {
    const created = await add({
      items: [{ ...item('b', null, 2) }, { ...item('a', null, 1) }, { ...item('off', null, 0), enable: false }],
    });
    const { token: anyone } = await signedInWith(ctx, []);
    const items = dataOf<Item[]>(
      await ctx.call('GET', `/api/Dictionary/Items/${created.code.toLowerCase()}`, { token: anyone }),
    );
    expect(items.map((i) => i.key)).toEqual(['a', 'b']);
    expect(dataOf<Item[]>(await ctx.call('GET', '/api/Dictionary/Items/NO_SUCH', { token: anyone }))).toEqual([]);
    await update(await detail(created.id), { enable: false });
    expect(dataOf<Item[]>(await ctx.call('GET', `/api/Dictionary/Items/${created.code}`, { token: anyone }))).toEqual(
      [],
    );
    expect((await ctx.call('GET', `/api/Dictionary/Items/${created.code}`)).status).toBe(401);
  });
});
