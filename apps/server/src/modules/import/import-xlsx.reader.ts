import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { importMessages, msg } from '@casedesk/shared';
import { AppError, badRequest } from '../../platform/errors.js';
import type { ImportReason } from './import.table.js';

/**
 * Reading an xlsx as a stream of rows of text cells through exceljs's streaming reader, after a look at the zip's
 * directory (sizes, sheets, merged ranges) that refuses a zip bomb before anything is inflated.
 */

/** An xlsx whose entries expand beyond this is refused before reading (zip bomb). */
const maxUncompressedBytes = 1024 * 1024 * 1024;
/** ...and so is one whose entries expand more than this many times (a real sheet compresses ~10x). */
const maxEntryRatio = 200;

/** A merged range of cells (1-based rows and columns). */
export type Merge = { top: number; left: number; bottom: number; right: number };

type ZipEntry = { name: string; method: number; compressed: number; size: number; offset: number };

/** The zip's central directory: names and declared sizes, read from the end of the file. */
async function zipEntries(path: string): Promise<ZipEntry[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailSize = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailSize);
    await handle.read(tail, 0, tailSize, size - tailSize);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw badRequest(msg(importMessages, 'notXlsx'));
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (dirOffset + dirSize > size) throw badRequest(msg(importMessages, 'notXlsx'));
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (dir.readUInt32LE(at) !== 0x02014b50) throw badRequest(msg(importMessages, 'notXlsx'));
      const nameLength = dir.readUInt16LE(at + 28);
      const extra = dir.readUInt16LE(at + 30);
      const comment = dir.readUInt16LE(at + 32);
      entries.push({
        method: dir.readUInt16LE(at + 10),
        compressed: dir.readUInt32LE(at + 20),
        size: dir.readUInt32LE(at + 24),
        offset: dir.readUInt32LE(at + 42),
        name: dir.toString('utf8', at + 46, at + 46 + nameLength),
      });
      at += 46 + nameLength + extra + comment;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** One small entry's text (workbook.xml, its rels), inflated with a cap. */
async function entryText(path: string, entry: ZipEntry): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(30);
    await handle.read(header, 0, 30, entry.offset);
    const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const data = Buffer.alloc(entry.compressed);
    await handle.read(data, 0, entry.compressed, start);
    const raw = entry.method === 0 ? data : inflateRawSync(data, { maxOutputLength: 16 * 1024 * 1024 });
    return raw.toString('utf8');
  } finally {
    await handle.close();
  }
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The sheets in workbook order, each with the number of its `sheetN.xml` (what the stream reader calls its id). */
async function sheetsOf(path: string): Promise<{ name: string; file: string; entry: ZipEntry | undefined }[]> {
  const entries = await zipEntries(path);
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (total > maxUncompressedBytes || (e.size > 10 * 1024 * 1024 && e.size > e.compressed * maxEntryRatio))
      throw badRequest(msg(importMessages, 'workbookTooBig'));
  }
  const byName = new Map(entries.map((e) => [e.name, e]));
  const workbook = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!workbook) throw badRequest(msg(importMessages, 'notXlsx'));
  const targets = new Map<string, string>();
  if (rels)
    for (const m of (await entryText(path, rels)).matchAll(/<Relationship\b[^>]*>/g)) {
      const id = /\bId="([^"]+)"/.exec(m[0])?.[1];
      const target = /\bTarget="([^"]+)"/.exec(m[0])?.[1];
      if (id && target) targets.set(id, target.replace(/^\/?xl\//, ''));
    }
  const sheets: { name: string; file: string; entry: ZipEntry | undefined }[] = [];
  for (const m of (await entryText(path, workbook)).matchAll(/<sheet\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(m[0])?.[1];
    const rid = /\br:id="([^"]+)"/.exec(m[0])?.[1];
    const file = (rid && targets.get(rid)) ?? '';
    if (name !== undefined) sheets.push({ name: unescapeXml(name), file, entry: byName.get(`xl/${file}`) });
  }
  return sheets;
}

type CellValue = ExcelJS.CellValue;

