import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import { createUser, signIn, useTestApp, type Response, type TestUser } from '../../test/helpers.js';
import { dataOf, expectRefused, readXlsx, type SheetRow } from '../../test/platform-helpers.js';
import { deptResource } from '../modules/dept/dept.resource.js';
import { dictionaryResource } from '../modules/dictionary/dictionary.resource.js';
import { positionResource } from '../modules/position/position.resource.js';
import { exportCell, exportHeader } from './export.js';
import { auditLog } from './platform.table.js';
import type { AnyResource } from './resource.js';

type Item = Record<string, unknown> & {
  id: number;
  rowVersion: number;
  name: string;
  code: string;
  sort: number;
  createdAt: string;
  createdBy: number | null;
  modifiedAt: string;
  modifiedBy: number | null;
};
type Page = { items: Item[]; total: number };

type Spec = {
  name: 'Dept' | 'Position' | 'Dictionary';
  label: string;
  service: AnyResource;
  /** A valid Add body; `over` replaces fields. */
  body: (name: string, code: string, over?: Record<string, unknown>) => Record<string, unknown>;
  /** The list order when the caller gives none. */
  defaultOrder: [string, string];
  /** An equality filter of this resource and two values of it. */
  filter: { field: string; on: unknown; off: unknown; query: [string, string] };
};

const specs: Spec[] = [
  {
    name: 'Dept',
    label: 'department',
    service: deptResource,
    body: (name, code, over = {}) => ({ name, code, sort: 0, ...over }),
    defaultOrder: ['sort', 'name'],
    filter: { field: 'status', on: 'Active', off: 'Inactive', query: ['status', 'Inactive'] },
  },
  {
    name: 'Position',
    label: 'position',
    service: positionResource,
    body: (name, code, over = {}) => ({ name, code, description: `About ${name}`, sort: 0, ...over }),
    defaultOrder: ['sort', 'name'],
    filter: { field: 'status', on: 'Active', off: 'Inactive', query: ['status', 'Inactive'] },
  },
  {
    name: 'Dictionary',
    label: 'dictionary',
    service: dictionaryResource,
    body: (name, code, over = {}) => ({ name, code, category: 'general', sort: 0, ...over }),
    defaultOrder: ['sort', 'code'],
    filter: { field: 'enable', on: true, off: false, query: ['enable', 'false'] },
  },
];

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let owner: TestUser;
let token: string;
let otherUser: TestUser;
let otherToken: string;

beforeAll(async () => {
  owner = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, owner)).token;
  otherUser = await createUser(ctx, { roles: ['admin'] });
  otherToken = (await signIn(ctx, otherUser)).token;
});

/** A word no other test uses, so that a keyword search sees only this test's records. */
const uniqueWord = () => `w${randomBytes(4).toString('hex')}`;

