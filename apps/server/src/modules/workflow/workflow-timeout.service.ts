import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { openRun } from './workflow-action-run.service.js';
import { afterApproval, afterRejection } from './workflow-decide.service.js';
import { handOver } from './workflow-people.service.js';
import { escalationContactOf } from './workflow-approvers.service.js';
import { lockInstance, saveInstance, writeLog } from './workflow-engine.service.js';
import { announceTask, completeTask, dueAtOf, hasPendingOnNode } from './workflow-tasks.service.js';
import { nodeOf } from './workflow-flow.js';
import { workflowTask } from './workflow.table.js';

/** At most this many tasks per run: the next minute takes the rest. */
const batchLimit = 500;

/**
 * The timeout job's work at `now`: each pending task whose `nextCheckAt` has come, one short transaction each.
 * The instance row is claimed first (`skip locked`, the same order every action locks in), so a task under an
 * action right now waits for the next run instead of deadlocking with it.
 */
export async function runWorkflowTimeouts(db: Db, now: Date): Promise<{ handled: number }> {
  let handled = 0;
  const skipped = new Set<number>();
  while (handled + skipped.size < batchLimit) {
    const done = await db.transaction(async (tx) => {
      const [due] = await rowsOf<{ id: number | string; instance_id: number }>(
        tx,
        sql`select t.id, t.instance_id from ${workflowTask} t
              join workflow_instance i on i.id = t.instance_id
             where t.status = 'Pending' and t.kind <> 'waiting' and t.next_check_at is not null
               and t.next_check_at <= ${now}
               ${
                 skipped.size
                   ? sql`and t.id not in (${sql.join(
                       [...skipped].map((id) => sql`${id}`),
                       sql`, `,
                     )})`
                   : sql``
               }
             order by t.next_check_at limit 1
             for update of i skip locked`,
      );
      if (!due) return null;
      const acted = await handleTimeout(tx, Number(due.id), due.instance_id, now);
      if (!acted) skipped.add(Number(due.id));
      return acted;
    });
    if (done === null) break;
    if (done) handled += 1;
  }
  return { handled };
}

/** One overdue task: a reminder while reminders are left, then the node's final action. */
async function handleTimeout(tx: Tx, taskId: number, instanceId: number, now: Date): Promise<boolean> {
  const instance = await lockInstance(tx, instanceId);
  const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, taskId));
  if (!instance || !task || task.status !== 'Pending' || !task.nextCheckAt || task.nextCheckAt > now) return false;
  const stop = async () => {
    await tx.update(workflowTask).set({ nextCheckAt: null }).where(eq(workflowTask.id, task.id));
    return true;
  };
  if (instance.status !== 'Running') return stop();
  const run = await openRun(tx, instance, null, now);
  const node = nodeOf(run.flow, task.nodeId).node;
  if (node.type !== 'approver' || !node.timeout) return stop();
  const { hours, remindTimes, action } = node.timeout;

  if (task.remindCount < remindTimes) {
    const n = task.remindCount + 1;
    const last = n >= remindTimes && action === 'none';
    const [reminded] = await tx
      .update(workflowTask)
      .set({ remindCount: n, nextCheckAt: last ? null : await dueAtOf(run, hours, task.nextCheckAt) })
      .where(eq(workflowTask.id, task.id))
      .returning();
    await writeLog(run, { action: 'remind', task, actorId: null, commentKey: 'timeoutReminded', detail: { n } });
    await announceTask(run, reminded ?? task, 'remind');
    await saveInstance(run);
    return true;
  }

  if (action === 'approve' && task.kind === 'approve') {
    await completeTask(run, task.id, 'Approved');
    await writeLog(run, { action: 'autoApprove', task, actorId: null, commentKey: 'timeoutApproved' });
    await afterApproval(run, task);
  } else if (action === 'reject' && task.kind === 'approve') {
    await completeTask(run, task.id, 'Rejected');
    await writeLog(run, { action: 'autoReject', task, actorId: null, commentKey: 'timeoutRejected' });
    await afterRejection(run, task, null);
  } else if (action === 'escalate') {
    const contact = await escalationContactOf(tx, task.ownerId);
    if (contact === null || contact === task.assigneeId || (await hasPendingOnNode(run, contact, task.nodeId))) {
      // Nobody to hand it to: it stays with its holder, and the log says the escalation found no one.
      await writeLog(run, { action: 'escalate', task, actorId: null, detail: { userId: null } });
      return stop();
    }
    const fresh = await handOver(run, task, contact);
    await writeLog(run, {
      action: 'escalate',
      task,
      actorId: null,
      commentKey: 'timeoutEscalated',
      detail: { userId: contact, taskId: fresh.id },
    });
  } else return stop();
  await saveInstance(run);
  return true;
}

export const workflowTimeoutHandler = defineJobHandler({
  className: 'workflow.timeout',
  title: { en: 'Approval time limits', 'zh-cn': '审批时限', 'zh-tw': '審批時限' },
  params: z.object({}).strict(),
  async run(ctx) {
    const { handled } = await runWorkflowTimeouts(ctx.db, ctx.fireTime);
    return { message: `${handled} overdue approval tasks handled` };
  },
});