/** A cell as text: dates as ISO (a date alone as `YYYY-MM-DD`), numbers as written, formulas by their result. */
export function cellText(value: CellValue, address: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: CellValue }).result;
      if (result === undefined || result === null)
        throw badRequest(msg(importMessages, 'formulaWithoutResult', { cell: address }));
      return cellText(result as CellValue, address);
    }
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String((value as { text: unknown }).text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

/** Why a cell was not read, by its message key where it has one (the error file is in the starter's language). */
function reasonOf(error: unknown): ImportReason {
  if (error instanceof AppError && error.messageRef) return { ...error.messageRef };
  return { text: error instanceof Error ? error.message : String(error) };
}

export async function xlsxRows(path: string, sheetName: string | null) {
  const sheets = await sheetsOf(path);
  const wanted = sheetName ? sheets.find((s) => s.name === sheetName) : sheets[0];
  if (!wanted) throw badRequest(msg(importMessages, 'sheetNotFound', { sheet: sheetName ?? '' }));
  const sheetNo = /sheet(\d+)\.xml$/.exec(wanted.file)?.[1];
  const merges = wanted.entry ? await mergesOf(path, wanted.entry) : [];
  const hasSharedStrings = (await zipEntries(path)).some((e) => e.name === 'xl/sharedStrings.xml');
  async function* rows(): AsyncIterable<{ rowNo: number; cells: string[]; error?: ImportReason }> {
    // exceljs reads the zip's entries in order through unzipper, which can miss entries on a busy machine
    // (ZJONSSON/node-unzipper#190; seen in CI): a sheet read without its shared strings has empty text cells. The
    // sheet is only handed out after the entries before it were read, so a missed one is found before any row is
    // given: the file (never changed) is read again, at most three times.
    for (let attempt = 1; ; attempt++) {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
        sharedStrings: 'cache',
        hyperlinks: 'ignore',
        styles: 'cache',
        worksheets: 'emit',
        entries: 'emit',
      } as ExcelJS.stream.xlsx.WorkbookStreamReaderOptions);
      // exceljs writes xl/workbook.xml last; when it is the entry missed, the reader would throw on the model it
      // lacks ("reading 'sheets'"). An empty model lets it go on; the sheet is then known by its file number.
      Object.assign(reader, { model: { sheets: [] } });
      const read = reader as unknown as { sharedStrings?: unknown[]; stream?: { destroy(): void } };
      let index = 0;
      let missed = false;
      for await (const worksheet of reader) {
        if (hasSharedStrings && !read.sharedStrings) {
          missed = true;
          break;
        }
        const ws = worksheet as unknown as { id?: number } & AsyncIterable<ExcelJS.Row>;
        index++;
        const match = sheetNo !== undefined ? String(ws.id) === sheetNo : index === 1;
        if (!match) {
          // The stream must still be read through to reach the next sheet.
          for await (const _row of ws) void _row;
          continue;
        }
        for await (const row of ws) {
          const values = (row.values as CellValue[]).slice(1);
          let error: ImportReason | undefined;
          const cells = values.map((v, i) => {
            try {
              return cellText(v, `${columnLetters(i + 1)}${row.number}`);
            } catch (e) {
              error ??= reasonOf(e);
              return '';
            }
          });
          yield error === undefined ? { rowNo: row.number, cells } : { rowNo: row.number, cells, error };
        }
        return;
      }
      read.stream?.destroy();
      if (!missed) return;
      if (attempt === 3) throw badRequest(msg(importMessages, 'notXlsx'));
    }
  }
  return { sheets: sheets.map((s) => s.name), encoding: null, merges, rows: rows() };
}

/**
 * The sheet's merged ranges: they follow its rows in the XML, so the reader could only know them at the end.
 * One streamed pass over the sheet's XML (inflated in chunks, never whole) finds them before the rows are read.
 */
async function mergesOf(path: string, entry: ZipEntry): Promise<Merge[]> {
  const handle = await open(path, 'r');
  const header = Buffer.alloc(30);
  await handle.read(header, 0, 30, entry.offset);
  await handle.close();
  const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const raw = createReadStream(path, { start, end: start + entry.compressed - 1 });
  const source = entry.method === 0 ? raw : raw.pipe(createInflateRaw());
  const merges: Merge[] = [];
  let tail = '';
  let inflated = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    inflated += chunk.length;
    if (inflated > maxUncompressedBytes) {
      raw.destroy();
      throw badRequest(msg(importMessages, 'workbookTooBig'));
    }
    const text = tail + chunk.toString('latin1');
    let last = 0;
    for (const m of text.matchAll(/<mergeCell ref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g)) {
      merges.push({ left: columnNumber(m[1]!), top: Number(m[2]), right: columnNumber(m[3]!), bottom: Number(m[4]) });
      last = m.index + m[0].length;
    }
    tail = text.slice(Math.max(last, text.length - 100));
  }
  return merges;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function columnLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}
