import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  WorkflowChannel,
  WorkflowInstanceInfo,
  workflowApproveSchema,
  workflowRejectSchema,
  workflowReturnSchema,
} from '@casedesk/shared';
import { conditionFieldName } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import { languageFrom } from '../../platform/translator.js';
import { approverNode, closeRun, mergePicks, openTask, workflowRefusal } from './workflow-action-run.service.js';
import {
  enterNode,
  finishInstance,
  returnToInitiator,
  rewindTo,
  settleNode,
  writeLog,
} from './workflow-engine.service.js';
import type { Run, TaskRow } from './workflow-run.js';
import { nodeOf } from './workflow-flow.js';
import { returnTargetsOf } from './workflow-instance.queries.js';
import { activateTask, completeTask } from './workflow-tasks.service.js';
import { workflowTask } from './workflow.table.js';

type Input<S extends z.ZodType> = z.infer<S>;

/** A further check of a caller (batch approve) on the opened task, before anything is written. */
export type DecideGuard = (run: Run, task: TaskRow) => void;

/** A review task answered: the task it was handed off from is the holder's again. */
async function answerReview(run: Run, task: TaskRow): Promise<void> {
  if (task.parentTaskId === null) return;
  const [parent] = await run.tx.select().from(workflowTask).where(eq(workflowTask.id, task.parentTaskId));
  if (parent?.status === 'Pending' && parent.kind === 'waiting') await activateTask(run, parent);
}

/** An added signer decided: a `before` signer's adder gets their turn once every such signer has. */
export async function afterAddedSigner(run: Run, task: TaskRow): Promise<void> {
  if (task.addedPosition !== 'before' || task.parentTaskId === null) return;
  const siblings = await run.tx
    .select({ id: workflowTask.id })
    .from(workflowTask)
    .where(
      and(
        eq(workflowTask.parentTaskId, task.parentTaskId),
        eq(workflowTask.addedPosition, 'before'),
        eq(workflowTask.status, 'Pending'),
      ),
    );
  if (siblings.length > 0) return;
  const [parent] = await run.tx.select().from(workflowTask).where(eq(workflowTask.id, task.parentTaskId));
  if (parent?.status === 'Pending' && parent.kind === 'waiting') await activateTask(run, parent);
}

/** `POST WorkflowInstance/Approve`. */
export async function approveTask(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowApproveSchema>,
  now = new Date(),
  guard?: DecideGuard,
  channel?: WorkflowChannel,
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, 'approve', now);
    if (channel) run.channel = channel;
    guard?.(run, task);
    if (task.kind === 'review') {
      await completeTask(run, task.id, 'Approved', input.comment);
      await writeLog(run, { action: 'approve', task, onBehalfOfId, comment: input.comment, detail: { review: true } });
      await answerReview(run, task);
      return closeRun(run, actor);
    }
    const node = approverNode(run, task);
    if (node.type === 'approver' && node.reasonRequired?.approve && !input.comment)
      throw workflowRefusal('reasonRequired');
    if (input.fields && Object.keys(input.fields).length > 0) {
      const permissions = 'fieldPermissions' in node ? (node.fieldPermissions ?? {}) : {};
      const context = { customFields: run.record.customFields, language: languageFrom(actor.language) ?? 'en' };
      for (const field of Object.keys(input.fields))
        if (permissions[field] !== 'write')
          throw workflowRefusal('fieldNotWritable', {
            field: conditionFieldName(field, run.instance.businessType, context),
          });
      if (!run.type.writeFields) throw workflowRefusal('fieldNotWritable', { field: Object.keys(input.fields)[0]! });
      await run.type.writeFields(tx, run.instance.businessId, input.fields, actor.userId, actor);
      run.record = (await run.type.load(tx, run.instance.businessId, null)) ?? run.record;
    }
    mergePicks(run, input.picks, 'previousPicks');
    await completeTask(run, task.id, 'Approved', input.comment);
    await writeLog(run, {
      action: 'approve',
      task,
      onBehalfOfId,
      comment: input.comment,
      detail: input.fields ? { fields: input.fields } : undefined,
    });
    await afterApproval(run, task);
    return closeRun(run, actor);
  });
}

/** What follows an approval (by a person or the timeout job): added signers' turns, then the node's rule. */
export async function afterApproval(run: Run, task: TaskRow): Promise<void> {
  await afterAddedSigner(run, task);
  const after = await run.tx
    .select()
    .from(workflowTask)
    .where(
      and(
        eq(workflowTask.parentTaskId, task.id),
        eq(workflowTask.addedPosition, 'after'),
        eq(workflowTask.status, 'Pending'),
        eq(workflowTask.kind, 'waiting'),
      ),
    );
  for (const signer of after) await activateTask(run, signer);
  await settleNode(run, approverNode(run, task), task.round);
}

/** What follows a rejection: the instance ends, or goes back to the initiator, as the node says. */
export async function afterRejection(run: Run, task: TaskRow, comment: string | null | undefined): Promise<void> {
  const node = approverNode(run, task);
  if (node.type === 'approver' && node.onReject === 'returnToInitiator') await returnToInitiator(run, comment ?? null);
  else await finishInstance(run, 'Rejected', comment);
}

/** `POST WorkflowInstance/Reject`: ends the instance, or sends it back to the initiator, as the node says. */
export async function rejectTask(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowRejectSchema>,
  now = new Date(),
  guard?: DecideGuard,
  channel?: WorkflowChannel,
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, 'reject', now);
    if (channel) run.channel = channel;
    guard?.(run, task);
    if (task.kind === 'review') {
      await completeTask(run, task.id, 'Rejected', input.comment);
      await writeLog(run, { action: 'reject', task, onBehalfOfId, comment: input.comment, detail: { review: true } });
      await answerReview(run, task);
      return closeRun(run, actor);
    }
    const node = approverNode(run, task);
    if (node.type === 'approver' && node.reasonRequired?.reject && !input.comment)
      throw workflowRefusal('reasonRequired');
    await completeTask(run, task.id, 'Rejected', input.comment);
    await writeLog(run, { action: 'reject', task, onBehalfOfId, comment: input.comment });
    await afterRejection(run, task, input.comment);
    return closeRun(run, actor);
  });
}

/** `POST WorkflowInstance/Return`: to the initiator (the start node) or to an approver node already passed. */
export async function returnTask(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowReturnSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, 'return', now);
    const targets = returnTargetsOf(run.flow, run.instance.path, task.nodeId);
    if (!targets.some((target) => target.nodeId === input.targetNodeId)) throw workflowRefusal('badReturnTarget');
    await completeTask(run, task.id, 'Returned', input.comment);
    await writeLog(run, {
      action: 'return',
      task,
      onBehalfOfId,
      comment: input.comment,
      detail: { targetNodeId: input.targetNodeId },
    });
    if (input.targetNodeId === run.flow.root.id) await returnToInitiator(run, input.comment);
    else {
      await rewindTo(run, input.targetNodeId);
      await enterNode(run, nodeOf(run.flow, input.targetNodeId).node);
    }
    return closeRun(run, actor);
  });
}
