import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  customFieldName,
  evaluateConditions,
  type FieldAccess,
  type FlowNode,
  type Page,
  type WorkflowInstance,
  type WorkflowInstanceInfo,
  type WorkflowTask,
  type workflowInstanceQuerySchema,
  type workflowTaskCountsSchema,
  type workflowTaskQuerySchema,
  type WorkflowType,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { rowsOf, type Queryable, type Tx } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { languageFrom } from '../../platform/translator.js';
import { workflowBusinessType } from '../../platform/workflow-types.js';
import { customFieldTexts } from '../customField/index.js';
import { userNameSql } from '../user/index.js';
import { indexFlow, nextApproverNodes, nodeOf, type FlowIndex } from './workflow-flow.js';
import { actionsOnTask, instanceActionsFor, taskActionsFor } from './workflow.policy.js';
import {
  workflow,
  workflowAction,
  workflowInstance,
  workflowRegistry,
  workflowTask,
  workflowVersion,
} from './workflow.table.js';

const nameOf = userNameSql;

const iso = (at: Date | string | null): string | null =>
  at === null ? null : at instanceof Date ? at.toISOString() : new Date(at).toISOString();

/** The caller started the instance, holds or owns one of its tasks, or administers workflows. */
export function instanceVisibleSql(actor: Actor): SQL {
  if (hasPermission(actor, 'workflow:view')) return sql`true`;
  return sql`(${workflowInstance.initiatorId} = ${actor.userId} or exists (select 1 from ${workflowTask} vt
    where vt.instance_id = ${workflowInstance.id}
      and (vt.assignee_id = ${actor.userId} or vt.owner_id = ${actor.userId} or vt.on_behalf_of_id = ${actor.userId})))`;
}

export async function instanceVisible(q: Queryable, actor: Actor, id: number): Promise<boolean> {
  const rows = await q
    .select({ id: workflowInstance.id })
    .from(workflowInstance)
    .where(and(eq(workflowInstance.id, id), instanceVisibleSql(actor)));
  return rows.length > 0;
}

const instanceColumns = {
  id: workflowInstance.id,
  workflowId: workflowInstance.workflowId,
  workflowCode: workflowInstance.workflowCode,
  workflowName: sql<string>`(select w.name from ${workflow} w where w.id = ${workflowInstance.workflowId})`,
  versionId: workflowInstance.versionId,
  version: workflowInstance.version,
  businessType: workflowInstance.businessType,
  businessId: workflowInstance.businessId,
  title: workflowInstance.title,
  status: workflowInstance.status,
  initiatorId: workflowInstance.initiatorId,
  initiatorName: nameOf(sql`${workflowInstance.initiatorId}`),
  currentNodes: workflowInstance.currentNodes,
  // Qualified by hand: inside the subquery a bare "id" (what the column renders as) would be the task's own id.
  currentNodeNames: sql<string[]>`array(select coalesce((select t.node_name from ${workflowTask} t
      where t.instance_id = "workflow_instance"."id" and t.node_id = n.id order by t.id desc limit 1), n.id)
      from unnest(${workflowInstance.currentNodes}) with ordinality n(id, i) order by n.i)`,
  startedAt: workflowInstance.startedAt,
  finishedAt: workflowInstance.finishedAt,
  rowVersion: workflowInstance.rowVersion,
};

type InstanceListRow = { [K in keyof typeof instanceColumns]: unknown };
const presentInstance = (row: InstanceListRow): WorkflowInstance =>
  ({
    ...row,
    startedAt: iso(row.startedAt as Date),
    finishedAt: iso(row.finishedAt as Date | null),
  }) as WorkflowInstance;

const taskColumns = {
  id: workflowTask.id,
  instanceId: workflowTask.instanceId,
  nodeId: workflowTask.nodeId,
  nodeName: workflowTask.nodeName,
  kind: workflowTask.kind,
  ownerId: workflowTask.ownerId,
  ownerName: nameOf(sql`${workflowTask.ownerId}`),
  assigneeId: workflowTask.assigneeId,
  assigneeName: nameOf(sql`${workflowTask.assigneeId}`),
  onBehalfOfId: workflowTask.onBehalfOfId,
  onBehalfOfName: nameOf(sql`${workflowTask.onBehalfOfId}`),
  addedById: workflowTask.addedBy,
  status: workflowTask.status,
  comment: workflowTask.comment,
  dueAt: workflowTask.dueAt,
  createdAt: workflowTask.createdAt,
  completedAt: workflowTask.completedAt,
  title: workflowInstance.title,
  businessType: workflowInstance.businessType,
  businessId: workflowInstance.businessId,
  instanceStatus: workflowInstance.status,
  initiatorId: workflowInstance.initiatorId,
  initiatorName: nameOf(sql`${workflowInstance.initiatorId}`),
  workflowCode: workflowInstance.workflowCode,
  workflowName: sql<string>`(select w.name from ${workflow} w where w.id = ${workflowInstance.workflowId})`,
};

