import { eq } from 'drizzle-orm';
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
