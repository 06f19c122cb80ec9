import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ImportRun, UploadedFile } from '@casedesk/shared';
import type { TestContext } from './helpers.js';
import { dataOf } from './platform-helpers.js';

/** Uploads bytes through `POST /api/Import/Upload` (any encoding; csv or xlsx), or another upload call. */
export async function uploadSheet(
  ctx: TestContext,
  token: string,
  name: string,
  data: Buffer,
  url = '/api/Import/Upload',
): Promise<number> {
  const boundary = `----import${Date.now()}${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'auth-token': ctx.newAuthToken(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: UploadedFile[] }).data[0]!.fileId;
}

/** An xlsx built in memory: one sheet per entry, rows as given (values keep their types). */
export async function xlsxOf(sheets: Record<string, ExcelJS.CellValue[][]>, edit?: (wb: ExcelJS.Workbook) => void) {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  edit?.(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A csv of these rows (quoted where needed), as UTF-8 text. */
export const csvOf = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') +
  '\r\n';

/** Adds an import definition (a csv unless the body says otherwise) and answers its id. */
export async function defineImport(ctx: TestContext, token: string, body: Record<string, unknown>): Promise<number> {
  const importName = `Import ${Date.now()}${Math.random().toString(16).slice(2, 8)}`;
  const created = dataOf<{ id: number }>(
    await ctx.call('POST', '/api/Import/Add', { token, body: { importName, importType: 'csv', ...body } }),
  );
  return created.id;
}

/** Starts a run, lets the kicked job finish it, and answers the run as `GET Runs/{id}` shows it. */
export async function runImport(ctx: TestContext, token: string, importId: number, fileId: number, dryRun = false) {
  const { runId } = dataOf<{ runId: number }>(
    await ctx.call('POST', '/api/Import/Run', { token, body: { importId, fileId: String(fileId), dryRun } }),
  );
  await ctx.built.scheduler.drain();
  return dataOf<ImportRun>(await ctx.call('GET', `/api/Import/Runs/${runId}`, { token }));
}

/** A stored file's bytes through `GET /api/Files/Download/{id}`. */
export async function downloadFile(ctx: TestContext, token: string, fileId: string | null): Promise<Buffer> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/Files/Download/${fileId}`,
    headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}
