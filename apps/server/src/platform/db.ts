import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

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
