import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, validationMessages } from '@casedesk/shared';
import { createUser, signIn, testConfig, useTestApp, type Response } from '../../test/helpers.js';
import { dataOf, expectRefused, rowCount } from '../../test/platform-helpers.js';
import { buildApp } from '../app.js';
import { dept } from '../modules/dept/dept.table.js';

type DeptRecord = {
  id: number;
  name: string;
  code: string;
  rowVersion: number;
  parentId: number | null;
  createdBy: number;
};
type FieldErrors = { errors: { field: string; message: string }[] };

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let token: string;
let counter = 0;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

const addDept = async (body: Record<string, unknown> = {}) => {
  counter++;
  return dataOf<DeptRecord>(
    await ctx.call('POST', '/api/Dept/Add', { token, body: { name: `Dept ${counter}`, code: `D${counter}`, ...body } }),
  );
};
const rawJson = (url: string, payload: string | Buffer, contentType = 'application/json') =>
  inject(ctx.app, 'POST', url, { payload, headers: { 'content-type': contentType } });

/** `app.inject` with the Auth-Token and bearer headers, for payloads `ctx.call` cannot express (bytes). */
async function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: string | Buffer; headers?: Record<string, string>; bearer?: boolean } = {},
): Promise<Response> {
  const response = await app.inject({
    method,
    url,
    payload: options.payload,
    headers: {
      'auth-token': ctx.newAuthToken(),
      ...(options.bearer === false ? {} : { authorization: `Bearer ${token}` }),
      ...options.headers,
    },
  });
  let body: Response['body'];
  try {
    body = JSON.parse(response.body) as Response['body'];
  } catch {
    body = { resultCode: -1, resultMsg: 'not JSON', data: null };
  }
  return { status: response.statusCode, body, headers: response.headers, raw: response.body };
}

