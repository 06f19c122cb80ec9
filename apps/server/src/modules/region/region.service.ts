import { asc, eq, isNull, sql } from 'drizzle-orm';
import { type RegionNode } from '@casedesk/shared';
import type { Db, Queryable } from '../../platform/db.js';
import { wouldCycle as wouldCycleIn } from '../../platform/tree.js';
import { region } from './region.table.js';

/** Whether `parentCode` is `code` itself or lies under it: placing `code` there would make a cycle. */
export const wouldCycle = (q: Queryable, code: string, parentCode: string) =>
  wouldCycleIn(q, { table: region, key: region.code, parent: region.parentCode }, code, parentCode);

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
