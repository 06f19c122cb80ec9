import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  canChangeStatus,
  messages,
  msg,
  normalizeTag,
  statusEffects,
  ticketMergeMessages,
  ticketMessages,
  type SlaTarget,
  type TicketUpdate,
} from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, badRequest, conflict, fieldRefusal, notFound } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { sanitizeHtml } from '../../platform/html.js';
import { recordDelegatedWork } from '../delegate/index.js';
import { claimFiles, dropFiles } from '../file/index.js';
import { readSettings } from '../setting/index.js';
import { visibleSql } from './ticket.policy.js';
import { ticketRecordColumns } from './ticket.queries.js';
import {
  activeTicketDelegate,
  checkCategory,
  checkCompany,
  checkParent,
  checkPrivateAllowed,
  checkProject,
  checkUsers,
} from './ticket-references.service.js';
import { changedClock, movedClock } from './ticket-sla.service.js';
import { replaceTicketTags, tagsOfTicket } from './ticket-tag.service.js';
import { customValuesOfTicket, judgeCustomValues, writeCustomValues } from './ticket-custom.service.js';
import { watchersToTell } from './ticket-watch.service.js';
import {
  fileOwner,
  findVisible,
  ticketSearchDoc,
  type Changes,
  type TicketRecord,
  type WriteResult,
} from './ticket.service.js';
import { ticket, ticketHistory } from './ticket.table.js';

const comparable = (v: unknown) =>
  v instanceof Date ? v.toISOString() : Array.isArray(v) ? JSON.stringify([...v].sort()) : JSON.stringify(v ?? null);
/** Long texts are kept in the history only up to this length. */
const historyTextLimit = 4000;
const forHistory = (v: unknown) =>
  typeof v === 'string' && v.length > historyTextLimit ? `${v.slice(0, historyTextLimit)}…` : v;

