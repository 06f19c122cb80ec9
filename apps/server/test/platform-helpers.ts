import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { dept } from '../src/modules/dept/dept.table.js';
import { dictionary, dictionaryItem } from '../src/modules/dictionary/dictionary.table.js';
import { position } from '../src/modules/position/position.table.js';
import { auditLog } from '../src/platform/platform.table.js';
import type { Response, TestContext } from './helpers.js';

/** Rows in a table now. */
export async function rowCount(ctx: TestContext, table: PgTable): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

const watchedTables = { dept, position, dictionary, dictionaryItem, auditLog };

/** Row counts of every table the generic resource writes, to prove a refused write changed nothing. */
export async function writeCounts(ctx: TestContext): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(watchedTables).map(async ([name, table]) => [name, await rowCount(ctx, table)] as const),
  );
  return Object.fromEntries(entries);
}

/** Runs a call that must be refused with `status`, and checks that no watched table changed size. */
export async function expectRefused(
  ctx: TestContext,
  status: number,
  call: () => Promise<Response>,
): Promise<Response> {
  const before = await writeCounts(ctx);
  const response = await call();
  expect(response.status, response.raw).toBe(status);
  expect(response.body.resultCode, response.raw).toBe(status);
  expect(await writeCounts(ctx)).toEqual(before);
  return response;
}

/** The `data` of a successful envelope, failing the test on anything else. */
export function dataOf<T>(response: Response): T {
  expect(response.status, response.raw).toBe(200);
  expect(response.body.resultCode, response.raw).toBe(200);
  return response.body.data as T;
}

/** Polls until `probe` answers something truthy; for work the server does after answering. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = await probe();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

export type SheetRow = (string | number | boolean | Date | null)[];

/** The cells of the first worksheet of an .xlsx, row by row (the header row first). */
export async function readXlsx(buffer: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('workbook has no sheet');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: SheetRow = [];
    for (let column = 1; column <= sheet.columnCount; column++) {
      const value = row.getCell(column).value;
      cells.push(value === undefined ? null : (value as SheetRow[number]));
    }
    rows.push(cells);
  });
  return rows;
}

type AuditFields = 'createdAt' | 'createdBy' | 'modifiedAt' | 'modifiedBy';

/** A record as a client sends it back to Update: its own fields, without the server-owned audit fields. */
export function editableOf<T extends Record<AuditFields, unknown>>(record: T): Omit<T, AuditFields> {
  const {
    createdAt: _createdAt,
    createdBy: _createdBy,
    modifiedAt: _modifiedAt,
    modifiedBy: _modifiedBy,
    ...fields
  } = record;
  return fields;
}
