import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  msg,
  workflowMessages,
  type FlowNode,
  type WorkflowInstanceInfo,
  type workflowResubmitSchema,
  type workflowSubmitSchema,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Tx } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import { workflowBusinessType, type WorkflowBusinessType, type WorkflowRecord } from '../../platform/workflow-types.js';
import { appUser, userRole } from '../user/index.js';
import { closeRun, mergePicks, openTask, workflowRefusal } from './workflow-action-run.service.js';
import { advance, enterNode, flowOf, writeLog } from './workflow-engine.service.js';
import { channelOf, stateOf, type Run } from './workflow-run.js';
import { registryMatch } from './workflow-instance.queries.js';
import { completeTask } from './workflow-tasks.service.js';
import { workflow, workflowInstance, workflowTask, workflowVersion } from './workflow.table.js';

type Input<S extends z.ZodType> = z.infer<S>;

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
      if (!type) throw workflowRefusal('noWorkflowFor');
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
        if (!returned) throw conflict(msg(workflowMessages, 'alreadyRunning'));
        return resubmitIn(tx, actor, { taskId: returned.id, comment: input.comment, picks: input.picks }, now);
      }
      await type.checkSubmit?.(tx, input.businessId, actor);
      const entry = await registryMatch(tx, input.businessType, record.fields);
      if (!entry) throw workflowRefusal('noWorkflowFor');
      return startInstance(tx, actor, { type, record, input, code: entry.workflowCode }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg(workflowMessages, 'alreadyRunning'));
    throw error;
  }
}

type Start = {
  type: WorkflowBusinessType;
  record: WorkflowRecord;
  input: Pick<Input<typeof workflowSubmitSchema>, 'businessType' | 'businessId' | 'comment' | 'picks'>;
  /** The workflow definition to start (its published version). */
  code: string;
};

/** Starts the published version of workflow `code` on a record the caller has loaded (locked) and may submit. */
async function startInstance(tx: Tx, actor: Actor, start: Start, now: Date): Promise<WorkflowInstanceInfo> {
  const { type, record, input, code } = start;
  const [definition] = await tx.select().from(workflow).where(eq(workflow.code, code));
  if (!definition || definition.version === 0) throw workflowRefusal('notPublished', { code });
  if (definition.status === 'Disabled') throw workflowRefusal('workflowDisabled', { code });
  if (definition.type !== input.businessType) throw workflowRefusal('typeMismatch', { code, type: definition.type });
  const [version] = await tx
    .select()
    .from(workflowVersion)
    .where(and(eq(workflowVersion.workflowId, definition.id), eq(workflowVersion.version, definition.version)));
  if (!version) throw workflowRefusal('notPublished', { code });
  if (!(await mayInitiate(tx, version.flowChart, actor.userId)))
    throw workflowRefusal('mayNotInitiate', {}, 'FORBIDDEN');
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
    channel: channelOf(actor),
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
  return closeRun(run, actor);
}

/**
 * Starts workflow `code` on a record inside the caller's transaction, as a submit does but without asking the
 * registry (a catalog request names its workflow): the record is loaded for the actor and its submit rule applies.
 */
export async function startWorkflowIn(
  tx: Tx,
  actor: Actor,
  input: Start['input'] & { workflowCode: string },
  now = new Date(),
): Promise<WorkflowInstanceInfo> {
  const type = workflowBusinessType(input.businessType);
  if (!type) throw workflowRefusal('noWorkflowFor');
  const record = await type.load(tx, input.businessId, actor);
  if (!record) throw notFound();
  await type.checkSubmit?.(tx, input.businessId, actor);
  return startInstance(tx, actor, { type, record, input, code: input.workflowCode }, now);
}

async function resubmitIn(
  tx: Tx,
  actor: Actor,
  input: Input<typeof workflowResubmitSchema>,
  now: Date,
): Promise<WorkflowInstanceInfo> {
  const { run, task } = await openTask(tx, actor, input.taskId, 'resubmit', now);
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
  return closeRun(run, actor);
}

/** `POST WorkflowInstance/Resubmit`: the initiator continues the same instance after a return to them. */
export const resubmitInstance = (db: Db, actor: Actor, input: Input<typeof workflowResubmitSchema>, now = new Date()) =>
  db.transaction((tx) => resubmitIn(tx, actor, input, now));