/** Applies a partial change to a ticket in hand: checks, side effects, history. Answers the new row. */
export async function applyChange(
  tx: Tx,
  actor: Actor,
  before: TicketRecord,
  input: Omit<TicketUpdate, 'id' | 'rowVersion'>,
  rowVersion: number | undefined,
  /** Why the change happened, written into the same history entry (e.g. an open item was deleted). */
  why: Changes = {},
): Promise<WriteResult<TicketRecord>> {
  if (before.status === 'Cancelled') throw badRequest(msg(ticketMessages, 'cancelledIsFinal'));
  if (before.status === 'Merged') throw badRequest(msg(ticketMergeMessages, 'mergedIsFinal'));
  const next: Partial<TicketRecord> = {};
  const set = <K extends keyof TicketRecord>(key: K, value: TicketRecord[K] | undefined) => {
    if (value !== undefined && comparable(value) !== comparable(before[key])) next[key] = value;
  };
  set('subject', input.subject);
  if (input.content !== undefined) set('content', sanitizeHtml(input.content));
  set('categoryId', input.categoryId);
  set('projectId', input.projectId);
  set('companyId', input.companyId);
  set('businessUnit', input.businessUnit);
  set('priority', input.priority);
  set('ticketType', input.ticketType);
  set('ticketFrom', input.ticketFrom);
  set('subjectType', input.subjectType);
  set('customer', input.customer);
  set('customerEmail', input.customerEmail);
  set('telephone', input.telephone);
  set('firstName', input.firstName);
  set('lastName', input.lastName);
  set('emails', input.emails);
  set('assignTo', input.assignTo);
  set('parentTicket', input.parentTicket);
  set('privateTicket', input.privateTicket);
  if (input.grantAccess) set('grantAccess', [...new Set(input.grantAccess)]);
  if (input.attachments) set('attachments', [...new Set(input.attachments)]);
  if (input.scheduledDate !== undefined)
    set('scheduledDate', input.scheduledDate ? new Date(input.scheduledDate) : null);

  const projectId = next.projectId ?? before.projectId;
  if (next.projectId !== undefined) await checkProject(tx, actor, projectId);
  const categoryId = next.categoryId !== undefined ? next.categoryId : before.categoryId;
  if ((next.categoryId !== undefined || next.projectId !== undefined) && categoryId)
    await checkCategory(tx, categoryId, projectId);
  const companyId = next.companyId !== undefined ? next.companyId : before.companyId;
  if ((next.companyId !== undefined || next.projectId !== undefined) && companyId)
    await checkCompany(tx, companyId, projectId);
  if (next.assignTo) await checkUsers(tx, [next.assignTo], 'assignTo');
  if (next.grantAccess) await checkUsers(tx, next.grantAccess, 'grantAccess');
  if (next.parentTicket) await checkParent(tx, actor, next.parentTicket, before.id);

  let status = input.status ?? before.status;
  if (!canChangeStatus(before.status, status))
    throw fieldRefusal('status', msg(ticketMessages, 'statusNotAllowed', { from: before.status, to: status }));
  // A new assignee brings their delegate; a New ticket that gets one is Assigned.
  if (next.assignTo !== undefined || next.projectId !== undefined) {
    const assignee = next.assignTo !== undefined ? next.assignTo : before.assignTo;
    set('delegateTo', assignee !== null ? await activeTicketDelegate(tx, assignee, projectId, new Date()) : null);
    if (assignee !== null && status === 'New') status = 'Assigned';
  }
  set('status', status);
  Object.assign(
    next,
    Object.fromEntries(
      Object.entries(statusEffects(before, status, actor.userId, new Date())).filter(
        ([k, v]) => comparable(v) !== comparable(before[k as keyof TicketRecord]),
      ),
    ),
  );

  // Tags are rows of their own, read only when the change names them; compared as sets (both sorted).
  const tagsBefore = input.tags !== undefined ? await tagsOfTicket(tx, before.id) : [];
  const tagsAfter = input.tags !== undefined ? [...new Set(input.tags.map(normalizeTag))].sort() : tagsBefore;
  const tagsChanged = comparable(tagsBefore) !== comparable(tagsAfter);

  // Custom values are rows of their own too: checked when sent, and when the category changes (its required ones).
  const customSent = input.customFields !== undefined && Object.keys(input.customFields).length > 0;
  const customBefore = customSent || next.categoryId !== undefined ? await customValuesOfTicket(tx, before.id) : {};
  const custom =
    customSent || next.categoryId !== undefined
      ? await judgeCustomValues(tx, actor, input.customFields, categoryId, { stored: customBefore })
      : undefined;
  const customChanged = Object.keys(custom?.values ?? {}).filter(
    (key) => comparable(custom?.values[key]) !== comparable(customBefore[key]),
  );

  if (Object.keys(next).length === 0 && !tagsChanged && customChanged.length === 0)
    return { value: before, removedFiles: [] };
  const after = { ...before, ...next };
  // The clock moves with the change (its own columns, not the change's history: the clock keeps its spans); a
  // policy on a custom field reads the values as they will be.
  const customAfter = custom ? { ...customBefore, ...custom.values } : undefined;
  const { clock } = await movedClock(
    tx,
    before.id,
    before,
    { ...after, customFields: customAfter },
    { now: new Date() },
  );
  const searchChanged = ['subject', 'content', 'customer', 'customerEmail', 'firstName', 'lastName', 'telephone'].some(
    (k) => k in next,
  );
  const [row] = await tx
    .update(ticket)
    .set({
      ...next,
      ...changedClock(before, clock),
      ...(searchChanged ? { searchDoc: ticketSearchDoc(after) } : {}),
      rowVersion: sql`${ticket.rowVersion} + 1`,
      modifiedAt: sql`now()`,
      modifiedBy: actor.userId,
    })
    .where(and(eq(ticket.id, before.id), rowVersion === undefined ? undefined : eq(ticket.rowVersion, rowVersion)))
    .returning(ticketRecordColumns);
  if (!row) throw conflict(msg(messages, 'staleRowVersion'));

  let removedFiles: string[] = [];
  if (next.attachments) {
    await claimFiles(tx, actor, fileOwner, row.id, row.attachments);
    removedFiles = await dropFiles(tx, fileOwner, [row.id], row.attachments);
  }
  const changes: Changes = { ...why };
  for (const key of Object.keys(next) as (keyof TicketRecord)[])
    changes[key] = { from: forHistory(before[key] ?? null), to: forHistory(row[key] ?? null) };
  if (tagsChanged) {
    await replaceTicketTags(tx, row.id, tagsBefore, tagsAfter);
    // None reads as empty in the timeline, as other cleared fields do.
    changes.tags = { from: tagsBefore.length > 0 ? tagsBefore : null, to: tagsAfter.length > 0 ? tagsAfter : null };
  }
  if (custom && customChanged.length > 0) {
    const changedValues = Object.fromEntries(customChanged.map((key) => [key, custom.values[key] ?? null]));
    await writeCustomValues(tx, row.id, custom.definitions, changedValues);
    changes.customFields = {
      from: Object.fromEntries(customChanged.map((key) => [key, customBefore[key] ?? null])),
      to: changedValues,
    };
  }
  await tx.insert(ticketHistory).values({ ticketId: row.id, actorId: actor.userId, kind: 'changed', changes });
  // A ticket that newly reaches a delegate is written to the delegate audit (the delegate module's one rule chose them).
  if (next.delegateTo != null && row.assignTo !== null)
    await recordDelegatedWork(tx, {
      delegateBy: row.assignTo,
      delegateTo: next.delegateTo,
      actorId: actor.userId,
      ticketId: row.id,
    });
  // Told inside the transaction: a refused change (stale rowVersion, a batch that fails later) tells nothing.
  if (next.assignTo != null)
    await emitDomainEvent(tx, {
      type: 'ticket.assigned',
      ticketId: row.id,
      assigneeId: next.assignTo,
      actorId: actor.userId,
    });
  await emitDomainEvent(tx, { type: 'ticket.updated', ticketId: row.id, changes, actorId: actor.userId });
  if (next.status === 'Resolved')
    await emitDomainEvent(tx, { type: 'ticket.resolved', ticketId: row.id, actorId: actor.userId });
  if (next.status !== undefined) {
    const watcherIds = await watchersToTell(tx, row.id, [actor.userId]);
    if (watcherIds.length > 0)
      await emitDomainEvent(tx, {
        type: 'ticket.statusChanged',
        ticketId: row.id,
        from: before.status,
        to: row.status,
        watcherIds,
        actorId: actor.userId,
      });
  }
  return { value: row, removedFiles };
}