describe('the envelope and the error table (contract section 2)', () => {
  it('success: 200 / 200 / OK with the data', async () => {
    const record = await addDept({ name: 'Envelope Dept' });
    const response = await ctx.call('POST', '/api/Dept/Query', { token, body: { keyword: 'Envelope Dept' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toMatchObject({ resultCode: 200, resultMsg: 'OK', data: { items: [record], total: 1 } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('invalid input: 400, the first problem in words, and data.errors naming every problem', async () => {
    const response = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Dept/Add', {
        token,
        body: { name: '', code: 5, sort: -1, status: 'Gone', parentId: 'x', extra: true, other: 1 },
      }),
    );
    const { errors } = response.body.data as FieldErrors;
    expect(errors.map((e) => e.field).sort()).toEqual(['code', 'extra', 'name', 'other', 'parentId', 'sort', 'status']);
    for (const error of errors) expect(error.message.length).toBeGreaterThan(0);
    expect(errors.find((e) => e.field === 'extra')?.message).toBe(validationMessages.unknownField);
    // Each problem names its field by its label (contract section 18); the first is the envelope's text.
    expect(errors.find((e) => e.field === 'name')?.message).toBe('Name is required.');
    expect(errors.find((e) => e.field === 'sort')?.message).toBe('Sort order must be at least 0.');
    expect(errors.find((e) => e.field === 'parentId')?.message).toBe('Parent must be a number.');
    expect(response.body.resultMsg).toBe(errors[0]!.message);
  });

  it('no, invalid or tampered access token: 401 / 401 / Unauthorized', async () => {
    const tampered = `${token.slice(0, -4)}AAAA`;
    for (const bearer of [undefined, 'garbage', tampered]) {
      const response = await ctx.call('POST', '/api/Dept/Query', { token: bearer, body: {} });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ resultCode: 401, resultMsg: messages.unauthorized, data: null });
    }
    const wrongScheme = await ctx.call('POST', '/api/Dept/Query', { headers: { authorization: `Basic ${token}` } });
    expect(wrongScheme.status).toBe(401);
  });

  it('missing permission: 403 / 403 / the contract text, whatever the body', async () => {
    const viewer = await createUser(ctx, { permissions: ['dept:view'] });
    const viewerToken = (await signIn(ctx, viewer)).token;
    for (const body of [{ name: 'X', code: 'X' }, 'not even json', undefined]) {
      const response = await expectRefused(ctx, 403, () =>
        ctx.call('POST', '/api/Dept/Add', { token: viewerToken, body }),
      );
      expect(response.body).toEqual({ resultCode: 403, resultMsg: messages.forbidden, data: null });
    }
  });

  it('not found: 404 / 404 / Not found for unknown routes, methods and records', async () => {
    const notFound = { resultCode: 404, resultMsg: messages.notFound, data: null };
    for (const url of ['/api/Nope/Get', '/api/Dept/Nope', '/nowhere.js', '/api/Dept/Get/1/extra'])
      expect((await ctx.call('GET', url, { token })).body, url).toEqual(notFound);
    const wrongMethod = await ctx.call('DELETE', '/api/Dept/Get/1', { token });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body).toEqual(notFound);
    for (const url of ['/api/Dept/Get/424242', '/api/Dept/Detail/424242']) {
      const response = await ctx.call('GET', url, { token });
      expect(response.status, url).toBe(404);
      expect(response.body, url).toEqual(notFound);
    }
    await expectRefused(ctx, 404, () =>
      ctx.call('POST', '/api/Dept/Update', { token, body: { id: 424242, rowVersion: 1, name: 'N', code: 'N' } }),
    );
    await expectRefused(ctx, 404, () => ctx.call('POST', '/api/Dept/Delete/424242', { token }));
  });

  it('conflict: 409 for a stale rowVersion and for a duplicate code, nothing written', async () => {
    const record = await addDept({ code: 'CONFLICT-1' });
    dataOf(await ctx.call('POST', '/api/Dept/Update', { token, body: { ...pick(record), name: 'Renamed' } }));
    const stale = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Dept/Update', { token, body: { ...pick(record), name: 'Lost update' } }),
    );
    expect(stale.body).toEqual({ resultCode: 409, resultMsg: messages.staleRowVersion, data: null });
    const duplicate = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Dept/Add', { token, body: { name: 'Other', code: 'CONFLICT-1' } }),
    );
    expect(duplicate.body).toEqual({
      resultCode: 409,
      resultMsg: 'A department with the same code already exists.',
      data: null,
    });
  });

  it('body over 1 MiB: 413 / 413; exactly 1 MiB is read (and judged on its content)', async () => {
    const json = (size: number) => {
      const shell = JSON.stringify({ name: '', code: 'BIG' });
      return JSON.stringify({ name: 'x'.repeat(size - shell.length), code: 'BIG' });
    };
    expect(Buffer.byteLength(json(1024 * 1024))).toBe(1024 * 1024);
    const tooBig = await expectRefused(ctx, 413, () => rawJson('/api/Dept/Add', json(1024 * 1024 + 1)));
    expect(tooBig.body).toEqual({ resultCode: 413, resultMsg: messages.bodyTooLarge, data: null });
    const atLimit = await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', json(1024 * 1024)));
    expect((atLimit.body.data as FieldErrors).errors[0]?.field).toBe('name');
  });

  describe('too many requests', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = (await buildApp({ config: testConfig({ rateLimitMax: 5 }), database: ctx.database, logger: false }))
        .app;
      await limited.ready();
    });
    afterAll(async () => limited?.close());

    it('429 / 429 / the contract text once the per-minute budget is spent, on every route', async () => {
      for (let i = 0; i < 5; i++)
        expect((await limited.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const health = await limited.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(429);
      expect(JSON.parse(health.body)).toEqual({ resultCode: 429, resultMsg: messages.tooManyRequests, data: null });
      // A signed-in caller counts against their own budget (contract 25), not the address's: spent, it is refused too.
      for (let i = 0; i < 5; i++) expect((await inject(limited, 'GET', '/api/Account/Profile')).status).toBe(200);
      const before = await rowCount(ctx, dept);
      const api = await inject(limited, 'POST', '/api/Dept/Add', {
        payload: '{"name":"Limited","code":"LIMITED"}',
        headers: { 'content-type': 'application/json' },
      });
      expect(api.status).toBe(429);
      expect(api.body).toEqual({ resultCode: 429, resultMsg: messages.tooManyRequests, data: null });
      expect(await rowCount(ctx, dept)).toBe(before);
    });
  });

  describe('unexpected errors', () => {
    let failing: FastifyInstance;
    beforeAll(async () => {
      failing = (await buildApp({ config: testConfig(), database: ctx.database, logger: false })).app;
      const open = { config: { access: 'public' as const, authToken: false } };
      failing.get('/api/test/Throw', open, async () => {
        throw new Error('secret detail: password=hunter2 at /srv/app/internal.ts:12');
      });
      failing.get('/api/test/Sql', open, async () => {
        await ctx.db.execute(sql`select secret_column from no_such_table where token = 'hunter2'`);
        return { never: true };
      });
      failing.get('/api/test/NotAnError', open, async () => {
        throw Object.assign(Object.create(null) as object, { detail: 'hunter2' });
      });
      await failing.ready();
    });
    afterAll(async () => failing?.close());

    it.each(['/api/test/Throw', '/api/test/Sql', '/api/test/NotAnError'])(
      '%s: 500 / 500 / Internal error with the request id, no stack, no SQL, no detail',
      async (url) => {
        const response = await failing.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(500);
        const requestId = response.headers['x-request-id'] as string;
        expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(JSON.parse(response.body)).toEqual({
          resultCode: 500,
          resultMsg: `${messages.internal} (request ${requestId})`,
          data: { requestId },
        });
        for (const leak of ['hunter2', 'secret', 'select', 'no_such_table', '.ts', ' at ', 'stack'])
          expect(response.body).not.toContain(leak);
      },
    );
  });
});

