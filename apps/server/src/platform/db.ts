import { Column, is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The database as modules see it: typed by each table at the call, not by a schema of every table. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database itself or a transaction: what read helpers take. */
export type Queryable = Db | Tx;

/** Rows of a raw statement, whichever driver runs it. */
export async function rowsOf<T>(q: Queryable, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await q.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

type PreparingDb = {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
};

/**
 * A statement built once, its values `sql.placeholder(name)`s, and sent as a named prepared statement: a
 * call neither builds the query text again (Drizzle spends more CPU on that than on sending it) nor, on
 * PostgreSQL, parses and plans it again on a connection that has run it. One name must always stand for one
 * text. Drizzle's raw `execute` takes no name, so this calls the session's `prepareQuery`, which its query
 * builders' `.prepare(name)` use; PGlite runs it as an unnamed query.
 */
export function preparedStatement<T>(name: string, build: (q: Queryable) => SQL) {
  const built = new WeakMap<object, { sql: string; params: unknown[] }>();
  return async (q: Queryable, values: Record<string, unknown>): Promise<T[]> => {
    const { dialect, session } = q as unknown as PreparingDb;
    let query = built.get(dialect);
    if (!query) built.set(dialect, (query = dialect.sqlToQuery(build(q))));
    const result = (await session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: T[] };
    return result.rows;
  };
}

/** What a prebuilt selection's row holds: each column's type (null unless not null), each expression's. */
export type SelectionRow<F extends Record<string, PgColumn | SQL>> = {
  [K in keyof F]: F[K] extends PgColumn
    ? F[K]['_']['notNull'] extends true
      ? F[K]['_']['data']
      : F[K]['_']['data'] | null
    : F[K] extends SQL<infer T>
      ? T
      : never;
};

const selectionDialect = new PgDialect({ casing: 'snake_case' });

/**
 * A select list built once, for statements run on every request: `<column or expression> as "<key>", ...` as
 * text (so it may take no parameters), and `rowOf` to decode a raw row as Drizzle's select does (timestamps to
 * Date, `mapWith`). Drizzle's select builds its list again on every call, column by column, and for a list
 * page of thirty columns that costs more CPU than sending the statement and reading its rows.
 */
export function prebuiltSelection<F extends Record<string, PgColumn | SQL>>(fields: F) {
  const entries = Object.entries(fields);
  const built = selectionDialect.sqlToQuery(
    sql.join(
      entries.map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
      sql`, `,
    ),
  );
  if (built.params.length > 0) throw new Error('a prebuilt selection takes no parameters');
  // Expressions come as the driver gives them (`mapWith` is not applied: give text or numbers the driver reads).
  const decoders = entries.flatMap(([key, field]) => (is(field, Column) ? [[key, field as PgColumn] as const] : []));
  return {
    sql: sql.raw(built.sql),
    /** Decodes the row in place. */
    rowOf(row: Record<string, unknown>): SelectionRow<F> {
      for (const [key, column] of decoders) {
        const value = row[key];
        if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
      }
      return row as SelectionRow<F>;
    },
  };
}
