import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { seededNameKey, workflowApproveSchema, type FlowNode } from '@casedesk/shared';
import { actorsOfUsers } from '../../platform/actor.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { secretOf } from '../../platform/secrets.js';
import { languageFrom, textAt, translateText, workflowNodeNameIn, type Language } from '../../platform/translator.js';
import { appUser, userNameSql } from '../user/index.js';
import { approveTask, rejectTask } from './workflow-decide.service.js';
import { flowOf } from './workflow-engine.service.js';
import { nodeOf } from './workflow-flow.js';
import {
  linkLifetimeMs,
  newLinkNonce,
  readLink,
  signLink,
  type ApprovalLink,
  type LinkAction,
} from './workflow-link.js';
import { instancePath } from './workflow-tasks.service.js';
import { workflow, workflowInstance, workflowLinkUse, workflowTask, workflowVersion } from './workflow.table.js';

/*
 * Approving from the mail (contract 22). The link's GET only reads (mail scanners follow links); its POST and a
 * reply to the mail act as the assignee through the engine's own Approve and Reject, under every rule. A step
 * that asks for written fields or a reason is decided in the app.
 */

let linkKey: Buffer | undefined;

/** The links' HMAC key: made at first start, kept in `system_secret`, shared by every instance. */
export async function loadApprovalLinkKey(db: Db): Promise<void> {
  linkKey = Buffer.from(await secretOf(db, 'approval_link_key', () => randomBytes(32).toString('base64')), 'base64');
}
const keyOf = () => {
  if (!linkKey) throw new Error('the approval link key is not loaded (the workflow module loads it at start)');
  return linkKey;
};

/** A task a mail may decide: an approval or a review, waiting in its holder's to-do. */
const decidableKinds = ['approve', 'review'];

/** The paths of a task mail's approve and reject links (one nonce: either spends both), or null for other tasks. */
export function approvalLinksFor(task: { taskId: number; assigneeId: number; kind: string }, now = new Date()) {
  if (!decidableKinds.includes(task.kind)) return null;
  const base = { taskId: task.taskId, userId: task.assigneeId, expiresAt: new Date(now.getTime() + linkLifetimeMs) };
  const nonce = newLinkNonce();
  const path = (action: LinkAction) => `/approve/${signLink(keyOf(), { ...base, action, nonce })}`;
  return { approveLink: path('approve'), rejectLink: path('reject') };
}

/** What the approval page tells of the task: the record, the workflow, who submitted it, the step. */
export type TaskSummary = {
  title: string;
  workflowName: string;
  initiatorName: string;
  nodeName: string;
  onBehalfOfName: string | null;
};

/** Why a task cannot be decided from a mail, or null when it can. */
export type MailRefusal = 'taskDone' | 'wrongSender' | 'needsFields' | 'needsReason' | 'notDecidable';

async function taskContext(tx: Tx, taskId: number) {
  const [row] = await tx
    .select({
      kind: workflowTask.kind,
      status: workflowTask.status,
      assigneeId: workflowTask.assigneeId,
      nodeId: workflowTask.nodeId,
      nodeName: workflowTask.nodeName,
      instanceId: workflowInstance.id,
      instanceStatus: workflowInstance.status,
      title: workflowInstance.title,
      flowChart: workflowVersion.flowChart,
      workflowName: workflow.name,
      workflowCode: workflow.code,
      initiatorName: userNameSql(sql`${workflowInstance.initiatorId}`),
      onBehalfOfName: userNameSql(sql`${workflowTask.onBehalfOfId}`),
      assigneeLanguage: appUser.language,
      assigneeEmail: appUser.email,
    })
    .from(workflowTask)
    .innerJoin(workflowInstance, eq(workflowInstance.id, workflowTask.instanceId))
    .innerJoin(workflowVersion, eq(workflowVersion.id, workflowInstance.versionId))
    .innerJoin(workflow, eq(workflow.id, workflowInstance.workflowId))
    .innerJoin(appUser, eq(appUser.id, workflowTask.assigneeId))
    .where(eq(workflowTask.id, taskId));
  return row;
}
type TaskContext = NonNullable<Awaited<ReturnType<typeof taskContext>>>;

/** The refusal of a decision by mail on this task, read before acting (the engine checks again when it acts). */
function mailRefusal(task: TaskContext, userId: number, action: LinkAction): MailRefusal | null {
  if (!decidableKinds.includes(task.kind)) return 'notDecidable';
  if (task.status !== 'Pending' || task.instanceStatus !== 'Running') return 'taskDone';
  if (task.assigneeId !== userId) return 'taskDone';
  const node = nodeOf(flowOf(task.flowChart), task.nodeId).node as FlowNode & {
    fieldPermissions?: Record<string, string>;
    reasonRequired?: { approve?: boolean; reject?: boolean };
  };
  if (task.kind === 'approve' && Object.values(node.fieldPermissions ?? {}).includes('write')) return 'needsFields';
  if (task.kind === 'approve' && node.reasonRequired?.[action]) return 'needsReason';
  return null;
}

