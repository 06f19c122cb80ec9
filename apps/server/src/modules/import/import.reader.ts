import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { importMessages, msg, type ImportEncoding } from '@casedesk/shared';
import { AppError, badRequest } from '../../platform/errors.js';
import type { ImportReason } from './import.table.js';

/**
 * Reading an uploaded sheet as a stream of rows of text cells: csv through a decoder and a small parser,
 * xlsx through exceljs's streaming reader. Nothing holds the whole file: memory is one chunk or one row.
 */

/** Data rows a run reads at most (Excel's own sheet limit is 1,048,576 rows; a larger csv is refused). */
export const maxDataRows = 1_048_576;
/** An xlsx whose entries expand beyond this is refused before reading (zip bomb). */
const maxUncompressedBytes = 1024 * 1024 * 1024;
/** ...and so is one whose entries expand more than this many times (a real sheet compresses ~10x). */
const maxEntryRatio = 200;

/** A data row; `error` says why a cell could not be read (a formula without a saved result): the row is refused. */
export type SheetRow = { rowNo: number; cells: string[]; error?: ImportReason };
export type OpenSheet = {
  sheets: string[];
  encoding: string | null;
  /** The header texts (`Column N` without a header row); duplicates get ` (2)`, ` (3)`. */
  columns: string[];
  rows: AsyncIterable<SheetRow>;
  /** Stops reading early (the preview's few samples). */
  close(): Promise<void>;
};
export type SheetOptions = {
  importType: 'xlsx' | 'csv';
  encoding: ImportEncoding;
  haveHeader: boolean;
  headerRow: number;
  sheetName: string | null;
};

/** Opens a stored file as a sheet: the header is read, the data rows follow (blank rows skipped). */
export async function openSheet(path: string, options: SheetOptions): Promise<OpenSheet> {
  const source = options.importType === 'csv' ? await csvRows(path, options.encoding) : await xlsxRows(path, options);
  const iterator = source.rows[Symbol.asyncIterator]();
  let columns: string[] = [];
  const pending: SheetRow[] = [];
  const headerAt = options.haveHeader ? options.headerRow : 0;
  // Title rows above the header: a merged heading may keep its text in one of them.
  const above = new Map<number, string[]>();
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    if (headerAt > 0 && next.value.rowNo < headerAt) {
      above.set(next.value.rowNo, next.value.cells);
      continue;
    }
    if (headerAt > 0 && next.value.rowNo >= headerAt) {
      const cells = next.value.rowNo === headerAt ? [...next.value.cells] : [];
      for (const m of source.merges.filter((m) => m.top <= headerAt && m.bottom >= headerAt)) {
        const text = (m.top === headerAt ? cells : (above.get(m.top) ?? []))[m.left - 1] ?? '';
        for (let c = m.left; c <= m.right; c++) {
          while (cells.length < c) cells.push('');
          cells[c - 1] = text;
        }
      }
      columns = headerOf(cells);
      if (next.value.rowNo !== headerAt) pending.push(next.value);
      break;
    }
    pending.push(next.value);
    break;
  }
  async function* rows(): AsyncIterable<SheetRow> {
    let count = 0;
    const counted = (row: SheetRow) => {
      if (++count > maxDataRows) throw badRequest(msg(importMessages, 'tooManyRows', { max: maxDataRows }));
      return widen(row);
    };
    for (const row of pending) if (!row.cells.every((c) => c === '')) yield counted(row);
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      if (next.value.rowNo <= headerAt) continue;
      if (next.value.cells.every((c) => c === '')) continue;
      yield counted(next.value);
    }
  }
  function widen(row: SheetRow): SheetRow {
    while (columns.length < row.cells.length) columns.push(`Column ${columns.length + 1}`);
    return row;
  }
  return {
    sheets: source.sheets,
    encoding: source.encoding,
    get columns() {
      return columns;
    },
    rows: rows(),
    close: async () => {
      await iterator.return?.();
    },
  };
}

/** Header texts; a blank one is `Column N`, a repeated one (a merged heading) gets ` (2)`. */
function headerOf(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((raw, i) => {
    const text = raw.trim() || `Column ${i + 1}`;
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return n === 1 ? text : `${text} (${n})`;
  });
}

// ---------------------------------------------------------------- csv

const bom = [0xef, 0xbb, 0xbf];

/** Which encoding a sample of bytes is in: BOM, valid UTF-8, else GBK or Big5 by which reads more plainly. */
export function detectEncoding(sample: Buffer, wanted: ImportEncoding): string {
  if (sample[0] === bom[0] && sample[1] === bom[1] && sample[2] === bom[2]) return 'utf-8';
  if (wanted !== 'auto') return wanted;
  if (decodes(sample, 'utf-8')) return 'utf-8';
  const gbk = decodes(sample, 'gbk');
  const big5 = decodes(sample, 'big5');
  if (gbk === undefined && big5 === undefined) return 'gbk';
  if (big5 === undefined) return 'gbk';
  if (gbk === undefined) return 'big5';
  // Both decode: the right one reads as everyday words; the wrong one as rare characters.
  const score = (text: string) => commonness(text) - oddities(text);
  return score(big5) > score(gbk) ? 'big5' : 'gbk';
}