type TaskListRow = { [K in keyof typeof taskColumns]: unknown };
const presentTask = (row: TaskListRow): WorkflowTask =>
  ({
    ...row,
    dueAt: iso(row.dueAt as Date | null),
    createdAt: iso(row.createdAt as Date),
    completedAt: iso(row.completedAt as Date | null),
  }) as WorkflowTask;

/** Where a caller may send the approval back from a node: the initiator, and approver nodes passed before it. */
export function returnTargetsOf(flow: FlowIndex, path: readonly string[], nodeId: string) {
  const ancestors = nodeOf(flow, nodeId).ancestors;
  const targets = [{ nodeId: flow.root.id, nodeName: flow.root.name }];
  const seen = new Set([flow.root.id]);
  for (const id of path) {
    if (seen.has(id) || !ancestors.has(id)) continue;
    const node = flow.byId.get(id)?.node;
    if (node?.type !== 'approver') continue;
    seen.add(id);
    targets.push({ nodeId: id, nodeName: node.name });
  }
  return targets;
}

/** The caller's latest approval on the instance, when nothing a person did followed it (what Recall undoes). */
export async function recallableTask(q: Queryable, instanceId: number, userId: number) {
  const rows = await rowsOf<{ task_id: number | string; actor_id: number | null; action: string }>(
    q,
    sql`select a.task_id, a.actor_id, a.action from ${workflowAction} a
         where a.instance_id = ${instanceId}
           and a.action in ('submit','resubmit','approve','reject','return','assign','removeSigner','transfer','handoff','recall','reassign','cancel')
         order by a.id desc limit 1`,
  );
  const last = rows[0];
  if (!last || last.action !== 'approve' || last.task_id === null) return null;
  const [task] = await q
    .select()
    .from(workflowTask)
    .where(eq(workflowTask.id, Number(last.task_id)));
  if (!task || task.kind !== 'approve' || task.status !== 'Approved') return null;
  if (task.assigneeId !== userId && task.ownerId !== userId) return null;
  return task;
}

