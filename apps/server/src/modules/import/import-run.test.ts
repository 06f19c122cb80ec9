import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { importMessages, msg, type ImportRun } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, readXlsx } from '../../../test/platform-helpers.js';
import { admin, createCompany, type Staff } from '../../../test/ticket-factories.js';
import { csvOf, defineImport, downloadFile, runImport, uploadSheet, xlsxOf } from '../../../test/import-helpers.js';
import { auditLog } from '../../platform/platform.table.js';
import { company } from '../company/index.js';
import { importRun } from './import.table.js';
import { vendor } from '../vendor/index.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const tag = () => randomBytes(3).toString('hex').toUpperCase();

const vendorMappings = [
  { column: 'Code', field: 'vendorCode' },
  { column: 'Name', field: 'vendorName' },
  { column: 'Company', field: 'companyId' },
  { column: 'GL', field: 'glAccount' },
];

describe('Import runs', () => {
  it('inserts vendors through the vendor rules, refuses bad rows and writes the error file in the starter language', async () => {
    const companyName = `Import Co ${tag()}`;
    await createCompany(ctx, { name: companyName });
    const t = tag();
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'Vendor',
      importType: 'xlsx',
      mappings: vendorMappings,
    });
    const xlsx = await xlsxOf({
      Vendors: [
        ['Code', 'Name', 'Company', 'GL'],
        [`A${t}`, 'Alpha', companyName, 6100],
        [`B${t}`, '', '', ''],
        [`C${t}`, 'Gamma', 'No such company', ''],
        [`D${t}`, 'Delta', '', { formula: 'A1&"x"' } as never],
        [`A${t}`, 'Alpha again', '', ''],
      ],
    });
    await ctx.db.execute(sql`update app_user set language = 'zh-cn' where id = ${boss.id}`);
    const fileId = await uploadSheet(ctx, boss.token, 'vendors.xlsx', xlsx);
    const result = await runImport(ctx, boss.token, importId, fileId);
    await ctx.db.execute(sql`update app_user set language = 'en' where id = ${boss.id}`);
    expect(result).toMatchObject({ status: 'Succeeded', total: 5, processed: 5, inserted: 1, failed: 4 });
    const [alpha] = await ctx.db
      .select()
      .from(vendor)
      .where(eq(vendor.vendorCode, `A${t}`));
    expect(alpha).toMatchObject({ vendorName: 'Alpha', glAccount: '6100' });
    expect(alpha!.companyId).not.toBeNull();
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'Vendor'), eq(auditLog.entityId, alpha!.id)));
    expect(audits.map((a) => a.actorId)).toEqual([boss.id]);

    const rows = await readXlsx(await downloadFile(ctx, boss.token, result.errorFileId));
    expect(rows[0]).toEqual(['Code', 'Name', 'Company', 'GL', '错误']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([`B${t}`, `C${t}`, `D${t}`, `A${t}`]);
    expect(rows[1]![4]).toBe('供应商名称为必填项。');
    expect(rows[2]![4]).toBe('公司：未找到“No such company”。');
    // A cell the reader could not read is refused in the starter's language too.
    expect(rows[3]![4]).toBe('单元格 D5 的公式没有保存的结果，请先在 Excel 中保存工作簿。');
    // Insert without match conditions: the repeated code is refused by the vendor's own rule.
    expect(String(rows[4]![4])).toContain(`A${t}`);
    const other = await signedInWith(ctx, ['import:view', 'import:run', 'vendor:create']);
    expect((await ctx.call('GET', `/api/Files/Download/${result.errorFileId}`, { token: other.token })).status).toBe(
      404,
    );
  });

  it('upserts by the match condition: the second run of the same file changes nothing', async () => {
    const t = tag();
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'Vendor',
      operationType: 'Upsert',
      matchConditions: ['vendorCode'],
      mappings: vendorMappings,
    });
    const csv = csvOf([
      ['Code', 'Name', 'Company', 'GL'],
      [`U1${t}`, 'One', '', '1'],
      [`U2${t}`, 'Two', '', '2'],
      [`u1${t}`, 'One twice', '', ''],
    ]);
    const fileId = await uploadSheet(ctx, boss.token, 'vendors.csv', Buffer.from(csv));
    const first = await runImport(ctx, boss.token, importId, fileId);
    expect(first).toMatchObject({ status: 'Succeeded', inserted: 2, updated: 0, unchanged: 0, failed: 1 });
    const errors = (await downloadFile(ctx, boss.token, first.errorFileId)).toString('utf8');
    expect(errors).toContain(`u1${t},One twice,,,Duplicate of row 2.`);
    const codes = [`U1${t}`, `U2${t}`];
    const before = await ctx.db.select().from(vendor).where(inArray(vendor.vendorCode, codes));
    const auditsBefore = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'Vendor'));
    const second = await runImport(ctx, boss.token, importId, fileId);
    expect(second).toMatchObject({ status: 'Succeeded', inserted: 0, updated: 0, unchanged: 2, failed: 1 });
    expect(await ctx.db.select().from(vendor).where(inArray(vendor.vendorCode, codes))).toEqual(before);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'Vendor'))).toHaveLength(auditsBefore.length);
    // A changed cell updates that vendor only.
    const changed = csvOf([
      ['Code', 'Name', 'Company', 'GL'],
      [`U1${t}`, 'One renamed', '', '1'],
      [`U2${t}`, 'Two', '', '2'],
    ]);
    const third = await runImport(
      ctx,
      boss.token,
      importId,
      await uploadSheet(ctx, boss.token, 'v.csv', Buffer.from(changed)),
    );
    expect(third).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, failed: 0, errorFileId: null });
    const [one] = await ctx.db
      .select()
      .from(vendor)
      .where(eq(vendor.vendorCode, `U1${t}`));
    expect(one).toMatchObject({ vendorName: 'One renamed', rowVersion: 2 });
  });

  it('upserts users from a sheet with a password column: the password is set on insert only, never compared or sent on update', async () => {
    const t = tag().toLowerCase();
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'User',
      operationType: 'Upsert',
      matchConditions: ['loginName'],
      mappings: [
        { column: 'login', field: 'loginName' },
        { column: 'name', field: 'realName' },
        { column: 'mail', field: 'email' },
        { column: 'password', field: 'password' },
      ],
    });
    const sheet = (name: string) =>
      Buffer.from(
        csvOf([
          ['login', 'name', 'mail', 'password'],
          [`imp.a${t}`, name, `a${t}@example.test`, 'Import@123'],
          [`imp.b${t}`, 'Bee', `b${t}@example.test`, 'Import@123'],
        ]),
      );
    const first = await runImport(ctx, boss.token, importId, await uploadSheet(ctx, boss.token, 'u.csv', sheet('Ay')));
    expect(first).toMatchObject({ status: 'Succeeded', inserted: 2, failed: 0 });
    const again = await runImport(ctx, boss.token, importId, await uploadSheet(ctx, boss.token, 'u.csv', sheet('Ay')));
    expect(again).toMatchObject({ status: 'Succeeded', inserted: 0, updated: 0, unchanged: 2, failed: 0 });
    const renamed = await runImport(
      ctx,
      boss.token,
      importId,
      await uploadSheet(ctx, boss.token, 'u.csv', sheet('Ay Z')),
    );
    expect(renamed).toMatchObject({ status: 'Succeeded', inserted: 0, updated: 1, unchanged: 1, failed: 0 });
    const signIn = await ctx.call('POST', '/api/token/Login', {
      body: { userName: `imp.a${t}`, password: 'Import@123' },
    });
    expect(signIn.status, signIn.raw).toBe(200);
  });

  it('updates only matched records and refuses rows that match nothing', async () => {
    const t = tag();
    const companyId = await createCompany(ctx, { code: `CO${t}`, name: `Company ${t}` });
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'Company',
      operationType: 'Update',
      matchConditions: ['code'],
      mappings: [
        { column: 'code', field: 'code' },
        { column: 'phone', field: 'phone' },
      ],
    });
    const csv = csvOf([
      ['code', 'phone'],
      [`co${t}`, '555-0100'],
      [`NONE${t}`, '555-0101'],
    ]);
    const result = await runImport(
      ctx,
      boss.token,
      importId,
      await uploadSheet(ctx, boss.token, 'c.csv', Buffer.from(csv)),
    );
    expect(result).toMatchObject({ updated: 1, inserted: 0, failed: 1 });
    const [row] = await ctx.db.select().from(company).where(eq(company.id, companyId));
    expect(row).toMatchObject({ phone: '555-0100', name: `Company ${t}`, rowVersion: 2 });
    expect((await downloadFile(ctx, boss.token, result.errorFileId)).toString('utf8')).toContain(
      'No record matches this row.',
    );
  });

  it('a dry run reports what it would do and writes nothing', async () => {
    const t = tag();
    const importId = await defineImport(ctx, boss.token, { tableModel: 'Vendor', mappings: vendorMappings });
    const csv = csvOf([
      ['Code', 'Name', 'Company', 'GL'],
      [`DRY1${t}`, 'One', '', ''],
      [`DRY2${t}`, '', '', ''],
    ]);
    const fileId = await uploadSheet(ctx, boss.token, 'dry.csv', Buffer.from(csv));
    const count = async () =>
      (
        await ctx.db
          .select()
          .from(vendor)
          .where(inArray(vendor.vendorCode, [`DRY1${t}`, `DRY2${t}`]))
      ).length;
    const result = await runImport(ctx, boss.token, importId, fileId, true);
    expect(result).toMatchObject({ status: 'Succeeded', dryRun: true, inserted: 1, failed: 1 });
    expect(await count()).toBe(0);
    // The same upload then runs for real.
    expect(await runImport(ctx, boss.token, importId, fileId)).toMatchObject({ inserted: 1, failed: 1 });
    expect(await count()).toBe(1);
  });

  it('reads csv in UTF-8, UTF-8 with BOM, GBK and Big5, detected or chosen', async () => {
    const header = ['Vendor code', 'Vendor name'];
    const cases: { encoding: string; bytes: (text: string) => Buffer; chosen: string; name: string }[] = [
      { encoding: 'utf-8', bytes: (s) => Buffer.from(s), chosen: 'auto', name: '北京办公用品有限公司' },
      {
        encoding: 'utf-8',
        bytes: (s) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s)]),
        chosen: 'auto',
        name: '上海科技',
      },
      { encoding: 'gbk', bytes: (s) => iconv.encode(s, 'gbk'), chosen: 'auto', name: '广州贸易有限公司' },
      { encoding: 'big5', bytes: (s) => iconv.encode(s, 'big5'), chosen: 'big5', name: '臺北資訊股份有限公司' },
      { encoding: 'big5', bytes: (s) => iconv.encode(s, 'big5'), chosen: 'auto', name: '臺灣電腦軟體開發與服務' },
    ];
    for (const c of cases) {
      const code = `ENC${tag()}`;
      const importId = await defineImport(ctx, boss.token, {
        tableModel: 'Vendor',
        encoding: c.chosen,
        mappings: [
          { column: 'Vendor code', field: 'vendorCode' },
          { column: 'Vendor name', field: 'vendorName' },
        ],
      });
      const fileId = await uploadSheet(ctx, boss.token, 'enc.csv', c.bytes(csvOf([header, [code, c.name]])));
      const preview = dataOf<{ encoding: string }>(
        await ctx.call('POST', '/api/Import/Preview', {
          token: boss.token,
          body: { fileId: String(fileId), tableModel: 'Vendor', encoding: c.chosen },
        }),
      );
      expect(preview.encoding, c.name).toBe(c.encoding);
      expect(await runImport(ctx, boss.token, importId, fileId), c.name).toMatchObject({ inserted: 1, failed: 0 });
      const [row] = await ctx.db.select().from(vendor).where(eq(vendor.vendorCode, code));
      expect(row?.vendorName).toBe(c.name);
    }
  });

  it('fails a run whose file is not in the declared encoding, and one with no data rows', async () => {
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'Vendor',
      encoding: 'utf-8',
      mappings: [{ column: 'Vendor code', field: 'vendorCode' }],
    });
    const gbk = iconv.encode(csvOf([['Vendor code'], ['广州贸易有限公司']]), 'gbk');
    const bad = await runImport(ctx, boss.token, importId, await uploadSheet(ctx, boss.token, 'gbk.csv', gbk));
    expect(bad).toMatchObject({ status: 'Failed', message: importMessages.badEncoding('UTF-8') });
    const empty = await runImport(
      ctx,
      boss.token,
      importId,
      await uploadSheet(ctx, boss.token, 'empty.csv', Buffer.from('Vendor code\r\n')),
    );
    expect(empty).toMatchObject({ status: 'Failed', message: importMessages.emptyFile, total: 0 });
  });

  it('runs a file uploaded through Files/Upload by the id exactly as answered, a number, or as its text', async () => {
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'Vendor',
      mappings: vendorMappings.slice(0, 2),
    });
    const t = tag();
    const sheet = (code: string) =>
      Buffer.from(
        csvOf([
          ['Code', 'Name'],
          [code, 'Uploaded'],
        ]),
      );
    const fileId = await uploadSheet(ctx, boss.token, 'files.csv', sheet(`F1${t}`), '/api/Files/Upload');
    expect(typeof fileId).toBe('number');
    const started = await ctx.call('POST', '/api/Import/Run', { token: boss.token, body: { importId, fileId } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await ctx.built.scheduler.drain();
    const { runId } = dataOf<{ runId: number }>(started);
    expect(dataOf<ImportRun>(await ctx.call('GET', `/api/Import/Runs/${runId}`, { token: boss.token }))).toMatchObject({
      status: 'Succeeded',
      inserted: 1,
      fileId: String(fileId),
    });
    const asText = await uploadSheet(ctx, boss.token, 'files.csv', sheet(`F2${t}`), '/api/Files/Upload');
    expect(await runImport(ctx, boss.token, importId, asText)).toMatchObject({ status: 'Succeeded', inserted: 1 });
    const preview = await ctx.call('POST', '/api/Import/Preview', {
      token: boss.token,
      body: { fileId: asText, tableModel: 'Vendor' },
    });
    expect(dataOf<{ columns: { column: string }[] }>(preview).columns.map((c) => c.column)).toEqual(['Code', 'Name']);
    for (const bad of ['abc', '', 0, -1, 1.5])
      expect(
        (await ctx.call('POST', '/api/Import/Run', { token: boss.token, body: { importId, fileId: bad } })).status,
        String(bad),
      ).toBe(400);
  });

  it('lists the run history of a definition, newest first, and cancels a queued run', async () => {
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'Vendor',
      mappings: [{ column: 'Code', field: 'vendorCode' }],
    });
    const fileId = await uploadSheet(ctx, boss.token, 'h.csv', Buffer.from(csvOf([['Code'], [`H${tag()}`]])));
    const first = await runImport(ctx, boss.token, importId, fileId, true);
    const second = await runImport(ctx, boss.token, importId, fileId, true);
    const page = dataOf<{ items: ImportRun[]; total: number }>(
      await ctx.call('POST', '/api/Import/Runs', { token: boss.token, body: { importId } }),
    );
    expect(page.items.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toMatchObject({ fileName: 'h.csv', startedBy: boss.id });
    const list = dataOf<{ items: { id: number; lastRunStatus: string | null }[] }>(
      await ctx.call('POST', '/api/Import/Query', { token: boss.token, body: {} }),
    );
    expect(list.items.find((i) => i.id === importId)?.lastRunStatus).toBe(second.status);
    // Queued without a worker (the job is not kicked when its schedule row is stopped).
    await ctx.db.execute(sql`update schedule_job set is_start = false where class_name = 'import.work'`);
    const { runId } = dataOf<{ runId: number }>(
      await ctx.call('POST', '/api/Import/Run', { token: boss.token, body: { importId, fileId: String(fileId) } }),
    );
    await ctx.db.execute(sql`update schedule_job set is_start = true where class_name = 'import.work'`);
    const cancelled = dataOf<ImportRun>(
      await ctx.call('POST', `/api/Import/Runs/Cancel/${runId}`, { token: boss.token }),
    );
    expect(cancelled.status).toBe('Cancelled');
    const again = await ctx.call('POST', `/api/Import/Runs/Cancel/${runId}`, { token: boss.token });
    expect(again.body.resultMsg).toBe(importMessages.runFinished);
  });

  it('who may not: no import:run is refused; rows into a target the starter may not write are refused', async () => {
    const importId = await defineImport(ctx, boss.token, {
      tableModel: 'Vendor',
      mappings: vendorMappings.slice(0, 2),
    });
    const viewer = await signedInWith(ctx, ['import:view']);
    const fileId = await uploadSheet(
      ctx,
      viewer.token,
      'v.csv',
      Buffer.from(
        csvOf([
          ['Code', 'Name'],
          ['X', 'Y'],
        ]),
      ),
    );
    const refused = await ctx.call('POST', '/api/Import/Run', {
      token: viewer.token,
      body: { importId, fileId: String(fileId) },
    });
    expect(refused.status).toBe(403);
    const runner = await signedInWith(ctx, ['import:view', 'import:run']);
    const code = `NP${tag()}`;
    const own = await uploadSheet(
      ctx,
      runner.token,
      'v.csv',
      Buffer.from(
        csvOf([
          ['Code', 'Name'],
          [code, 'Y'],
        ]),
      ),
    );
    // Someone else's upload is not found.
    const foreign = await ctx.call('POST', '/api/Import/Run', {
      token: runner.token,
      body: { importId, fileId: String(fileId) },
    });
    expect(foreign.status).toBe(404);
    const result = await runImport(ctx, runner.token, importId, own);
    expect(result).toMatchObject({ status: 'Succeeded', inserted: 0, failed: 1 });
    expect((await downloadFile(ctx, runner.token, result.errorFileId)).toString('utf8')).toContain(
      importMessages.noCreatePermission,
    );
    expect(await ctx.db.select().from(vendor).where(eq(vendor.vendorCode, code))).toEqual([]);
    // A run of someone else is not theirs to see.
    expect((await ctx.call('GET', `/api/Import/Runs/${result.id}`, { token: viewer.token })).status).toBe(404);
    // A starter who lost import:run while the run waited: the worker refuses it by key.
    await ctx.db.execute(sql`update schedule_job set is_start = false where class_name = 'import.work'`);
    const { runId } = dataOf<{ runId: number }>(
      await ctx.call('POST', '/api/Import/Run', { token: runner.token, body: { importId, fileId: own } }),
    );
    await ctx.db.execute(sql`update schedule_job set is_start = true where class_name = 'import.work'`);
    await ctx.db.execute(sql`delete from user_role where user_id = ${runner.user.id}`);
    const later = await uploadSheet(ctx, boss.token, 'v.csv', Buffer.from(csvOf([['Code', 'Name']])));
    await runImport(ctx, boss.token, importId, later);
    const [lost] = await ctx.db.select().from(importRun).where(eq(importRun.id, runId));
    expect(lost).toMatchObject({ status: 'Failed', message: msg(importMessages, 'starterMayNotRun').text });
  });
});
