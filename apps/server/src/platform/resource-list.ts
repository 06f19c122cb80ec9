import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { messages, msg, type Page, type QueryBase } from '@casedesk/shared';
import { badRequest } from './errors.js';

/**
 * The one paging-and-sorting helper of every list: the ORDER BY from the fields a list names as sortable, the
 * WHERE of the keyword and the equality filters, and a page read with its total.
 */

export type OrderBy = NonNullable<QueryBase['orderBy']>;
/** What a list may be sorted by, by the field name the API uses: a column, or an expression (a joined name). */
export type Sortable = Record<string, PgColumn | SQL>;

/** The text with LIKE's wildcards escaped, to match as it is written. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const likePattern = (keyword: string) => `%${escapeLike(keyword)}%`;

/** The keyword's condition: any of the columns contains it (case-insensitive); none when blank. */
export function keywordWhere(keyword: string | undefined, columns: readonly (PgColumn | SQL)[]): SQL | undefined {
  const trimmed = keyword?.trim();
  if (!trimmed || columns.length === 0) return undefined;
  return or(...columns.map((column) => ilike(column, likePattern(trimmed))));
}

const baseQueryKeys = new Set(['page', 'pageSize', 'keyword', 'orderBy']);

/** Equality (or `in` for a list) on every query field that names one of `columns`; the paging keys aside. */
export function equalityWhere(query: Record<string, unknown>, columns: Record<string, PgColumn>): SQL | undefined {
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (baseQueryKeys.has(key) || value === undefined || !Object.hasOwn(columns, key)) continue;
    const column = columns[key]!;
    conditions.push(Array.isArray(value) ? inArray(column, value) : eq(column, value));
  }
  return and(...conditions);
}

export type SortOptions = {
  /** The order when the caller asks for none (fields named in `sortable`); none by default. */
  defaultOrder?: OrderBy;
  /** Appended last so that pages never overlap (`desc(table.id)`); none when not given. */
  tieBreak?: SQL;
  /** Nulls sort as the lowest value (first ascending, last descending) instead of PostgreSQL's highest. */
  nullsLow?: boolean;
};

/**
 * The ORDER BY of a list. A field `sortable` does not name (as an own key: `__proto__`, `constructor` and
 * `toString` are not fields) is refused with a 400 naming it.
 */
export function sortOrder(orderBy: OrderBy | undefined, sortable: Sortable, options: SortOptions = {}): SQL[] {
  const wanted = orderBy && orderBy.length > 0 ? orderBy : (options.defaultOrder ?? []);
  const order = wanted.map(({ field, desc: descending }) => {
    if (!Object.hasOwn(sortable, field)) throw cannotSort(field);
    const column = sortable[field]!;
    if (options.nullsLow) return descending ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
    return descending ? desc(column) : asc(column);
  });
  if (options.tieBreak) order.push(options.tieBreak);
  return order;
}

function cannotSort(field: string) {
  const message = msg(messages, 'cannotSort', { field });
  return badRequest(message, [{ field: 'orderBy', message: message.text }]);
}

/** The rows of one page (1-based) and the total, read side by side. */
export async function readPage<Row>(
  query: { page: number; pageSize: number },
  rows: (limit: number, offset: number) => Promise<Row[]>,
  total: () => Promise<number>,
): Promise<Page<Row>> {
  const [items, counted] = await Promise.all([rows(query.pageSize, (query.page - 1) * query.pageSize), total()]);
  return { items, total: counted };
}

/** Every row of a list in its order, read in chunks (an export); at most `limit` rows. */
export async function* readAll<Row>(
  rows: (limit: number, offset: number) => Promise<Row[]>,
  { chunk = 1000, limit = 1_000_000 } = {},
): AsyncGenerator<Row> {
  for (let offset = 0; offset < limit; offset += chunk) {
    const read = await rows(chunk, offset);
    yield* read;
    if (read.length < chunk) return;
  }
}