describe('malformed input never gives a 500 and never writes', () => {
  const post = (url: string, body: unknown) => ctx.call('POST', url, { token, body });

  it('bad JSON: 400 Malformed JSON body', async () => {
    for (const payload of ['{"name":', '{name: "x"}', "{'a':1}", '[1,]', '{"a":1}}', 'undefined', '\u00ff'])
      expect((await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', payload))).body.resultMsg, payload).toBe(
        'Malformed JSON body',
      );
  });

  it('deeply nested JSON: 400, not a crash', async () => {
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', `${'['.repeat(200_000)}${']'.repeat(200_000)}`));
    await expectRefused(ctx, 400, () =>
      rawJson('/api/Dept/Add', `{"name":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`),
    );
  });

  it('an empty body where one is required: 400; Query and Export read it as no filter', async () => {
    await expectRefused(ctx, 400, () => ctx.call('POST', '/api/Dept/Add', { token }));
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', ''));
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', '   '));
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Update', 'null'));
    await expectRefused(ctx, 400, () => ctx.call('POST', '/api/Dept/Delete', { token }));
    await addDept();
    const query = await ctx.call('POST', '/api/Dept/Query', { token });
    expect(dataOf<{ total: number }>(query).total).toBe(await rowCount(ctx, dept));
    expect((await ctx.call('POST', '/api/Dept/Export', { token })).status).toBe(200);
  });

  it('wrong top-level type or content type: 400', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'true'])
      await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', payload));
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', '{"name":"A","code":"A"}', 'text/plain'));
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', 'name=A&code=A', 'application/x-www-form-urlencoded'));
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', '{"name":"A","code":"A"}', 'application/xml'));
  });

  it('wrong field types, missing and unknown fields: 400 naming each field', async () => {
    const wrong = await expectRefused(ctx, 400, () =>
      post('/api/Dept/Add', { name: 12, code: ['A'], sort: '3', status: true, parentId: {} }),
    );
    expect((wrong.body.data as FieldErrors).errors.map((e) => e.field).sort()).toEqual([
      'code',
      'name',
      'parentId',
      'sort',
      'status',
    ]);
    const missing = await expectRefused(ctx, 400, () => post('/api/Dept/Add', {}));
    expect((missing.body.data as FieldErrors).errors.map((e) => e.field).sort()).toEqual(['code', 'name']);
    // Contract 11 applies to Add too (issue 25): fields Get answers (id, createdBy) are ignored, others refused.
    const unknown = await expectRefused(ctx, 400, () =>
      post('/api/Dept/Add', { name: 'A', code: 'A', id: 5, createdBy: 1, isAdmin: true }),
    );
    expect((unknown.body.data as FieldErrors).errors.map((e) => e.field).sort()).toEqual(['isAdmin']);
    const record = await addDept();
    // Contract 11: a field Get gave (createdBy) comes back ignored; one no response has is still refused.
    const readBack = await post('/api/Dept/Update', { ...pick(record), createdBy: 1 });
    expect(readBack.status, readBack.raw).toBe(200);
    expect((readBack.body.data as { createdBy: number }).createdBy).toBe(record.createdBy);
    const current = readBack.body.data as typeof record;
    await expectRefused(ctx, 400, () => post('/api/Dept/Update', { ...pick(current), isAdmin: true }));
    await expectRefused(ctx, 400, () => post('/api/Dept/Update', { name: 'A', code: 'A' }));
    await expectRefused(ctx, 400, () => post('/api/Dept/Update', { ...pick(record), rowVersion: '1' }));
    await expectRefused(ctx, 400, () => post('/api/Dept/Update', { ...pick(record), rowVersion: -1 }));
  });

  it('numbers out of range for the database: 400, not a database error', async () => {
    for (const body of [
      { name: 'A', code: 'A', parentId: 99_999_999_999 },
      { name: 'A', code: 'A', leaderId: 2 ** 31 },
      { name: 'A', code: 'A', sort: 1e300 },
      { name: 'A', code: 'A', sort: 1.5 },
    ])
      await expectRefused(ctx, 400, () => post('/api/Dept/Add', body));
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', '{"name":"A","code":"A","sort":1e400}'));
    const record = await addDept();
    await expectRefused(ctx, 400, () => post('/api/Dept/Update', { ...pick(record), rowVersion: 99_999_999_999 }));
    await expectRefused(ctx, 400, () => post('/api/Dept/Update', { ...pick(record), id: 99_999_999_999 }));
    expect((await ctx.call('GET', '/api/Dept/Get?parentId=99999999999', { token })).status).toBe(400);
    expect((await post('/api/Dept/Query', { parentId: 99_999_999_999 })).status).toBe(400);
  });

  it('huge strings and arrays: 400', async () => {
    await expectRefused(ctx, 400, () => post('/api/Dept/Add', { name: 'n'.repeat(100_000), code: 'A' }));
    await expectRefused(ctx, 400, () => post('/api/Dept/Add', { name: 'A', code: 'c'.repeat(51) }));
    expect((await post('/api/Dept/Query', { keyword: 'k'.repeat(201) })).status).toBe(400);
    expect((await ctx.call('GET', `/api/Dept/Get?keyword=${'k'.repeat(5000)}`, { token })).status).toBe(400);
    await expectRefused(ctx, 400, () =>
      post(
        '/api/Dept/Delete',
        Array.from({ length: 1001 }, (_, i) => i + 1),
      ),
    );
    await expectRefused(ctx, 400, () =>
      post(
        '/api/Dept/Delete',
        Array.from({ length: 100_000 }, () => 1),
      ),
    );
    const orderBy = Array.from({ length: 6 }, () => ({ field: 'name', desc: false }));
    expect((await post('/api/Dept/Query', { orderBy })).status).toBe(400);
    expect((await post('/api/Dept/Query', { orderBy: [{ field: 'n'.repeat(65) }] })).status).toBe(400);
  });

  it('SQL and HTML in strings are stored verbatim and come back as data', async () => {
    const name = `Robert'); DROP TABLE dept; -- <script>alert("x")</script>`;
    const code = `' OR 1=1 -- <img src=x onerror=alert(1)>`;
    const added = await addDept({ name, code });
    expect(added).toMatchObject({ name, code });
    expect(dataOf<DeptRecord>(await ctx.call('GET', `/api/Dept/Get/${added.id}`, { token }))).toMatchObject({
      name,
      code,
    });
    const found = dataOf<{ items: DeptRecord[]; total: number }>(
      await post('/api/Dept/Query', { keyword: `'); DROP TABLE dept; --` }),
    );
    expect(found.items.map((d) => d.id)).toEqual([added.id]);
    const byWildcard = dataOf<{ total: number }>(await post('/api/Dept/Query', { keyword: `' OR '1'='1` }));
    expect(byWildcard.total).toBe(0);
    expect(await rowCount(ctx, dept)).toBeGreaterThan(0);
  });

  it('NUL characters anywhere: 400 Text must not contain NUL characters.', async () => {
    const nul = { resultCode: 400, resultMsg: messages.nulCharacter, data: null };
    expect((await expectRefused(ctx, 400, () => post('/api/Dept/Add', { name: 'a\u0000b', code: 'N' }))).body).toEqual(
      nul,
    );
    expect(
      (await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', '{"name":"A","code":"B\\u0000"}'))).body,
    ).toEqual(nul);
    expect(
      (await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', '{"na\\u0000me":"A","code":"B"}'))).body,
    ).toEqual(nul);
    const record = await addDept();
    expect(
      (await expectRefused(ctx, 400, () => post('/api/Dept/Update', { ...pick(record), name: '\u0000' }))).body,
    ).toEqual(nul);
    expect((await ctx.call('GET', '/api/Dept/Get?keyword=a%00b', { token })).body).toEqual(nul);
    expect((await ctx.call('GET', '/api/Dept/Get?keyword=a&keyword=b%00', { token })).status).toBe(400);
    expect((await post('/api/Dept/Query', { keyword: 'a\u0000' })).body).toEqual(nul);
    expect((await ctx.call('GET', '/api/Dept/Get/%00', { token })).body).toEqual(nul);
  });

  it('invalid UTF-8 bytes in the body: 400, nothing stored', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"caf'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('","code":"U8"}'),
    ]);
    const response = await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', bytes));
    expect(response.body.resultMsg).toBe('The request body is not valid UTF-8.');
    const overlong = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xc0, 0xaf]),
      Buffer.from('","code":"U9"}'),
    ]);
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', overlong));
    const surrogate = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('","code":"UA"}'),
    ]);
    await expectRefused(ctx, 400, () => rawJson('/api/Dept/Add', surrogate));
    // Valid multi-byte text is of course fine.
    expect((await addDept({ name: 'Café 部门 🚀' })).name).toBe('Café 部门 🚀');
  });

  it('paging: negative, zero, fractional, huge and non-numeric page and pageSize are 400; pageSize is at most 500', async () => {
    for (const [page, pageSize] of [
      ['0', '20'],
      ['-1', '20'],
      ['1.5', '20'],
      ['abc', '20'],
      ['1e309', '20'],
      ['99999999999999999999', '20'],
      ['1', '0'],
      ['1', '-5'],
      ['1', '501'],
      ['1', 'NaN'],
      ['1', '%20'],
    ]) {
      const get = await ctx.call('GET', `/api/Dept/Get?page=${page}&pageSize=${pageSize}`, { token });
      expect(get.status, `GET ${page}/${pageSize}`).toBe(400);
      expect((get.body.data as FieldErrors).errors.length).toBeGreaterThan(0);
    }
    for (const body of [
      { page: 0 },
      { page: -1 },
      { page: 1.5 },
      { page: 'abc' },
      { page: 1e300 },
      { page: ' ' },
      { pageSize: 0 },
      { pageSize: 501 },
      { pageSize: -20 },
      { pageSize: 'twenty' },
      { pageSize: {} },
    ])
      expect((await post('/api/Dept/Query', body)).status, JSON.stringify(body)).toBe(400);
    expect((await post('/api/Dept/Query', { page: 1_000_000, pageSize: 500 })).status).toBe(200);
    expect(
      dataOf<{ items: unknown[] }>(await post('/api/Dept/Query', { page: 1_000_000, pageSize: 500 })).items,
    ).toEqual([]);
    expect((await ctx.call('GET', '/api/Dept/Get?page=2&pageSize=500', { token })).status).toBe(200);
  });

  it('bad keys in Get/:key, Detail/:key and Delete/:key: 400; in Delete bodies: 400; nothing deleted', async () => {
    await addDept();
    for (const bad of ['0', '-1', 'abc', '99999999999', '1.5', '1e3x', '%20', "1' or '1'='1"]) {
      const path = encodeURIComponent(bad).replace(/%2520/, '%20');
      for (const url of [`/api/Dept/Get/${path}`, `/api/Dept/Detail/${path}`]) {
        const response = await ctx.call('GET', url, { token });
        expect(response.status, url).toBe(400);
        expect((response.body.data as FieldErrors).errors[0]?.field, url).toBe('key');
      }
      await expectRefused(ctx, 400, () => ctx.call('POST', `/api/Dept/Delete/${path}`, { token }));
    }
    for (const body of [[], [0], [-1], ['abc'], [99_999_999_999], [1.5], [null], { ids: [1] }, 1])
      await expectRefused(ctx, 400, () => post('/api/Dept/Delete', body));
  });

  it('orderBy an unknown or non-public field: 400, naming orderBy', async () => {
    for (const field of ['nope', 'passwordHash', 'name; drop table dept', 'row_version', '__proto__']) {
      const response = await post('/api/Dept/Query', { orderBy: [{ field, desc: true }] });
      expect(response.status, field).toBe(400);
      expect((response.body.data as FieldErrors).errors[0]?.field).toBe('orderBy');
    }
    expect((await post('/api/Dept/Query', { orderBy: [{ field: 'name', desc: 'yes' }] })).status).toBe(400);
    expect((await post('/api/Dept/Export', { orderBy: [{ field: 'nope' }] })).status).toBe(400);
  });

  it('filters of the wrong kind: 400', async () => {
    expect((await post('/api/Dept/Query', { status: 'Deleted' })).status).toBe(400);
    expect((await post('/api/Dept/Query', { status: ['Active'] })).status).toBe(400);
    expect((await ctx.call('GET', '/api/Dept/Get?status=Active&status=Inactive', { token })).status).toBe(400);
    expect((await ctx.call('GET', '/api/Dept/Get?parentId=abc', { token })).status).toBe(400);
  });

  it('blank filters (empty text or null) mean "not given", as search forms send them', async () => {
    await addDept({ name: 'Blank filters' });
    const all = dataOf<{ total: number }>(await post('/api/Dept/Query', {}));
    expect(all.total).toBeGreaterThan(0);
    const blank = { keyword: '', status: '', parentId: null, page: null, pageSize: '', orderBy: null };
    expect(dataOf<{ total: number }>(await post('/api/Dept/Query', blank))).toEqual(all);
    const viaGet = await ctx.call('GET', '/api/Dept/Get?keyword=&status=&parentId=&page=&pageSize=', { token });
    expect(dataOf<{ total: number }>(viaGet)).toEqual(all);
    expect((await ctx.call('POST', '/api/Dept/Export', { token, body: blank })).status).toBe(200);
    // Blank is not a value to store: on a write it is still a type error.
    await expectRefused(ctx, 400, () => post('/api/Dept/Add', { name: 'A', code: 'A', sort: '' }));
  });

  it('routes match whatever the case', async () => {
    const record = await addDept({ name: 'Case Test' });
    const canonical = dataOf<{ total: number }>(await post('/api/Dept/Query', { keyword: 'Case Test' }));
    for (const url of ['/API/dept/QUERY', '/api/DEPT/query', '/Api/Dept/Query'])
      expect(dataOf<{ total: number }>(await post(url, { keyword: 'Case Test' }))).toEqual(canonical);
    expect(dataOf<DeptRecord>(await ctx.call('GET', `/api/dept/get/${record.id}`, { token })).id).toBe(record.id);
    expect((await ctx.call('GET', '/API/MENU/WEBMENUS', { token })).status).toBe(200);
  });

  it('malformed URLs: 400 in the envelope', async () => {
    for (const url of ['/api/Dept/Get/%', '/api/Dept/Get/%E0%A4%A', `/api/Dept/Get/${'9'.repeat(300)}`]) {
      const response = await ctx.call('GET', url, { token });
      expect(response.status, url).toBe(400);
      expect(response.body.resultCode, url).toBe(400);
      expect(response.body.data, url).toBeNull();
    }
  });

  it('prototype keys in JSON do not pollute anything', async () => {
    const response = await rawJson('/api/Dept/Add', '{"name":"Proto","code":"PROTO","__proto__":{"isAdmin":true}}');
    expect(response.status).toBe(200);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    await expectRefused(ctx, 400, () =>
      rawJson('/api/Dept/Add', '{"name":"Proto2","code":"PROTO2","constructor":{"prototype":{"x":1}}}'),
    );
  });
});

function pick(record: DeptRecord) {
  return { id: record.id, rowVersion: record.rowVersion, name: record.name, code: record.code };
}
