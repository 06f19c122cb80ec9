import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FlowNode, TaskKind, TaskStatus } from '@casedesk/shared';
import { emitDomainEvent } from '../../platform/events.js';
import { activeDelegate, recordDelegatedWork } from '../delegate/index.js';
import { dayIn } from '../../platform/zoned-time.js';
import { addServiceHours, holidaysFrom, readSettings } from '../setting/index.js';
import type { Run, TaskRow } from './workflow-run.js';
import { nodeOf } from './workflow-flow.js';
import { workflowTask } from './workflow.table.js';

/*
 * An instance's tasks: created (to the owner's delegate when one is active), announced, activated, completed and
 * cancelled. The walk through the graph (workflow-engine.service.ts) and the actions use these.
 */

export const instancePath = (id: number) => `/workflow/instance/info/${id}`;

export async function dueAtOf(run: Run, hours: number, from: Date): Promise<Date> {
  if (!run.timeZone) {
    const settings = await readSettings(run.tx, run.tx);
    run.timeZone = settings.basic.timeZone;
  }
  run.holidays ??= await holidaysFrom(run.tx, dayIn(run.timeZone, from));
  return addServiceHours(from, hours, run.holidays, run.timeZone);
}

/** The time limit of an approve task at its node: due date and the job's first look. */
export async function timeoutColumns(run: Run, node: FlowNode, from: Date) {
  if (node.type !== 'approver' || !node.timeout) return { dueAt: null, nextCheckAt: null };
  const dueAt = await dueAtOf(run, node.timeout.hours, from);
  const acts = node.timeout.remindTimes > 0 || node.timeout.action !== 'none';
  return { dueAt, nextCheckAt: acts ? dueAt : null };
}

/** Tells the waiting person (mail and bell); `remind` comes from the timeout job. */
export async function announceTask(run: Run, task: TaskRow, kind: 'approve' | 'cc' | 'resubmit' | 'review' | 'remind') {
  await emitDomainEvent(run.tx, {
    type: 'workflow.task',
    kind,
    taskId: task.id,
    instanceId: run.instance.id,
    assigneeId: task.assigneeId,
    onBehalfOfId: task.onBehalfOfId,
    title: run.instance.title,
    nodeId: task.nodeId,
    nodeName: task.nodeName,
    path: instancePath(run.instance.id),
    actorId: run.actorId,
  });
}

/** The holder of a new task for an owner: their active approval delegate, unless that one already works this node. */
async function holderFor(
  run: Run,
  ownerId: number,
  nodeId: string,
  nodeSigners: readonly number[],
): Promise<number | null> {
  const delegateTo = await activeDelegate(run.tx, ownerId, 'Approval', run.instance.projectId, run.now);
  // A delegate who signs at this node themself keeps one task there: the owner's stays with the owner.
  if (delegateTo === null || delegateTo === ownerId || nodeSigners.includes(delegateTo)) return null;
  if (await hasPendingOnNode(run, delegateTo, nodeId)) return null;
  return delegateTo;
}

export async function hasPendingOnNode(run: Run, userId: number, nodeId: string): Promise<boolean> {
  const rows = await run.tx
    .select({ id: workflowTask.id })
    .from(workflowTask)
    .where(
      and(
        eq(workflowTask.instanceId, run.instance.id),
        eq(workflowTask.nodeId, nodeId),
        eq(workflowTask.status, 'Pending'),
        sql`(${workflowTask.assigneeId} = ${userId} or ${workflowTask.ownerId} = ${userId})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type NewTask = {
  node: FlowNode;
  kind: TaskKind;
  ownerId: number;
  round: number;
  seq?: number;
  status?: TaskStatus;
  parentTaskId?: number | null;
  addedBy?: number | null;
  addedPosition?: 'before' | 'after' | null;
  comment?: string | null;
  /** The other people the node is creating tasks for now (no delegation onto one of them). */
  nodeSigners?: readonly number[];
};

/** Creates a task; pending work goes to the owner's delegate when one is active, and its holder is told. */
export async function createTask(run: Run, input: NewTask): Promise<TaskRow> {
  const finished = input.status !== undefined && input.status !== 'Pending';
  const delegable = !finished && (input.kind === 'approve' || input.kind === 'waiting' || input.kind === 'review');
  const delegateTo = delegable ? await holderFor(run, input.ownerId, input.node.id, input.nodeSigners ?? []) : null;
  const limits =
    !finished && input.kind === 'approve'
      ? await timeoutColumns(run, input.node, run.now)
      : { dueAt: null, nextCheckAt: null };
  const [task] = await run.tx
    .insert(workflowTask)
    .values({
      instanceId: run.instance.id,
      nodeId: input.node.id,
      nodeName: input.node.name,
      kind: input.kind,
      ownerId: input.ownerId,
      assigneeId: delegateTo ?? input.ownerId,
      onBehalfOfId: delegateTo === null ? null : input.ownerId,
      status: input.status ?? 'Pending',
      seq: input.seq ?? 0,
      round: input.round,
      parentTaskId: input.parentTaskId ?? null,
      addedBy: input.addedBy ?? null,
      addedPosition: input.addedPosition ?? null,
      comment: input.comment ?? null,
      ...limits,
      createdAt: run.now,
      completedAt: finished ? run.now : null,
    })
    .returning();
  if (!task) throw new Error('task not created');
  if (delegateTo !== null)
    await recordDelegatedWork(run.tx, {
      delegateBy: input.ownerId,
      delegateTo,
      actorId: run.actorId,
      taskId: task.id,
      instanceId: run.instance.id,
    });
  if (input.kind === 'cc') await announceTask(run, task, 'cc');
  else if (!finished && input.kind !== 'waiting') await announceTask(run, task, input.kind);
  return task;
}

/** A waiting task's turn comes (sequence, added signers, a review answered): it is pending work again. */
export async function activateTask(run: Run, task: TaskRow): Promise<void> {
  const node = nodeOf(run.flow, task.nodeId).node;
  const limits = await timeoutColumns(run, node, run.now);
  const [active] = await run.tx
    .update(workflowTask)
    .set({ kind: 'approve', ...limits, remindCount: 0 })
    .where(eq(workflowTask.id, task.id))
    .returning();
  if (active) await announceTask(run, active, 'approve');
}

export async function completeTask(
  run: Run,
  taskId: number,
  status: TaskStatus,
  comment?: string | null,
): Promise<void> {
  await run.tx
    .update(workflowTask)
    .set({ status, comment: comment ?? null, completedAt: run.now, nextCheckAt: null })
    .where(eq(workflowTask.id, taskId));
}

/** Cancels the pending (and waiting) tasks at these nodes, or at every node. */
export async function cancelPending(run: Run, nodeIds?: readonly string[]): Promise<void> {
  if (nodeIds && nodeIds.length === 0) return;
  await run.tx
    .update(workflowTask)
    .set({ status: 'Cancelled', completedAt: run.now, nextCheckAt: null })
    .where(
      and(
        eq(workflowTask.instanceId, run.instance.id),
        eq(workflowTask.status, 'Pending'),
        nodeIds ? inArray(workflowTask.nodeId, [...nodeIds]) : undefined,
      ),
    );
}

export async function tasksOfRound(run: Run, nodeId: string, round: number): Promise<TaskRow[]> {
  return run.tx
    .select()
    .from(workflowTask)
    .where(
      and(eq(workflowTask.instanceId, run.instance.id), eq(workflowTask.nodeId, nodeId), eq(workflowTask.round, round)),
    )
    .orderBy(asc(workflowTask.seq), asc(workflowTask.id));
}
