import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  workflowMessages,
  type FlowNode,
  type WorkflowInstanceInfo,
  type workflowApproveSchema,
  type workflowAssignSchema,
  type workflowCancelSchema,
  type workflowHandoffSchema,
  type workflowReassignSchema,
  type workflowRecallSchema,
  type workflowRejectSchema,
  type workflowRemoveSignerSchema,
  type workflowResubmitSchema,
  type workflowReturnSchema,
  type workflowSubmitSchema,
  type workflowTransferSchema,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Db, Tx } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import { workflowBusinessType, type WorkflowBusinessType } from '../../platform/workflow-types.js';
import { appUser, userRole } from '../user/index.js';
import {
  activateTask,
  advance,
  completeTask,
  createTask,
  enterNode,
  finishInstance,
  flowOf,
  hasPendingOnNode,
  lockInstance,
  returnToInitiator,
  rewindTo,
  saveInstance,
  settleNode,
  stateOf,
  workflowError,
  writeLog,
  type InstanceRow,
  type Run,
  type TaskRow,
} from './workflow-engine.service.js';
import { nodeOf } from './workflow-flow.js';
import {
  instanceInfo,
  instanceVisible,
  recallableTask,
  registryMatch,
  returnTargetsOf,
} from './workflow-instance.queries.js';
import { workflow, workflowInstance, workflowTask, workflowVersion } from './workflow.table.js';

type Input<S extends z.ZodType> = z.infer<S>;

const badRequest = (key: keyof typeof workflowMessages, values: Record<string, string | number> = {}) =>
  workflowError('BAD_REQUEST', key, values);

function typeOf(name: InstanceRow['businessType']): WorkflowBusinessType {
  const type = workflowBusinessType(name);
  if (!type) throw badRequest('noWorkflowFor');
  return type;
}

/** Opens an action on a locked instance: its pinned graph, its business type and record. */
export async function openRun(tx: Tx, instance: InstanceRow, actorId: number | null, now: Date): Promise<Run> {
  const [version] = await tx
    .select({ flowChart: workflowVersion.flowChart })
    .from(workflowVersion)
    .where(eq(workflowVersion.id, instance.versionId));
  if (!version) throw notFound();
  const type = typeOf(instance.businessType);
  const record = await type.load(tx, instance.businessId, null);
  if (!record) throw conflict(workflowMessages.recordNotFound);
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
async function close(run: Run, actor: Actor): Promise<WorkflowInstanceInfo> {
  await saveInstance(run);
  return instanceInfo(run.tx, actor, run.instance.id);
}

type TaskRun = { run: Run; task: TaskRow; onBehalfOfId: number | null };

/**
 * The caller's pending task, its instance locked first: 404 when the caller may not see the instance, 409 when
 * the instance has finished, the task is not theirs (holder or owner) or no longer pending.
 */
async function openTask(tx: Tx, actor: Actor, taskId: number, now: Date): Promise<TaskRun> {
  const [found] = await tx
    .select({ instanceId: workflowTask.instanceId })
    .from(workflowTask)
    .where(eq(workflowTask.id, taskId));
  if (!found) throw notFound();
  const instance = await lockInstance(tx, found.instanceId);
  if (!instance || !(await instanceVisible(tx, actor, instance.id))) throw notFound();
  const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, taskId));
  if (!task) throw notFound();
  if (instance.status !== 'Running') throw conflict(workflowMessages.instanceFinished);
  if (task.assigneeId !== actor.userId && task.ownerId !== actor.userId) throw conflict(workflowMessages.taskNotYours);
  if (task.status !== 'Pending' || task.kind === 'waiting' || task.kind === 'cc')
    throw conflict(workflowMessages.taskNotPending);
  const run = await openRun(tx, instance, actor.userId, now);
  const onBehalfOfId = task.assigneeId === actor.userId ? task.onBehalfOfId : null;
  return { run, task, onBehalfOfId };
}

/** An instance-level action's start: the instance locked, seen by the caller, still running. */
async function openInstance(tx: Tx, actor: Actor, instanceId: number, now: Date) {
  const instance = await lockInstance(tx, instanceId);
  if (!instance || !(await instanceVisible(tx, actor, instance.id))) throw notFound();
  if (instance.status !== 'Running') throw conflict(workflowMessages.instanceFinished);
  return { instance, run: await openRun(tx, instance, actor.userId, now) };
}

const approverNode = (run: Run, task: TaskRow) => nodeOf(run.flow, task.nodeId).node;

const requireKind = (task: TaskRow, ...kinds: TaskRow['kind'][]) => {
  if (!kinds.includes(task.kind)) throw conflict(workflowMessages.taskNotPending);
};

