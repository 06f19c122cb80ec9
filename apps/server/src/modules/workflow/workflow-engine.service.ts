import { and, eq, ne, sql } from 'drizzle-orm';
import {
  evaluateCondition,
  evaluateConditions,
  msg,
  workflowMessages,
  type FlowNode,
  type InstanceStatus,
  type WorkflowActionName,
} from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { leadersOf, resolveApprovers } from './workflow-approvers.service.js';
import { branchesOf, enclosingBranches, indexFlow, nodeOf, type NodePlace } from './workflow-flow.js';
import { activateTask, cancelPending, createTask, instancePath, tasksOfRound } from './workflow-tasks.service.js';
import type { InstanceRow, Run, TaskRow } from './workflow-run.js';
import { workflowAction, workflowInstance, workflowTask } from './workflow.table.js';

export async function writeLog(
  run: Run,
  entry: {
    action: WorkflowActionName;
    task?: Pick<TaskRow, 'id' | 'nodeId' | 'nodeName'> | null;
    node?: FlowNode;
    actorId?: number | null;
    onBehalfOfId?: number | null;
    comment?: string | null;
    commentKey?: keyof typeof workflowMessages;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await run.tx.insert(workflowAction).values({
    instanceId: run.instance.id,
    taskId: entry.task?.id ?? null,
    nodeId: entry.task?.nodeId ?? entry.node?.id ?? null,
    nodeName: entry.task?.nodeName ?? entry.node?.name ?? null,
    action: entry.action,
    actorId: entry.actorId === undefined ? run.actorId : entry.actorId,
    onBehalfOfId: entry.onBehalfOfId ?? null,
    comment: entry.comment ?? null,
    commentKey: entry.commentKey ? `workflow.${entry.commentKey}` : null,
    detail: entry.detail ?? null,
    channel: (entry.actorId === undefined ? run.actorId : entry.actorId) === null ? null : (run.channel ?? null),
    createdAt: run.now,
  });
}

const isRunning = (run: Run) => run.instance.status === 'Running';

// ---- the walk through the graph ----

/** The instance ends: open work is cancelled, the record applies the outcome, the initiator hears it. */
export async function finishInstance(
  run: Run,
  status: Exclude<InstanceStatus, 'Running'>,
  comment?: string | null,
): Promise<void> {
  if (!isRunning(run)) return;
  await cancelPending(run);
  run.instance.status = status;
  run.instance.finishedAt = run.now;
  await run.type.onStatus(run.tx, run.instance.businessId, {
    status,
    instanceId: run.instance.id,
    actorId: run.actorId,
    comment,
  });
  await emitDomainEvent(run.tx, {
    type: 'workflow.finished',
    instanceId: run.instance.id,
    initiatorId: run.instance.initiatorId,
    status,
    businessType: run.instance.businessType,
    businessId: run.instance.businessId,
    title: run.instance.title,
    path: instancePath(run.instance.id),
    actorId: run.actorId,
  });
}

export async function enterNode(run: Run, node: FlowNode): Promise<void> {
  if (!isRunning(run)) return;
  run.instance.path = [...run.instance.path, node.id];
  switch (node.type) {
    case 'start':
      return advance(run, node);
    case 'end':
      return chainEnded(run, nodeOf(run.flow, node.id).place);
    case 'approver':
      return enterApprover(run, node);
    case 'cc':
      return enterCc(run, node);
    case 'condition': {
      const fields = run.record.fields;
      const chosen =
        node.branches.find(
          (branch) =>
            !branch.isDefault &&
            (branch.condition || branch.conditions?.length) &&
            (!branch.condition || evaluateCondition(branch.condition, fields)) &&
            evaluateConditions(branch.conditions ?? [], fields),
        ) ?? node.branches.find((branch) => branch.isDefault);
      if (chosen?.next) return enterNode(run, chosen.next);
      return advance(run, node);
    }
    case 'parallel': {
      run.state.joins[node.id] = [];
      for (const [index, branch] of node.branches.entries()) {
        if (!isRunning(run)) return;
        if (branch.next) await enterNode(run, branch.next);
        else await chainEnded(run, { kind: 'branch', ownerId: node.id, branchIndex: index });
      }
      return;
    }
  }
}

/** A node is done: the next one on its chain, or the end of the chain. */
export async function advance(run: Run, node: FlowNode): Promise<void> {
  if (!isRunning(run)) return;
  if (node.next) return enterNode(run, node.next);
  return chainEnded(run, nodeOf(run.flow, node.id).place);
}

async function chainEnded(run: Run, place: NodePlace): Promise<void> {
  if (!isRunning(run)) return;
  if (place.kind === 'root') return finishInstance(run, 'Approved');
  const owner = nodeOf(run.flow, place.ownerId).node;
  if (owner.type !== 'parallel') return advance(run, owner);
  const done = new Set(run.state.joins[owner.id] ?? []);
  done.add(place.branchIndex);
  run.state.joins[owner.id] = [...done].sort((a, b) => a - b);
  if (done.size >= branchesOf(owner).length) await advance(run, owner);
}

const nextRound = (run: Run, nodeId: string) => {
  const round = (run.state.rounds[nodeId] ?? 0) + 1;
  run.state.rounds[nodeId] = round;
  return round;
};

async function approvedBefore(run: Run, userId: number): Promise<boolean> {
  const rows = await run.tx
    .select({ id: workflowTask.id })
    .from(workflowTask)
    .where(
      and(
        eq(workflowTask.instanceId, run.instance.id),
        eq(workflowTask.ownerId, userId),
        eq(workflowTask.kind, 'approve'),
        eq(workflowTask.status, 'Approved'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

type Decision = { userId: number; outcome: 'task' | 'autoApprove' | 'skip'; key?: keyof typeof workflowMessages };

async function enterApprover(run: Run, node: Extract<FlowNode, { type: 'approver' }>): Promise<void> {
  const round = nextRound(run, node.id);
  const context = {
    nodeId: node.id,
    initiatorId: run.instance.initiatorId,
    fields: run.record.fields,
    picks: run.instance.picks,
  };
  const found = await resolveApprovers(run.tx, node.approvers, context);
  const picked = node.approvers.strategy === 'initiatorPicks' || node.approvers.strategy === 'previousPicks';
  if (found.length === 0 && picked && run.interactive)
    throw new AppError('BAD_REQUEST', msg(workflowMessages, 'pickRequired', { node: node.name }));

  const decisions: Decision[] = [];
  const seen = new Set<number>();
  for (const candidate of found) {
    let userId = candidate;
    let outcome: Decision['outcome'] = 'task';
    let key: Decision['key'];
    if (userId === run.instance.initiatorId) {
      const rule = node.selfApprover ?? 'approve';
      if (rule === 'leader') {
        const [leader] = await leadersOf(run.tx, userId, 1);
        if (leader === undefined) [outcome, key] = ['autoApprove', 'autoApprovedSelf'];
        else userId = leader;
      } else if (rule === 'skip') [outcome, key] = ['skip', 'skippedSelf'];
      else [outcome, key] = ['autoApprove', 'autoApprovedSelf'];
    }
    if (outcome === 'task' && node.skipIfApproved && (await approvedBefore(run, userId)))
      [outcome, key] = ['skip', 'skippedAlreadyApproved'];
    if (seen.has(userId)) continue;
    seen.add(userId);
    decisions.push({ userId, outcome, key });
  }

  if (decisions.length === 0) {
    const rule = node.noApprover ?? { action: 'autoApprove' as const };
    if (rule.action === 'fallback' && rule.userId) decisions.push({ userId: rule.userId, outcome: 'task' });
    else if (rule.action === 'reject') {
      await writeLog(run, { action: 'autoReject', node, actorId: null, commentKey: 'autoRejectedNoApprover' });
      return finishInstance(run, 'Rejected');
    } else {
      await writeLog(run, { action: 'autoApprove', node, actorId: null, commentKey: 'autoApprovedNoApprover' });
      return advance(run, node);
    }
  }

  const nodeSigners = decisions.filter((d) => d.outcome === 'task').map((d) => d.userId);
  let seq = 0;
  let firstPending = true;
  for (const decision of decisions) {
    seq += 1;
    if (decision.outcome === 'task') {
      const waits = node.mode === 'sequence' && !firstPending;
      firstPending = false;
      await createTask(run, {
        node,
        kind: waits ? 'waiting' : 'approve',
        ownerId: decision.userId,
        round,
        seq,
        nodeSigners,
      });
    } else {
      const task = await createTask(run, {
        node,
        kind: 'approve',
        ownerId: decision.userId,
        round,
        seq,
        status: decision.outcome === 'skip' ? 'Skipped' : 'Approved',
      });
      await writeLog(run, {
        action: decision.outcome === 'skip' ? 'skip' : 'autoApprove',
        task,
        actorId: null,
        commentKey: decision.key,
      });
    }
  }
  await settleNode(run, node, round);
}

async function enterCc(run: Run, node: Extract<FlowNode, { type: 'cc' }>): Promise<void> {
  const round = nextRound(run, node.id);
  const users = await resolveApprovers(run.tx, node.approvers, {
    nodeId: node.id,
    initiatorId: run.instance.initiatorId,
    fields: run.record.fields,
    picks: run.instance.picks,
  });
  for (const userId of users) await createTask(run, { node, kind: 'cc', ownerId: userId, round, status: 'Skipped' });
  await advance(run, node);
}

/**
 * After a decision at an approver node: when its mode is met and no added signer still works, the rest of the
 * node's tasks are cancelled and the instance moves on; in sequence mode the next signer's turn comes.
 */
export async function settleNode(run: Run, node: FlowNode, round: number): Promise<void> {
  if (!isRunning(run) || node.type !== 'approver') return;
  const tasks = (await tasksOfRound(run, node.id, round)).filter((t) => t.kind === 'approve' || t.kind === 'waiting');
  if (tasks.some((t) => t.addedBy !== null && t.status === 'Pending')) return;
  const base = tasks.filter((t) => t.addedBy === null && t.status !== 'Transferred' && t.status !== 'Cancelled');
  const approved = base.filter((t) => t.status === 'Approved' || t.status === 'Skipped').length;
  const needed =
    node.mode === 'any'
      ? 1
      : node.mode === 'percent'
        ? Math.ceil((base.length * (node.percent ?? 100)) / 100)
        : base.length;
  if (approved >= Math.min(needed, base.length) && base.length > 0) {
    await cancelPending(run, [node.id]);
    return advance(run, node);
  }
  if (node.mode === 'sequence' && !tasks.some((t) => t.status === 'Pending' && t.kind !== 'waiting')) {
    const next = tasks.find((t) => t.status === 'Pending' && t.kind === 'waiting' && t.addedBy === null);
    if (next) await activateTask(run, next);
  }
}

/** Nodes after a node on every way on (the node itself included): their open work goes when it is entered again. */
export const nodesFrom = (run: Run, nodeId: string): string[] =>
  [...run.flow.byId.entries()].filter(([id, entry]) => id === nodeId || entry.ancestors.has(nodeId)).map(([id]) => id);

/**
 * The instance goes back to a node it passed (a return, a recall): the open work at and after it is cancelled,
 * and the joins it lies inside wait for its branch again.
 */
export async function rewindTo(run: Run, nodeId: string, keepNode = false): Promise<void> {
  const after = nodesFrom(run, nodeId).filter((id) => !keepNode || id !== nodeId);
  await cancelPending(run, after);
  for (const id of after) delete run.state.joins[id];
  for (const { ownerId, branchIndex } of enclosingBranches(run.flow, nodeId)) {
    const joined = run.state.joins[ownerId];
    if (joined) run.state.joins[ownerId] = joined.filter((index) => index !== branchIndex);
  }
}

/** Back to the initiator: they get a `resubmit` task on the start node and the record hears `Returned`. */
export async function returnToInitiator(run: Run, comment: string | null): Promise<void> {
  await cancelPending(run);
  run.state.joins = {};
  const start = run.flow.root;
  const round = nextRound(run, start.id);
  run.instance.path = [...run.instance.path, start.id];
  await createTask(run, { node: start, kind: 'resubmit', ownerId: run.instance.initiatorId, round });
  await run.type.onStatus(run.tx, run.instance.businessId, {
    status: 'Returned',
    instanceId: run.instance.id,
    actorId: run.actorId,
    comment,
  });
}

/** Writes the instance back: status, path, state, the nodes with open work, a new rowVersion. */
export async function saveInstance(run: Run): Promise<void> {
  const open = await run.tx
    .select({ nodeId: workflowTask.nodeId, first: sql<number>`min(${workflowTask.id})` })
    .from(workflowTask)
    .where(
      and(
        eq(workflowTask.instanceId, run.instance.id),
        eq(workflowTask.status, 'Pending'),
        ne(workflowTask.kind, 'waiting'),
      ),
    )
    .groupBy(workflowTask.nodeId);
  const currentNodes =
    run.instance.status === 'Running'
      ? open.sort((a, b) => Number(a.first) - Number(b.first)).map((row) => row.nodeId)
      : [];
  const [saved] = await run.tx
    .update(workflowInstance)
    .set({
      status: run.instance.status,
      path: run.instance.path,
      state: run.state,
      picks: run.instance.picks,
      currentNodes,
      finishedAt: run.instance.finishedAt,
      rowVersion: sql`${workflowInstance.rowVersion} + 1`,
    })
    .where(eq(workflowInstance.id, run.instance.id))
    .returning();
  if (saved) run.instance = saved;
}

/** The instance row, locked: concurrent actions on one instance take turns here. */
export async function lockInstance(tx: Tx, id: number): Promise<InstanceRow | undefined> {
  const [row] = await tx.select().from(workflowInstance).where(eq(workflowInstance.id, id)).for('update');
  return row;
}

export const flowOf = indexFlow;
