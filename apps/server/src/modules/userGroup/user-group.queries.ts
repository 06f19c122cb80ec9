import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { wouldCycle as wouldCycleIn } from '../../platform/tree.js';
import { userGroup } from './user-group.table.js';

/** Whether `parentId` is `id` itself or lies under it: placing `id` there would make a cycle. */
export const wouldCycle = (q: Queryable, id: number, parentId: number) =>
  wouldCycleIn(q, { table: userGroup, key: userGroup.id, parent: userGroup.parentId }, id, parentId);

export async function groupExists(q: Queryable, id: number): Promise<boolean> {
  const [row] = await q.select({ id: userGroup.id }).from(userGroup).where(eq(userGroup.id, id));
  return Boolean(row);
}

/** Which of `ids` are groups that exist and are active (what a record shared with groups may name). */
export async function activeGroupIds(q: Queryable, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await q
    .select({ id: userGroup.id })
    .from(userGroup)
    .where(and(inArray(userGroup.id, [...ids]), eq(userGroup.status, 'Active')));
  return new Set(rows.map((row) => row.id));
}
