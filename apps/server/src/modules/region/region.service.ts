import { asc, eq, isNull, sql } from 'drizzle-orm';
import { type RegionNode } from '@casedesk/shared';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { region } from './region.table.js';

/** Whether `parentCode` is `code` itself or lies under it: placing `code` there would make a cycle. */
export async function wouldCycle(q: Queryable, code: string, parentCode: string): Promise<boolean> {
  if (code === parentCode) return true;
  const rows = await rowsOf<{ code: string }>(
    q,
    sql`with recursive up(code, parent_code) as (
          select code, parent_code from region where code = ${parentCode}
          union
          select r.code, r.parent_code from region r join up on r.code = up.parent_code
        ) select code from up where code = ${code}`,
  );
  return rows.length > 0;
}

/** One level of the tree, for lazy loading (a country has thousands of regions). */
export async function regionChildren(db: Db, parentCode: string | undefined): Promise<RegionNode[]> {
  const rows = await db
    .select({
      row: region,
      hasChildren: sql<boolean>`exists (select 1 from region c where c.parent_code = region.code)`,
    })
    .from(region)
    .where(parentCode ? eq(region.parentCode, parentCode) : isNull(region.parentCode))
    .orderBy(asc(region.sort), asc(region.code))
    .limit(5000);
  return rows.map(({ row, hasChildren }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    hasChildren,
  }));
}
