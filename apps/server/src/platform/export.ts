import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type ExportColumn = { header: string; field: string; width?: number };

/** What a spreadsheet reads as the start of a formula when the cell is edited or the sheet saved as CSV. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Text a user typed is exported as text: a leading apostrophe keeps `=1+1` or `-2+3+cmd|' /C calc'!A0`
 * from becoming a formula (CSV injection). Numbers and dates stay typed values.
 */
function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

function cellValue(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return neutraliseFormula(value.join(', '));
  if (typeof value === 'object') return neutraliseFormula(JSON.stringify(value));
  return neutraliseFormula(String(value));
}

/** Streams rows into an .xlsx download as they are read, so memory stays flat on big exports. */
export async function sendXlsx(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: ExportColumn[],
  rows: AsyncIterable<Record<string, unknown>>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  void (async () => {
    try {
      for await (const row of rows) {
        sheet.addRow(Object.fromEntries(columns.map((c) => [c.field, cellValue(row[c.field])]))).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      reply.log.error({ err: error }, 'export failed');
      stream.destroy(error as Error);
    }
  })();

  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}
