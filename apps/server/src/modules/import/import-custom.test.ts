import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomField, ImportTargetInfo, TicketPage } from '@casedesk/shared';
import { createUser, signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { admin, createProject, type Staff } from '../../../test/ticket-factories.js';
import { csvOf, defineImport, downloadFile, runImport, uploadSheet } from '../../../test/import-helpers.js';

// Importing custom fields (contract 21): columns map to `custom.<key>`, cells are converted from sheet text and
// checked by the ticket's own rule; a bad value is refused on its row, naming the field's label.

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
const unique = () => `f${randomBytes(3).toString('hex')}`;
const label = (en: string, cn: string, tw: string) => ({ en, 'zh-cn': cn, 'zh-tw': tw });
const keys = {
  device: unique(),
  budget: unique(),
  urgent: unique(),
  colours: unique(),
  owner: unique(),
  due: unique(),
};

let boss: Staff;
let projectId: number;
let projectCode: string;
let ownerLogin: string;
let ownerId: number;

async function define(body: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/CustomField/Add', { token: boss.token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as CustomField;
}

beforeAll(async () => {
  boss = await admin(ctx);
  projectId = await createProject(ctx);
  const result = (await ctx.db.execute(sql`select project_code from project where id = ${projectId}`)) as unknown as {
    rows: { project_code: string }[];
  };
  projectCode = result.rows[0]!.project_code;
  const owner = await createUser(ctx, { permissions: ['ticket:view'] });
  ownerLogin = owner.loginName;
  ownerId = owner.id;
  await define({
    key: keys.device,
    type: 'select',
    label: label('Device', '设备', '裝置'),
    options: [
      { value: 'laptop', label: label('Laptop', '笔记本电脑', '筆記型電腦') },
      { value: 'phone', label: label('Phone', '手机', '手機') },
    ],
  });
  await define({ key: keys.budget, type: 'decimal', label: label('Budget', '预算', '預算') });
  await define({ key: keys.urgent, type: 'checkbox', label: label('Urgent', '紧急', '緊急') });
  await define({
    key: keys.colours,
    type: 'multiselect',
    label: label('Colours', '颜色', '顏色'),
    options: [
      { value: 'red', label: label('Red', '红', '紅') },
      { value: 'blue', label: label('Blue', '蓝', '藍') },
    ],
  });
  await define({ key: keys.owner, type: 'user', label: label('Owner', '负责人', '負責人') });
  await define({ key: keys.due, type: 'date', label: label('Due', '到期', '到期') });
});

const mappings = [
  { column: 'Subject', field: 'subject' },
  { column: 'Project', field: 'projectId' },
  { column: '设备', field: `custom.${keys.device}` },
  { column: 'Budget', field: `custom.${keys.budget}` },
  { column: 'Urgent', field: `custom.${keys.urgent}` },
  { column: 'Colours', field: `custom.${keys.colours}` },
  { column: 'Owner', field: `custom.${keys.owner}` },
  { column: 'Due', field: `custom.${keys.due}` },
];
const header = ['Subject', 'Project', '设备', 'Budget', 'Urgent', 'Colours', 'Owner', 'Due'];

async function ticketsWith(subject: string) {
  const page = await ctx.call('POST', '/api/Ticket/Query', {
    token: boss.token,
    body: { projectId, keyword: subject, pageSize: 50 },
  });
  expect(page.status, page.raw).toBe(200);
  return (page.body.data as TicketPage).items;
}

describe('Importing custom fields', () => {
  it('offers the active custom fields by label, and proposes them for headers that name them', async () => {
    const targets = dataOf<ImportTargetInfo[]>(await ctx.call('GET', '/api/Import/Targets', { token: boss.token }));
    const ticketFields = targets.find((t) => t.target === 'Ticket')!.fields;
    expect(ticketFields.find((f) => f.field === `custom.${keys.device}`)).toMatchObject({
      labels: label('Device', '设备', '裝置'),
      type: 'text',
      matchable: false,
    });
    expect(ticketFields.find((f) => f.field === `custom.${keys.urgent}`)?.type).toBe('boolean');
    // Someone who may not write tickets is not offered them, nor their custom fields.
    const vendorsOnly = await signedInWith(ctx, ['import:view', 'vendor:create']);
    const theirs = dataOf<ImportTargetInfo[]>(
      await ctx.call('GET', '/api/Import/Targets', { token: vendorsOnly.token }),
    );
    expect(theirs.map((t) => t.target)).not.toContain('Ticket');
    expect(JSON.stringify(theirs)).not.toContain(keys.device);
    // A definition naming an unknown custom field is refused.
    const refused = await ctx.call('POST', '/api/Import/Add', {
      token: boss.token,
      body: {
        importName: `Bad ${unique()}`,
        importType: 'csv',
        tableModel: 'Ticket',
        mappings: [{ column: 'X', field: 'custom.nosuchfield' }],
      },
    });
    expect(refused.status).toBe(400);
  });

  it('converts cells (labels in any language, yes/no words, 、-separated options, login names) and refuses a bad row naming the label', async () => {
    const t = unique();
    const importId = await defineImport(ctx, boss.token, { tableModel: 'Ticket', mappings });
    const csv = csvOf([
      header,
      [`Good ${t} one`, projectCode, '筆記型電腦', '1,200.50', '是', '红、Blue', ownerLogin, '2026/1/5'],
      [`Good ${t} two`, projectCode, 'phone', '80', 'no', 'red', '', ''],
      [`Bad ${t} three`, projectCode, 'Tablet', '', '', '', '', ''],
      [`Bad ${t} four`, projectCode, '', 'lots', '', '', 'nosuchlogin', ''],
    ]);
    const fileId = await uploadSheet(ctx, boss.token, 'tickets.csv', Buffer.from(csv));
    const result = await runImport(ctx, boss.token, importId, fileId);
    expect(result, result.message ?? '').toMatchObject({ status: 'Succeeded', total: 4, inserted: 2, failed: 2 });
    const tickets = await ticketsWith(t);
    const bySubject = new Map(tickets.map((ticket) => [ticket.subject, ticket.customFields]));
    expect(bySubject.get(`Good ${t} one`)).toEqual({
      [keys.device]: 'laptop',
      [keys.budget]: '1200.50',
      [keys.urgent]: true,
      [keys.colours]: ['blue', 'red'],
      [keys.owner]: ownerId,
      [keys.due]: '2026-01-05',
    });
    expect(bySubject.get(`Good ${t} two`)).toEqual({
      [keys.device]: 'phone',
      [keys.budget]: '80',
      [keys.urgent]: false,
      [keys.colours]: ['red'],
    });
    expect([...bySubject.keys()].some((s) => s.startsWith('Bad'))).toBe(false);
    // The error file (a csv, as the upload): the refused rows, each with its reason naming the field's label.
    const lines = (await downloadFile(ctx, boss.token, result.errorFileId)).toString('utf8').trim().split(/\r?\n/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([`Bad ${t} three`, `Bad ${t} four`]);
    expect(lines[1]).toContain('Device: ""Tablet"" is not one of its options.');
    // The unknown login is refused first (a reference), named by the field's label.
    expect(lines[2]).toMatch(/Owner.*nosuchlogin/);
  });

  it('writes the error file in the starter’s language, the field named by its label in that language', async () => {
    const t = unique();
    const importId = await defineImport(ctx, boss.token, { tableModel: 'Ticket', mappings });
    const csv = csvOf([header, [`Bad ${t}`, projectCode, 'laptop', 'lots', '', '', '', '']]);
    await ctx.db.execute(sql`update app_user set language = 'zh-tw' where id = ${boss.id}`);
    try {
      const fileId = await uploadSheet(ctx, boss.token, 'tickets.csv', Buffer.from(csv));
      const result = await runImport(ctx, boss.token, importId, fileId);
      expect(result).toMatchObject({ status: 'Succeeded', total: 1, failed: 1 });
      const text = (await downloadFile(ctx, boss.token, result.errorFileId)).toString('utf8');
      expect(text).toContain('預算');
      expect(text.split(/\r?\n/)[1]).not.toMatch(/customFields|custom\.|Budget/);
    } finally {
      await ctx.db.execute(sql`update app_user set language = 'en' where id = ${boss.id}`);
    }
  });

  it('updates custom values of matched tickets, leaving the others as they are', async () => {
    const t = unique();
    const insertId = await defineImport(ctx, boss.token, { tableModel: 'Ticket', mappings });
    const first = csvOf([header, [`Upd ${t}`, projectCode, 'laptop', '10', 'yes', '', '', '']]);
    await runImport(ctx, boss.token, insertId, await uploadSheet(ctx, boss.token, 'a.csv', Buffer.from(first)));
    const [ticket] = await ticketsWith(`Upd ${t}`);
    const updateId = await defineImport(ctx, boss.token, {
      tableModel: 'Ticket',
      operationType: 'Update',
      matchConditions: ['caseNumber'],
      mappings: [
        { column: 'Case', field: 'caseNumber' },
        { column: 'Budget', field: `custom.${keys.budget}` },
      ],
    });
    const change = csvOf([
      ['Case', 'Budget'],
      [ticket!.caseNumber, '25'],
    ]);
    const changed = await runImport(
      ctx,
      boss.token,
      updateId,
      await uploadSheet(ctx, boss.token, 'b.csv', Buffer.from(change)),
    );
    expect(changed).toMatchObject({ updated: 1, failed: 0 });
    const again = await runImport(
      ctx,
      boss.token,
      updateId,
      await uploadSheet(ctx, boss.token, 'c.csv', Buffer.from(change)),
    );
    expect(again).toMatchObject({ unchanged: 1, updated: 0 });
    const [after] = await ticketsWith(`Upd ${t}`);
    expect(after!.customFields).toEqual({ [keys.device]: 'laptop', [keys.budget]: '25', [keys.urgent]: true });
  });
});
