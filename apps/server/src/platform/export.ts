import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { seededNameKey, valueLabelKey, type SeededKind, type ValueKind } from '@casedesk/shared';
import { dictionaryValueIn, type DictionaryItemWords } from './dictionary-words.js';
import { textAt, type Language } from './translator.js';

/**
 * A column of a spreadsheet export, worded in the reader's language (contract 18): its header is the field's label
 * (`fields.<label ?? field>` in the web's locales; `export-words.test.ts` fails on a column without one), a fixed
 * value its label (`values`, a kind of the shared `valueLabels`), a seeded record's name its name in the language
 * while it is still the seeded one (`seeded`: the kind and the row's field that holds the record's code, or how the
 * code is made of the row), a dictionary value its item's name in the language (`dictionary`: the dictionary's code).
 */
export type ExportColumn = {
  field: string;
  label?: string;
  values?: ValueKind;
  /** Where the labels of a value that is not one of a shared enum's live (`<texts>.<value>`; as stored without). */
  texts?: string;
  seeded?: { kind: SeededKind; code: string | ((row: Record<string, unknown>) => string | null) };
  /** The code of the dictionary whose item's `value` the field holds (`dictionaryValueIn`). */
  dictionary?: string;
  width?: number;
  /** A header given in each language (a field an administrator named), instead of the locales' `fields.<label>`. */
  headers?: Record<Language, string>;
  /** The cell worded by the column itself (a custom field's option labels), instead of `values`/`texts`. */
  cell?: (row: Record<string, unknown>, language: Language) => unknown;
};

/** The items of the dictionaries an export's columns name, by code (`dictionaryItemsByCode`). */
export type ExportDictionaries = ReadonlyMap<string, readonly DictionaryItemWords[]>;

/** The dictionaries an export's columns name. */
export const exportDictionaryCodes = (columns: readonly ExportColumn[]) =>
  columns.flatMap((c) => (c.dictionary ? [c.dictionary] : []));

/** The text key of a column's header. */
export const exportHeaderKey = (column: ExportColumn) => `fields.${column.label ?? column.field}`;

/** The text key of a sheet's name (`sheets.<name>`, by the resource's name). */
export const exportSheetKey = (sheet: string) => `sheets.${sheet}`;

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

const seededCode = (code: string | ((row: Record<string, unknown>) => string | null), row: Record<string, unknown>) =>
  typeof code === 'function' ? code(row) : typeof row[code] === 'string' ? (row[code] as string) : null;

/** A row's cell of a column in a language: a fixed value's, a seeded name's or a dictionary value's label, else as stored. */
function labelled(
  language: Language,
  column: ExportColumn,
  row: Record<string, unknown>,
  dictionaries: ExportDictionaries,
): unknown {
  const value = row[column.field];
  const { seeded } = column;
  if (column.dictionary && typeof value === 'string')
    return dictionaryValueIn(language, column.dictionary, dictionaries.get(column.dictionary) ?? [], value);
  if (seeded && Array.isArray(value) && typeof seeded.code === 'string') {
    // Names with their codes in a list beside them, in the same order (a user's roleTitles and roleNames).
    const codes = row[seeded.code];
    return value.map((name, i) => {
      const code = Array.isArray(codes) && typeof codes[i] === 'string' ? (codes[i] as string) : null;
      const key = typeof name === 'string' ? seededNameKey(seeded.kind, code, name) : null;
      return (key && textAt(language, key)) ?? name;
    });
  }
  const key = column.values
    ? valueLabelKey(column.values, value)
    : column.texts && (typeof value === 'string' || typeof value === 'number') && value !== ''
      ? `${column.texts}.${value}`
      : column.seeded && typeof value === 'string'
        ? seededNameKey(column.seeded.kind, seededCode(column.seeded.code, row), value)
        : null;
  return (key && textAt(language, key)) ?? value;
}

/** What a sheet (or a header) is called where the locales lack it: the key's last part, as a last resort. */
const worded = (language: Language, key: string) => textAt(language, key) ?? key.slice(key.lastIndexOf('.') + 1);

/** A column's header in a language. */
export const exportHeader = (language: Language, column: ExportColumn) =>
  column.headers?.[language] ?? worded(language, exportHeaderKey(column));

/** A row's cell of a column as the sheet holds it, in a language. */
export const exportCell = (
  language: Language,
  column: ExportColumn,
  row: Record<string, unknown>,
  dictionaries: ExportDictionaries = new Map(),
) => cellValue(column.cell ? column.cell(row, language) : labelled(language, column, row, dictionaries));

/** A sheet's name as Excel takes it: at most 31 characters, none of `\ / ? * [ ] :`. */
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/**
 * Streams rows into an .xlsx download as they are read, so memory stays flat on big exports; the sheet's name,
 * the headers and the fixed values in the reader's language (`dictionaries`: the items the columns' dictionaries hold).
 */
export async function sendXlsx(
  reply: FastifyReply,
  language: Language,
  fileName: string,
  sheet: string,
  columns: ExportColumn[],
  rows: AsyncIterable<Record<string, unknown>>,
  dictionaries: ExportDictionaries = new Map(),
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName(worded(language, exportSheetKey(sheet))));
  worksheet.columns = columns.map((c) => ({
    header: exportHeader(language, c),
    key: c.field,
    width: c.width ?? 20,
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();

  void (async () => {
    try {
      for await (const row of rows) {
        worksheet
          .addRow(Object.fromEntries(columns.map((c) => [c.field, exportCell(language, c, row, dictionaries)])))
          .commit();
      }
      worksheet.commit();
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