const summaryOf = (task: TaskContext, language: Language): TaskSummary => {
  const workflowKey = seededNameKey('workflow', task.workflowCode, task.workflowName);
  return {
    title: task.title,
    workflowName: (workflowKey && textAt(language, workflowKey)) ?? task.workflowName,
    initiatorName: task.initiatorName ?? '',
    nodeName: workflowNodeNameIn(language, task.nodeId, task.nodeName),
    onBehalfOfName: task.onBehalfOfName,
  };
};

export type LinkPageState = 'confirm' | 'done' | 'invalid' | 'expired' | 'used' | MailRefusal | 'refused';
export type LinkPage = {
  state: LinkPageState;
  language: Language;
  action?: LinkAction;
  task?: TaskSummary;
  /** The approval in the app (relative to the system's address). */
  appPath?: string;
  /** A refusal of the engine, worded. */
  refusal?: string;
};

/** What a link shows now; the same checks open the POST. */
async function linkPage(tx: Tx, token: string, now: Date, fallback: Language) {
  const link = readLink(keyOf(), token);
  if (!link) return { page: { state: 'invalid', language: fallback } satisfies LinkPage, link: null };
  const task = await taskContext(tx, link.taskId);
  const language = languageFrom(task?.assigneeLanguage) ?? fallback;
  if (!task) return { page: { state: 'invalid', language } satisfies LinkPage, link: null };
  const page: LinkPage = {
    state: 'confirm',
    language,
    action: link.action,
    task: summaryOf(task, language),
    appPath: instancePath(task.instanceId),
  };
  const [used] = await tx.select().from(workflowLinkUse).where(eq(workflowLinkUse.nonce, link.nonce));
  if (used) page.state = 'used';
  else if (link.expiresAt.getTime() <= now.getTime()) page.state = 'expired';
  else page.state = mailRefusal(task, link.userId, link.action) ?? 'confirm';
  return { page, link };
}

/** `GET /approve/<token>`: reads only. */
export const readLinkPage = (db: Db, token: string, fallback: Language, now = new Date()) =>
  db.transaction(async (tx) => (await linkPage(tx, token, now, fallback)).page);

/** Acts as the assignee through the engine's Approve or Reject, in the caller's transaction (a savepoint). */
async function decideAs(
  tx: Tx,
  userId: number,
  link: Pick<ApprovalLink, 'action' | 'taskId'>,
  comment: string,
  now: Date,
  channel: 'link' | 'email',
) {
  const [actor] = await actorsOfUsers(tx, [userId]);
  if (!actor) return false;
  const input = workflowApproveSchema.parse({ taskId: link.taskId, comment: comment.slice(0, 2000) || undefined });
  await (link.action === 'approve' ? approveTask : rejectTask)(tx, actor, input, now, undefined, channel);
  return true;
}

/** `POST /approve/<token>`: spends the link and acts, all in one transaction; a refusal changes nothing. */
export async function actOnLink(db: Db, token: string, comment: string, fallback: Language, now = new Date()) {
  try {
    return await db.transaction(async (tx): Promise<LinkPage> => {
      const { page, link } = await linkPage(tx, token, now, fallback);
      if (page.state !== 'confirm' || !link) return page;
      const [spent] = await tx
        .insert(workflowLinkUse)
        .values({ nonce: link.nonce, taskId: link.taskId, usedAt: now })
        .onConflictDoNothing()
        .returning({ nonce: workflowLinkUse.nonce });
      if (!spent) return { ...page, state: 'used' };
      if (!(await decideAs(tx, link.userId, link, comment, now, 'link'))) throw new LinkGone();
      return { ...page, state: 'done' };
    });
  } catch (error) {
    if (!(error instanceof AppError) && !(error instanceof LinkGone)) throw error;
    const page = await readLinkPage(db, token, fallback, now);
    if (error instanceof LinkGone) return { ...page, state: 'taskDone' as const };
    return {
      ...page,
      state: 'refused' as const,
      refusal: translateText(page.language, error.message, error.messageRef),
    };
  }
}
class LinkGone extends Error {}

/**
 * A reply to a task mail decides the task (contract 22): only from the assignee's own address, on a task still
 * waiting that a mail may decide. Answers null when it acted, else why not (nothing changed).
 */
export async function decideByMail(
  tx: Tx,
  input: { taskId: number; senderAddress: string; action: LinkAction; comment: string; now: Date },
): Promise<{ refusal: MailRefusal | 'refused' | null; text?: string }> {
  const task = await taskContext(tx, input.taskId);
  if (!task) return { refusal: 'taskDone' };
  if ((task.assigneeEmail ?? '').trim().toLowerCase() !== input.senderAddress.trim().toLowerCase())
    return { refusal: 'wrongSender' };
  const refusal = mailRefusal(task, task.assigneeId, input.action);
  if (refusal) return { refusal };
  try {
    // The engine's own transaction is a savepoint here: a refusal leaves the mail's transaction as it was.
    const acted = await decideAs(tx, task.assigneeId, input, input.comment, input.now, 'email');
    return { refusal: acted ? null : 'taskDone' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const language = languageFrom(task.assigneeLanguage) ?? 'en';
    return { refusal: 'refused', text: translateText(language, error.message, error.messageRef) };
  }
}
