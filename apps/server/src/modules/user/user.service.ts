import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  composeFullName,
  erasedLoginName,
  type Message,
  messages,
  msg,
  userMessages,
  type UserCreate,
  type UserOnOff,
  type UserResetPassword,
  type UserUpdate,
} from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import { nextVersion } from '../../platform/columns.js';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { emitDomainEvent } from '../../platform/events.js';
import { referenceRefusal } from '../../platform/references.js';
import { dept } from '../dept/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import { assertCanGrant, assertScopeGrantable } from '../role/index.js';
import { assertCanManage, assertNotSelf, assertProjectsGrantable, userActionsFor } from './user.policy.js';
import {
  dataScopesOfRoles,
  loginNameHolder,
  missingReferences,
  permissionsOfRoles,
  permissionsOfUsers,
  selectUsers,
  type UserRow,
} from './user.queries.js';
import { appUser, userProject, userRole } from './user.table.js';
import { userResource, type UserAnswer } from './user.resource.js';

/** Rows as the API shows them: the lock flag, and what the caller may do with each. */
async function withActions(db: Db | Tx, actor: Actor, rows: UserRow[]) {
  const permissions = await permissionsOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const state = {
      id: row.id,
      status: row.status,
      locked: row.lockedAt !== null,
      deleted: row.deletedAt !== null,
      erased: row.loginName === erasedLoginName(row.id),
      permissions: permissions.get(row.id) ?? [],
    };
    return { ...row, locked: state.locked, actions: userActionsFor(actor, state) };
  });
}

async function findUser(q: Db | Tx, actor: Actor, id: number, options: { deleted?: boolean } = {}) {
  const scope = options.deleted ? isNotNull(appUser.deletedAt) : isNull(appUser.deletedAt);
  const [row] = await selectUsers(q, and(eq(appUser.id, id), scope), [], 1);
  if (!row) return undefined;
  const [shown] = await withActions(q, actor, [row]);
  return shown;
}

/** A user as every read shows it (the resource's description): what a write answers. */
const getUser = (db: Db, actor: Actor, id: number) => userResource.generic.get(db, actor, id);

async function assertReferencesExist(tx: Tx, input: Partial<UserCreate>): Promise<void> {
  const missing = await missingReferences(tx, input);
  const refusals: [string, Message][] = [];
  if (!missing.deptFound) refusals.push(['deptId', msg(userMessages, 'deptUnknown')]);
  if (!missing.positionFound) refusals.push(['positionId', msg(userMessages, 'positionUnknown')]);
  if (missing.roles.length)
    refusals.push(['roles', msg(userMessages, 'rolesUnknown', { codes: missing.roles.join(', ') })]);
  if (missing.groups.length)
    refusals.push(['groups', msg(userMessages, 'groupsUnknown', { ids: missing.groups.join(', ') })]);
  if (missing.projects.length)
    refusals.push(['projects', msg(userMessages, 'projectsUnknown', { ids: missing.projects.join(', ') })]);
  const [first] = refusals;
  // The envelope's text names the first field; each field error gives its own text.
  if (first)
    throw badRequest(
      { ...first[1], text: `${first[0]}: ${first[1].text}` },
      refusals.map(([field, message]) => fieldError(field, message)),
    );
}

async function assertLoginNameFree(tx: Tx, loginName: string, exceptId?: number): Promise<void> {
  const holder = await loginNameHolder(tx, loginName, exceptId);
  if (holder) throw conflict(msg(userMessages, holder.deletedAt ? 'loginNameTakenByDeleted' : 'loginNameTaken'));
}

/** A race past the check above still meets the unique index; it answers the same 409. */
async function guardLoginName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg(userMessages, 'loginNameTaken'));
    throw error;
  }
}

async function replaceLinks(
  tx: Tx,
  userId: number,
  links: { roles?: number[] | undefined; groups?: number[] | undefined; projects?: number[] | undefined },
) {
  if (links.roles) {
    await tx.delete(userRole).where(eq(userRole.userId, userId));
    if (links.roles.length) await tx.insert(userRole).values(links.roles.map((roleId) => ({ userId, roleId })));
  }
  if (links.groups) {
    await tx.delete(userGroupMember).where(eq(userGroupMember.userId, userId));
    if (links.groups.length)
      await tx.insert(userGroupMember).values(links.groups.map((groupId) => ({ userId, groupId })));
  }
  if (links.projects) {
    await tx.delete(userProject).where(eq(userProject.userId, userId));
    if (links.projects.length)
      await tx.insert(userProject).values(links.projects.map((projectId) => ({ userId, projectId })));
  }
}

/** No escalation: every role the actor adds must carry only permissions and a data scope the actor holds. */
async function assertRolesGrantable(tx: Tx, actor: Actor, roles: number[] | undefined, current: number[] = []) {
  if (!roles) return;
  const added = roles.filter((id) => !current.includes(id));
  assertCanGrant(actor, await permissionsOfRoles(tx, added));
  assertScopeGrantable(actor, await dataScopesOfRoles(tx, added), msg(userMessages, 'cannotGrantScope'));
}

