import { and, eq, isNull } from 'drizzle-orm';
import { msg, workflowMessages, type WorkflowActionName, type WorkflowInstanceInfo } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Tx } from '../../platform/db.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { workflowBusinessType, type WorkflowBusinessType } from '../../platform/workflow-types.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { flowOf, lockInstance, saveInstance } from './workflow-engine.service.js';
import { channelOf, stateOf, type InstanceRow, type Run, type TaskRow } from './workflow-run.js';
import { nodeOf } from './workflow-flow.js';
import { instanceInfo, instanceVisible } from './workflow-instance.queries.js';
import { enforce, runningRefusal, taskActionRefusal, type Refusal } from './workflow.policy.js';
import { hasPendingOnNode } from './workflow-tasks.service.js';
import { workflowTask, workflowVersion } from './workflow.table.js';

/*
 * What every action does first and last: lock the instance (concurrent actions on one instance take turns), read
 * again what the lock now protects, check it with the policy (workflow.policy.ts), and at the end write the
 * instance back and answer the caller's new view of it.
 */

/** A workflow refusal by its catalog name: 400 unless said otherwise. */
export const workflowRefusal = (
  name: keyof typeof workflowMessages,
  values?: Record<string, string | number>,
  code: 'BAD_REQUEST' | 'CONFLICT' | 'FORBIDDEN' = 'BAD_REQUEST',
) => new AppError(code, msg(workflowMessages, name, values));

export function businessTypeOf(name: InstanceRow['businessType']): WorkflowBusinessType {
  const type = workflowBusinessType(name);
  if (!type) throw workflowRefusal('noWorkflowFor');
  return type;
}

/** Opens an action on a locked instance: its pinned graph, its business type and record. */
export async function openRun(tx: Tx, instance: InstanceRow, actorId: number | null, now: Date): Promise<Run> {
  const [version] = await tx
    .select({ flowChart: workflowVersion.flowChart })
    .from(workflowVersion)
    .where(eq(workflowVersion.id, instance.versionId));
  if (!version) throw notFound();
  const type = businessTypeOf(instance.businessType);
  const record = await type.load(tx, instance.businessId, null);
  if (!record) throw conflict(msg(workflowMessages, 'recordNotFound'));
  return {
    tx,
    now,
    actorId,
    instance,
    state: stateOf(instance),
    flow: flowOf(version.flowChart),
    type,
    record,
    interactive: actorId !== null,
  };
}

/** Ends an action: writes the instance back and answers the caller's new view of it. */
export async function closeRun(run: Run, actor: Actor): Promise<WorkflowInstanceInfo> {
  await saveInstance(run);
  return instanceInfo(run.tx, actor, run.instance.id);
}

/**
 * The preamble of every action on a task: find the task, lock its instance, read the task again under the lock.
 * 404 for an unknown task, or (with `visibleTo`) an instance that caller may not see.
 */
export async function lockTask(tx: Tx, taskId: number, visibleTo: Actor | null) {
  const [found] = await tx
    .select({ instanceId: workflowTask.instanceId })
    .from(workflowTask)
    .where(eq(workflowTask.id, taskId));
  if (!found) throw notFound();
  const instance = await lockInstance(tx, found.instanceId);
  if (!instance || (visibleTo && !(await instanceVisible(tx, visibleTo, instance.id)))) throw notFound();
  const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, taskId));
  if (!task) throw notFound();
  return { instance, task };
}

export type TaskRun = { run: Run; task: TaskRow; onBehalfOfId: number | null };

/**
 * A task action opened after `check` (a policy rule) allows it on the locked instance and re-read task.
 */
export async function openTaskWith(
  tx: Tx,
  actor: Actor,
  taskId: number,
  now: Date,
  check: (instance: InstanceRow, task: TaskRow) => Refusal | null,
  visible = true,
): Promise<TaskRun> {
  const { instance, task } = await lockTask(tx, taskId, visible ? actor : null);
  enforce(check(instance, task));
  const run = await openRun(tx, instance, actor.userId, now);
  run.channel = channelOf(actor);
  const onBehalfOfId = task.assigneeId === actor.userId ? task.onBehalfOfId : null;
  return { run, task, onBehalfOfId };
}

/** The holder's (or owner's) action on their pending task, as the policy allows it. */
export const openTask = (tx: Tx, actor: Actor, taskId: number, action: WorkflowActionName, now: Date) =>
  openTaskWith(tx, actor, taskId, now, (instance, task) => taskActionRefusal(actor, instance, task, action));

/** An instance-level action's start: the instance locked and seen by the caller (the policy checks the rest). */
export async function openInstance(tx: Tx, actor: Actor, instanceId: number, now: Date) {
  const instance = await lockInstance(tx, instanceId);
  if (!instance || !(await instanceVisible(tx, actor, instance.id))) throw notFound();
  enforce(runningRefusal(instance));
  const run = await openRun(tx, instance, actor.userId, now);
  run.channel = channelOf(actor);
  return { instance, run };
}

export const approverNode = (run: Run, task: TaskRow) => nodeOf(run.flow, task.nodeId).node;

/** Picks for later nodes: only approver nodes whose rule lets a person pick. */
export function mergePicks(
  run: Run,
  picks: Record<string, number[]> | undefined,
  strategy: 'initiatorPicks' | 'previousPicks',
) {
  if (!picks) return;
  const merged = { ...run.instance.picks };
  for (const [nodeId, ids] of Object.entries(picks)) {
    const node = run.flow.byId.get(nodeId)?.node;
    if (node?.type !== 'approver' || node.approvers.strategy !== strategy)
      throw workflowRefusal('pickRequired', { node: nodeId });
    merged[nodeId] = ids;
  }
  run.instance.picks = merged;
}

/** A task's new holder: an active user with no pending task on the node yet. */
export async function checkNewHolder(run: Run, nodeId: string, userId: number): Promise<void> {
  const [user] = await run.tx
    .select({ status: appUser.status, name: userDisplayNameSql })
    .from(appUser)
    .where(and(eq(appUser.id, userId), isNull(appUser.deletedAt)));
  if (!user) throw notFound();
  if (user.status !== 'Active') throw workflowRefusal('inactiveUser', { name: user.name });
  if (await hasPendingOnNode(run, userId, nodeId)) throw workflowRefusal('signerAlreadyOnNode');
}
