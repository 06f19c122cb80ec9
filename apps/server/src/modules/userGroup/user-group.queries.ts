import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { wouldCycle as wouldCycleIn } from '../../platform/tree.js';
import { appUser } from '../user/index.js';
import { userGroup, userGroupMember } from './user-group.table.js';

/** Whether `parentId` is `id` itself or lies under it: placing `id` there would make a cycle. */
export const wouldCycle = (q: Queryable, id: number, parentId: number) =>
  wouldCycleIn(q, { table: userGroup, key: userGroup.id, parent: userGroup.parentId }, id, parentId);

export async function groupExists(q: Queryable, id: number): Promise<boolean> {
  const [row] = await q.select({ id: userGroup.id }).from(userGroup).where(eq(userGroup.id, id));
  return Boolean(row);
}

/** Members must be users that exist and are not deleted. */
export async function missingUsers(q: Queryable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await q
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(inArray(appUser.id, ids), isNull(appUser.deletedAt)));
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

export async function membersOf(q: Queryable, groupId: number) {
  return q
    .select({
      id: appUser.id,
      loginName: appUser.loginName,
      fullName: appUser.fullName,
      email: appUser.email,
      status: appUser.status,
    })
    .from(userGroupMember)
    .innerJoin(appUser, eq(appUser.id, userGroupMember.userId))
    .where(and(eq(userGroupMember.groupId, groupId), isNull(appUser.deletedAt)))
    .orderBy(asc(appUser.loginName));
}

/** Member counts per group (deleted users left out: they come back with their groups when restored). */
export async function memberCounts(q: Queryable): Promise<Map<number, number>> {
  const rows = await q
    .select({ groupId: userGroupMember.groupId, n: count() })
    .from(userGroupMember)
    .innerJoin(appUser, eq(appUser.id, userGroupMember.userId))
    .where(isNull(appUser.deletedAt))
    .groupBy(userGroupMember.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}
