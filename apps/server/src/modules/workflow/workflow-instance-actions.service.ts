import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  workflowUrgeIntervalMinutes,
  type WorkflowInstanceInfo,
  type workflowCancelSchema,
  type workflowRecallSchema,
  type workflowUrgeSchema,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Queryable } from '../../platform/db.js';
import { closeRun, openInstance, workflowRefusal } from './workflow-action-run.service.js';
import { finishInstance, rewindTo, writeLog } from './workflow-engine.service.js';
import { instanceInfo, recallableTask } from './workflow-instance.queries.js';
import { announceTask } from './workflow-tasks.service.js';
import {
  awaitsApprover,
  cancelNeedsReason,
  cancelRefusal,
  enforce,
  recallRefusal,
  urgeRefusal,
  type RecallFacts,
} from './workflow.policy.js';
import { workflowAction, workflowTask } from './workflow.table.js';

type Input<S extends z.ZodType> = z.infer<S>;

/** `POST WorkflowInstance/Cancel`: the initiator while running (if the workflow allows), or an administrator with a reason. */
export async function cancelInstance(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowCancelSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { instance, run } = await openInstance(tx, actor, input.instanceId, now);
    const root = run.flow.root;
    enforce(cancelRefusal(actor, { ...instance, root }));
    if (cancelNeedsReason(actor, instance) && !input.comment) throw workflowRefusal('reasonRequired');
    await writeLog(run, { action: 'cancel', node: root, comment: input.comment });
    await finishInstance(run, 'Cancelled', input.comment);
    return closeRun(run, actor);
  });
}

/** Whether the caller's approval can be recalled, and if not, whether they approved at all. */
async function recallFactsOf(q: Queryable, instanceId: number, userId: number) {
  const task = await recallableTask(q, instanceId, userId);
  if (task) return { task, facts: 'latest' as RecallFacts };
  const [mine] = await q
    .select({ id: workflowTask.id })
    .from(workflowTask)
    .where(
      and(
        eq(workflowTask.instanceId, instanceId),
        eq(workflowTask.status, 'Approved'),
        eq(workflowTask.kind, 'approve'),
        sql`(${workflowTask.assigneeId} = ${userId} or ${workflowTask.ownerId} = ${userId})`,
      ),
    )
    .limit(1);
  return { task: null, facts: (mine ? 'superseded' : 'none') as RecallFacts };
}

/** `POST WorkflowInstance/Recall`: my last approval back, while no one has acted after it. */
export async function recallApproval(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowRecallSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { instance, run } = await openInstance(tx, actor, input.instanceId, now);
    const { task, facts } = await recallFactsOf(tx, instance.id, actor.userId);
    enforce(recallRefusal({ ...instance, root: run.flow.root }, facts));
    if (!task) throw new Error('recall allowed without a recallable task');
    // The work my approval started further on goes; the joins it completed wait again.
    await rewindTo(run, task.nodeId, true);
    const completedAt = task.completedAt;
    // Tasks my approval cancelled at my node (or-sign, percent) come back, in the same round.
    if (completedAt)
      await tx
        .update(workflowTask)
        .set({ status: 'Pending', completedAt: null })
        .where(
          and(
            eq(workflowTask.instanceId, instance.id),
            eq(workflowTask.nodeId, task.nodeId),
            eq(workflowTask.round, task.round),
            eq(workflowTask.status, 'Cancelled'),
            eq(workflowTask.completedAt, completedAt),
          ),
        );
    // In sequence, the next signer waits again; signers added after me wait for me again.
    await tx
      .update(workflowTask)
      .set({ kind: 'waiting', nextCheckAt: null })
      .where(
        and(
          eq(workflowTask.instanceId, instance.id),
          eq(workflowTask.nodeId, task.nodeId),
          eq(workflowTask.round, task.round),
          eq(workflowTask.status, 'Pending'),
          eq(workflowTask.kind, 'approve'),
          sql`((${workflowTask.addedBy} is null and ${workflowTask.seq} > ${task.seq} and ${workflowTask.id} <> ${task.id})
               or (${workflowTask.parentTaskId} = ${task.id} and ${workflowTask.addedPosition} = 'after'))`,
        ),
      );
    // A signer added before their adder: the adder waits for them again.
    if (task.addedPosition === 'before' && task.parentTaskId !== null)
      await tx
        .update(workflowTask)
        .set({ kind: 'waiting', nextCheckAt: null })
        .where(
          and(
            eq(workflowTask.id, task.parentTaskId),
            eq(workflowTask.status, 'Pending'),
            eq(workflowTask.kind, 'approve'),
          ),
        );
    await tx
      .update(workflowTask)
      .set({ status: 'Pending', completedAt: null, comment: null })
      .where(eq(workflowTask.id, task.id));
    run.state.rounds[task.nodeId] = task.round;
    await writeLog(run, { action: 'recall', task, comment: input.comment });
    return closeRun(run, actor);
  });
}

/** When the instance's approvers were last urged, from its log (the limit needs no column of its own). */
async function lastUrgedAt(q: Queryable, instanceId: number): Promise<Date | null> {
  const [last] = await q
    .select({ at: workflowAction.createdAt })
    .from(workflowAction)
    .where(and(eq(workflowAction.instanceId, instanceId), eq(workflowAction.action, 'urge')))
    .orderBy(desc(workflowAction.id))
    .limit(1);
  return last?.at ?? null;
}

/**
 * `POST WorkflowInstance/Urge` (contract 22): the initiator reminds each approver waiting now, through the same
 * bell and mail as the timeout job's reminders (kind `remind`, worded in each reader's language); once an hour.
 */
export async function urgeApprovers(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowUrgeSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { instance, run } = await openInstance(tx, actor, input.instanceId, now);
    const tasks = await tx.select().from(workflowTask).where(eq(workflowTask.instanceId, instance.id));
    enforce(urgeRefusal(actor, instance, tasks));
    const last = await lastUrgedAt(tx, instance.id);
    const nextAt = last ? last.getTime() + workflowUrgeIntervalMinutes * 60_000 : 0;
    if (nextAt > now.getTime())
      throw workflowRefusal('urgeTooSoon', { minutes: Math.ceil((nextAt - now.getTime()) / 60_000) }, 'CONFLICT');
    const waiting = tasks.filter((task) => awaitsApprover(instance, task));
    for (const task of waiting) await announceTask(run, task, 'remind');
    await writeLog(run, { action: 'urge', detail: { userIds: waiting.map((task) => task.assigneeId) } });
    return closeRun(run, actor);
  });
}

/** `GET WorkflowInstance/Info/{id}`. */
export const readInstanceInfo = (db: Db, actor: Actor, id: number) =>
  db.transaction((tx) => instanceInfo(tx, actor, id));
