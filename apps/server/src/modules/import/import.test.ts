import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { importMessages, msg, type Import, type ImportPreviewResult, type ImportTargetInfo } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import { admin, type Staff } from '../../../test/ticket-factories.js';
import { csvOf, uploadSheet, xlsxOf } from '../../../test/import-helpers.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const name = () => `Import ${randomBytes(4).toString('hex')}`;

describe('Import definitions', () => {
  it('adds, lists with the last run, updates and deletes a definition', async () => {
    const created = dataOf<Import & { id: number }>(
      await ctx.call('POST', '/api/Import/Add', {
        token: boss.token,
        body: {
          importName: name(),
          tableModel: 'Vendor',
          importType: 'csv',
          operationType: 'Upsert',
          matchConditions: ['vendorCode'],
          mappings: [
            { column: 'Code', field: 'vendorCode' },
            { column: 'Name', field: 'vendorName' },
          ],
        },
      }),
    );
    expect(created).toMatchObject({ rowVersion: 1, batchSize: 500, encoding: 'auto', lastRunAt: null });
    const page = dataOf<{ items: Import[] }>(
      await ctx.call('POST', '/api/Import/Query', { token: boss.token, body: { tableModel: 'Vendor' } }),
    );
    expect(page.items.map((i) => i.importName)).toContain(created.importName);
    const updated = dataOf<Import>(
      await ctx.call('POST', '/api/Import/Update', {
        token: boss.token,
        body: { id: created.id, rowVersion: 1, batchSize: 100 },
      }),
    );
    expect(updated).toMatchObject({ batchSize: 100, rowVersion: 2, operationType: 'Upsert' });
    dataOf(await ctx.call('POST', `/api/Import/Delete/${created.id}`, { token: boss.token }));
  });

  it('refuses fields the target does not have, unmatchable conditions and Upsert without a condition', async () => {
    const base = { importName: name(), tableModel: 'Vendor', importType: 'csv' };
    const unknown = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Import/Add', {
        token: boss.token,
        body: { ...base, mappings: [{ column: 'X', field: 'nope' }] },
      }),
    );
    expect(unknown.body.resultMsg).toBe(importMessages.unknownField('nope'));
    const unmatchable = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Import/Add', {
        token: boss.token,
        body: { ...base, operationType: 'Update', matchConditions: ['glAccount'] },
      }),
    );
    expect(unmatchable.body.resultMsg).toBe(importMessages.notMatchable('glAccount'));
    const none = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Import/Add', { token: boss.token, body: { ...base, operationType: 'Upsert' } }),
    );
    expect(none.body.resultMsg).toBe(importMessages.matchRequired);
  });

  it('offers only the targets the user may write, with labels in three languages', async () => {
    const all = dataOf<ImportTargetInfo[]>(await ctx.call('GET', '/api/Import/Targets', { token: boss.token }));
    expect(all.map((t) => t.target)).toEqual([
      'Ticket',
      'User',
      'Company',
      'Vendor',
      'Category',
      'Project',
      'OpenItem',
      'Region',
      'DictionaryItem',
    ]);
    const vendorCode = all.find((t) => t.target === 'Vendor')!.fields.find((f) => f.field === 'vendorCode');
    expect(vendorCode).toMatchObject({ required: true, matchable: true, labels: { en: 'Vendor code' } });
    const clerk = await signedInWith(ctx, ['import:view', 'vendor:create']);
    const some = dataOf<ImportTargetInfo[]>(await ctx.call('GET', '/api/Import/Targets', { token: clerk.token }));
    expect(some.map((t) => t.target)).toEqual(['Vendor']);
    const outsider = await signedInWith(ctx, ['vendor:create']);
    expect((await ctx.call('GET', '/api/Import/Targets', { token: outsider.token })).status).toBe(403);
  });
});

describe('Import preview', () => {
  it('reads a csv: columns with samples and a mapping proposed from labels in any language', async () => {
    const csv = csvOf([
      ['Vendor code', '供应商名称', 'gl account', 'Other'],
      ['V1', 'Acme, Inc.', '6100', 'x'],
      ['V2', 'Beta "B"', '6200', 'y'],
    ]);
    const fileId = await uploadSheet(ctx, boss.token, 'vendors.csv', Buffer.from(csv));
    const preview = dataOf<ImportPreviewResult>(
      await ctx.call('POST', '/api/Import/Preview', {
        token: boss.token,
        body: { fileId: String(fileId), tableModel: 'Vendor' },
      }),
    );
    expect(preview.encoding).toBe('utf-8');
    expect(preview.columns[1]).toEqual({ column: '供应商名称', samples: ['Acme, Inc.', 'Beta "B"'] });
    expect(preview.mappings).toEqual([
      { column: 'Vendor code', field: 'vendorCode' },
      { column: '供应商名称', field: 'vendorName' },
      { column: 'gl account', field: 'glAccount' },
    ]);
  });

  it('reads an xlsx below title rows, with merged heading cells, dates and sheet names', async () => {
    const xlsx = await xlsxOf(
      {
        Notes: [['nothing here']],
        Projects: [
          ['Project list 2026'],
          ['Project code', 'Project name', 'Period', ''],
          ['P-1', 'Alpha', new Date(Date.UTC(2026, 0, 15)), new Date(Date.UTC(2026, 11, 31))],
        ],
      },
      (wb) => wb.getWorksheet('Projects')!.mergeCells('C2:D2'),
    );
    const fileId = await uploadSheet(ctx, boss.token, 'projects.xlsx', xlsx);
    const preview = dataOf<ImportPreviewResult>(
      await ctx.call('POST', '/api/Import/Preview', {
        token: boss.token,
        body: { fileId: String(fileId), tableModel: 'Project', headerRow: 2, sheetName: 'Projects' },
      }),
    );
    expect(preview.sheets).toEqual(['Notes', 'Projects']);
    expect(preview.encoding).toBeNull();
    expect(preview.columns).toEqual([
      { column: 'Project code', samples: ['P-1'] },
      { column: 'Project name', samples: ['Alpha'] },
      { column: 'Period', samples: ['2026-01-15'] },
      { column: 'Period (2)', samples: ['2026-12-31'] },
    ]);
    expect(preview.mappings.map((m) => m.field)).toEqual(['projectCode', 'projectName']);
  });

  it('refuses a workbook that expands far beyond its size (zip bomb) before reading it, and a file that is not one', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/workbook.xml', '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>');
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(40 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const fileId = await uploadSheet(ctx, boss.token, 'bomb.xlsx', bomb);
    const refused = await ctx.call('POST', '/api/Import/Preview', {
      token: boss.token,
      body: { fileId: String(fileId), tableModel: 'Vendor' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe(importMessages.workbookTooBig);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/Import/Upload',
      headers: {
        authorization: `Bearer ${boss.token}`,
        'auth-token': ctx.newAuthToken(),
        'content-type': 'multipart/form-data; boundary=b',
        'message-keys': '1',
      },
      payload: '--b\r\nContent-Disposition: form-data; name="files"; filename="x.xlsx"\r\n\r\nnot a zip\r\n--b--\r\n',
    });
    expect(upload.statusCode).toBe(400);
    // Refused by key where it is thrown: the web translates it by the key and the file's name.
    expect(JSON.parse(upload.body)).toMatchObject({
      resultMsg: msg(importMessages, 'uploadNotXlsx', { name: 'x.xlsx' }).text,
      messageKey: 'import.uploadNotXlsx',
      messageValues: { name: 'x.xlsx' },
    });
  });
});