/** Everyday characters, simplified and traditional: what a sheet's text is mostly made of. */
const commonChars = new Set(
  '的一是不了人我在有他这這中大来來上国國个個到说說们們为為子和你地出道也时時年得就那要下以生会會自着著去之过過家学學对對可她里裡后後小么麼心多天而能好都然没沒日于於起还還发發成事只作当當想看文无無开開手十用主行方又如前所本见見经經头頭面公同三已老从從动動两兩长長知民样樣现現分将將外但身些与與高意进進把法此实實回二理美点點月明其种種声聲全工己话話儿兒者向情部正名定女问問力机機给給等几幾很业業最间間新什打便位因重被走电電四第门門相次东東政海口使教西再平真听聽世气氣信北少关關并並内內加化由却代军軍产產入先山五太水万萬市眼体體别別处處总總才场場师師书書比住员員九笑性通目华華报報立马馬命张張活难難神数數件安表原车車白应應路期叫死常提感金何更反合放做系統统计計司号號公司有限股份服务務科技软軟件贸貿易资資讯訊办辦用品电電脑腦开開发發与與北京上海广廣州深圳台臺湾灣省市区區县縣路街号號楼樓室客户戶姓名称稱编編码碼地址话話邮郵箱项項目类類别別状狀态態日期金额額备備注註',
);

function commonness(text: string): number {
  let n = 0;
  for (const ch of text) if (commonChars.has(ch)) n++;
  return n;
}

function decodes(sample: Buffer, encoding: string): string | undefined {
  try {
    // A sample may end inside a character: `stream` leaves that tail undecided instead of failing.
    return new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: true });
  } catch {
    return undefined;
  }
}

function oddities(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) continue;
    const common = (c >= 0x4e00 && c <= 0x9fa5) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xff00 && c <= 0xffef);
    if (!common) n++;
  }
  return n;
}

async function csvRows(path: string, wanted: ImportEncoding) {
  const handle = await open(path, 'r');
  const sample = Buffer.alloc(64 * 1024);
  const { bytesRead } = await handle.read(sample, 0, sample.length, 0);
  await handle.close();
  const encoding = detectEncoding(sample.subarray(0, bytesRead), wanted);
  const label = encoding.toUpperCase();
  async function* rows(): AsyncIterable<SheetRow> {
    const decoder = new TextDecoder(encoding, { fatal: true });
    const parser = new CsvParser();
    let rowNo = 0;
    const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          throw badRequest(msg(importMessages, 'badEncoding', { encoding: label }));
        }
        for (const cells of parser.push(text)) yield { rowNo: ++rowNo, cells };
      }
      try {
        decoder.decode();
      } catch {
        throw badRequest(msg(importMessages, 'badEncoding', { encoding: label }));
      }
      for (const cells of parser.end()) yield { rowNo: ++rowNo, cells };
    } finally {
      stream.destroy();
    }
  }
  return { sheets: [], encoding, merges: [] as Merge[], rows: rows() };
}

/** RFC 4180 csv over text chunks: quoted fields may hold commas, quotes ("") and line breaks. */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  private afterQuote = false;
  private started = false;
  /** A record ended at `\r`: a `\n` next (maybe in the next chunk) belongs to it. */
  private skipLf = false;

  *push(text: string): Generator<string[]> {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (this.skipLf) {
        this.skipLf = false;
        if (ch === '\n') continue;
      }
      if (!this.started) {
        this.started = true;
        if (ch === '\ufeff') continue;
      }
      if (this.quoted) {
        if (ch === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else this.field += ch;
        continue;
      }
      if (ch === '"') {
        // `""` inside a quoted field is one quote; a quote opening a field starts quoting.
        if (this.afterQuote) this.field += '"';
        this.quoted = true;
        this.afterQuote = false;
        continue;
      }
      this.afterQuote = false;
      if (ch === ',') {
        this.record.push(this.field);
        this.field = '';
      } else if (ch === '\n' || ch === '\r') {
        this.skipLf = ch === '\r';
        this.record.push(this.field);
        this.field = '';
        yield this.record;
        this.record = [];
      } else this.field += ch;
    }
  }

  *end(): Generator<string[]> {
    if (this.field !== '' || this.record.length > 0) {
      this.record.push(this.field);
      yield this.record;
    }
    this.field = '';
    this.record = [];
  }
}

// ---------------------------------------------------------------- xlsx

/** A merged range of cells (1-based rows and columns). */
type Merge = { top: number; left: number; bottom: number; right: number };

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

async function xlsxRows(path: string, options: SheetOptions) {
  const sheets = await sheetsOf(path);
  const wanted = options.sheetName ? sheets.find((s) => s.name === options.sheetName) : sheets[0];
  if (!wanted) throw badRequest(msg(importMessages, 'sheetNotFound', { sheet: options.sheetName ?? '' }));
  const sheetNo = /sheet(\d+)\.xml$/.exec(wanted.file)?.[1];
  const merges = wanted.entry ? await mergesOf(path, wanted.entry) : [];
  async function* rows(): AsyncIterable<SheetRow> {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    } as ExcelJS.stream.xlsx.WorkbookStreamReaderOptions);
    let index = 0;
    for await (const worksheet of reader) {
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
