import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import {
  delegateMessages,
  messages,
  type Delegate,
  type DelegateCreate,
  type DelegateHistoryQuery,
  type DelegateLogEntry,
  type DelegateLogEvent,
  type DelegateSetEnabled,
  type DelegatePickOption,
  type DelegateUpdate,
  msg,
  type Page,
} from '@casedesk/shared';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { AppError, conflict, notFound, fieldRefusal } from '../../platform/errors.js';
import { versionedUpdate } from '../../platform/resource.js';
import {
  delegateRowColumns,
  historyPage,
  lockDelegationsOf,
  missingProjects,
  overlappingDelegation,
  pickProjects,
  pickUsers,
  reverseDelegation,
  userState,
  type DelegationSpan,
} from './delegate.queries.js';
import { delegateActionsFor, delegateScope, historyScope, mayAddFor, mayManage } from './delegate.policy.js';
import { delegate, delegateLog, delegateProject } from './delegate.table.js';

type DelegateRow = Omit<Delegate, 'actions' | 'createdAt' | 'modifiedAt' | 'delegateType'> & {
  delegateType: string;
  createdAt: Date;
  modifiedAt: Date;
};
/** What a call answers: the row and the caller's actions (dates become text when presented). */
export type DelegateRecord = Omit<Delegate, 'createdAt' | 'modifiedAt'> & { createdAt: Date; modifiedAt: Date };

const notYours = () => new AppError('FORBIDDEN', msg(delegateMessages, 'notYours'));

function recordOf(actor: Actor, row: DelegateRow): DelegateRecord {
  return {
    ...row,
    delegateType: row.delegateType as Delegate['delegateType'],
    actions: delegateActionsFor(actor, row),
  };
}

/** A delegation the actor sees (their scope), optionally locked for the write. */
async function findRow(q: Queryable, actor: Actor, id: number, lock = false): Promise<DelegateRow | undefined> {
  const query = q
    .select(delegateRowColumns)
    .from(delegate)
    .where(and(eq(delegate.id, id), delegateScope(actor)));
  const [row] = lock ? await query.for('update', { of: delegate }) : await query;
  return row;
}

/** A delegation just written, whoever it belongs to (an administrator may save one outside their own scope). */
async function readBack(tx: Tx, id: number): Promise<DelegateRow> {
  const [row] = await tx.select(delegateRowColumns).from(delegate).where(eq(delegate.id, id));
  if (!row) throw new Error('the delegation cannot be read back');
  return row;
}

/** The rules every saved enabled delegation keeps; checked under the locks of its owner and delegate. */
async function checkSpan(tx: Tx, span: DelegationSpan, enabled: boolean): Promise<void> {
  if ((await userState(tx, span.delegateBy)) === 'missing')
    throw fieldRefusal('delegateBy', msg(delegateMessages, 'unknownOwner'));
  if (span.delegateTo === span.delegateBy) throw fieldRefusal('delegateTo', msg(delegateMessages, 'self'));
  if (span.endDate !== null && span.endDate < span.startDate)
    throw fieldRefusal('endDate', msg(delegateMessages, 'endBeforeStart'));
  const missing = await missingProjects(tx, span.projectIds);
  if (missing.length > 0)
    throw fieldRefusal('projectIds', msg(delegateMessages, 'unknownProjectsListed', { ids: missing.join(', ') }));
  // A switched-off delegation passes nothing on: the rules below matter once it is on.
  if (!enabled) return;
  if ((await userState(tx, span.delegateTo)) !== 'active')
    throw fieldRefusal('delegateTo', msg(delegateMessages, 'inactiveDelegate'));
  if ((await reverseDelegation(tx, span)) !== undefined)
    throw fieldRefusal('delegateTo', msg(delegateMessages, 'cycle'));
  if ((await overlappingDelegation(tx, span)) !== undefined)
    throw fieldRefusal('startDate', msg(delegateMessages, 'overlap'));
}

