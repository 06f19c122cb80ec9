import { and, desc, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  conditionFault,
  conditionFieldName,
  diffFlowCharts,
  messages,
  msg,
  validateFlowChart,
  workflowMessages,
  workflowText,
  type Condition,
  type FieldError,
  type WorkflowCreate,
  type WorkflowUpdate,
  type workflowCopySchema,
  type workflowPublishSchema,
} from '@casedesk/shared';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { nextVersion } from '../../platform/columns.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { languageFrom } from '../../platform/translator.js';
import { recordFieldDefinitions } from '../customField/index.js';
import { userNameSql } from '../user/index.js';
import { workflow, workflowInstance, workflowRegistry, workflowVersion } from './workflow.table.js';

export type WorkflowTableRow = typeof workflow.$inferSelect;
/** A definition as the API shows it: the row with the draft's state against its latest version and a name. */
export type WorkflowRow = WorkflowTableRow & { hasDraftChanges: boolean; createdByName: string | null };

/** `"table"."column"`: a correlated subquery must not bind a same-named column of its own table. */
export const qualified = (column: PgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The row every read answers: the definition, whether its draft differs from the latest version (jsonb compares
 * by value, key order aside, so an unchanged draft equals the version it was published as) and its author's name.
 */
export const workflowRowColumns = {
  ...getTableColumns(workflow),
  hasDraftChanges: sql<boolean>`(${qualified(workflow.flowChart)} is distinct from (select v.flow_chart
    from ${workflowVersion} v where v.workflow_id = ${qualified(workflow.id)} and v.version = ${qualified(workflow.version)}))`,
  createdByName: userNameSql(workflow.createdBy),
};

export async function workflowById(q: Queryable, id: number): Promise<WorkflowRow> {
  const [row] = await q.select(workflowRowColumns).from(workflow).where(eq(workflow.id, id));
  if (!row) throw notFound();
  return row;
}

const codeTaken = () => conflict(msg(workflowMessages, 'codeTaken'));

/** Code taken: 409 with our words, also when two saves race past the check to the unique key. */
async function codeGuard<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

async function checkCodeFree(tx: Tx, code: string): Promise<void> {
  const [taken] = await tx.select({ id: workflow.id }).from(workflow).where(eq(workflow.code, code));
  if (taken) throw codeTaken();
}

async function lockedWorkflow(tx: Tx, id: number): Promise<WorkflowTableRow> {
  const [row] = await tx.select().from(workflow).where(eq(workflow.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function addWorkflow(db: Db, actor: Actor, input: WorkflowCreate): Promise<WorkflowRow> {
  return codeGuard(() =>
    db.transaction(async (tx) => {
      await checkCodeFree(tx, input.code);
      const [row] = await tx
        .insert(workflow)
        .values({ ...input, status: 'Draft', version: 0, createdBy: actor.userId, modifiedBy: actor.userId })
        .returning({ id: workflow.id });
      if (!row) throw new Error('insert returned nothing');
      await writeAudit(tx, { entity: 'Workflow', entityId: row.id, action: 'create', actorId: actor.userId });
      return workflowById(tx, row.id);
    }),
  );
}

/** Saves the draft (a draft may be incomplete: only its shape is checked); code and type stay as created. */
export async function updateWorkflow(db: Db, actor: Actor, input: WorkflowUpdate): Promise<WorkflowRow> {
  const { id, rowVersion, ...fields } = input;
  return db.transaction(async (tx) => {
    const before = await lockedWorkflow(tx, id);
    if (before.status === 'Disabled') throw conflict(msg(workflowMessages, 'notDraftEditable'));
    const [row] = await tx
      .update(workflow)
      .set({ ...fields, ...nextVersion(workflow, actor) })
      .where(and(eq(workflow.id, id), eq(workflow.rowVersion, rowVersion)))
      .returning();
    if (!row) throw conflict(msg(messages, 'staleRowVersion'));
    await writeAudit(tx, {
      entity: 'Workflow',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: diff(before, row),
    });
    return workflowById(tx, id);
  });
}

/** Refused while any instance ran on it (their history points at its versions) or the registry binds it. */
export async function removeWorkflows(db: Db, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx.select().from(workflow).where(inArray(workflow.id, unique)).for('update');
    if (found.length !== unique.length) throw notFound();
    const used = await tx
      .selectDistinct({ workflowId: workflowInstance.workflowId })
      .from(workflowInstance)
      .where(inArray(workflowInstance.workflowId, unique));
    const withInstances = found.find((row) => used.some((u) => u.workflowId === row.id));
    if (withInstances) throw conflict(msg(workflowMessages, 'hasInstances', { code: withInstances.code }));
    const [bound] = await tx
      .select({ code: workflowRegistry.workflowCode })
      .from(workflowRegistry)
      .where(
        inArray(
          workflowRegistry.workflowCode,
          found.map((row) => row.code),
        ),
      )
      .limit(1);
    if (bound) throw conflict(msg(workflowMessages, 'inRegistry', { code: bound.code }));
    // Versions nobody ran belong to the definition and go with it.
    await tx.delete(workflowVersion).where(inArray(workflowVersion.workflowId, unique));
    await tx.delete(workflow).where(inArray(workflow.id, unique));
    for (const id of unique)
      await writeAudit(tx, { entity: 'Workflow', entityId: id, action: 'delete', actorId: actor.userId });
    return unique.length;
  });
}

/**
 * `Publish/{id}`: the draft, valid as a whole for its record type, becomes version n+1 (immutable; running
 * instances keep theirs), with what changed against version n in words. Refused on a stale rowVersion.
 */
export async function publishWorkflow(
  db: Db,
  actor: Actor,
  id: number,
  input: z.infer<typeof workflowPublishSchema>,
): Promise<WorkflowRow> {
  return db.transaction(async (tx) => {
    const before = await lockedWorkflow(tx, id);
    if (before.rowVersion !== input.rowVersion) throw conflict(msg(messages, 'staleRowVersion'));
    if (before.status === 'Disabled') throw conflict(msg(workflowMessages, 'notDraftEditable'));
    const graph = before.flowChart;
    // `custom.<key>` in conditions and rules names a field of the record type; refusals name it by its label.
    const problems = validateFlowChart(graph, before.type, {
      customFields: await recordFieldDefinitions(tx, before.type),
      language: languageFrom(actor.language) ?? 'en',
    });
    if (!graph || problems.length > 0) {
      // Every problem names its node (`flowChart.<node id>`), so the designer can mark them all.
      const errors: FieldError[] = problems.map((p) => ({
        field: p.nodeId ? `flowChart.${p.nodeId}` : 'flowChart',
        message: p.message,
      }));
      const first = problems[0]!;
      throw new AppError('BAD_REQUEST', msg(workflowMessages, first.key, first.values), errors);
    }
    const [previous] = await tx
      .select({ flowChart: workflowVersion.flowChart })
      .from(workflowVersion)
      .where(and(eq(workflowVersion.workflowId, id), eq(workflowVersion.version, before.version)));
    const version = before.version + 1;
    await tx.insert(workflowVersion).values({
      workflowId: id,
      code: before.code,
      version,
      name: before.name,
      flowChart: graph,
      summary: diffFlowCharts(previous?.flowChart ?? null, graph),
      note: input.note || null,
      publishedBy: actor.userId,
    });
    const [row] = await tx
      .update(workflow)
      .set({ version, status: 'Published', publishedAt: new Date(), ...nextVersion(workflow, actor) })
      .where(eq(workflow.id, id))
      .returning();
    await writeAudit(tx, {
      entity: 'Workflow',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: diff(before, row!),
    });
    return workflowById(tx, id);
  });
}

/** `Versions/{code}`: every published version, newest first, with how many instances run or ran on each. */
export async function workflowVersions(db: Db, code: string) {
  const [owner] = await db.select({ id: workflow.id }).from(workflow).where(eq(workflow.code, code));
  if (!owner) throw notFound();
  return db
    .select({
      ...getTableColumns(workflowVersion),
      publishedByName: userNameSql(workflowVersion.publishedBy),
      instanceCount: sql<number>`(select count(*)::int from ${workflowInstance} i where i.version_id = ${qualified(workflowVersion.id)})`,
    })
    .from(workflowVersion)
    .where(eq(workflowVersion.workflowId, owner.id))
    .orderBy(desc(workflowVersion.version));
}

/** `Copy/{id}`: a new draft with the source's draft graph and settings, under a new code and name. */
export async function copyWorkflow(
  db: Db,
  actor: Actor,
  id: number,
  input: z.infer<typeof workflowCopySchema>,
): Promise<WorkflowRow> {
  return codeGuard(() =>
    db.transaction(async (tx) => {
      const [source] = await tx.select().from(workflow).where(eq(workflow.id, id));
      if (!source) throw notFound();
      await checkCodeFree(tx, input.code);
      const [row] = await tx
        .insert(workflow)
        .values({
          code: input.code,
          name: input.name,
          type: source.type,
          businessTable: source.businessTable,
          sort: source.sort,
          description: source.description,
          flowChart: source.flowChart,
          status: 'Draft',
          version: 0,
          createdBy: actor.userId,
          modifiedBy: actor.userId,
        })
        .returning({ id: workflow.id });
      if (!row) throw new Error('insert returned nothing');
      await writeAudit(tx, {
        entity: 'Workflow',
        entityId: row.id,
        action: 'create',
        actorId: actor.userId,
        changes: { copiedFrom: { from: null, to: source.code } },
      });
      return workflowById(tx, row.id);
    }),
  );
}

/**
 * `Disable/{id}` and `Enable/{id}`: a disabled workflow starts no new instance (running ones continue);
 * enabled again it is Published when it has a version, else a Draft. Asking for the state it is in changes nothing.
 */
export async function setWorkflowEnabled(db: Db, actor: Actor, id: number, enabled: boolean): Promise<WorkflowRow> {
  return db.transaction(async (tx) => {
    const before = await lockedWorkflow(tx, id);
    const status = enabled ? (before.version > 0 ? 'Published' : 'Draft') : 'Disabled';
    if ((before.status === 'Disabled') === enabled) {
      const [row] = await tx
        .update(workflow)
        .set({ status, ...nextVersion(workflow, actor) })
        .where(eq(workflow.id, id))
        .returning();
      await writeAudit(tx, {
        entity: 'Workflow',
        entityId: id,
        action: 'update',
        actorId: actor.userId,
        changes: diff(before, row!),
      });
    }
    return workflowById(tx, id);
  });
}

type Fault = { field: string; name: keyof typeof workflowMessages; values: Record<string, string> };

/** 400 keyed by the first fault; each field error's text is built by `workflowText`, which keeps its key too. */
const refuse = (faults: Fault[]) =>
  badRequest(
    msg(workflowMessages, faults[0]!.name, faults[0]!.values),
    faults.map(({ field, name, values }) => ({ field, message: workflowText(name, values) })),
  );

/**
 * A registry entry: its conditions name fields of its record type with values that fit them (400 naming
 * `conditions.<i>.field` or `.value`), and its code names a workflow of that type (400 naming `workflowCode`).
 */
export async function checkRegistryEntry(
  q: Queryable,
  entry: { businessType: WorkflowTableRow['type']; workflowCode: string; conditions: readonly Condition[] },
  actor?: Actor,
): Promise<void> {
  const readsCustom = entry.conditions.some((condition) => condition.field.startsWith('custom.'));
  const context = {
    customFields: readsCustom ? await recordFieldDefinitions(q, entry.businessType) : [],
    language: languageFrom(actor?.language) ?? 'en',
  };
  const faults: Fault[] = entry.conditions.flatMap((condition, i): Fault[] => {
    const fault = conditionFault(condition, entry.businessType, context);
    const field = conditionFieldName(condition.field, entry.businessType, context);
    if (fault === 'unknownField')
      return [
        { field: `conditions.${i}.field`, name: 'registryUnknownField', values: { field, type: entry.businessType } },
      ];
    if (fault === 'badFieldValue')
      return [{ field: `conditions.${i}.value`, name: 'registryBadValue', values: { field } }];
    return [];
  });
  if (faults.length > 0) throw refuse(faults);
  const [target] = await q.select({ type: workflow.type }).from(workflow).where(eq(workflow.code, entry.workflowCode));
  const code = entry.workflowCode;
  if (!target) throw refuse([{ field: 'workflowCode', name: 'unknownWorkflow', values: { code } }]);
  if (target.type !== entry.businessType)
    throw refuse([{ field: 'workflowCode', name: 'typeMismatch', values: { code, type: target.type } }]);
}
