import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CustomField, TicketOutcome, TicketPage, TicketScreen } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { addTicket, admin, createCategory, staff, ticketWorld } from '../../../test/ticket-factories.js';

// Custom fields (contract section 21): definitions are an administrator's; tickets carry values checked against them.

const ctx = useTestApp();
const keyOf = (response: { body: unknown }) => (response.body as { messageKey?: string }).messageKey;
/** Keys of one test: tests share the file's database, and a key is unique per record kind. */
const unique = () => `f${randomBytes(3).toString('hex')}`;
const label = (en: string) => ({ en, 'zh-cn': `${en}（简）`, 'zh-tw': `${en}（繁）` });

async function define(token: string, body: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/CustomField/Add', {
    token,
    body: { label: label(`Label ${String(body.key)}`), ...body },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as CustomField;
}

/** A project and category of their own, an agent, an administrator, and an agent who reads Chinese. */
async function fieldWorld() {
  const w = await ticketWorld(ctx);
  const boss = await admin(ctx);
  const chinese = await createUser(ctx, {
    permissions: ['ticket:view', 'ticket:create', 'ticket:edit', 'ticket:export'],
    projects: [w.projectId],
    values: { language: 'zh-cn' },
  });
  const zh = { ...chinese, token: (await signIn(ctx, chinese)).token };
  const add = (token: string, body: Record<string, unknown>) =>
    ctx.call('POST', '/api/Ticket/Add', {
      token,
      body: { subject: 'Laptop', projectId: w.projectId, categoryId: w.categoryId, ...body },
      headers: { 'message-keys': '1' },
    });
  return { ...w, boss, zh, add };
}

