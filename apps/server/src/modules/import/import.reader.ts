import { importMessages, msg, type ImportEncoding } from '@casedesk/shared';
import { badRequest } from '../../platform/errors.js';
import { csvRows } from './import-csv.reader.js';
import { xlsxRows, type Merge } from './import-xlsx.reader.js';
import type { ImportReason } from './import.table.js';

/**
 * Reading an uploaded sheet as a stream of rows of text cells: csv through a decoder and a small parser,
 * xlsx through exceljs's streaming reader. Nothing holds the whole file: memory is one chunk or one row.
 */

/** Data rows a run reads at most (Excel's own sheet limit is 1,048,576 rows; a larger csv is refused). */
export const maxDataRows = 1_048_576;

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

/** What a csv or xlsx reader gives: its sheets, the encoding read, merged ranges, and the raw rows. */
type SheetSource = { sheets: string[]; encoding: string | null; merges?: Merge[]; rows: AsyncIterable<SheetRow> };

/** Opens a stored file as a sheet: the header is read, the data rows follow (blank rows skipped). */
export async function openSheet(path: string, options: SheetOptions): Promise<OpenSheet> {
  const source: SheetSource =
    options.importType === 'csv' ? await csvRows(path, options.encoding) : await xlsxRows(path, options.sheetName);
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
      for (const m of (source.merges ?? []).filter((m) => m.top <= headerAt && m.bottom >= headerAt)) {
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