/** `GET WorkflowInstance/Info/{id}`: the instance as the caller sees it, with what they may do now. */
export async function instanceInfo(tx: Tx, actor: Actor, id: number): Promise<WorkflowInstanceInfo> {
  const [row] = await tx
    .select({ ...instanceColumns, path: workflowInstance.path })
    .from(workflowInstance)
    .where(and(eq(workflowInstance.id, id), instanceVisibleSql(actor)));
  if (!row) throw notFound();
  const [version] = await tx
    .select({ flowChart: workflowVersion.flowChart })
    .from(workflowVersion)
    .where(eq(workflowVersion.id, row.versionId));
  if (!version) throw notFound();
  const flow = indexFlow(version.flowChart);
  const taskRows = await tx
    .select(taskColumns)
    .from(workflowTask)
    .innerJoin(workflowInstance, eq(workflowInstance.id, workflowTask.instanceId))
    .where(eq(workflowTask.instanceId, id))
    .orderBy(asc(workflowTask.id));
  const presented = taskRows.map(presentTask);
  const logRows = await tx
    .select({
      id: workflowAction.id,
      taskId: workflowAction.taskId,
      nodeId: workflowAction.nodeId,
      nodeName: workflowAction.nodeName,
      action: workflowAction.action,
      actorId: workflowAction.actorId,
      actorName: nameOf(sql`${workflowAction.actorId}`),
      onBehalfOfId: workflowAction.onBehalfOfId,
      onBehalfOfName: nameOf(sql`${workflowAction.onBehalfOfId}`),
      comment: workflowAction.comment,
      commentKey: workflowAction.commentKey,
      detail: workflowAction.detail,
      channel: workflowAction.channel,
      createdAt: workflowAction.createdAt,
    })
    .from(workflowAction)
    .where(eq(workflowAction.instanceId, id))
    .orderBy(asc(workflowAction.id));

  const me = actor.userId;
  const root = flow.root;
  const facts = { status: row.status, initiatorId: row.initiatorId, root };
  const taskFacts = (task: WorkflowTask) => ({ ...task, addedBy: task.addedById ?? null });
  const tasks = presented.map((task) => ({ ...task, actions: actionsOnTask(actor, facts, taskFacts(task)) }));
  const recall = row.status === 'Running' && (await recallableTask(tx, id, me)) ? 'latest' : 'none';
  const actions = instanceActionsFor(actor, facts, tasks.map(taskFacts), recall);

  const myTasks = tasks.flatMap((task) => {
    const taskActions = taskActionsFor(actor, facts, taskFacts(task));
    if (taskActions.length === 0) return [];
    const node = flow.byId.get(task.nodeId)?.node;
    const approver = node?.type === 'approver' ? node : undefined;
    return {
      taskId: task.id,
      nodeId: task.nodeId,
      nodeName: task.nodeName,
      kind: task.kind,
      onBehalfOfId: task.assigneeId === me ? task.onBehalfOfId : null,
      actions: taskActions,
      returnTargets: task.kind === 'approve' ? returnTargetsOf(flow, row.path, task.nodeId) : [],
      reasonRequired: {
        approve: approver?.reasonRequired?.approve ?? false,
        reject: approver?.reasonRequired?.reject ?? false,
      },
      picksNeeded:
        task.kind === 'approve'
          ? nextApproverNodes(flow, task.nodeId)
              .filter((n) => n.type === 'approver' && n.approvers.strategy === 'previousPicks')
              .map((n) => ({ nodeId: n.id, nodeName: n.name }))
          : [],
    };
  });
  // Field access at the caller's current node (their first pending task), else at the start node.
  const accessNode: FlowNode = (myTasks[0] && flow.byId.get(myTasks[0].nodeId)?.node) || root;
  const permissions = 'fieldPermissions' in accessNode ? (accessNode.fieldPermissions ?? {}) : {};
  const type = workflowBusinessType(row.businessType);
  const record = type ? await type.load(tx, row.businessId, null) : null;
  const fields: Record<string, unknown> = {};
  const fieldAccess: Record<string, FieldAccess> = {};
  const fieldTexts: Record<string, string> = {};
  for (const [name, value] of Object.entries(record?.fields ?? {})) {
    const access = permissions[name] ?? 'read';
    if (access === 'hidden') continue;
    fields[name] = value instanceof Date ? value.toISOString() : value;
    fieldAccess[name] = access;
    const text = record?.texts?.[name];
    if (text !== undefined) fieldTexts[name] = text;
  }
  // Custom fields: every definition the caller may see (an empty one too, so a `write` field can be filled in).
  const customFields = (record?.customFields ?? []).filter((def) => {
    const name = customFieldName(def.key);
    const access = permissions[name] ?? 'read';
    if (access === 'hidden') return false;
    if (!(name in fields) && (def.status !== 'Active' || access !== 'write')) return false;
    fieldAccess[name] = access;
    return true;
  });
  Object.assign(fieldTexts, await customFieldTexts(tx, customFields, fields, languageFrom(actor.language) ?? 'en'));
  const { path, ...instance } = row;
  return {
    instance: presentInstance(instance),
    flowChart: version.flowChart,
    path,
    tasks,
    log: logRows.map((entry) => ({ ...entry, createdAt: iso(entry.createdAt)! })),
    actions,
    myTasks,
    fields,
    fieldAccess,
    fieldTexts,
    customFields,
  };
}

type TaskQuery = z.infer<typeof workflowTaskQuerySchema>;

function boxWhere(actor: Actor, box: TaskQuery['box']): SQL {
  const me = actor.userId;
  switch (box) {
    case 'todo':
      return sql`${workflowTask.status} = 'Pending' and ${workflowTask.kind} <> 'waiting'
        and (${workflowTask.assigneeId} = ${me} or (${workflowTask.ownerId} = ${me} and ${workflowTask.onBehalfOfId} is not null))`;
    case 'done':
      return sql`${workflowTask.status} in ('Approved','Rejected','Returned','Transferred')
        and ${workflowTask.kind} in ('approve','review','resubmit') and ${workflowTask.assigneeId} = ${me}`;
    case 'cc':
      return sql`${workflowTask.kind} = 'cc' and ${workflowTask.assigneeId} = ${me}`;
    case 'initiated':
      return sql`${workflowInstance.initiatorId} = ${me} and ${workflowTask.id} = (select max(l.id) from ${workflowTask} l where l.instance_id = ${workflowInstance.id})`;
  }
}

/** `POST WorkflowTask/Query`: one of the caller's boxes, newest first. */
export async function queryTasks(q: Queryable, actor: Actor, query: TaskQuery): Promise<Page<WorkflowTask>> {
  const where = and(
    boxWhere(actor, query.box),
    query.businessType ? eq(workflowInstance.businessType, query.businessType) : undefined,
    query.instanceStatus ? eq(workflowInstance.status, query.instanceStatus) : undefined,
    query.keyword ? sql`${workflowInstance.title} ilike ${`%${query.keyword}%`}` : undefined,
  );
  const order = query.box === 'done' ? desc(workflowTask.completedAt) : desc(workflowTask.id);
  const [items, [count]] = await Promise.all([
    q
      .select(taskColumns)
      .from(workflowTask)
      .innerJoin(workflowInstance, eq(workflowInstance.id, workflowTask.instanceId))
      .where(where)
      .orderBy(order, desc(workflowTask.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    q
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowTask)
      .innerJoin(workflowInstance, eq(workflowInstance.id, workflowTask.instanceId))
      .where(where),
  ]);
  return { items: items.map(presentTask), total: Number(count?.n ?? 0) };
}

/** `GET WorkflowTask/Counts`: the badges (`initiated` and `cc`: running instances only). */
export async function taskCounts(q: Queryable, actor: Actor): Promise<z.infer<typeof workflowTaskCountsSchema>> {
  const count = async (box: TaskQuery['box'], runningOnly: boolean) => {
    const [row] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowTask)
      .innerJoin(workflowInstance, eq(workflowInstance.id, workflowTask.instanceId))
      .where(and(boxWhere(actor, box), runningOnly ? eq(workflowInstance.status, 'Running') : undefined));
    return Number(row?.n ?? 0);
  };
  return {
    todo: await count('todo', false),
    done: await count('done', false),
    initiated: await count('initiated', true),
    cc: await count('cc', true),
  };
}