describe('custom field definitions', () => {
  it('are defined by administrators only; others are refused every call', async () => {
    const w = await fieldWorld();
    const field = await define(w.boss.token, { key: unique(), type: 'text' });
    const body = { key: unique(), type: 'text', label: label('x') };
    expect((await ctx.call('POST', '/api/CustomField/Add', { token: w.agent.token, body })).status).toBe(403);
    const update = { id: field.id, rowVersion: field.rowVersion, required: true };
    expect((await ctx.call('POST', '/api/CustomField/Update', { token: w.agent.token, body: update })).status).toBe(
      403,
    );
    expect((await ctx.call('POST', '/api/CustomField/Query', { token: w.agent.token, body: {} })).status).toBe(403);
    expect((await ctx.call('POST', '/api/CustomField/Delete', { token: w.agent.token, body: [field.id] })).status).toBe(
      403,
    );
  });

  it('keep the key fixed, refuse bad definitions with worded reasons, and refuse a duplicate key', async () => {
    const w = await fieldWorld();
    const key = unique();
    const field = await define(w.boss.token, { key, type: 'select', options: [{ value: 'a', label: label('A') }] });
    // Labels change freely (the values are stored by key and option value).
    const renamed = await ctx.call('POST', '/api/CustomField/Update', {
      token: w.boss.token,
      body: { id: field.id, rowVersion: field.rowVersion, key: 'other', label: label('Renamed') },
    });
    // The key is read-only (as Get gives it back): ignored, the field keeps its key.
    expect(renamed.status, renamed.raw).toBe(200);
    expect(renamed.body.data as CustomField).toMatchObject({ key, label: label('Renamed') });
    const cases: [Record<string, unknown>, string][] = [
      [{ key: 'Bad-Key', type: 'text' }, 'customField.keyForm'],
      [{ key: unique(), type: 'select' }, 'customField.optionsNeeded'],
      [{ key: unique(), type: 'text', options: [{ value: 'a', label: label('A') }] }, 'customField.noOptions'],
      [{ key: unique(), type: 'checkbox', validation: { min: 1 } }, 'customField.noBounds'],
      [{ key: unique(), type: 'text', validation: { pattern: '(' } }, 'customField.badPattern'],
    ];
    for (const [body, messageKey] of cases) {
      const response = await ctx.call('POST', '/api/CustomField/Add', {
        token: w.boss.token,
        body: { label: label('x'), ...body },
        headers: { 'message-keys': '1' },
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.raw).toContain(messageKey);
    }
    const twice = await ctx.call('POST', '/api/CustomField/Add', {
      token: w.boss.token,
      body: { key, type: 'text', label: label('x') },
    });
    expect(twice.status).toBe(409);
  });

  it('refuse deleting a field that holds values (worded, in Chinese too); archiving keeps the values readable', async () => {
    const w = await fieldWorld();
    const key = unique();
    const field = await define(w.boss.token, {
      key,
      type: 'select',
      options: [
        { value: 'old', label: label('Old model') },
        { value: 'new', label: label('New model') },
      ],
      categoryIds: [w.categoryId],
    });
    const ticket = (await w.add(w.agent.token, { customFields: { [key]: 'old' } })).body.data as { id: number };
    const refused = await ctx.call('POST', '/api/CustomField/Delete', { token: w.boss.token, body: [field.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(
      'This field holds values on 1 record(s) and cannot be deleted; set it inactive to archive it.',
    );
    const zhBoss = await createUser(ctx, { roles: ['admin'], values: { language: 'zh-cn' } });
    const inChinese = await ctx.call('POST', '/api/CustomField/Delete', {
      token: (await signIn(ctx, zhBoss)).token,
      body: [field.id],
    });
    expect(inChinese.body.resultMsg).toBe('此字段在 1 条记录中有值，不能删除；请将其设为停用以归档。');
    // Archived, with its option removed: the value still reads, and a new value is refused.
    const archived = await ctx.call('POST', '/api/CustomField/Update', {
      token: w.boss.token,
      body: {
        id: field.id,
        rowVersion: field.rowVersion,
        status: 'Inactive',
        options: [{ value: 'new', label: label('New model') }],
      },
    });
    expect(archived.status, archived.raw).toBe(200);
    const screen = (await ctx.call('GET', `/api/Ticket/Screen/${ticket.id}`, { token: w.agent.token })).body
      .data as TicketScreen;
    expect(screen.customFields).toEqual({ [key]: 'old' });
    const other = await w.add(w.agent.token, { customFields: { [key]: 'new' } });
    expect(other.status).toBe(400);
    expect(keyOf(other)).toBe('customField.notForCategory');
    // An unused field is deleted.
    const spare = await define(w.boss.token, { key: unique(), type: 'text' });
    expect((await ctx.call('POST', '/api/CustomField/Delete', { token: w.boss.token, body: [spare.id] })).status).toBe(
      200,
    );
  });
});

describe('ticket custom values', () => {
  it('accept and refuse each type, naming the field by its label in the caller’s language', async () => {
    const w = await fieldWorld();
    const make = (type: string, more: Record<string, unknown> = {}) =>
      define(w.boss.token, { key: unique(), type, categoryIds: [w.categoryId], ...more });
    const fields = {
      text: await make('text', { validation: { pattern: 'A-[0-9]{3}', max: 5 } }),
      textarea: await make('textarea', { validation: { min: 3 } }),
      number: await make('number', { validation: { min: 1, max: 10 } }),
      decimal: await make('decimal', { validation: { max: 1000 } }),
      date: await make('date'),
      datetime: await make('datetime'),
      select: await make('select', { options: [{ value: 'x', label: label('X') }] }),
      multiselect: await make('multiselect', {
        options: [
          { value: 'x', label: label('X') },
          { value: 'y', label: label('Y') },
        ],
      }),
      user: await make('user'),
      checkbox: await make('checkbox'),
    };
    type Case = [keyof typeof fields, unknown, string | null, unknown?];
    const cases: Case[] = [
      ['text', 'A-123', null],
      ['text', 'B-123', 'customField.patternMismatch'],
      ['text', 42, 'customField.wrongType'],
      ['textarea', 'long enough', null],
      ['textarea', 'ab', 'customField.tooShort'],
      ['number', 7, null],
      ['number', 7.5, 'customField.wrongType'],
      ['number', 11, 'customField.tooLarge'],
      ['number', '7', 'customField.wrongType'],
      ['decimal', '12.50', null, '12.50'],
      ['decimal', 12.5, null, '12.5'],
      ['decimal', '1000.01', 'customField.tooLarge'],
      ['decimal', 'twelve', 'customField.wrongType'],
      ['date', '2026-12-01', null],
      ['date', '2026-12-01T10:00:00Z', 'customField.wrongType'],
      ['datetime', '2026-12-01T10:00:00+08:00', null, '2026-12-01T02:00:00.000Z'],
      ['datetime', 'soon', 'customField.wrongType'],
      ['select', 'x', null],
      ['select', 'z', 'customField.unknownOption'],
      ['multiselect', ['y', 'x'], null, ['x', 'y']],
      ['multiselect', ['x', 'nope'], 'customField.unknownOption'],
      ['multiselect', 'x', 'customField.wrongType'],
      ['user', w.agent.id, null],
      ['user', 2_000_000_000, 'customField.userUnknown'],
      ['checkbox', true, null],
      ['checkbox', 'yes', 'customField.wrongType'],
    ];
    for (const [type, value, refusal, stored] of cases) {
      const field = fields[type];
      const response = await w.add(w.agent.token, { customFields: { [field.key]: value } });
      const about = `${type} ${JSON.stringify(value)}`;
      if (refusal === null) {
        expect(response.status, `${about}: ${response.raw}`).toBe(200);
        expect((response.body.data as { customFields: Record<string, unknown> }).customFields, about).toEqual({
          [field.key]: stored ?? value,
        });
      } else {
        expect(response.status, about).toBe(400);
        expect(keyOf(response), about).toBe(refusal);
        expect(response.body.resultMsg, about).toContain(field.label.en);
        expect((response.body.data as { errors: { field: string }[] }).errors[0]!.field, about).toBe(
          `customFields.${field.key}`,
        );
      }
    }
    // The same refusal for a reader of Chinese names the field by its Chinese label.
    const zh = await w.add(w.zh.token, { customFields: { [fields.select.key]: 'z' } });
    expect(zh.body.resultMsg).toBe(`${fields.select.label['zh-cn']}：“z”不是它的选项。`);
    // An unknown key is refused by name.
    const unknown = await w.add(w.agent.token, { customFields: { nosuchfield: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.resultMsg).toBe('There is no field "nosuchfield".');
  });

  it('asks for a required field only for its categories, on Add, Update, a category change and BatchUpdate', async () => {
    const w = await fieldWorld();
    const otherCategory = await createCategory(ctx, { projects: [w.projectId], assignee: w.agent.id });
    const key = unique();
    const field = await define(w.boss.token, { key, type: 'decimal', required: true, categoryIds: [w.categoryId] });
    const missing = await w.add(w.agent.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.resultMsg).toBe(`${field.label.en} is required.`);
    const missingZh = await w.add(w.zh.token, {});
    expect(missingZh.body.resultMsg).toBe(`${field.label['zh-cn']}为必填项。`);
    // Another category does not ask for it, and refuses a value for it.
    const elsewhere = await w.add(w.agent.token, { categoryId: otherCategory });
    expect(elsewhere.status, elsewhere.raw).toBe(200);
    const foreign = await w.add(w.agent.token, { categoryId: otherCategory, customFields: { [key]: '5' } });
    expect(foreign.status).toBe(400);
    expect(keyOf(foreign)).toBe('customField.notForCategory');
    // Moving a ticket into the category asks for the value; sending it with the move is accepted.
    const t = elsewhere.body.data as { id: number; rowVersion: number };
    const move = { id: t.id, rowVersion: t.rowVersion, categoryId: w.categoryId };
    const refusedMove = await ctx.call('POST', '/api/Ticket/Update', { token: w.agent.token, body: move });
    expect(refusedMove.status).toBe(400);
    const moved = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { ...move, customFields: { [key]: '99.5' } },
    });
    expect(moved.status, moved.raw).toBe(200);
    // Clearing a required value is refused; other changes leave it be.
    const cleared = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: t.id, rowVersion: t.rowVersion + 1, customFields: { [key]: null } },
    });
    expect(cleared.status).toBe(400);
    const renamed = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: t.id, rowVersion: t.rowVersion + 1, subject: 'Renamed' },
    });
    expect(renamed.status, renamed.raw).toBe(200);
    expect((renamed.body.data as TicketScreen).customFields).toEqual({ [key]: '99.5' });
    // Bulk edit: a value per ticket, each judged under its own category.
    const other = (await w.add(w.agent.token, { categoryId: otherCategory })).body.data as { id: number };
    const batch = await ctx.call('POST', '/api/Ticket/BatchUpdate', {
      token: w.agent.token,
      body: { ids: [t.id, other.id], set: { customFields: { [key]: '12' } } },
    });
    expect(batch.status, batch.raw).toBe(200);
    expect((batch.body.data as TicketOutcome[]).map((o) => o.ok)).toEqual([true, false]);
    expect((batch.body.data as TicketOutcome[])[1]!.message).toBe(`${field.label.en} does not apply to this category.`);
    const timeline = (await ctx.call('GET', `/api/Ticket/Timeline/${t.id}`, { token: w.agent.token })).body
      .data as TicketScreen['timeline'];
    expect(
      timeline
        .flatMap((e) => e.changes)
        .filter((c) => c.field === 'customFields')
        .at(-1),
    ).toMatchObject({
      from: { [key]: '99.5' },
      to: { [key]: '12' },
    });
  });

  it('a ticket the caller may not see is not changed through its custom fields', async () => {
    const w = await fieldWorld();
    const key = unique();
    await define(w.boss.token, { key, type: 'text', categoryIds: [w.categoryId] });
    const t = (await w.add(w.agent.token, { customFields: { [key]: 'mine' } })).body.data as {
      id: number;
      rowVersion: number;
    };
    const outsider = await staff(ctx, []);
    const response = await ctx.call('POST', '/api/Ticket/Update', {
      token: outsider.token,
      body: { id: t.id, rowVersion: t.rowVersion, customFields: { [key]: 'theirs' } },
    });
    expect(response.status).toBe(404);
    expect(
      ((await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: w.agent.token })).body.data as TicketScreen)
        .customFields,
    ).toEqual({
      [key]: 'mine',
    });
  });

  it('filters the list by a select value and a decimal range, and exports a column per field headed by its label', async () => {
    const w = await fieldWorld();
    const device = unique();
    const budget = unique();
    await define(w.boss.token, {
      key: device,
      type: 'select',
      options: [
        { value: 'laptop', label: label('Laptop') },
        { value: 'phone', label: label('Phone') },
      ],
      categoryIds: [w.categoryId],
    });
    await define(w.boss.token, { key: budget, type: 'decimal', categoryIds: [w.categoryId] });
    const add = async (values: Record<string, unknown>) =>
      (await addTicket(ctx, w.agent.token, {
        projectId: w.projectId,
        categoryId: w.categoryId,
        customFields: values,
      })) as {
        id: number;
        caseNumber: string;
      };
    const cheapLaptop = await add({ [device]: 'laptop', [budget]: '800' });
    const dearLaptop = await add({ [device]: 'laptop', [budget]: '2500.5' });
    const phone = await add({ [device]: 'phone', [budget]: '900' });
    await add({});
    const ids = async (custom: Record<string, unknown>) => {
      const response = await ctx.call('POST', '/api/Ticket/Query', {
        token: w.agent.token,
        body: { projectId: w.projectId, custom },
      });
      expect(response.status, response.raw).toBe(200);
      return (response.body.data as TicketPage).items.map((i) => i.id).sort((a, b) => a - b);
    };
    expect(await ids({ [device]: 'laptop' })).toEqual([cheapLaptop.id, dearLaptop.id]);
    expect(await ids({ [budget]: { min: 850, max: 2500.5 } })).toEqual([dearLaptop.id, phone.id]);
    expect(await ids({ [device]: 'laptop', [budget]: { max: 1000 } })).toEqual([cheapLaptop.id]);
    expect(await ids({ nosuchfield: 'x' })).toEqual([]);
    // An outsider's list holds none of them, filter or not.
    const outsider = await staff(ctx, []);
    const theirs = await ctx.call('POST', '/api/Ticket/Query', {
      token: outsider.token,
      body: { custom: { [device]: 'laptop' } },
    });
    expect((theirs.body.data as TicketPage).items).toEqual([]);
    // The list rows carry the values (optional columns).
    const page = await ctx.call('POST', '/api/Ticket/Query', {
      token: w.agent.token,
      body: { projectId: w.projectId },
    });
    expect((page.body.data as TicketPage).items.find((i) => i.id === phone.id)?.customFields).toEqual({
      [device]: 'phone',
      [budget]: '900',
    });

    const exported = async (token: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/Ticket/Export',
        headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
        payload: { projectId: w.projectId, custom: { [device]: 'phone' } },
      });
      expect(response.statusCode, response.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return rows;
    };
    const rows = await exported(w.agent.token);
    const at = (name: string) => rows[0]!.indexOf(name);
    expect(rows).toHaveLength(2);
    expect(rows[1]![at(`Label ${device}`)]).toBe('Phone');
    expect(rows[1]![at(`Label ${budget}`)]).toBe('900');
    const zhRows = await exported(w.zh.token);
    expect(zhRows[0]).toContain(`Label ${device}（简）`);
    expect(zhRows[1]).toContain('Phone（简）');
  });

  it('fills {{ ticket.custom.<key> }} in a canned reply, options by their label in the reader’s language', async () => {
    const w = await fieldWorld();
    const device = unique();
    const budget = unique();
    await define(w.boss.token, {
      key: device,
      type: 'select',
      options: [{ value: 'laptop', label: label('Laptop') }],
      categoryIds: [w.categoryId],
    });
    await define(w.boss.token, { key: budget, type: 'decimal', categoryIds: [w.categoryId] });
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      customFields: { [device]: 'laptop', [budget]: '1200.50' },
    });
    const writer = await createUser(ctx, {
      permissions: ['ticket:view', 'textModule:view', 'textModule:create'],
      projects: [w.projectId],
      values: { language: 'zh-tw' },
    });
    const token = (await signIn(ctx, writer)).token;
    const reply = await ctx.call('POST', '/api/TextModule/Add', {
      token,
      body: { name: 'Budget', body: `<p>{{ ticket.custom.${device} }} / {{ ticket.custom.${budget} }}</p>` },
    });
    expect(reply.status, reply.raw).toBe(200);
    const rendered = await ctx.call('POST', '/api/TextModule/Render', {
      token,
      body: { id: (reply.body.data as { id: number }).id, ticketId: t.id },
    });
    expect(rendered.status, rendered.raw).toBe(200);
    expect((rendered.body.data as { body: string }).body).toBe('<p>Laptop（繁） / 1200.50</p>');
  });
});