async function writeLog(
  tx: Tx,
  actor: Actor,
  event: DelegateLogEvent,
  row: { id: number; delegateBy: number; delegateTo: number },
  detail: Record<string, unknown> | null,
): Promise<void> {
  await tx.insert(delegateLog).values({
    delegateId: row.id,
    event,
    delegateBy: row.delegateBy,
    delegateTo: row.delegateTo,
    actorId: actor.userId,
    detail,
  });
}

async function replaceProjects(tx: Tx, id: number, projectIds: number[]): Promise<void> {
  await tx.delete(delegateProject).where(eq(delegateProject.delegateId, id));
  if (projectIds.length > 0)
    await tx.insert(delegateProject).values(projectIds.map((projectId) => ({ delegateId: id, projectId })));
}

/** The fields a change compares and the audit shows. */
const savedFields = (row: DelegateRow) => ({
  delegateBy: row.delegateBy,
  delegateTo: row.delegateTo,
  delegateType: row.delegateType,
  startDate: row.startDate,
  endDate: row.endDate,
  enabled: row.enabled,
  projectIds: row.projectIds,
});

export async function addDelegate(db: Db, actor: Actor, input: DelegateCreate): Promise<DelegateRecord> {
  const delegateBy = input.delegateBy ?? actor.userId;
  if (!mayAddFor(actor, delegateBy)) throw notYours();
  const span: DelegationSpan = { ...input, id: undefined, delegateBy };
  return db.transaction(async (tx) => {
    await lockDelegationsOf(tx, [delegateBy, input.delegateTo]);
    await checkSpan(tx, span, input.enabled);
    const [inserted] = await tx
      .insert(delegate)
      .values({
        delegateBy,
        delegateTo: input.delegateTo,
        delegateType: input.delegateType,
        startDate: input.startDate,
        endDate: input.endDate,
        enabled: input.enabled,
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning({ id: delegate.id });
    if (!inserted) throw new Error('insert returned nothing');
    await replaceProjects(tx, inserted.id, input.projectIds);
    const row = await readBack(tx, inserted.id);
    await writeAudit(tx, { entity: 'Delegate', entityId: row.id, action: 'create', actorId: actor.userId });
    await writeLog(tx, actor, 'created', row, savedFields(row));
    return recordOf(actor, row);
  });
}

export async function updateDelegate(db: Db, actor: Actor, input: DelegateUpdate): Promise<DelegateRecord> {
  const { id, rowVersion } = input;
  return db.transaction(async (tx) => {
    const seen = await findRow(tx, actor, id);
    if (!seen) throw notFound();
    const delegateBy = input.delegateBy ?? seen.delegateBy;
    // Both the owner it had and the owner it gets must be the actor's to manage.
    if (!mayManage(actor, seen.delegateBy) || !mayManage(actor, delegateBy)) throw notYours();
    await lockDelegationsOf(tx, [seen.delegateBy, seen.delegateTo, delegateBy, input.delegateTo]);
    const before = await findRow(tx, actor, id, true);
    if (!before) throw notFound();
    if (before.rowVersion !== rowVersion) throw conflict(msg(messages, 'staleRowVersion'));
    const span: DelegationSpan = { ...input, delegateBy };
    await checkSpan(tx, span, input.enabled);
    const versioned = versionedUpdate(delegate, id, rowVersion, actor);
    const [updated] = await tx
      .update(delegate)
      .set({
        delegateBy,
        delegateTo: input.delegateTo,
        delegateType: input.delegateType,
        startDate: input.startDate,
        endDate: input.endDate,
        enabled: input.enabled,
        ...versioned.set,
      })
      .where(versioned.where)
      .returning({ id: delegate.id });
    if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
    await replaceProjects(tx, id, input.projectIds);
    const after = await readBack(tx, id);
    const changes = diff(savedFields(before), savedFields(after));
    await writeAudit(tx, { entity: 'Delegate', entityId: id, action: 'update', actorId: actor.userId, changes });
    if (Object.keys(changes).length > 0) await writeLog(tx, actor, 'updated', after, changes);
    return recordOf(actor, after);
  });
}

/** The on/off switch: switching on checks the rules again (the delegate may have left, another may overlap). */
export async function setDelegateEnabled(db: Db, actor: Actor, input: DelegateSetEnabled): Promise<DelegateRecord> {
  return db.transaction(async (tx) => {
    const seen = await findRow(tx, actor, input.id);
    if (!seen) throw notFound();
    if (!mayManage(actor, seen.delegateBy)) throw notYours();
    await lockDelegationsOf(tx, [seen.delegateBy, seen.delegateTo]);
    const before = await findRow(tx, actor, input.id, true);
    if (!before) throw notFound();
    if (before.rowVersion !== input.rowVersion) throw conflict(msg(messages, 'staleRowVersion'));
    if (before.enabled === input.enabled) return recordOf(actor, before);
    if (input.enabled)
      await checkSpan(tx, { ...before, delegateType: before.delegateType as DelegationSpan['delegateType'] }, true);
    const versioned = versionedUpdate(delegate, input.id, input.rowVersion, actor);
    const [updated] = await tx
      .update(delegate)
      .set({ enabled: input.enabled, ...versioned.set })
      .where(versioned.where)
      .returning({ id: delegate.id });
    if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
    await writeAudit(tx, {
      entity: 'Delegate',
      entityId: input.id,
      action: 'update',
      actorId: actor.userId,
      changes: { enabled: { from: before.enabled, to: input.enabled } },
    });
    await writeLog(tx, actor, input.enabled ? 'enabled' : 'disabled', before, null);
    return recordOf(actor, await readBack(tx, input.id));
  });
}

/** Deletes all the given delegations or none (one the actor does not see: 404; not theirs to manage: 403). */
export async function removeDelegates(db: Db, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(delegateRowColumns)
      .from(delegate)
      .where(and(inArray(delegate.id, unique), delegateScope(actor)))
      .orderBy(delegate.id)
      .for('update', { of: delegate });
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((row) => !mayManage(actor, row.delegateBy))) throw notYours();
    await tx.delete(delegate).where(inArray(delegate.id, unique));
    for (const row of rows) {
      await writeAudit(tx, { entity: 'Delegate', entityId: row.id, action: 'delete', actorId: actor.userId });
      // The audit keeps the delegation's id (no foreign key): its history stays readable after the delete.
      await writeLog(tx, actor, 'deleted', row, savedFields(row));
    }
    return rows.length;
  });
}

