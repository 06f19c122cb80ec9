import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from './db.js';

/** Ids by code of rows already written (a seed reading what an earlier module's seed wrote). */
export async function codeMap(q: Queryable, id: PgColumn, code: PgColumn): Promise<Map<string, number>> {
  const rows = (await q.select({ id, code }).from(id.table)) as { id: number; code: string }[];
  return new Map(rows.map((r) => [r.code, r.id]));
}
