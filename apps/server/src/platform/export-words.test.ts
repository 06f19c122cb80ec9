import { beforeAll, describe, expect, it } from 'vitest';
import { seededNames, valueLabels } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../test/helpers.js';
import { readXlsx, type SheetRow } from '../../test/platform-helpers.js';
import { addTicket, ticketWorld } from '../../test/ticket-factories.js';
import ExcelJS from 'exceljs';
import { languages, textAt, type Language } from './translator.js';
import { localeTexts } from './locale-texts.js';

/**
 * Contract 18: a spreadsheet is read by a person too. Every export of the route table (a new one is covered here)
 * names its sheet and its columns in the reader's language, from the web's own labels; fixed values and seeded
 * names are their labels.
 */
const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
const tokens = {} as Record<Language, string>;

beforeAll(async () => {
  for (const language of languages)
    tokens[language] = (await signIn(ctx, await createUser(ctx, { roles: ['admin'], values: { language } }))).token;
});

async function exported(url: string, token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
    payload: body,
  });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { sheets: book.worksheets.map((sheet) => sheet.name), rows: await readXlsx(response.rawPayload) };
}

/** The texts under a top-level key of the web's locale files, in a language. */
const textsOf = (language: Language, key: 'fields' | 'sheets') =>
  new Set(Object.values(localeTexts[language][key] as Record<string, string>));

describe('every export', () => {
  const exports = () =>
    ctx.built.routes.filter((r) => r.method === 'POST' && /^\/api\/\w+\/Export\w*$/.test(r.url)).map((r) => r.url);

  it('is found in the route table', () => {
    expect(exports().length).toBeGreaterThan(30);
    expect(exports()).toEqual(expect.arrayContaining(['/api/Ticket/Export', '/api/User/ExportDeleted']));
  });

  for (const language of languages)
    it(`names its sheet and every column by a label of the web's, in ${language}`, async () => {
      const labels = textsOf(language, 'fields');
      const sheetNames = textsOf(language, 'sheets');
      const missing: string[] = [];
      for (const url of exports()) {
        const { sheets, rows } = await exported(url, tokens[language]);
        if (!sheetNames.has(sheets[0]!)) missing.push(`${url}: sheet ${sheets[0]}`);
        for (const header of rows[0] ?? []) if (!labels.has(String(header))) missing.push(`${url}: ${String(header)}`);
      }
      expect(missing).toEqual([]);
    });
});

describe('the fixed values an export labels', () => {
  it('have their labels in the texts the server reads, in every language', () => {
    const missing = Object.values(valueLabels).flatMap(({ key, values }) =>
      values.flatMap((value) =>
        languages.filter((language) => !textAt(language, `${key}.${value}`)).map((l) => `${l}: ${key}.${value}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});

describe('a ticket export', () => {
  it("is worded in the reader's language: Chinese headers, sheet, statuses, priorities and yes/no", async () => {
    const w = await ticketWorld(ctx);
    const ticket = await addTicket(ctx, w.agent.token, {
      subject: '=HYPERLINK("x")',
      projectId: w.projectId,
      categoryId: w.categoryId,
      priority: 'Urgent',
    });
    const { sheets, rows } = await exported('/api/Ticket/Export', tokens['zh-cn'], { keyword: ticket.caseNumber });
    expect(sheets).toEqual(['工单']);
    const header = rows[0]!.map(String);
    expect(header.slice(0, 4)).toEqual(['工单编号', '主题', '状态', '优先级']);
    const cell = (row: SheetRow, name: string) => row[header.indexOf(name)];
    const row = rows.find((r) => r[0] === ticket.caseNumber)!;
    expect(row).toBeDefined();
    expect(cell(row, '状态')).toBe('已分配');
    expect(cell(row, '优先级')).toBe('紧急');
    expect(cell(row, '私密工单')).toBe('否');
    // The CSV-injection guard still holds.
    expect(cell(row, '主题')).toBe(`'=HYPERLINK("x")`);

    const english = await exported('/api/Ticket/Export', tokens.en, { keyword: ticket.caseNumber });
    expect(english.sheets).toEqual(['Tickets']);
    expect(english.rows[1]!.slice(0, 4)).toEqual([ticket.caseNumber, `'=HYPERLINK("x")`, 'Assigned', 'Urgent']);
  });
});

describe('an e-mail template export', () => {
  it("names the seeded templates in the reader's language", async () => {
    const { rows } = await exported('/api/EmailTemplate/Export', tokens['zh-cn'], { event: 'holidayReminder' });
    const names = rows.slice(1).map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining(['假期提醒（英文）', '假期提醒（简体中文）', '假期提醒（繁体中文）']));
    expect(rows.slice(1).map((row) => row[rows[0]!.indexOf('描述')])).toContain('系统预置，可自由编辑。');
  });
});

describe('a permission export', () => {
  it("names each permission's module and action in the reader's language", async () => {
    const { rows } = await exported('/api/Permission/Export', tokens['zh-cn']);
    expect(rows.length).toBeGreaterThan(20);
    const header = rows[0]!.map(String);
    const named = (field: string) => rows.slice(1).map((row) => String(row[header.indexOf(textAt('zh-cn', field)!)]));
    // "Webhook" is the desk's word in Chinese too (docs/glossary.md), as it is in the screens (spec 31 allows it).
    const keptLatin = new Set(['Webhook']);
    const notChinese = (cells: string[]) => [
      ...new Set(cells.filter((cell) => !/[\u3400-\u9fff]/.test(cell) && !keptLatin.has(cell))),
    ];
    expect(notChinese(named('fields.module'))).toEqual([]);
    expect(notChinese(named('fields.action'))).toEqual([]);
  });
});

describe('a user export', () => {
  it("names a user's built-in roles in the reader's language", async () => {
    const user = await createUser(ctx, { roles: ['admin', 'common'] });
    const { rows } = await exported('/api/User/Export', tokens['zh-cn'], { keyword: user.loginName });
    const header = rows[0]!.map(String);
    const row = rows.find((r) => r[header.indexOf(textAt('zh-cn', 'fields.loginName')!)] === user.loginName)!;
    const roles = [textAt('zh-cn', 'seed.role.admin'), textAt('zh-cn', 'seed.role.common')];
    expect(roles.every((role) => role && /[\u3400-\u9fff]/.test(role))).toBe(true);
    expect(row[header.indexOf(textAt('zh-cn', 'fields.roles')!)]).toBe(roles.join(', '));
  });
});

describe('a role export', () => {
  it("names the built-in roles in the reader's language while they keep their seeded names", async () => {
    const { rows } = await exported('/api/Role/Export', tokens['zh-tw'], { keyword: 'admin' });
    const header = rows[0]!.map(String);
    const admin = rows.find((r) => r[header.indexOf(textAt('zh-tw', 'fields.code')!)] === 'admin')!;
    expect(admin[header.indexOf(textAt('zh-tw', 'fields.name')!)]).toBe(textAt('zh-tw', 'seed.role.admin'));
    expect(textAt('zh-tw', 'seed.role.admin')).not.toBe(seededNames.role.admin);
    expect(admin[header.indexOf(textAt('zh-tw', 'fields.isSystem')!)]).toBe(textAt('zh-tw', 'values.boolean.true'));
  });
});