/** Picks for later nodes: only approver nodes whose rule lets a person pick. */
function mergePicks(
  run: Run,
  picks: Record<string, number[]> | undefined,
  strategy: 'initiatorPicks' | 'previousPicks',
) {
  if (!picks) return;
  const merged = { ...run.instance.picks };
  for (const [nodeId, ids] of Object.entries(picks)) {
    const node = run.flow.byId.get(nodeId)?.node;
    if (node?.type !== 'approver' || node.approvers.strategy !== strategy)
      throw badRequest('pickRequired', { node: nodeId });
    merged[nodeId] = ids;
  }
  run.instance.picks = merged;
}

async function activeUserName(tx: Tx, userId: number): Promise<void> {
  const [user] = await tx
    .select({ status: appUser.status, name: sql<string>`coalesce(${appUser.fullName}, ${appUser.loginName})` })
    .from(appUser)
    .where(and(eq(appUser.id, userId), isNull(appUser.deletedAt)));
  if (!user) throw notFound();
  if (user.status !== 'Active') throw badRequest('inactiveUser', { name: user.name });
}

async function mayInitiate(tx: Tx, root: FlowNode, userId: number): Promise<boolean> {
  if (root.type !== 'start' || !root.initiators || root.initiators.everyone !== false) return true;
  const rule = root.initiators;
  if (rule.userIds.includes(userId)) return true;
  const [user] = await tx.select({ deptId: appUser.deptId }).from(appUser).where(eq(appUser.id, userId));
  if (user?.deptId && rule.deptIds.includes(user.deptId)) return true;
  if (rule.roleIds.length === 0) return false;
  const roles = await tx
    .select({ roleId: userRole.roleId })
    .from(userRole)
    .where(and(eq(userRole.userId, userId), inArray(userRole.roleId, rule.roleIds)));
  return roles.length > 0;
}

// ---- submit and resubmit ----

