import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { msg, roleMessages, userGroupMessages, userMessages, type Message } from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import { likePattern } from '../../platform/resource.js';
import { displayNameSql, userNameSql, type UserDirectory } from '../../platform/user-directory.js';
import { userGroupMember } from '../userGroup/index.js';
import { appUser, userRole } from './user.table.js';

/** A user as a role's holders and a group's members list them. */
const userSummaryColumns = {
  id: appUser.id,
  loginName: appUser.loginName,
  fullName: appUser.fullName,
  email: appUser.email,
  status: appUser.status,
};

/** A user's name for a query that reads `app_user` (the one rule: `displayNameSql`). */
export const userDisplayNameSql = displayNameSql(appUser.fullName, appUser.loginName);
export { userNameSql };

// Users as the modules below this one see them (a department's, a position's, a role's, a group's users), offered
// through the manifest so that they never import this module: the lists (platform/user-directory.ts) and the
// refusals to delete what users still hold (platform/references.ts).

/** Those of `ids` that are no live user (unknown or deleted). */
async function missingUsers(q: Queryable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await q
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(inArray(appUser.id, ids), isNull(appUser.deletedAt)));
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

/** Users holding the roles: live ones and, separately, deleted ones (who get the role back on restore). */
async function usersOfRoles(q: Queryable, roleIds: number[]) {
  const [row] = await q
    .select({
      live: sql<number>`count(*) filter (where ${appUser.deletedAt} is null)::int`,
      deleted: sql<number>`count(*) filter (where ${appUser.deletedAt} is not null)::int`,
    })
    .from(userRole)
    .innerJoin(appUser, eq(appUser.id, userRole.userId))
    .where(inArray(userRole.roleId, roleIds));
  return { live: row?.live ?? 0, deleted: row?.deleted ?? 0 };
}

/** The live users of a role, a page at a time. */
async function roleUserPage(
  q: Queryable,
  roleId: number,
  options: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const keyword = options.keyword?.trim();
  const where = and(
    eq(userRole.roleId, roleId),
    isNull(appUser.deletedAt),
    keyword
      ? sql`(${appUser.loginName} ilike ${likePattern(keyword)} or ${appUser.fullName} ilike ${likePattern(keyword)} or ${appUser.email} ilike ${likePattern(keyword)})`
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    q
      .select({
        ...userSummaryColumns,
        deptId: appUser.deptId,
        locked: sql<boolean>`${appUser.lockedAt} is not null`,
      })
      .from(userRole)
      .innerJoin(appUser, eq(appUser.id, userRole.userId))
      .where(where)
      .orderBy(asc(appUser.loginName))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    q.select({ n: count() }).from(userRole).innerJoin(appUser, eq(appUser.id, userRole.userId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

async function membersOf(q: Queryable, groupId: number) {
  return q
    .select(userSummaryColumns)
    .from(userGroupMember)
    .innerJoin(appUser, eq(appUser.id, userGroupMember.userId))
    .where(and(eq(userGroupMember.groupId, groupId), isNull(appUser.deletedAt)))
    .orderBy(asc(appUser.loginName));
}

/** Member counts per group (deleted users left out: they come back with their groups when restored). */
async function memberCounts(q: Queryable): Promise<Map<number, number>> {
  const rows = await q
    .select({ groupId: userGroupMember.groupId, n: count() })
    .from(userGroupMember)
    .innerJoin(appUser, eq(appUser.id, userGroupMember.userId))
    .where(isNull(appUser.deletedAt))
    .groupBy(userGroupMember.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}

export const userDirectory: UserDirectory = {
  missingUsers,
  roleHolderCount: async (q, roleId) => (await usersOfRoles(q, [roleId])).live,
  roleHolderPage: roleUserPage,
  groupMembers: membersOf,
  groupMemberCounts: memberCounts,
};

/** A department users are in may not be deleted. */
export async function usersInDeptsRefusal(tx: Tx, deptIds: number[]): Promise<Message | undefined> {
  const [users] = await tx.select({ n: count() }).from(appUser).where(inArray(appUser.deptId, deptIds));
  if (users && users.n > 0) return msg(userMessages, 'deptHasUsers', { count: users.n });
  return undefined;
}

/** A position users hold may not be deleted. */
export async function usersInPositionsRefusal(tx: Tx, positionIds: number[]): Promise<Message | undefined> {
  const [users] = await tx.select({ n: count() }).from(appUser).where(inArray(appUser.positionId, positionIds));
  if (users && users.n > 0) return msg(userMessages, 'positionHasUsers', { count: users.n });
  return undefined;
}

/** A role users hold, deleted users included (restoring one gives the role back), may not be deleted. */
export async function roleHoldersRefusal(tx: Tx, roleIds: number[]): Promise<Message | undefined> {
  const users = await usersOfRoles(tx, roleIds);
  if (users.live + users.deleted > 0)
    return msg(roleMessages, 'assigned', { count: users.live + users.deleted, deleted: users.deleted });
  return undefined;
}

/** A group with members, deleted users included (restoring one brings their groups back), may not be deleted. */
export async function groupMembersRefusal(tx: Tx, groupIds: number[]): Promise<Message | undefined> {
  const [members] = await tx
    .select({
      n: count(),
      deleted: sql<number>`count(*) filter (where ${appUser.deletedAt} is not null)::int`,
    })
    .from(userGroupMember)
    .innerJoin(appUser, eq(appUser.id, userGroupMember.userId))
    .where(inArray(userGroupMember.groupId, groupIds));
  if (members && members.n > 0)
    return msg(userGroupMessages, 'hasMembers', { count: members.n, deleted: members.deleted });
  return undefined;
}
