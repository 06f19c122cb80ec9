import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { csvOf, defineImport, runImport, uploadSheet } from '../../../test/import-helpers.js';
import { dataOf, readXlsx } from '../../../test/platform-helpers.js';
import { languages, textAt, type Language } from '../../platform/translator.js';

type Item = { key: string; name: string; nameZhCn: string | null; nameZhTw: string | null; value: string };
type Detail = { id: number; code: string; name: string; rowVersion: number; items: Item[] };

const item = (key: string, name: string, value: string, names: Partial<Item> = {}) => ({
  key,
  parentKey: null,
  name,
  value,
  ...names,
});

/** A dictionary item has a name per language; screens and exports word a stored value by one rule. */
describe('Dictionary item names per language', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  const tokens = {} as Record<Language, string>;
  let businessUnits: Detail;
  beforeAll(async () => {
    for (const language of languages)
      tokens[language] = (await signIn(ctx, await createUser(ctx, { roles: ['admin'], values: { language } }))).token;
    const added = dataOf<{ id: number }>(
      await ctx.call('POST', '/api/Dictionary/Add', {
        token: tokens.en,
        body: {
          code: 'businessUnit',
          name: 'Business unit',
          items: [
            item('retail', 'Retail', 'Retail'), // as seeded: its seeded words
            item('trading', 'Trade', 'Trading'), // a seeded item renamed: as written
            item('gold', 'Gold', 'GOLD', { nameZhCn: '黄金', nameZhTw: '黃金' }),
            item('tin', 'Tin', 'TIN', { nameZhCn: '锡', nameZhTw: '  ' }), // a blank name is none
            item('logistics', 'Logistics', 'Logistics', { nameZhTw: '運籌' }), // its own name over the seeded words
          ],
        },
      }),
    );
    businessUnits = dataOf<Detail>(await ctx.call('GET', `/api/Dictionary/Detail/${added.id}`, { token: tokens.en }));
  });

  it('keeps the names in Chinese (a blank one as none) and gives them back in Detail and Items', async () => {
    const byKey = new Map(businessUnits.items.map((i) => [i.key, i]));
    expect(byKey.get('gold')).toMatchObject({ name: 'Gold', nameZhCn: '黄金', nameZhTw: '黃金' });
    expect(byKey.get('tin')).toMatchObject({ nameZhCn: '锡', nameZhTw: null });
    expect(byKey.get('retail')).toMatchObject({ nameZhCn: null, nameZhTw: null });
    const items = dataOf<Item[]>(await ctx.call('GET', '/api/Dictionary/Items/businessUnit', { token: tokens.en }));
    expect(items.find((i) => i.key === 'gold')).toMatchObject({ nameZhCn: '黄金', nameZhTw: '黃金' });
    // An update that takes back what Detail gave keeps them.
    const saved = await ctx.call('POST', '/api/Dictionary/Update', {
      token: tokens.en,
      body: { ...businessUnits, items: businessUnits.items },
    });
    expect(saved.status).toBe(200);
    const again = dataOf<Detail>(
      await ctx.call('GET', `/api/Dictionary/Detail/${businessUnits.id}`, { token: tokens.en }),
    );
    expect(again.items.find((i) => i.key === 'gold')).toMatchObject({ nameZhCn: '黄金', nameZhTw: '黃金' });
  });

  it('an import keeps the names in Chinese of the items it does not name, and writes those of its rows', async () => {
    const importId = await defineImport(ctx, tokens.en, {
      tableModel: 'DictionaryItem',
      operationType: 'Upsert',
      matchConditions: ['dictionaryCode', 'key'],
      mappings: ['dictionaryCode', 'key', 'name', 'nameZhCn', 'value'].map((f) => ({ column: f, field: f })),
    });
    const csv = csvOf([
      ['dictionaryCode', 'key', 'name', 'nameZhCn', 'value'],
      ['businessUnit', 'silver', 'Silver', '白银', 'SILVER'],
    ]);
    const fileId = await uploadSheet(ctx, tokens.en, 'items.csv', Buffer.from(csv));
    expect(await runImport(ctx, tokens.en, importId, fileId)).toMatchObject({ inserted: 1, failed: 0 });
    const items = dataOf<Detail>(
      await ctx.call('GET', `/api/Dictionary/Detail/${businessUnits.id}`, { token: tokens.en }),
    ).items;
    expect(items.find((i) => i.key === 'silver')).toMatchObject({ nameZhCn: '白银', nameZhTw: null });
    expect(items.find((i) => i.key === 'gold')).toMatchObject({ nameZhCn: '黄金', nameZhTw: '黃金' });
  });

  it('refuses a name in Chinese over 100 characters', async () => {
    const response = await ctx.call('POST', '/api/Dictionary/Add', {
      token: tokens.en,
      body: { code: 'tooLong', name: 'Too long', items: [item('a', 'A', 'a', { nameZhCn: '长'.repeat(101) })] },
    });
    expect(response.status).toBe(400);
  });

  it('exports a stored value as the screens show it, in the reader’s language', async () => {
    for (const [i, unit] of ['Retail', 'Trading', 'GOLD', 'TIN', 'Logistics', 'Gone'].entries())
      expect(
        (
          await ctx.call('POST', '/api/Company/Add', {
            token: tokens.en,
            body: { code: `BU${i}`, name: `Unit company ${i}`, businessUnit: unit },
          })
        ).status,
      ).toBe(200);
    const exportedUnits = async (language: Language) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/Company/Export',
        headers: { authorization: `Bearer ${tokens[language]}`, 'auth-token': ctx.newAuthToken() },
        payload: { keyword: 'Unit company' },
      });
      expect(response.statusCode).toBe(200);
      const [header, ...rows] = await readXlsx(response.rawPayload);
      const column = header!.indexOf(textAt(language, 'fields.businessUnit')!);
      const nameColumn = header!.indexOf(textAt(language, 'fields.name')!);
      return Object.fromEntries(rows.map((row) => [String(row[nameColumn]).slice(-1), row[column]]));
    };
    expect(await exportedUnits('en')).toEqual({
      0: 'Retail',
      1: 'Trade',
      2: 'Gold',
      3: 'Tin',
      4: 'Logistics',
      5: 'Gone',
    });
    expect(await exportedUnits('zh-cn')).toEqual({
      0: textAt('zh-cn', 'seed.dictionaryItem.businessUnit.retail'),
      1: 'Trade',
      2: '黄金',
      3: '锡',
      4: textAt('zh-cn', 'seed.dictionaryItem.businessUnit.logistics'),
      5: 'Gone',
    });
    expect(await exportedUnits('zh-tw')).toEqual({
      0: textAt('zh-tw', 'seed.dictionaryItem.businessUnit.retail'),
      1: 'Trade',
      2: '黃金',
      3: 'Tin',
      4: '運籌',
      5: 'Gone',
    });
  });
});