/** Update with the rowVersion the caller read: a stale one answers 409 and writes nothing. */
export async function updateTicket(db: Db, actor: Actor, input: TicketUpdate): Promise<WriteResult<TicketRecord>> {
  const settings = await readSettings(db);
  return db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, input.id, true);
    if (!before) throw notFound();
    if (before.rowVersion !== input.rowVersion) throw conflict(msg(messages, 'staleRowVersion'));
    checkPrivateAllowed(settings, before.privateTicket, input.privateTicket);
    const { id: _id, rowVersion, ...changes } = input;
    const result = await applyChange(tx, actor, before, changes, rowVersion);
    // Triggers (told inside applyChange) may have changed it again: answer it as they left it, so the caller's
    // rowVersion stays right.
    if (result.value === before) return result;
    const [now] = await tx.select(ticketRecordColumns).from(ticket).where(eq(ticket.id, before.id));
    return { ...result, value: now ?? result.value };
  });
}

/** The same change on several tickets: all of them or none. */
export async function batchChange(
  db: Db,
  actor: Actor,
  ids: number[],
  change: Pick<TicketUpdate, 'status' | 'assignTo'>,
): Promise<number> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(ticketRecordColumns)
      .from(ticket)
      .where(and(inArray(ticket.id, unique), visibleSql(actor)))
      .orderBy(asc(ticket.id))
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    for (const row of rows) {
      try {
        await applyChange(tx, actor, row, change, undefined);
      } catch (error) {
        if (error instanceof AppError && error.code === 'BAD_REQUEST') throw badRequest(error.prefixed(row.caseNumber));
        throw error;
      }
    }
    return rows.length;
  });
}

