import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  messages,
  msg,
  userGroupMessages,
  type UserGroupCreate,
  type UserGroupNode,
  type UserGroupUpdate,
} from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import { nextVersion } from '../../platform/columns.js';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { badRequest, conflict, fieldRefusal, notFound } from '../../platform/errors.js';
import { buildTree } from '../../platform/tree.js';
import { userDirectory } from '../../platform/user-directory.js';
import { groupExists, wouldCycle } from './user-group.queries.js';
import { userGroup, userGroupMember } from './user-group.table.js';

type GroupRow = typeof userGroup.$inferSelect;

/** Serialises every change of the default flag, so that "clear the old, set the new" never interleaves. */
const defaultGroupLock = 727_274_102;
const lockDefaultFlag = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${defaultGroupLock})`);

async function checkParent(tx: Tx, id: number | undefined, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (!(await groupExists(tx, parentId))) throw fieldRefusal('parentId', msg(userGroupMessages, 'parentUnknown'));
  if (id !== undefined && (await wouldCycle(tx, id, parentId)))
    throw fieldRefusal('parentId', msg(userGroupMessages, 'parentCycle'));
}

async function checkMembers(tx: Tx, members: number[] | undefined): Promise<void> {
  const missing = await userDirectory().missingUsers(tx, members ?? []);
  if (missing.length > 0)
    throw badRequest(msg(userGroupMessages, 'unknownUsers'), [
      { field: 'members', message: `${userGroupMessages.unknownUsers} (${missing.join(', ')})` },
    ]);
}

async function replaceMembers(tx: Tx, groupId: number, members: number[] | undefined): Promise<void> {
  if (!members) return;
  await tx.delete(userGroupMember).where(eq(userGroupMember.groupId, groupId));
  if (members.length > 0) await tx.insert(userGroupMember).values(members.map((userId) => ({ groupId, userId })));
}

/** Clears the flag on whichever group holds it now (other than `exceptId`); call under the lock. */
async function clearDefault(tx: Tx, actor: Actor, exceptId?: number): Promise<void> {
  const cleared = await tx
    .update(userGroup)
    .set({
      isDefault: false,
      ...nextVersion(userGroup, actor),
    })
    .where(and(eq(userGroup.isDefault, true), exceptId ? ne(userGroup.id, exceptId) : undefined))
    .returning({ id: userGroup.id });
  for (const row of cleared)
    await writeAudit(tx, {
      entity: 'UserGroup',
      entityId: row.id,
      action: 'update',
      actorId: actor.userId,
      changes: { isDefault: { from: true, to: false } },
    });
}

export async function addGroup(db: Db, actor: Actor, input: UserGroupCreate): Promise<GroupRow> {
  const { members, ...fields } = input;
  return db.transaction(async (tx) => {
    await lockDefaultFlag(tx);
    await checkParent(tx, undefined, fields.parentId);
    await checkMembers(tx, members);
    // The first group there is becomes the default: there is always exactly one once any exists.
    const [existing] = await tx.select({ n: count() }).from(userGroup);
    const isDefault = fields.isDefault || existing?.n === 0;
    if (isDefault && fields.status !== 'Active') throw badRequest(msg(userGroupMessages, 'defaultMustBeActive'));
    if (isDefault) await clearDefault(tx, actor);
    const [row] = await tx
      .insert(userGroup)
      .values({ ...fields, isDefault, createdBy: actor.userId, modifiedBy: actor.userId })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await replaceMembers(tx, row.id, members);
    await writeAudit(tx, { entity: 'UserGroup', entityId: row.id, action: 'create', actorId: actor.userId });
    return row;
  });
}

export async function updateGroup(db: Db, actor: Actor, input: UserGroupUpdate): Promise<GroupRow> {
  const { id, rowVersion, members, ...fields } = input;
  return db.transaction(async (tx) => {
    await lockDefaultFlag(tx);
    const [before] = await tx.select().from(userGroup).where(eq(userGroup.id, id));
    if (!before) throw notFound();
    const isDefault = fields.isDefault ?? before.isDefault;
    if (before.isDefault && !isDefault) throw badRequest(msg(userGroupMessages, 'defaultRequired'));
    if (isDefault && fields.status !== 'Active') throw badRequest(msg(userGroupMessages, 'defaultMustBeActive'));
    await checkParent(tx, id, fields.parentId);
    await checkMembers(tx, members);
    if (isDefault && !before.isDefault) await clearDefault(tx, actor, id);
    const [row] = await tx
      .update(userGroup)
      .set({
        ...fields,
        isDefault,
        ...nextVersion(userGroup, actor),
      })
      .where(and(eq(userGroup.id, id), eq(userGroup.rowVersion, rowVersion)))
      .returning();
    if (!row) throw conflict(msg(messages, 'staleRowVersion'));
    await replaceMembers(tx, id, members);
    await writeAudit(tx, {
      entity: 'UserGroup',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: diff(before, row),
    });
    return row;
  });
}

/** Makes this group the default and clears the previous one, in one transaction. */
export async function setDefaultGroup(db: Db, actor: Actor, id: number): Promise<GroupRow> {
  return db.transaction(async (tx) => {
    await lockDefaultFlag(tx);
    const [group] = await tx.select().from(userGroup).where(eq(userGroup.id, id));
    if (!group) throw notFound();
    if (group.isDefault) return group;
    if (group.status !== 'Active') throw badRequest(msg(userGroupMessages, 'defaultMustBeActive'));
    await clearDefault(tx, actor, id);
    const [row] = await tx
      .update(userGroup)
      .set({
        isDefault: true,
        ...nextVersion(userGroup, actor),
      })
      .where(eq(userGroup.id, id))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, {
      entity: 'UserGroup',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { isDefault: { from: false, to: true } },
    });
    return row;
  });
}

/** Every group as a tree (by parentId), with member counts; a group whose parent is gone shows at the top. */
export async function groupTree(db: Db): Promise<UserGroupNode[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(userGroup).orderBy(asc(userGroup.sort), asc(userGroup.name), asc(userGroup.id)),
    userDirectory().groupMemberCounts(db),
  ]);
  return buildTree(
    rows,
    (row) => row.id,
    (row) => row.parentId,
    (row): UserGroupNode => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      modifiedAt: row.modifiedAt.toISOString(),
      memberCount: counts.get(row.id) ?? 0,
      children: [],
    }),
  );
}
