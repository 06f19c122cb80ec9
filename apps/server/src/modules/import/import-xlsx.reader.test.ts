import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxRows } from './import-xlsx.reader.js';

type Entry = { autodrain(): void };
type ReaderInternals = {
  _parseWorkbook: (entry: Entry) => Promise<void>;
  _parseSharedStrings: (entry: Entry) => AsyncGenerator<unknown>;
};

async function ticketsFile() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tickets');
  sheet.addRow(['Subject', 'Priority']);
  sheet.addRow(['Printer jam', 'High']);
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-xlsx-'));
  const path = join(dir, 'tickets.xlsx');
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return { dir, path };
}

async function cellsOf(path: string) {
  const { rows } = await xlsxRows(path, 'Tickets');
  const read: string[][] = [];
  for await (const row of rows) read.push(row.cells);
  return read;
}

describe('the xlsx reader', () => {
  it("reads the rows when the zip's last entry (xl/workbook.xml) is missed, as unzipper can on a busy machine", async () => {
    const { dir, path } = await ticketsFile();
    // The race, staged: the reader passes over the workbook entry as if unzipper had not delivered it.
    const reader = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
    const parseWorkbook = reader._parseWorkbook;
    reader._parseWorkbook = async (entry) => entry.autodrain();
    try {
      expect(await cellsOf(path)).toEqual([
        ['Subject', 'Priority'],
        ['Printer jam', 'High'],
      ]);
    } finally {
      reader._parseWorkbook = parseWorkbook;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the file again when a read missed its shared strings, before handing out any row', async () => {
    const { dir, path } = await ticketsFile();
    const reader = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
    const parseSharedStrings = reader._parseSharedStrings;
    let missed = 0;
    // The first read passes over the shared strings as if unzipper had not delivered them; the next reads them.
    reader._parseSharedStrings = async function* (this: unknown, entry: Entry) {
      if (missed++ === 0) return entry.autodrain();
      yield* parseSharedStrings.call(this, entry);
    };
    try {
      expect(await cellsOf(path)).toEqual([
        ['Subject', 'Priority'],
        ['Printer jam', 'High'],
      ]);
      expect(missed).toBe(2);
    } finally {
      reader._parseSharedStrings = parseSharedStrings;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
