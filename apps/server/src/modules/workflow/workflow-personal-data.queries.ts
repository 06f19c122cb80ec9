import { and, asc, eq, or, sql } from 'drizzle-orm';
import { msg, userMessages } from '@casedesk/shared';
import type { PersonalDataHolder } from '../../platform/personal-data.js';
import { workflowAction, workflowInstance, workflowTask } from './workflow.table.js';

const instanceTitle = sql<string>`(select i.title from ${workflowInstance} i where i.id = ${workflowTask.instanceId})`;

/** Approval tasks a user held or owned and what they did; erasing waits until none is pending. */
export const workflowPersonalData: PersonalDataHolder = {
  async rows(q, userId) {
    const [approvalTasks, approvalActions] = await Promise.all([
      q
        .select({
          id: workflowTask.id,
          instanceId: workflowTask.instanceId,
          title: instanceTitle,
          nodeName: workflowTask.nodeName,
          kind: workflowTask.kind,
          status: workflowTask.status,
          ownerId: workflowTask.ownerId,
          assigneeId: workflowTask.assigneeId,
          onBehalfOfId: workflowTask.onBehalfOfId,
          comment: workflowTask.comment,
          createdAt: workflowTask.createdAt,
          completedAt: workflowTask.completedAt,
        })
        .from(workflowTask)
        .where(
          or(
            eq(workflowTask.assigneeId, userId),
            eq(workflowTask.ownerId, userId),
            eq(workflowTask.onBehalfOfId, userId),
          ),
        )
        .orderBy(asc(workflowTask.id)),
      q
        .select({
          id: workflowAction.id,
          instanceId: workflowAction.instanceId,
          taskId: workflowAction.taskId,
          nodeName: workflowAction.nodeName,
          action: workflowAction.action,
          onBehalfOfId: workflowAction.onBehalfOfId,
          comment: workflowAction.comment,
          channel: workflowAction.channel,
          createdAt: workflowAction.createdAt,
        })
        .from(workflowAction)
        .where(or(eq(workflowAction.actorId, userId), eq(workflowAction.onBehalfOfId, userId)))
        .orderBy(asc(workflowAction.id)),
    ]);
    return { approvalTasks, approvalActions };
  },
  async eraseRefusal(tx, userId) {
    const [pending] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowTask)
      .where(
        and(
          eq(workflowTask.status, 'Pending'),
          or(eq(workflowTask.assigneeId, userId), eq(workflowTask.ownerId, userId)),
        ),
      );
    return pending && pending.n > 0 ? msg(userMessages, 'hasPendingTasks', { count: pending.n }) : undefined;
  },
};