/** `POST WorkflowInstance/Submit`: starts the registered workflow on a record (or resubmits a returned one). */
export async function submitRecord(
  db: Db,
  actor: Actor,
  input: Input<typeof workflowSubmitSchema>,
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  try {
    return await db.transaction(async (tx) => {
      const type = workflowBusinessType(input.businessType);
      if (!type) throw badRequest('noWorkflowFor');
      const record = await type.load(tx, input.businessId, actor);
      if (!record) throw notFound();
      const [running] = await tx
        .select({ id: workflowInstance.id })
        .from(workflowInstance)
        .where(
          and(
            eq(workflowInstance.businessType, input.businessType),
            eq(workflowInstance.businessId, input.businessId),
            eq(workflowInstance.status, 'Running'),
          ),
        );
      if (running) {
        const [returned] = await tx
          .select({ id: workflowTask.id })
          .from(workflowTask)
          .where(
            and(
              eq(workflowTask.instanceId, running.id),
              eq(workflowTask.kind, 'resubmit'),
              eq(workflowTask.status, 'Pending'),
              eq(workflowTask.ownerId, actor.userId),
            ),
          );
        if (!returned) throw conflict(workflowMessages.alreadyRunning);
        return resubmitIn(tx, actor, { taskId: returned.id, comment: input.comment, picks: input.picks }, now);
      }
      await type.checkSubmit?.(tx, input.businessId, actor);
      const entry = await registryMatch(tx, input.businessType, record.fields);
      if (!entry) throw badRequest('noWorkflowFor');
      const [definition] = await tx.select().from(workflow).where(eq(workflow.code, entry.workflowCode));
      if (!definition || definition.version === 0) throw badRequest('notPublished', { code: entry.workflowCode });
      if (definition.status === 'Disabled') throw badRequest('workflowDisabled', { code: entry.workflowCode });
      if (definition.type !== input.businessType)
        throw badRequest('typeMismatch', { code: entry.workflowCode, type: definition.type });
      const [version] = await tx
        .select()
        .from(workflowVersion)
        .where(and(eq(workflowVersion.workflowId, definition.id), eq(workflowVersion.version, definition.version)));
      if (!version) throw badRequest('notPublished', { code: entry.workflowCode });
      if (!(await mayInitiate(tx, version.flowChart, actor.userId)))
        throw new AppError('FORBIDDEN', workflowMessages.mayNotInitiate);
      const [instance] = await tx
        .insert(workflowInstance)
        .values({
          workflowId: definition.id,
          versionId: version.id,
          workflowCode: definition.code,
          version: version.version,
          businessType: input.businessType,
          businessId: input.businessId,
          projectId: record.projectId,
          title: record.title,
          initiatorId: actor.userId,
          startedAt: now,
        })
        .returning();
      if (!instance) throw new Error('instance not created');
      const run: Run = {
        tx,
        now,
        actorId: actor.userId,
        instance,
        state: stateOf(instance),
        flow: flowOf(version.flowChart),
        type,
        record,
        interactive: true,
      };
      mergePicks(run, input.picks, 'initiatorPicks');
      await writeLog(run, { action: 'submit', node: run.flow.root, comment: input.comment });
      await type.onStatus(tx, input.businessId, {
        status: 'Running',
        instanceId: instance.id,
        actorId: actor.userId,
        comment: input.comment,
      });
      await enterNode(run, run.flow.root);
      return close(run, actor);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(workflowMessages.alreadyRunning);
    throw error;
  }
}

async function resubmitIn(
  tx: Tx,
  actor: Actor,
  input: Input<typeof workflowResubmitSchema>,
  now: Date,
): Promise<WorkflowInstanceInfo> {
  const { run, task } = await openTask(tx, actor, input.taskId, now);
  requireKind(task, 'resubmit');
  mergePicks(run, input.picks, 'initiatorPicks');
  await completeTask(run, task.id, 'Approved', input.comment);
  await writeLog(run, { action: 'resubmit', task, comment: input.comment });
  await run.type.onStatus(tx, run.instance.businessId, {
    status: 'Running',
    instanceId: run.instance.id,
    actorId: actor.userId,
    comment: input.comment,
  });
  await advance(run, run.flow.root);
  return close(run, actor);
}

/** `POST WorkflowInstance/Resubmit`: the initiator continues the same instance after a return to them. */
export const resubmitInstance = (db: Db, actor: Actor, input: Input<typeof workflowResubmitSchema>, now = new Date()) =>
  db.transaction((tx) => resubmitIn(tx, actor, input, now));

// ---- decisions ----

/** A review task answered: the task it was handed off from is the holder's again. */
async function answerReview(run: Run, task: TaskRow): Promise<void> {
  if (task.parentTaskId === null) return;
  const [parent] = await run.tx.select().from(workflowTask).where(eq(workflowTask.id, task.parentTaskId));
  if (parent?.status === 'Pending' && parent.kind === 'waiting') await activateTask(run, parent);
}

/** An added signer decided: a `before` signer's adder gets their turn once every such signer has. */
async function afterAddedSigner(run: Run, task: TaskRow): Promise<void> {
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
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, now);
    requireKind(task, 'approve', 'review');
    if (task.kind === 'review') {
      await completeTask(run, task.id, 'Approved', input.comment);
      await writeLog(run, { action: 'approve', task, onBehalfOfId, comment: input.comment, detail: { review: true } });
      await answerReview(run, task);
      return close(run, actor);
    }
    const node = approverNode(run, task);
    if (node.type === 'approver' && node.reasonRequired?.approve && !input.comment) throw badRequest('reasonRequired');
    if (input.fields && Object.keys(input.fields).length > 0) {
      const permissions = 'fieldPermissions' in node ? (node.fieldPermissions ?? {}) : {};
      for (const field of Object.keys(input.fields))
        if (permissions[field] !== 'write') throw badRequest('fieldNotWritable', { field });
      if (!run.type.writeFields) throw badRequest('fieldNotWritable', { field: Object.keys(input.fields)[0]! });
      await run.type.writeFields(tx, run.instance.businessId, input.fields, actor.userId);
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
    return close(run, actor);
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
): Promise<WorkflowInstanceInfo> {
  return db.transaction(async (tx) => {
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, now);
    requireKind(task, 'approve', 'review');
    if (task.kind === 'review') {
      await completeTask(run, task.id, 'Rejected', input.comment);
      await writeLog(run, { action: 'reject', task, onBehalfOfId, comment: input.comment, detail: { review: true } });
      await answerReview(run, task);
      return close(run, actor);
    }
    const node = approverNode(run, task);
    if (node.type === 'approver' && node.reasonRequired?.reject && !input.comment) throw badRequest('reasonRequired');
    await completeTask(run, task.id, 'Rejected', input.comment);
    await writeLog(run, { action: 'reject', task, onBehalfOfId, comment: input.comment });
    await afterRejection(run, task, input.comment);
    return close(run, actor);
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
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, now);
    requireKind(task, 'approve');
    const targets = returnTargetsOf(run.flow, run.instance.path, task.nodeId);
    if (!targets.some((target) => target.nodeId === input.targetNodeId)) throw badRequest('badReturnTarget');
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
    return close(run, actor);
  });
}

// ---- people ----

