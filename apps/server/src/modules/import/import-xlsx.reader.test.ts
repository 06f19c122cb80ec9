import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { importMessages } from '@casedesk/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxRows } from './import-xlsx.reader.js';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
async function fileOf(workbook: ExcelJS.Workbook, options: Partial<ExcelJS.XlsxWriteOptions> = {}) {
  const path = join(dir, `${++files}.xlsx`);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer(options)));
  return path;
}

async function read(path: string, sheet: string | null) {
  const { rows } = await xlsxRows(path, sheet);
  const cells: string[][] = [];
  for await (const row of rows) cells.push(row.cells);
  return cells;
}

/** A workbook of three sheets; the second holds one of each kind of cell. */
function ticketsBook() {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Intro').addRow(['Read me first']);
  const sheet = workbook.addWorksheet('Tickets');
  sheet.addRow(['Subject', 'Opened', 'At', 'Hours', 'Double', 'Note']);
  sheet.addRow([
    'Printer jam',
    new Date(Date.UTC(2026, 0, 15)),
    new Date(Date.UTC(2026, 0, 15, 9, 30)),
    42.5,
    { formula: 'D2*2', result: 85 },
    { richText: [{ text: 'Toner ' }, { text: 'low', font: { bold: true } }] },
  ]);
  sheet.mergeCells('A3:B3');
  sheet.getCell('A3').value = 'Merged';
  workbook.addWorksheet('Other').addRow(['Not this one']);
  return workbook;
}

const tickets = [
  ['Subject', 'Opened', 'At', 'Hours', 'Double', 'Note'],
  ['Printer jam', '2026-01-15', '2026-01-15T09:30:00.000Z', '42.5', '85', 'Toner low'],
  ['Merged'],
];

/** A copy of an xlsx whose central directory declares `size` bytes for `name` (a lie about its expanded size). */
function lyingAbout(file: Buffer, name: string, size: number) {
  const copy = Buffer.from(file);
  const eocd = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = copy.readUInt32LE(eocd + 16);
  for (let i = 0; i < copy.readUInt16LE(eocd + 10); i++) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
    at += 46 + nameLength + copy.readUInt16LE(at + 30) + copy.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${name}`);
}

describe('the xlsx reader', () => {
  it('reads the named sheet (dates, numbers, formula results, rich text, merges), the first when none is named', async () => {
    const path = await fileOf(ticketsBook());
    const source = await xlsxRows(path, 'Tickets');
    expect(source.sheets).toEqual(['Intro', 'Tickets', 'Other']);
    expect(source.merges).toEqual([{ top: 3, left: 1, bottom: 3, right: 2 }]);
    const rows: { rowNo: number; cells: string[] }[] = [];
    for await (const row of source.rows) rows.push(row);
    expect(rows.map((r) => r.cells)).toEqual(tickets);
    expect(rows.map((r) => r.rowNo)).toEqual([1, 2, 3]);
    expect(await read(path, null)).toEqual([['Read me first']]);
    await expect(xlsxRows(path, 'Missing')).rejects.toMatchObject({
      messageRef: { key: expect.stringContaining('sheetNotFound'), values: { sheet: 'Missing' } },
    });
  });

  it('reads a workbook written without shared strings (strings and rich text inline in the sheet)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Inline').addRow(['Plain', { richText: [{ text: 'Rich', font: { italic: true } }] }, 7]);
    const path = await fileOf(workbook, { useSharedStrings: false });
    expect(await read(path, 'Inline')).toEqual([['Plain', 'Rich', '7']]);
  });

  it('reads Chinese text back exactly when its characters fall across chunk boundaries', async () => {
    // ~150 KB of three-byte characters in distinct strings: inflated in 16 KB chunks, many split a character.
    const texts = Array.from({ length: 3000 }, (_, i) => {
      const chars = Array.from({ length: 8 }, (_, j) => String.fromCharCode(0x4e00 + (((i * 8 + j) * 7) % 20000)));
      return `编号${i}：${chars.join('')}`;
    });
    for (const useSharedStrings of [true, false]) {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('工单');
      for (const text of texts) sheet.addRow([text, '客户']);
      const path = await fileOf(workbook, { useSharedStrings });
      const cells = await read(path, '工单');
      expect(cells.filter((row) => row.some((cell) => cell.includes('\uFFFD')))).toEqual([]);
      expect(cells).toEqual(texts.map((text) => [text, '客户']));
    }
  });

  it('reads the same file 300 times, 8 at a time, alike every time (no entry is ever missed)', async () => {
    const path = await fileOf(ticketsBook());
    let next = 0;
    const differing: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let n = next++; n < 300; n = next++)
          if (JSON.stringify(await read(path, 'Tickets')) !== JSON.stringify(tickets)) differing.push(n);
      }),
    );
    expect(differing).toEqual([]);
  });

  it('stops reading where the consumer stops, and the file reads again', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Many');
    for (let i = 1; i <= 5000; i++) sheet.addRow([`Row ${i}`, i]);
    const path = await fileOf(workbook);
    const { rows } = await xlsxRows(path, 'Many');
    for await (const row of rows) {
      expect(row.cells).toEqual(['Row 1', '1']);
      break;
    }
    expect((await read(path, 'Many')).length).toBe(5000);
  });

  it('refuses an entry that expands beyond the size the zip declares for it (a zip bomb that lies)', async () => {
    const file = Buffer.from(await ticketsBook().xlsx.writeBuffer());
    // The sheet is read for its merged ranges before any row: refused at once.
    const sheetLies = join(dir, 'sheet-lies.xlsx');
    writeFileSync(sheetLies, lyingAbout(file, 'xl/worksheets/sheet2.xml', 100));
    await expect(xlsxRows(sheetLies, 'Tickets')).rejects.toThrow(importMessages.workbookTooBig);
    // The shared strings are read before the first row is handed out.
    const stringsLie = join(dir, 'strings-lie.xlsx');
    writeFileSync(stringsLie, lyingAbout(file, 'xl/sharedStrings.xml', 100));
    await expect(read(stringsLie, 'Tickets')).rejects.toThrow(importMessages.workbookTooBig);
  });
});
