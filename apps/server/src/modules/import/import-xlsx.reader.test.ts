import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxRows } from './import-xlsx.reader.js';

type ReaderInternals = { _parseWorkbook: (entry: { autodrain(): void }) => Promise<void> };

describe('the xlsx reader', () => {
  it("reads the rows when the zip's last entry (xl/workbook.xml) is missed, as unzipper can on a busy machine", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tickets');
    sheet.addRow(['Subject', 'Priority']);
    sheet.addRow(['Printer jam', 'High']);
    const dir = mkdtempSync(join(tmpdir(), 'casedesk-xlsx-'));
    const path = join(dir, 'tickets.xlsx');
    writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
    // The race, staged: the reader passes over the workbook entry as if unzipper had not delivered it.
    const reader = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
    const parseWorkbook = reader._parseWorkbook;
    reader._parseWorkbook = async (entry) => entry.autodrain();
    try {
      const { rows } = await xlsxRows(path, 'Tickets');
      const read: string[][] = [];
      for await (const row of rows) read.push(row.cells);
      expect(read).toEqual([
        ['Subject', 'Priority'],
        ['Printer jam', 'High'],
      ]);
    } finally {
      reader._parseWorkbook = parseWorkbook;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