export async function deleteTickets(db: Db, actor: Actor, ids: number[]): Promise<WriteResult<number>> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(inArray(ticket.id, unique), visibleSql(actor)));
    if (found.length !== unique.length) throw notFound();
    const [children] = await tx
      .select({ n: count() })
      .from(ticket)
      .where(and(inArray(ticket.parentTicket, unique), sql`not (${inArray(ticket.id, unique)})`));
    if (children && children.n > 0) throw conflict(msg(ticketMessages, 'linkedFrom', { count: children.n }));
    const [merged] = await tx
      .select({ n: count() })
      .from(ticket)
      .where(and(inArray(ticket.mergedIntoId, unique), sql`not (${inArray(ticket.id, unique)})`));
    if (merged && merged.n > 0) throw conflict(msg(ticketMergeMessages, 'hasMergedTickets', { count: merged.n }));
    const removedFiles = await dropFiles(tx, fileOwner, unique);
    await tx.update(ticket).set({ parentTicket: null }).where(inArray(ticket.parentTicket, unique));
    await tx.delete(ticket).where(inArray(ticket.id, unique));
    return { value: unique.length, removedFiles };
  });
}

/**
 * Cancels a ticket because one of its open items was deleted (spec section 4), inside the caller's transaction,
 * through the same status change as any other; the history entry names the item. A ticket that cannot move to
 * Cancelled (Resolved, Closed) refuses, and so does the delete.
 */
export async function cancelTicketForOpenItem(
  tx: Tx,
  actor: Actor,
  ticketId: number,
  openItemText: string,
): Promise<void> {
  const before = await findVisible(tx, actor, ticketId, true);
  if (!before) throw notFound();
  if (before.status === 'Cancelled') return;
  await applyChange(tx, actor, before, { status: 'Cancelled' }, undefined, {
    openItemDeleted: { from: null, to: openItemText },
  });
}

/**
 * A breached ticket goes to its policy's escalation assignee (the `sla.check` job; no user acts): the assignment a
 * user's change makes (the assignee's delegate, New → Assigned, the clock, history, the delegate audit,
 * `ticket.assigned`), written by no one, its history entry naming the breached target. False when nothing changed.
 */
export async function escalateAssignee(
  tx: Tx,
  ticketId: number,
  assigneeId: number,
  target: SlaTarget,
  now: Date,
): Promise<boolean> {
  const [before] = await tx.select(ticketRecordColumns).from(ticket).where(eq(ticket.id, ticketId)).for('update');
  if (
    !before ||
    before.assignTo === assigneeId ||
    ['Resolved', 'Closed', 'Cancelled', 'Merged'].includes(before.status)
  )
    return false;
  const next: Partial<TicketRecord> = {
    assignTo: assigneeId,
    delegateTo: await activeTicketDelegate(tx, assigneeId, before.projectId, now),
    ...(before.status === 'New' ? { status: 'Assigned' as const } : {}),
  };
  const after = { ...before, ...next };
  const { clock } = await movedClock(tx, before.id, before, after, { now });
  await tx
    .update(ticket)
    .set({
      ...next,
      ...changedClock(before, clock),
      rowVersion: sql`${ticket.rowVersion} + 1`,
      modifiedAt: sql`now()`,
      modifiedBy: null,
    })
    .where(eq(ticket.id, ticketId));
  const changes: Changes = { slaBreached: { from: null, to: target } };
  for (const key of Object.keys(next) as (keyof TicketRecord)[])
    if (comparable(next[key]) !== comparable(before[key])) changes[key] = { from: before[key] ?? null, to: next[key] };
  await tx.insert(ticketHistory).values({ ticketId, actorId: null, kind: 'changed', changes });
  if (next.delegateTo != null)
    await recordDelegatedWork(tx, { delegateBy: assigneeId, delegateTo: next.delegateTo, actorId: null, ticketId });
  await emitDomainEvent(tx, { type: 'ticket.assigned', ticketId, assigneeId, actorId: null });
  return true;
}