/** `POST Delegate/History`: the audit the actor may see, filtered, newest first. */
export async function delegateHistory(
  db: Db,
  actor: Actor,
  query: DelegateHistoryQuery,
): Promise<Page<DelegateLogEntry>> {
  const where = and(
    historyScope(actor),
    query.userId === undefined
      ? undefined
      : or(
          eq(delegateLog.delegateBy, query.userId),
          eq(delegateLog.delegateTo, query.userId),
          eq(delegateLog.actorId, query.userId),
        ),
    query.delegateId === undefined ? undefined : eq(delegateLog.delegateId, query.delegateId),
    query.events && query.events.length > 0 ? inArray(delegateLog.event, query.events) : undefined,
    query.from === undefined ? undefined : gte(delegateLog.createdAt, sql`${query.from}::date`),
    query.to === undefined ? undefined : lt(delegateLog.createdAt, sql`${query.to}::date + 1`),
  );
  const page = await historyPage(db, where, query.page, query.pageSize);
  return {
    total: page.total,
    items: page.items.map((item) => ({
      ...item,
      event: item.event as DelegateLogEvent,
      createdAt: item.createdAt.toISOString(),
    })),
  };
}

/** Users the editor offers as owner or delegate. */
export const delegateUserOptions = (
  db: Db,
  keyword: string | undefined,
  ids: number[] = [],
): Promise<DelegatePickOption[]> => pickUsers(db, keyword, ids);

/** Projects the editor offers: every project to whoever sees them all, else the actor's own. */
export const delegateProjectOptions = (db: Db, actor: Actor): Promise<DelegatePickOption[]> =>
  pickProjects(db, actor.permissions.has('project:view') || actor.dataScope === 'all' ? 'all' : actor.projects);