describe.each(specs)('generic resource: $name', (spec) => {
  const base = `/api/${spec.name}`;
  const call = (action: string, body?: unknown, as = token) =>
    ctx.call('POST', `${base}/${action}`, { token: as, body });
  const add = async (name: string, code: string, over: Record<string, unknown> = {}) =>
    dataOf<Item>(await call('Add', spec.body(name, code, over)));
  const query = async (body: Record<string, unknown>) => dataOf<Page>(await call('Query', body));
  const get = (id: number) => ctx.call('GET', `${base}/Get/${id}`, { token });
  /** The record as its edit form would send it back: its own editable values, then the changes. */
  const updateBody = (item: Item, over: Record<string, unknown>) => ({
    ...Object.fromEntries(Object.keys(spec.body('', '')).map((field) => [field, item[field]])),
    id: item.id,
    rowVersion: item.rowVersion,
    ...over,
  });
  const auditOf = (id: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, spec.name), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
  /** Every record a filter shows, page by page, as a client would read them. */
  const allPages = async (filter: Record<string, unknown>, pageSize: number) => {
    const items: Item[] = [];
    for (let page = 1; ; page++) {
      const result = await query({ ...filter, page, pageSize });
      items.push(...result.items);
      if (result.items.length < pageSize) return { items, total: result.total };
    }
  };

  it('Add returns the record with its id, rowVersion 1 and the audit columns, audited in the same transaction', async () => {
    const word = uniqueWord();
    const item = await add(`${word} first`, `${word}-1`);
    expect(item).toMatchObject({ name: `${word} first`, code: `${word}-1`, rowVersion: 1 });
    expect(item.id).toBeGreaterThan(0);
    expect(item.createdBy).toBe(owner.id);
    expect(item.modifiedBy).toBe(owner.id);
    expect(item.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(item.modifiedAt).toBe(item.createdAt);
    expect(dataOf<Item>(await get(item.id))).toEqual(item);
    const audit = await auditOf(item.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorId: owner.id, changes: null });
    // now() is the transaction's start: equal times mean the audit row was written in the same transaction.
    expect(audit[0]!.at.toISOString()).toBe(item.createdAt);
  });

  it('Get/{key} and Detail/{key} answer the record, or 404 for one that does not exist', async () => {
    const word = uniqueWord();
    const item = await add(word, word);
    expect(dataOf<Item>(await get(item.id))).toEqual(item);
    expect(dataOf<Item>(await ctx.call('GET', `${base}/Detail/${item.id}`, { token }))).toMatchObject(item);
    for (const url of [`${base}/Get/${item.id + 100_000}`, `${base}/Detail/${item.id + 100_000}`]) {
      const missing = await ctx.call('GET', url, { token });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ resultCode: 404, resultMsg: messages.notFound, data: null });
    }
  });

  it('pages with Get (query parameters) and Query (body) alike', async () => {
    const word = uniqueWord();
    for (let i = 1; i <= 7; i++) await add(`${word} ${i}`, `${word}-${i}`, { sort: i });
    const pages = await Promise.all([1, 2, 3, 4].map((page) => query({ keyword: word, page, pageSize: 3 })));
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1, 0]);
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(7);
    expect(pages.flatMap((p) => p.items.map((i) => i.sort))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const page of [1, 2, 3]) {
      const viaGet = await ctx.call('GET', `${base}/Get?keyword=${word}&page=${page}&pageSize=3`, { token });
      expect(dataOf<Page>(viaGet)).toEqual(pages[page - 1]);
    }
    const defaults = await query({ keyword: word });
    expect(defaults.items).toHaveLength(7);
    expect(dataOf<Page>(await ctx.call('GET', `${base}/Get?keyword=${word}`, { token }))).toEqual(defaults);
  });

  it('sorts by the default order, by one field either way, and by several fields', async () => {
    const word = uniqueWord();
    const rows: [string, number][] = [
      ['delta', 2],
      ['alpha', 2],
      ['charlie', 1],
      ['bravo', 3],
      ['echo', 1],
    ];
    for (const [suffix, sort] of rows) await add(`${word}${suffix}`, `${word}${suffix}`, { sort });
    const names = async (orderBy?: { field: string; desc: boolean }[]) =>
      (await query({ keyword: word, ...(orderBy ? { orderBy } : {}) })).items.map((i) =>
        String(i.name).slice(word.length),
      );
    // Default: sort ascending, then name (or code, the same text here) ascending.
    expect(await names()).toEqual(['charlie', 'echo', 'alpha', 'delta', 'bravo']);
    expect(await names([{ field: 'name', desc: false }])).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(await names([{ field: 'name', desc: true }])).toEqual(['echo', 'delta', 'charlie', 'bravo', 'alpha']);
    expect(
      await names([
        { field: 'sort', desc: true },
        { field: 'code', desc: true },
      ]),
    ).toEqual(['bravo', 'delta', 'alpha', 'echo', 'charlie']);
    expect(
      await names([
        { field: 'sort', desc: false },
        { field: 'name', desc: true },
      ]),
    ).toEqual(['echo', 'charlie', 'delta', 'alpha', 'bravo']);
    // Newest first by id; ties never leave the order to chance.
    const byId = await query({ keyword: word, orderBy: [{ field: 'id', desc: true }] });
    expect(byId.items.map((i) => i.id)).toEqual([...byId.items.map((i) => i.id)].sort((a, b) => b - a));
    expect(spec.defaultOrder).toHaveLength(2);
  });

  it('searches by keyword case-insensitively, with % and _ (and \\) taken literally', async () => {
    const word = uniqueWord();
    const named = async (suffix: string) => (await add(`${word} ${suffix}`, `${word}${uniqueWord()}`)).id;
    const percent = await named('100% Done');
    const plain = await named('1000 done');
    const underscore = await named('a_b');
    const axb = await named('axb');
    const backslash = await named('back\\slash');
    const ids = async (keyword: string) =>
      (await query({ keyword, orderBy: [{ field: 'id', desc: false }] })).items.map((i) => i.id);
    expect(await ids(`${word} 100% DONE`)).toEqual([percent]);
    expect(await ids(word.toUpperCase())).toEqual([percent, plain, underscore, axb, backslash]);
    expect(await ids(`${word} a_b`)).toEqual([underscore]);
    expect(await ids(`${word} a%b`)).toEqual([]);
    expect((await ids('%')).filter((id) => [plain, underscore, axb, backslash].includes(id))).toEqual([]);
    expect(await ids('\\')).toEqual([backslash]);
    expect(await ids(`  ${word} axb  `)).toEqual([axb]);
    // Keyword also looks at the code.
    const coded = await add(`${uniqueWord()} by code`, `${word}-CODE-ONLY`);
    expect(await ids(`${word}-code-only`)).toEqual([coded.id]);
  });

  it(`filters by ${spec.filter.field} in Query and in Get`, async () => {
    const word = uniqueWord();
    const on = await add(`${word} on`, `${word}-on`, { [spec.filter.field]: spec.filter.on });
    const off = await add(`${word} off`, `${word}-off`, { [spec.filter.field]: spec.filter.off });
    expect((await query({ keyword: word, [spec.filter.field]: spec.filter.off })).items.map((i) => i.id)).toEqual([
      off.id,
    ]);
    expect((await query({ keyword: word, [spec.filter.field]: spec.filter.on })).items.map((i) => i.id)).toEqual([
      on.id,
    ]);
    const [field, text] = spec.filter.query;
    const viaGet = dataOf<Page>(await ctx.call('GET', `${base}/Get?keyword=${word}&${field}=${text}`, { token }));
    expect(viaGet.items.map((i) => i.id)).toEqual([off.id]);
    expect(viaGet.total).toBe(1);
  });

  it('Update writes the change, increments rowVersion, keeps createdBy and audits the changed fields', async () => {
    const word = uniqueWord();
    const item = await add(`${word} before`, `${word}-u`);
    const updated = dataOf<Item>(
      await call('Update', updateBody(item, { name: `${word} after`, sort: 42 }), otherToken),
    );
    expect(updated).toMatchObject({
      id: item.id,
      name: `${word} after`,
      code: item.code,
      sort: 42,
      rowVersion: 2,
      createdAt: item.createdAt,
      createdBy: owner.id,
      modifiedBy: otherUser.id,
    });
    expect(updated.modifiedAt >= item.modifiedAt).toBe(true);
    expect(dataOf<Item>(await get(item.id))).toEqual(updated);
    const again = dataOf<Item>(await call('Update', updateBody(updated, { sort: 43 })));
    expect(again.rowVersion).toBe(3);
    const audit = await auditOf(item.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audit[1]).toMatchObject({
      actorId: otherUser.id,
      changes: { name: { from: `${word} before`, to: `${word} after` }, sort: { from: 0, to: 42 } },
    });
    expect(audit[2]!.changes).toEqual({ sort: { from: 42, to: 43 } });
    expect(audit[1]!.at.toISOString()).toBe(updated.modifiedAt);
  });

  it('refuses a stale rowVersion with 409 and leaves the record as it was', async () => {
    const word = uniqueWord();
    const item = await add(`${word} v1`, `${word}-s`);
    const current = dataOf<Item>(await call('Update', updateBody(item, { name: `${word} v2` })));
    const stale = await expectRefused(ctx, 409, () => call('Update', updateBody(item, { name: `${word} lost` })));
    expect(stale.body).toEqual({ resultCode: 409, resultMsg: messages.staleRowVersion, data: null });
    expect(messages.staleRowVersion).toMatch(/^This record was changed by someone else/);
    expect(dataOf<Item>(await get(item.id))).toEqual(current);
    const ahead = await expectRefused(ctx, 409, () =>
      call('Update', updateBody(current, { rowVersion: current.rowVersion + 1, name: `${word} ahead` })),
    );
    expect(ahead.body.resultMsg).toBe(messages.staleRowVersion);
    expect(dataOf<Item>(await get(item.id))).toEqual(current);
  });

  it('lets exactly one of several concurrent updates with the same rowVersion win', async () => {
    const word = uniqueWord();
    const item = await add(`${word} race`, `${word}-r`);
    const contenders = ['a', 'b', 'c', 'd', 'e'].map((x) => `${word} winner ${x}`);
    const responses = await Promise.all(contenders.map((name) => call('Update', updateBody(item, { name }))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = responses.find((r) => r.status === 200)!.body.data as Item;
    const stored = dataOf<Item>(await get(item.id));
    expect(stored).toEqual(winner);
    expect(stored.rowVersion).toBe(2);
    expect((await auditOf(item.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses a duplicate code with 409, on Add and on Update, writing nothing', async () => {
    const word = uniqueWord();
    const first = await add(`${word} one`, `${word}-DUP`);
    const second = await add(`${word} two`, `${word}-OTHER`);
    const duplicateMessage = `A ${spec.label} with the same code already exists.`;
    const onAdd = await expectRefused(ctx, 409, () => call('Add', spec.body(`${word} three`, `${word}-DUP`)));
    expect(onAdd.body).toEqual({ resultCode: 409, resultMsg: duplicateMessage, data: null });
    const onUpdate = await expectRefused(ctx, 409, () => call('Update', updateBody(second, { code: first.code })));
    expect(onUpdate.body.resultMsg).toBe(duplicateMessage);
    expect(dataOf<Item>(await get(second.id))).toEqual(second);
  });

  it('Delete takes an array and deletes all or none', async () => {
    const word = uniqueWord();
    const a = await add(`${word} a`, `${word}-a`);
    const b = await add(`${word} b`, `${word}-b`);
    const c = await add(`${word} c`, `${word}-c`);
    const missing = await expectRefused(ctx, 404, () => call('Delete', [a.id, b.id, c.id + 100_000]));
    expect(missing.body).toEqual({ resultCode: 404, resultMsg: messages.notFound, data: null });
    expect((await query({ keyword: word })).total).toBe(3);
    expect(dataOf(await call('Delete', [a.id, b.id, a.id]))).toEqual({ deleted: 2 });
    expect((await query({ keyword: word })).items.map((i) => i.id)).toEqual([c.id]);
    expect((await get(a.id)).status).toBe(404);
    const audit = await auditOf(a.id);
    expect(audit.map((x) => x.action)).toEqual(['create', 'delete']);
    expect(audit[1]!.actorId).toBe(owner.id);
    // Deleting what is already gone is refused whole, the live one included.
    await expectRefused(ctx, 404, () => call('Delete', [b.id, c.id]));
    expect((await get(c.id)).status).toBe(200);
  });

  it('Delete/{key} deletes one record; a second time it is 404', async () => {
    const word = uniqueWord();
    const item = await add(word, word);
    expect(dataOf(await call(`Delete/${item.id}`))).toEqual({ deleted: 1 });
    expect((await get(item.id)).status).toBe(404);
    await expectRefused(ctx, 404, () => call(`Delete/${item.id}`));
    expect((await auditOf(item.id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  describe('Export', () => {
    const columns = spec.service.def.exportColumns;
    const asCell = (value: unknown): SheetRow[number] => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return new Date(value);
      return value as SheetRow[number];
    };
    const exportOf = async (body: Record<string, unknown>): Promise<{ response: Response; rows: SheetRow[] }> => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${base}/Export`,
        payload: body,
        headers: { 'auth-token': ctx.newAuthToken(), authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${spec.name}.xlsx"`);
      return {
        response: {
          status: response.statusCode,
          body: { resultCode: 0, resultMsg: '', data: null },
          headers: response.headers,
          raw: '',
        },
        rows: await readXlsx(response.rawPayload),
      };
    };

    it('is exactly what Query shows for the same filter (all pages, same order), under a header row', async () => {
      const word = uniqueWord();
      // More than one export chunk (1000 rows), inserted directly: the point is reading them back.
      const table = spec.service.def.table;
      const values = Array.from({ length: 1003 }, (_, i) => ({
        ...spec.body(`${word} ${String(i % 37).padStart(2, '0')}`, `${word}-${i}`, { sort: i % 5 }),
        createdBy: owner.id,
        modifiedBy: owner.id,
      }));
      await ctx.db.insert(table).values(values as never);
      await add(`${word} with "quotes", <tags> & 'apostrophes'`, `${word}-special`);
      for (const filter of [
        { keyword: word },
        { keyword: word, orderBy: [{ field: 'name', desc: true }] },
        {
          keyword: `${word} 1`,
          orderBy: [
            { field: 'sort', desc: false },
            { field: 'code', desc: true },
          ],
        },
      ]) {
        const { items, total } = await allPages(filter, 500);
        expect(items).toHaveLength(total);
        const { rows } = await exportOf({ ...filter, page: 3, pageSize: 1 });
        expect(rows[0]).toEqual(columns.map((c) => exportHeader('en', c)));
        expect(rows).toHaveLength(total + 1);
        expect(rows.slice(1)).toEqual(
          items.map((item) => columns.map((c) => (c.values ? exportCell('en', c, item) : asCell(item[c.field])))),
        );
      }
    });

    it('of zero rows is a valid workbook with the header row only', async () => {
      const { rows } = await exportOf({ keyword: uniqueWord() });
      expect(rows).toEqual([columns.map((c) => exportHeader('en', c))]);
    });
  });
});
