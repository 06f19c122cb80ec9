import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  defaultRequisitionCurrency,
  messages,
  msg,
  requisitionCreateSchema,
  requisitionUpdateSchema,
  type Requisition,
  type RequisitionAction,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { deleteRefusal } from '../../platform/db-errors.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import {
  checkCancellable,
  checkDeletable,
  checkEditable,
  requisitionActionsFor,
  requisitionScope,
  type RequisitionFacts,
} from './requisition.policy.js';
import {
  computeLines,
  invoicesOf,
  linesOf,
  nextRequisitionNumber,
  replaceLines,
  requisitionCustomValues,
  requisitionRowColumns,
} from './requisition.queries.js';
import { project } from '../project/index.js';
import { requisition } from './requisition.table.js';

type Create = z.output<typeof requisitionCreateSchema>;
type Update = z.output<typeof requisitionUpdateSchema>;
/**
 * A row as read and answered: the fields (dates shown as text by `present`), the caller's actions, and the
 * policy's facts they come from (not in the answer's schema, so never sent).
 */
export type RequisitionRecord = Omit<Requisition, 'createdAt' | 'modifiedAt' | 'actions' | 'status'> &
  RequisitionFacts & { createdAt: Date; modifiedAt: Date; actions: RequisitionAction[] };

/** The row just written, as the writer sees it (outside their scope after the change: as read unscoped). */
async function written(db: Db, actor: Actor, id: number): Promise<RequisitionRecord> {
  const [row] = await db.select(requisitionRowColumns).from(requisition).where(eq(requisition.id, id));
  const facts = row as Omit<RequisitionRecord, 'actions'>;
  const customFields = await requisitionCustomValues.valuesOfRecord(db, id);
  return { ...facts, customFields, actions: requisitionActionsFor(actor, facts) };
}

const fieldsOf = (input: Create | Update) => ({
  title: input.title,
  projectId: input.projectId,
  vendorId: input.vendorId,
  neededBy: input.neededBy,
  currency: input.currency ?? defaultRequisitionCurrency,
  description: input.description,
});

const auditLines = async (q: Queryable, id: number) => ({
  lines: (await linesOf(q, id)).map(({ id: _id, ...line }) => line),
});

export async function addRequisition(db: Db, actor: Actor, input: Create): Promise<RequisitionRecord> {
  const { lines, total } = computeLines(input.lines);
  const id = await db.transaction(async (tx) => {
    const requisitionNumber = await nextRequisitionNumber(tx, new Date().getUTCFullYear());
    const [inserted] = await tx
      .insert(requisition)
      .values({
        ...fieldsOf(input),
        requisitionNumber,
        requesterId: input.requesterId ?? actor.userId,
        totalAmount: total,
        status: 'Draft',
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning({ id: requisition.id });
    await replaceLines(tx, inserted!.id, lines);
    await requisitionCustomValues.save(tx, actor, inserted!.id, input.customFields);
    await writeAudit(tx, { entity: 'Requisition', entityId: inserted!.id, action: 'create', actorId: actor.userId });
    return inserted!.id;
  });
  return written(db, actor, id);
}

/** The row locked for a change, within the actor's scope (404 otherwise). */
async function lockVisible(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(requisition)
    .where(and(eq(requisition.id, id), requisitionScope(actor)))
    .for('update', { of: requisition });
  if (!row) throw notFound();
  return row;
}

export async function updateRequisition(db: Db, actor: Actor, input: Update): Promise<RequisitionRecord> {
  const { lines, total } = computeLines(input.lines);
  await db.transaction(async (tx) => {
    const before = await lockVisible(tx, actor, input.id);
    if (before.rowVersion !== input.rowVersion) throw conflict(msg(messages, 'staleRowVersion'));
    checkEditable(before.status);
    const linesBefore = await auditLines(tx, input.id);
    const customBefore = await requisitionCustomValues.valuesOfRecord(tx, input.id);
    const [updated] = await tx
      .update(requisition)
      .set({
        ...fieldsOf(input),
        requesterId: input.requesterId ?? before.requesterId,
        totalAmount: total,
        rowVersion: before.rowVersion + 1,
        modifiedAt: new Date(),
        modifiedBy: actor.userId,
      })
      .where(eq(requisition.id, input.id))
      .returning();
    await replaceLines(tx, input.id, lines);
    await requisitionCustomValues.save(tx, actor, input.id, input.customFields, { stored: customBefore });
    const customAfter = await requisitionCustomValues.valuesOfRecord(tx, input.id);
    await writeAudit(tx, {
      entity: 'Requisition',
      entityId: input.id,
      action: 'update',
      actorId: actor.userId,
      changes: {
        ...diff(before, updated!),
        ...diff(linesBefore, await auditLines(tx, input.id)),
        ...diff({ customFields: customBefore }, { customFields: customAfter }),
      },
    });
  });
  return written(db, actor, input.id);
}

/** Deletes drafts (and cancelled or rejected ones) no invoice names; all the given ones or none. */
export async function removeRequisitions(db: Db, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: requisition.id, status: requisition.status })
        .from(requisition)
        .where(and(inArray(requisition.id, unique), requisitionScope(actor)))
        .for('update', { of: requisition });
      if (rows.length !== unique.length) throw notFound();
      for (const row of rows) checkDeletable(row.status);
      await tx.delete(requisition).where(inArray(requisition.id, unique));
      for (const id of unique)
        await writeAudit(tx, { entity: 'Requisition', entityId: id, action: 'delete', actorId: actor.userId });
      return unique.length;
    });
  } catch (error) {
    throw (await deleteRefusal(db, error, unique)) ?? error;
  }
}

/**
 * Cancels a requisition that is not under approval (a running approval is cancelled through the workflow).
 * An approved one is cancelled only while no invoice carries it as its PO.
 */
export async function cancelRequisition(db: Db, actor: Actor, id: number): Promise<RequisitionRecord> {
  await db.transaction(async (tx) => {
    const before = await lockVisible(tx, actor, id);
    checkCancellable({ status: before.status, invoiceUse: (await invoicesOf(tx, id)) > 0 ? 'live' : null });
    await tx
      .update(requisition)
      .set({ status: 'Cancelled', rowVersion: before.rowVersion + 1, modifiedAt: new Date(), modifiedBy: actor.userId })
      .where(eq(requisition.id, id));
    await writeAudit(tx, {
      entity: 'Requisition',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { status: { from: before.status, to: 'Cancelled' } },
    });
  });
  return written(db, actor, id);
}

/** The active projects a requisition of this actor may name: all with data scope all, else their own. */
export async function projectChoices(db: Db, actor: Actor) {
  const mine =
    actor.dataScope === 'all' ? undefined : inArray(project.id, actor.projects.length ? actor.projects : [0]);
  return db
    .select({ id: project.id, projectCode: project.projectCode, projectName: project.projectName })
    .from(project)
    .where(and(eq(project.projectStatus, 'Active'), mine))
    .orderBy(project.projectName)
    .limit(500);
}
