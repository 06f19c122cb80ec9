import { asc } from 'drizzle-orm';
import { type IndustryNode } from '@casedesk/shared';
import type { Db, Queryable } from '../../platform/db.js';
import { buildTree, wouldCycle as wouldCycleIn } from '../../platform/tree.js';
import { industry } from './industry.table.js';

/** Whether `parentId` is `id` itself or lies under it: placing `id` there would make a cycle. */
export const wouldCycle = (q: Queryable, id: number, parentId: number) =>
  wouldCycleIn(q, { table: industry, key: industry.id, parent: industry.parentId }, id, parentId);

/** Every industry as a tree (a short list: a few dozen to a few hundred). */
export async function industryTree(db: Db): Promise<IndustryNode[]> {
  const rows = await db.select().from(industry).orderBy(asc(industry.sort), asc(industry.code));
  return buildTree(
    rows,
    (row) => row.id,
    (row) => row.parentId,
    (row): IndustryNode => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      modifiedAt: row.modifiedAt.toISOString(),
      children: [],
    }),
  );
}