async function checkNewHolder(run: Run, nodeId: string, userId: number): Promise<void> {
  await activeUserName(run.tx, userId);
  if (await hasPendingOnNode(run, userId, nodeId)) throw badRequest('signerAlreadyOnNode');
}

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
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, now);
    requireKind(task, 'approve');
    const fresh = await handOver(run, task, input.userId);
    await writeLog(run, {
      action: 'transfer',
      task,
      onBehalfOfId,
      comment: input.comment,
      detail: { userId: input.userId, taskId: fresh.id },
    });
    return close(run, actor);
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
    const [found] = await tx
      .select({ instanceId: workflowTask.instanceId })
      .from(workflowTask)
      .where(eq(workflowTask.id, input.taskId));
    if (!found) throw notFound();
    const instance = await lockInstance(tx, found.instanceId);
    if (!instance) throw notFound();
    const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, input.taskId));
    if (!task) throw notFound();
    if (instance.status !== 'Running') throw conflict(workflowMessages.instanceFinished);
    if (task.status !== 'Pending' || task.kind === 'cc') throw conflict(workflowMessages.taskNotPending);
    const run = await openRun(tx, instance, actor.userId, now);
    const fresh = await handOver(run, task, input.userId);
    await writeLog(run, {
      action: 'reassign',
      task,
      comment: input.comment,
      detail: { userId: input.userId, taskId: fresh.id },
    });
    return close(run, actor);
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
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, now);
    requireKind(task, 'approve');
    const node = approverNode(run, task);
    const userIds = [...new Set(input.userIds)];
    for (const userId of userIds) {
      if (userId === task.assigneeId || userId === task.ownerId) throw badRequest('signerAlreadyOnNode');
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
    return close(run, actor);
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
    const [found] = await tx
      .select({ instanceId: workflowTask.instanceId })
      .from(workflowTask)
      .where(eq(workflowTask.id, input.taskId));
    if (!found) throw notFound();
    const instance = await lockInstance(tx, found.instanceId);
    if (!instance || !(await instanceVisible(tx, actor, instance.id))) throw notFound();
    const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, input.taskId));
    if (!task) throw notFound();
    if (instance.status !== 'Running') throw conflict(workflowMessages.instanceFinished);
    if (task.addedBy !== actor.userId) throw conflict(workflowMessages.taskNotYours);
    if (task.status !== 'Pending') throw conflict(workflowMessages.signerActed);
    const run = await openRun(tx, instance, actor.userId, now);
    await completeTask(run, task.id, 'Cancelled', input.comment);
    await tx
      .update(workflowTask)
      .set({ status: 'Cancelled', completedAt: now })
      .where(and(eq(workflowTask.parentTaskId, task.id), eq(workflowTask.status, 'Pending')));
    await writeLog(run, { action: 'removeSigner', task, comment: input.comment, detail: { userId: task.ownerId } });
    await afterAddedSigner(run, task);
    await settleNode(run, approverNode(run, task), task.round);
    return close(run, actor);
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
    const { run, task, onBehalfOfId } = await openTask(tx, actor, input.taskId, now);
    requireKind(task, 'approve');
    if (input.userId === task.assigneeId || input.userId === task.ownerId) throw badRequest('signerAlreadyOnNode');
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
    return close(run, actor);
  });
}

// ---- the instance ----

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
    const admin = hasPermission(actor, 'workflow:edit');
    if (instance.initiatorId === actor.userId) {
      if (root.type === 'start' && root.allowCancel === false && !admin)
        throw conflict(workflowMessages.cancelNotAllowed);
    } else {
      if (!admin) throw new AppError('FORBIDDEN', workflowMessages.notInitiator);
      if (!input.comment) throw badRequest('reasonRequired');
    }
    await writeLog(run, { action: 'cancel', node: root, comment: input.comment });
    await finishInstance(run, 'Cancelled', input.comment);
    return close(run, actor);
  });
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
    const root = run.flow.root;
    if (root.type === 'start' && root.allowRecall === false) throw forbidden();
    const task = await recallableTask(tx, instance.id, actor.userId);
    if (!task) {
      const [mine] = await tx
        .select({ id: workflowTask.id })
        .from(workflowTask)
        .where(
          and(
            eq(workflowTask.instanceId, instance.id),
            eq(workflowTask.status, 'Approved'),
            eq(workflowTask.kind, 'approve'),
            sql`(${workflowTask.assigneeId} = ${actor.userId} or ${workflowTask.ownerId} = ${actor.userId})`,
          ),
        )
        .limit(1);
      throw conflict(mine ? workflowMessages.recallTooLate : workflowMessages.nothingToRecall);
    }
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
    return close(run, actor);
  });
}

/** `GET WorkflowInstance/Info/{id}`. */
export const readInstanceInfo = (db: Db, actor: Actor, id: number) =>
  db.transaction((tx) => instanceInfo(tx, actor, id));
