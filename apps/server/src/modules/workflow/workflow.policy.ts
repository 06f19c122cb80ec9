import {
  messages,
  msg,
  workflowMessages,
  type FlowNode,
  type InstanceStatus,
  type Message,
  type TaskKind,
  type TaskStatus,
  type WorkflowActionName,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';

/*
 * Who may do what on an approval (contract 14, "Instances and tasks"). One rule per action, used twice: the
 * actions refuse with it (workflow-actions/*) and Info offers the buttons it allows (workflow-instance.queries.ts).
 * Each rule answers null (allowed) or the refusal the action throws: 409 for a state that does not allow it,
 * 403 for a caller the rule does not name. What only the request's body decides (a reason, a target, a user) is
 * the action's own check, after this one.
 */

/** The facts of an instance the rules read. */
export type InstanceFacts = {
  status: InstanceStatus;
  initiatorId: number;
  /** The start node of the instance's own version (its `allowCancel`, `allowRecall`). */
  root: FlowNode;
};

/** The facts of a task the rules read. */
export type TaskFacts = {
  kind: TaskKind;
  status: TaskStatus;
  ownerId: number;
  assigneeId: number;
  /** Who added this signer with Assign (null: the node's own signer). */
  addedBy: number | null;
};

/** Whether the caller's latest approval on the instance is still the latest action (what Recall undoes). */
export type RecallFacts = 'latest' | 'superseded' | 'none';

export type Refusal = { code: 'CONFLICT' | 'FORBIDDEN'; message: Message };

const stateRefusal = (name: keyof typeof workflowMessages): Refusal => ({
  code: 'CONFLICT',
  message: msg(workflowMessages, name),
});
const forbidden = (message: Message): Refusal => ({ code: 'FORBIDDEN', message });

/** Throws the refusal, if there is one. */
export function enforce(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/** `workflow:edit`: cancels any running instance (with a reason) and reassigns stuck tasks. */
export const administersWorkflows = (actor: Actor) => hasPermission(actor, 'workflow:edit');

/** Every action needs the instance still running (each rule below starts with this check; `openInstance` uses it). */
export const runningRefusal = (instance: Pick<InstanceFacts, 'status'>): Refusal | null =>
  instance.status === 'Running' ? null : stateRefusal('instanceFinished');

const holds = (actor: Actor, task: TaskFacts) => task.assigneeId === actor.userId || task.ownerId === actor.userId;

/** The actions on a task its holder (or owner) takes, by the task's kind. */
export const taskActionsByKind: Record<TaskKind, readonly WorkflowActionName[]> = {
  approve: ['approve', 'reject', 'return', 'assign', 'transfer', 'handoff'],
  review: ['approve', 'reject'],
  resubmit: ['resubmit'],
  cc: [],
  waiting: [],
};

/** Every action a holder takes on a task (Approve, Reject, Return, Assign, Transfer, Handoff, Resubmit). */
export const holderActions: readonly WorkflowActionName[] = ['resubmit', ...taskActionsByKind.approve];

/** A holder's action on a task: the instance running, the task theirs (holder or owner), pending and of a kind that takes it. */
export function taskActionRefusal(
  actor: Actor,
  instance: Pick<InstanceFacts, 'status'>,
  task: TaskFacts,
  action: WorkflowActionName,
): Refusal | null {
  if (instance.status !== 'Running') return stateRefusal('instanceFinished');
  if (!holds(actor, task)) return stateRefusal('taskNotYours');
  if (task.status !== 'Pending' || !taskActionsByKind[task.kind].includes(action))
    return stateRefusal('taskNotPending');
  return null;
}

/** The actions the caller may take on a task now, for the buttons. */
export const taskActionsFor = (actor: Actor, instance: Pick<InstanceFacts, 'status'>, task: TaskFacts) =>
  holderActions.filter((action) => taskActionRefusal(actor, instance, task, action) === null);

/**
 * Reassign (`workflow:edit`): a stuck task, i.e. one pending in someone's to-do (not `waiting` for its turn, the
 * same sense as the instance list's `stuckHours`), on a running instance.
 */
export function reassignRefusal(
  actor: Actor,
  instance: Pick<InstanceFacts, 'status'>,
  task: TaskFacts,
): Refusal | null {
  if (!administersWorkflows(actor)) return forbidden(msg(messages, 'forbidden'));
  if (instance.status !== 'Running') return stateRefusal('instanceFinished');
  if (task.status !== 'Pending' || task.kind === 'waiting' || task.kind === 'cc') return stateRefusal('taskNotPending');
  return null;
}

/** RemoveSigner: who added the signer with Assign, while it has not acted. */
export function removeSignerRefusal(
  actor: Actor,
  instance: Pick<InstanceFacts, 'status'>,
  task: TaskFacts,
): Refusal | null {
  if (instance.status !== 'Running') return stateRefusal('instanceFinished');
  if (task.addedBy !== actor.userId) return stateRefusal('taskNotYours');
  if (task.status !== 'Pending') return stateRefusal('signerActed');
  return null;
}

/** Cancel: the initiator while running, if the workflow allows; an administrator always (with a reason). */
export function cancelRefusal(actor: Actor, instance: InstanceFacts): Refusal | null {
  if (instance.status !== 'Running') return stateRefusal('instanceFinished');
  const admin = administersWorkflows(actor);
  if (instance.initiatorId !== actor.userId) return admin ? null : forbidden(msg(workflowMessages, 'notInitiator'));
  if (instance.root.type === 'start' && instance.root.allowCancel === false && !admin)
    return stateRefusal('cancelNotAllowed');
  return null;
}

/** Whether a cancel needs a reason: an administrator's cancel of someone else's instance. */
export const cancelNeedsReason = (actor: Actor, instance: Pick<InstanceFacts, 'initiatorId'>) =>
  instance.initiatorId !== actor.userId;

/** Recall: the workflow allows it, and the caller's approval is still the latest action. */
export function recallRefusal(instance: InstanceFacts, recall: RecallFacts): Refusal | null {
  if (instance.status !== 'Running') return stateRefusal('instanceFinished');
  if (instance.root.type === 'start' && instance.root.allowRecall === false)
    return forbidden(msg(messages, 'forbidden'));
  if (recall === 'superseded') return stateRefusal('recallTooLate');
  if (recall === 'none') return stateRefusal('nothingToRecall');
  return null;
}

/** A task someone other than the initiator must act on now: what Urge reminds them of. */
export const awaitsApprover = (instance: Pick<InstanceFacts, 'initiatorId'>, task: TaskFacts) =>
  task.status === 'Pending' &&
  (task.kind === 'approve' || task.kind === 'review') &&
  task.assigneeId !== instance.initiatorId;

/** Urge: the initiator of a running instance on which an approver is waiting (the once-an-hour limit is the action's). */
export function urgeRefusal(
  actor: Actor,
  instance: Pick<InstanceFacts, 'status' | 'initiatorId'>,
  tasks: readonly TaskFacts[],
): Refusal | null {
  if (instance.status !== 'Running') return stateRefusal('instanceFinished');
  if (instance.initiatorId !== actor.userId) return forbidden(msg(workflowMessages, 'notInitiator'));
  if (!tasks.some((task) => awaitsApprover(instance, task))) return stateRefusal('nothingToUrge');
  return null;
}

/** Every action the caller may take on a task now: the holder's, an administrator's reassign, an adder's removeSigner. */
export function actionsOnTask(actor: Actor, instance: Pick<InstanceFacts, 'status'>, task: TaskFacts) {
  const actions = taskActionsFor(actor, instance, task);
  if (reassignRefusal(actor, instance, task) === null) actions.push('reassign');
  if (removeSignerRefusal(actor, instance, task) === null) actions.push('removeSigner');
  return actions;
}

/**
 * The instance's own buttons: cancel, recall, urge, reassign (some task is stuck), removeSigner (the caller added a
 * signer who has not acted). The per-task refusals decide which task each one takes.
 */
export function instanceActionsFor(
  actor: Actor,
  instance: InstanceFacts,
  tasks: readonly TaskFacts[],
  recall: RecallFacts,
): WorkflowActionName[] {
  const actions: WorkflowActionName[] = [];
  if (cancelRefusal(actor, instance) === null) actions.push('cancel');
  if (recallRefusal(instance, recall) === null) actions.push('recall');
  if (urgeRefusal(actor, instance, tasks) === null) actions.push('urge');
  if (tasks.some((task) => reassignRefusal(actor, instance, task) === null)) actions.push('reassign');
  if (tasks.some((task) => removeSignerRefusal(actor, instance, task) === null)) actions.push('removeSigner');
  return actions;
}