/** `POST WorkflowInstance/Query` (`workflow:view`): every instance, filtered. */
export async function queryInstances(
  q: Queryable,
  query: z.infer<typeof workflowInstanceQuerySchema>,
  now: Date,
): Promise<Page<WorkflowInstance>> {
  const where = and(
    query.status ? eq(workflowInstance.status, query.status) : undefined,
    query.businessType ? eq(workflowInstance.businessType, query.businessType) : undefined,
    query.workflowCode ? eq(workflowInstance.workflowCode, query.workflowCode) : undefined,
    query.initiatorId ? eq(workflowInstance.initiatorId, query.initiatorId) : undefined,
    query.keyword ? sql`${workflowInstance.title} ilike ${`%${query.keyword}%`}` : undefined,
    query.stuckHours
      ? sql`exists (select 1 from ${workflowTask} s where s.instance_id = ${workflowInstance.id}
          and s.status = 'Pending' and s.kind <> 'waiting'
          and s.created_at < ${new Date(now.getTime() - query.stuckHours * 3_600_000)})`
      : undefined,
  );
  const [items, [count]] = await Promise.all([
    q
      .select(instanceColumns)
      .from(workflowInstance)
      .where(where)
      .orderBy(desc(workflowInstance.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    q
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowInstance)
      .where(where),
  ]);
  return { items: items.map(presentInstance), total: Number(count?.n ?? 0) };
}

/** The first active registry entry of the type, by priority, whose conditions the record's fields meet. */
export async function registryMatch(q: Queryable, type: WorkflowType, fields: Record<string, unknown>) {
  const entries = await q
    .select()
    .from(workflowRegistry)
    .where(and(eq(workflowRegistry.businessType, type), eq(workflowRegistry.status, 'Active')))
    .orderBy(asc(workflowRegistry.priority), asc(workflowRegistry.id));
  return entries.find((entry) => evaluateConditions(entry.conditions, fields)) ?? null;
}

/** `GET WorkflowInstance/BusinessState`: whether the record can be submitted now, and its newest instance. */
export async function businessState(tx: Tx, actor: Actor, type: WorkflowType, id: number) {
  const plugin = workflowBusinessType(type);
  const record = plugin ? await plugin.load(tx, id, actor) : null;
  if (!plugin || !record) throw notFound();
  const entry = await registryMatch(tx, type, record.fields);
  const [definition] = entry
    ? await tx
        .select({ name: workflow.name, status: workflow.status, version: workflow.version })
        .from(workflow)
        .where(eq(workflow.code, entry.workflowCode))
    : [];
  const [latest] = await tx
    .select(instanceColumns)
    .from(workflowInstance)
    .where(and(eq(workflowInstance.businessType, type), eq(workflowInstance.businessId, id)))
    .orderBy(desc(workflowInstance.id))
    .limit(1);
  const usable = !!definition && definition.status !== 'Disabled' && definition.version > 0;
  // A record returned to the caller is submitted again (the same instance goes on).
  const returnedToMe =
    latest?.status === 'Running' &&
    (
      await tx
        .select({ id: workflowTask.id })
        .from(workflowTask)
        .where(
          and(
            eq(workflowTask.instanceId, latest.id),
            eq(workflowTask.kind, 'resubmit'),
            eq(workflowTask.status, 'Pending'),
            eq(workflowTask.ownerId, actor.userId),
          ),
        )
    ).length > 0;
  // The record's own rule too (an approved invoice is not submitted again); its refusal is an answer here, not an error.
  const recordAllows =
    !plugin.checkSubmit ||
    (await plugin.checkSubmit(tx, id, actor).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      },
    ));
  return {
    canSubmit: returnedToMe || (usable && latest?.status !== 'Running' && recordAllows),
    workflowCode: entry?.workflowCode ?? null,
    workflowName: definition?.name ?? null,
    instance: latest ? presentInstance(latest) : null,
  };
}
