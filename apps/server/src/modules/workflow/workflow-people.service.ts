import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  WorkflowInstanceInfo,
  workflowAssignSchema,
  workflowHandoffSchema,
  workflowReassignSchema,
  workflowRemoveSignerSchema,
  workflowTransferSchema,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import {
  approverNode,
  checkNewHolder,
  closeRun,
  openTask,
  openTaskWith,
  workflowRefusal,
} from './workflow-action-run.service.js';
import { afterAddedSigner } from './workflow-decide.service.js';
import { settleNode, writeLog } from './workflow-engine.service.js';
import type { InstanceRow, Run, TaskRow } from './workflow-run.js';
import { reassignRefusal, removeSignerRefusal } from './workflow.policy.js';
import { completeTask, createTask } from './workflow-tasks.service.js';
import { workflowTask } from './workflow.table.js';

type Input<S extends z.ZodType> = z.infer<S>;

/** Gives a task to someone else: the old one `Transferred`, a new one for them; what hung on the old one follows. */
export async function handOver(run: Run, task: TaskRow, userId: number): Promise<TaskRow> {
  await checkNewHolder(run, task.nodeId, userId);
  await completeTask(run, task.id, 'Transferred');
  const fresh = await createTask(run, {
    node: approverNode(run, task),
    kind: task.kind,
    ownerId: userId,
    round: task.round,
    seq: task.seq,
    parentTaskId: task.parentTaskId,
    addedBy: task.addedBy,
    addedPosition: task.addedPosition,
  });
  await run.tx
    .update(workflowTask)
    .set({ parentTaskId: fresh.id })
    .where(and(eq(workflowTask.parentTaskId, task.id), eq(workflowTask.status, 'Pending')));
  return fresh;
}

/** `POST WorkflowInstance/Transfer`: the new person holds the task and decides. */
export async function transferTask(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowTransferSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, 'transfer', now);
    const fresh = await handOver(run, task, input.userId);
    await writeLog(run, {
      action: 'transfer',
      task,
      onBehalfOfId,
      comment: input.comment,
      detail: { userId: input.userId, taskId: fresh.id },
    });
    return closeRun(run, actor);
  });
}

/** `POST WorkflowTask/Reassign` (`workflow:edit`): an administrator gives a stuck task to someone else. */
export async function reassignTask(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowReassignSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    // No visibility check: the route's `workflow:edit` is the administrator's, who sees every instance.
    const check = (instance: InstanceRow, found: TaskRow) => reassignRefusal(actor, instance, found);
    const { run, task } = await openTaskWith(tx, actor, input.taskId, now, check, false);
    const fresh = await handOver(run, task, input.userId);
    await writeLog(run, {
      action: 'reassign',
      task,
      comment: input.comment,
      detail: { userId: input.userId, taskId: fresh.id },
    });
    return closeRun(run, actor);
  });
}

/** `POST WorkflowInstance/Assign`: signers added before me (my task waits for them) or after me. */
export async function assignSigners(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowAssignSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, 'assign', now);
    const node = approverNode(run, task);
    const userIds = [...new Set(input.userIds)];
    for (const userId of userIds) {
      if (userId === task.assigneeId || userId === task.ownerId) throw workflowRefusal('signerAlreadyOnNode');
      await checkNewHolder(run, task.nodeId, userId);
    }
    if (input.position === 'before')
      await tx.update(workflowTask).set({ kind: 'waiting', nextCheckAt: null }).where(eq(workflowTask.id, task.id));
    for (const [index, userId] of userIds.entries())
      await createTask(run, {
        node,
        kind: input.position === 'before' ? 'approve' : 'waiting',
        ownerId: userId,
        round: task.round,
        seq: task.seq * 100 + index + 1,
        parentTaskId: task.id,
        addedBy: actor.userId,
        addedPosition: input.position,
      });
    await writeLog(run, {
      action: 'assign',
      task,
      onBehalfOfId,
      comment: input.comment,
      detail: { userIds, position: input.position },
    });
    return closeRun(run, actor);
  });
}

/** `POST WorkflowTask/RemoveSigner`: the adder takes back a signer who has not acted. */
export async function removeSigner(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowRemoveSignerSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task } = await openTaskWith(tx, actor, input.taskId, now, (instance, found) =>
      removeSignerRefusal(actor, instance, found),
    );
    await completeTask(run, task.id, 'Cancelled', input.comment);
    await tx
      .update(workflowTask)
      .set({ status: 'Cancelled', completedAt: now })
      .where(and(eq(workflowTask.parentTaskId, task.id), eq(workflowTask.status, 'Pending')));
    await writeLog(run, { action: 'removeSigner', task, comment: input.comment, detail: { userId: task.ownerId } });
    await afterAddedSigner(run, task);
    await settleNode(run, approverNode(run, task), task.round);
    return closeRun(run, actor);
  });
}

/** `POST WorkflowTask/Handoff`: a reviewer answers first, then the task is mine again. */
export async function handoffTask(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowHandoffSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, 'handoff', now);
    if (input.userId === task.assigneeId || input.userId === task.ownerId) throw workflowRefusal('signerAlreadyOnNode');
    await checkNewHolder(run, task.nodeId, input.userId);
    await tx.update(workflowTask).set({ kind: 'waiting', nextCheckAt: null }).where(eq(workflowTask.id, task.id));
    await createTask(run, {
      node: approverNode(run, task),
      kind: 'review',
      ownerId: input.userId,
      round: task.round,
      seq: task.seq,
      parentTaskId: task.id,
    });
    await writeLog(run, {
      action: 'handoff',
      task,
      onBehalfOfId,
      comment: input.comment,
      detail: { userId: input.userId },
    });
    return closeRun(run, actor);
  });
}