/** No escalation: projects the user did not have must be the actor's own (unless the actor sees all). */
function assertNewProjectsGrantable(actor: Actor, projects: number[] | undefined, current: number[] = []) {
  if (projects)
    assertProjectsGrantable(
      actor,
      projects.filter((id) => !current.includes(id)),
    );
}

export async function assertManageable(tx: Tx, actor: Actor, ids: number[]): Promise<void> {
  const permissions = await permissionsOfUsers(tx, ids);
  for (const codes of permissions.values()) assertCanManage(actor, codes);
}

/** The name a saved user goes by: as typed, else composed of their given and family names. */
export const fullNameOf = (input: { fullName: string | null; realName: string | null; lastName: string | null }) =>
  input.fullName ?? composeFullName(input.realName, input.lastName);

/** Ends every live session of these users (their next call answers 4005), optionally but the caller's own. */
async function endSessions(tx: Tx, userIds: number[], reason: string, keepSessionId?: string) {
  await emitDomainEvent(tx, { type: 'user.accessEnded', userIds, reason, keepSessionId });
}

/** A password hashed ahead, out of any transaction (an import's batch hashes its rows' passwords before it opens one). */
export type PreparedPassword = { password: string; passwordHash: string };
export const preparePassword = async (password: string | undefined): Promise<PreparedPassword | undefined> =>
  password === undefined ? undefined : { password, passwordHash: await hashPassword(password) };

export async function addUser(
  db: Db,
  actor: Actor,
  input: UserCreate,
  prepared?: PreparedPassword,
): Promise<UserAnswer> {
  // Hash outside the transaction: the embedded database has a single connection.
  const passwordHash =
    prepared?.password === input.password ? prepared.passwordHash : await hashPassword(input.password);
  const { password: _password, roles, groups, projects, ...fields } = input;
  const id = await guardLoginName(() =>
    db.transaction(async (tx) => {
      await assertReferencesExist(tx, input);
      await assertLoginNameFree(tx, input.loginName);
      await assertRolesGrantable(tx, actor, roles);
      assertNewProjectsGrantable(actor, projects);
      const [row] = await tx
        .insert(appUser)
        .values({
          ...fields,
          fullName: fullNameOf(fields),
          passwordHash,
          passwordChangedAt: sql`now()`,
          createdBy: actor.userId,
          modifiedBy: actor.userId,
        })
        .returning({ id: appUser.id });
      if (!row) throw new Error('insert returned nothing');
      // New users join the default group, whatever else they are given.
      const [fallback] = await tx.select({ id: userGroup.id }).from(userGroup).where(eq(userGroup.isDefault, true));
      const withDefault = fallback && !groups.includes(fallback.id) ? [...groups, fallback.id] : groups;
      await replaceLinks(tx, row.id, { roles, groups: withDefault, projects });
      await writeAudit(tx, { entity: 'User', entityId: row.id, action: 'create', actorId: actor.userId });
      return row.id;
    }),
  );
  return getUser(db, actor, id);
}

export async function updateUser(db: Db, actor: Actor, input: UserUpdate): Promise<UserAnswer> {
  const { id, rowVersion, roles, groups, projects, ...fields } = input;
  await guardLoginName(() =>
    db.transaction(async (tx) => {
      const before = await findUser(tx, actor, id);
      if (!before) throw notFound();
      await assertManageable(tx, actor, [id]);
      await assertReferencesExist(tx, input);
      await assertLoginNameFree(tx, input.loginName, id);
      await assertRolesGrantable(tx, actor, roles, before.roles);
      assertNewProjectsGrantable(actor, projects, before.projects);
      if (fields.status !== before.status) {
        if (!hasPermission(actor, 'user:onOff')) throw new AppError('FORBIDDEN', msg(messages, 'forbidden'));
        assertNotSelf(actor, [id]);
      }
      const [row] = await tx
        .update(appUser)
        .set({
          ...fields,
          fullName: fullNameOf(fields),
          ...nextVersion(appUser, actor),
        })
        .where(and(eq(appUser.id, id), eq(appUser.rowVersion, rowVersion), isNull(appUser.deletedAt)))
        .returning({ id: appUser.id });
      if (!row) throw conflict(msg(messages, 'staleRowVersion'));
      await replaceLinks(tx, id, { roles, groups, projects });
      if (fields.status === 'Inactive' && before.status !== 'Inactive') await endSessions(tx, [id], 'deactivated');
      const after = await findUser(tx, actor, id);
      const { actions: _before, ...old } = before;
      await writeAudit(tx, {
        entity: 'User',
        entityId: id,
        action: 'update',
        actorId: actor.userId,
        changes: diff(old, after ? { ...after, actions: undefined } : old),
      });
    }),
  );
  return getUser(db, actor, id);
}

