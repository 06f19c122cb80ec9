import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db.js';
import type { DomainEventHandler, WorkflowFinishedEvent, WorkflowTaskEvent } from '../../platform/events.js';
import { appUser, userNameSql } from '../user/index.js';
import { approvalLinksFor } from '../workflow/index.js';
import { recipientOf, renderAndQueue, userColumns, type Recipient } from './email-notify.service.js';
import { mailBaseUrl, type TemplateValues } from './email-render.service.js';
import type { SeededValue } from './email-words.js';

/** The approve and reject links of a task's mail (empty for a task a mail cannot decide: the template leaves them out). */
function linksOf(event: WorkflowTaskEvent): { approveLink: string; rejectLink: string } {
  const links = approvalLinksFor({ taskId: event.taskId, assigneeId: event.assigneeId, kind: event.kind });
  return links
    ? { approveLink: mailBaseUrl() + links.approveLink, rejectLink: mailBaseUrl() + links.rejectLink }
    : { approveLink: '', rejectLink: '' };
}

/** A user who takes approval mail: active, not deleted, `canEmail` on (approvals are not incident mail). */
const takesApprovalMail = and(eq(appUser.status, 'Active'), isNull(appUser.deletedAt), eq(appUser.canEmail, true));

async function approvalRecipient(tx: Tx, userId: number): Promise<Recipient | undefined> {
  const [user] = await tx
    .select(userColumns)
    .from(appUser)
    .where(and(eq(appUser.id, userId), takesApprovalMail));
  return user && recipientOf(user);
}

/**
 * What every approval mail says of its instance: title, workflow, initiator, the one who acted, the link; and which
 * of them are seeded names (the demo workflow's and its step's), worded in the template's language.
 */
async function approvalValuesOf(
  tx: Tx,
  event: { instanceId: number; title: string; path: string; actorId: number | null; nodeId?: string },
  more: Record<string, string>,
): Promise<{ values: TemplateValues; seeded: SeededValue[] }> {
  const [row] = await rowsOf<{
    workflow_name: string | null;
    workflow_code: string | null;
    initiator_name: string | null;
    actor_name: string | null;
  }>(
    tx,
    sql`select w.name as workflow_name, w.code as workflow_code,
               ${userNameSql(sql`i.initiator_id`)} as initiator_name,
               ${userNameSql(sql`${event.actorId}`)} as actor_name
          from workflow_instance i left join workflow w on w.id = i.workflow_id where i.id = ${event.instanceId}`,
  );
  const code = row?.workflow_code ?? null;
  return {
    values: {
      approval: {
        title: event.title,
        workflowName: row?.workflow_name ?? '',
        initiatorName: row?.initiator_name ?? '',
        actorName: row?.actor_name ?? '',
        ...more,
      },
      link: `${mailBaseUrl()}${event.path}`,
    },
    seeded: [
      { path: ['approval', 'workflowName'], kind: 'workflow', code },
      // The step by its node: a copy of a demo workflow keeps the demo's ids and names under another code.
      { path: ['approval', 'nodeName'], nodeId: event.nodeId ?? null },
    ],
  };
}

/**
 * A task waits: its holder gets the `approvalTask` template (approve, resubmit, review, and the timeout job's
 * reminders), never for their own action. A copy (cc) rings the bell only: it asks nothing of the reader, and a
 * mail per copy would teach people to ignore approval mail.
 */
async function mailWorkflowTask(tx: Tx, event: WorkflowTaskEvent): Promise<void> {
  if (event.kind === 'cc' || event.assigneeId === event.actorId) return;
  const recipient = await approvalRecipient(tx, event.assigneeId);
  if (!recipient) return;
  let onBehalfOfName = '';
  if (event.onBehalfOfId !== null) {
    const [owner] = await tx.select(userColumns).from(appUser).where(eq(appUser.id, event.onBehalfOfId));
    onBehalfOfName = owner?.name ?? '';
  }
  await renderAndQueue(tx, {
    event: 'approvalTask',
    recipient,
    ...(await approvalValuesOf(tx, event, {
      nodeName: event.nodeName,
      kind: event.kind,
      onBehalfOfName,
      ...linksOf(event),
    })),
    actorId: event.actorId,
    workflowTaskId: event.taskId,
  });
}

/** An instance ended: the initiator hears the outcome (not of a cancel of their own). */
async function mailWorkflowFinished(tx: Tx, event: WorkflowFinishedEvent): Promise<void> {
  if (event.initiatorId === event.actorId) return;
  const recipient = await approvalRecipient(tx, event.initiatorId);
  if (!recipient) return;
  await renderAndQueue(tx, {
    event: 'approvalFinished',
    recipient,
    ...(await approvalValuesOf(tx, event, { status: event.status })),
    actorId: event.actorId,
  });
}

/** Approval mail: a waiting task to its holder (with the links and the reply that decide it), an outcome to the initiator. */
export const notifyApprovalsByEmail: DomainEventHandler = async (tx, event) => {
  if (event.type === 'workflow.task') await mailWorkflowTask(tx, event);
  else if (event.type === 'workflow.finished') await mailWorkflowFinished(tx, event);
};
