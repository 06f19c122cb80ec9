import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { importMessages, msg } from '@casedesk/shared';
import { AppError, badRequest } from '../../platform/errors.js';
import type { ImportReason } from './import.table.js';

/**
 * Reading an xlsx as a stream of rows of text cells through exceljs's streaming reader, after a look at the zip's
 * directory (sizes, sheets, merged ranges) that refuses a zip bomb before anything is inflated. The entries are
 * found by that directory and opened one by one here, never by a sequential walk through the zip.
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

/**
 * One entry as a stream of text: its bytes read from the file where its local header says they start, inflated,
 * and refused (workbookTooBig) once they exceed its declared size, since a zip's declared sizes can lie (the totals
 * were checked against those sizes). Text, not Buffers: exceljs decodes each chunk alone, which would break a
 * multi-byte character split across two chunks. Destroying the returned stream destroys the ones before it.
 */
async function openEntry(path: string, entry: ZipEntry, cap = maxUncompressedBytes): Promise<Readable> {
  if (entry.method !== 0 && entry.method !== 8) throw badRequest(msg(importMessages, 'notXlsx'));
  const header = Buffer.alloc(30);
  const handle = await open(path, 'r');
  try {
    await handle.read(header, 0, 30, entry.offset);
  } finally {
    await handle.close();
  }
  if (header.readUInt32LE(0) !== 0x04034b50) throw badRequest(msg(importMessages, 'notXlsx'));
  const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const limit = Math.min(entry.size, cap);
  let inflated = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > limit) done(badRequest(msg(importMessages, 'workbookTooBig')));
      else done(null, chunk);
    },
  });
  const raw =
    entry.compressed > 0 ? createReadStream(path, { start, end: start + entry.compressed - 1 }) : Readable.from([]);
  // Errors reach the reader through the last stream, which pipeline destroys with them.
  const done = () => {};
  const last = entry.method === 8 ? pipeline(raw, createInflateRaw(), capped, done) : pipeline(raw, capped, done);
  return last.setEncoding('utf8');
}

/** One small entry's text (workbook.xml, its rels), held whole: so capped lower. */
async function entryText(path: string, entry: ZipEntry): Promise<string> {
  let text = '';
  for await (const chunk of await openEntry(path, entry, 16 * 1024 * 1024)) text += chunk as string;
  return text;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

type Sheet = { name: string; file: string; entry: ZipEntry | undefined };

/** The sheets in workbook order, each with its file and zip entry; and the zip's entries by name. */
async function sheetsOf(path: string): Promise<{ sheets: Sheet[]; byName: Map<string, ZipEntry> }> {
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
  const sheets: Sheet[] = [];
  for (const m of (await entryText(path, workbook)).matchAll(/<sheet\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(m[0])?.[1];
    const rid = /\br:id="([^"]+)"/.exec(m[0])?.[1];
    const file = (rid && targets.get(rid)) ?? '';
    if (name !== undefined) sheets.push({ name: unescapeXml(name), file, entry: byName.get(`xl/${file}`) });
  }
  return { sheets, byName };
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

/**
 * The per-entry parsers of exceljs 4.4's streaming WorkbookReader (not in its typings). Its parse() walks the zip in
 * order through unzipper, which can miss entries on a busy machine (ZJONSSON/node-unzipper#190; seen in CI as a
 * missed workbook or missed shared strings): here each entry is opened by the zip's directory and handed to these.
 */
type EntryParsers = {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
};

export async function xlsxRows(path: string, sheetName: string | null) {
  const { sheets, byName } = await sheetsOf(path);
  const wanted = sheetName ? sheets.find((s) => s.name === sheetName) : sheets[0];
  if (!wanted) throw badRequest(msg(importMessages, 'sheetNotFound', { sheet: sheetName ?? '' }));
  if (!wanted.entry) throw badRequest(msg(importMessages, 'notXlsx'));
  const sheet: ZipEntry = wanted.entry;
  // The number only names the sheet inside exceljs; the entry read is the one the workbook's rels point to.
  const sheetNo = /(\d+)\.xml$/.exec(wanted.file)?.[1] ?? '1';
  const merges = await mergesOf(path, sheet);
  async function* rows(): AsyncIterable<{ rowNo: number; cells: string[]; error?: ImportReason }> {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // The styles say which numbers are dates.
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    } as ExcelJS.stream.xlsx.WorkbookStreamReaderOptions) as unknown as EntryParsers;
    const opened: Readable[] = [];
    const entry = async (e: ZipEntry) => {
      const stream = await openEntry(path, e);
      opened.push(stream);
      return stream;
    };
    try {
      const rels = byName.get('xl/_rels/workbook.xml.rels');
      if (rels) await reader._parseRels(await entry(rels));
      await reader._parseWorkbook(await entry(byName.get('xl/workbook.xml')!));
      const shared = byName.get('xl/sharedStrings.xml');
      if (shared) for await (const _ of reader._parseSharedStrings(await entry(shared))) void _;
      const styles = byName.get('xl/styles.xml');
      if (styles) await reader._parseStyles(await entry(styles));
      for (const { value: worksheet } of reader._parseWorksheet(await entry(sheet), sheetNo)) {
        for await (const row of worksheet) {
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
      }
    } finally {
      // A consumer that stops early leaves the sheet's stream open.
      for (const stream of opened) stream.destroy();
    }
  }
  return { sheets: sheets.map((s) => s.name), encoding: null, merges, rows: rows() };
}

/**
 * The sheet's merged ranges: they follow its rows in the XML, so the reader could only know them at the end.
 * One streamed pass over the sheet's XML (inflated in chunks, never whole) finds them before the rows are read.
 */
async function mergesOf(path: string, entry: ZipEntry): Promise<Merge[]> {
  const merges: Merge[] = [];
  let tail = '';
  for await (const chunk of await openEntry(path, entry)) {
    const text = tail + (chunk as string);
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