/** Locks the given users' rows in the transaction and checks them all, or refuses the lot (404). */
async function lockTargets(tx: Tx, actor: Actor, ids: number[], deleted: boolean) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: appUser.id, status: appUser.status, lockedAt: appUser.lockedAt })
    .from(appUser)
    .where(and(inArray(appUser.id, unique), deleted ? isNotNull(appUser.deletedAt) : isNull(appUser.deletedAt)))
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  await assertManageable(tx, actor, unique);
  return { ids: unique, rows };
}

const bump = (actor: Actor) => ({
  ...nextVersion(appUser, actor),
});

async function auditEach(
  tx: Tx,
  actor: Actor,
  ids: number[],
  action: 'update' | 'delete' | 'restore',
  changes?: Record<string, { from: unknown; to: unknown }>,
) {
  for (const entityId of ids)
    await writeAudit(tx, { entity: 'User', entityId, action, actorId: actor.userId, ...(changes ? { changes } : {}) });
}

/** Soft delete: the user moves to Deleted Users with every link kept, and their sessions end. */
export async function deleteUsers(db: Db, actor: Actor, ids: number[]): Promise<number> {
  assertNotSelf(actor, ids);
  return db.transaction(async (tx) => {
    const targets = await lockTargets(tx, actor, ids, false);
    // What would break while the user is away: open tickets, delegations, new tickets of a category (the modules
    // that hold them answer), a leader.
    const refusal = await referenceRefusal(tx, 'user', targets.ids);
    if (refusal) throw conflict(refusal);
    const [depts] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dept)
      .where(inArray(dept.leaderId, targets.ids));
    if (depts && depts.n > 0) throw conflict(msg(userMessages, 'leadsDepartments', { count: depts.n }));
    await tx
      .update(appUser)
      .set({ deletedAt: sql`now()`, deletedBy: actor.userId, ...bump(actor) })
      .where(inArray(appUser.id, targets.ids));
    await endSessions(tx, targets.ids, 'deleted');
    await auditEach(tx, actor, targets.ids, 'delete');
    return targets.ids.length;
  });
}

/** Brings deleted users back as they were: roles, groups and projects were never removed. */
export async function restoreUsers(db: Db, actor: Actor, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const targets = await lockTargets(tx, actor, ids, true);
    await tx
      .update(appUser)
      .set({ deletedAt: null, deletedBy: null, ...bump(actor) })
      .where(inArray(appUser.id, targets.ids));
    await auditEach(tx, actor, targets.ids, 'restore');
    return targets.ids.length;
  });
}

/** Locking ends the users' sessions; unlocking also clears the failed sign-in counts and hold-offs. */
export async function setLocked(db: Db, actor: Actor, ids: number[], locked: boolean): Promise<number> {
  if (locked) assertNotSelf(actor, ids);
  return db.transaction(async (tx) => {
    const targets = await lockTargets(tx, actor, ids, false);
    await tx
      .update(appUser)
      .set(
        locked
          ? { lockedAt: sql`coalesce(${appUser.lockedAt}, now())`, ...bump(actor) }
          : { lockedAt: null, errorCount: 0, lastErrorTime: null, ...bump(actor) },
      )
      .where(inArray(appUser.id, targets.ids));
    if (locked) await endSessions(tx, targets.ids, 'locked');
    // Unlocking also lifts every address's hold-off, so the user can sign in from anywhere at once.
    else await emitDomainEvent(tx, { type: 'user.unlocked', userIds: targets.ids });
    await auditEach(tx, actor, targets.ids, 'update', { locked: { from: !locked, to: locked } });
    return targets.ids.length;
  });
}

/** Activates or deactivates; a deactivated user's sessions end. */
export async function setStatus(db: Db, actor: Actor, input: UserOnOff): Promise<number> {
  if (input.status === 'Inactive') assertNotSelf(actor, input.ids);
  return db.transaction(async (tx) => {
    const targets = await lockTargets(tx, actor, input.ids, false);
    await tx
      .update(appUser)
      .set({ status: input.status, ...bump(actor) })
      .where(inArray(appUser.id, targets.ids));
    if (input.status === 'Inactive') await endSessions(tx, targets.ids, 'deactivated');
    const changed = targets.rows.filter((r) => r.status !== input.status).map((r) => r.id);
    await auditEach(tx, actor, changed, 'update', { status: { from: null, to: input.status } });
    return targets.ids.length;
  });
}

/** An administrator sets a temporary password; the user's sessions end (the caller's own stays). */
export async function resetPassword(db: Db, actor: Actor, input: UserResetPassword): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const targets = await lockTargets(tx, actor, [input.id], false);
    await tx
      .update(appUser)
      .set({ passwordHash, needToChangePwd: input.needToChangePwd, passwordChangedAt: sql`now()`, ...bump(actor) })
      .where(inArray(appUser.id, targets.ids));
    await endSessions(tx, targets.ids, 'password reset by an administrator', actor.sessionId);
    await auditEach(tx, actor, targets.ids, 'update', { password: { from: null, to: 'reset' } });
  });
}
