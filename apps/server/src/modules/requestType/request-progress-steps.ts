import type { FlowNode } from '@casedesk/shared';

/** A task of the instance as the path needs it (the latest round of each node counts). */
export type StepTask = {
  nodeId: string;
  status: string;
  round: number;
  assigneeName: string;
  completedAt: Date | null;
};

export type StepState = 'done' | 'current' | 'waiting' | 'skipped' | 'rejected';
export type ApprovalStep = {
  nodeId: string;
  name: string;
  state: StepState;
  /** User ids the node names (the approvers of a step no task reached yet); tasks name their holders. */
  userIds: number[];
  approvers: string[];
  finishedAt: Date | null;
};

/**
 * The approval steps of an instance in the graph's order, as the requester follows them: every approver node,
 * done, current, rejected, still waiting, or skipped (a branch not taken, or a step the ended instance never
 * reached). `path` is the nodes the instance passed (the instance page draws the same).
 */
export function approvalSteps(
  root: FlowNode,
  path: readonly string[],
  running: boolean,
  tasks: readonly StepTask[],
): ApprovalStep[] {
  const passed = new Set(path);
  const steps: ApprovalStep[] = [];
  const walk = (start: FlowNode | null | undefined, skipped: boolean) => {
    for (let node = start; node; node = node.type === 'end' ? null : node.next) {
      if (node.type === 'approver') steps.push(stepOf(node, skipped, passed, running, tasks));
      if (node.type === 'condition') {
        // A decided condition took one branch (the one whose first node was passed): the others are skipped.
        const taken = node.branches.find((branch) => branch.next && passed.has(branch.next.id));
        for (const branch of node.branches) walk(branch.next, skipped || (passed.has(node.id) && branch !== taken));
      }
      if (node.type === 'parallel') for (const branch of node.branches) walk(branch.next, skipped);
    }
  };
  walk(root, false);
  return steps;
}

function stepOf(
  node: Extract<FlowNode, { type: 'approver' }>,
  skipped: boolean,
  passed: ReadonlySet<string>,
  running: boolean,
  tasks: readonly StepTask[],
): ApprovalStep {
  const own = tasks.filter((task) => task.nodeId === node.id);
  const round = Math.max(0, ...own.map((task) => task.round));
  const latest = own.filter((task) => task.round === round && task.status !== 'Transferred');
  const approvers = [...new Set(latest.map((task) => task.assigneeName))];
  const userIds = node.approvers.strategy === 'users' ? (node.approvers.ids ?? []) : [];
  const finished = latest.flatMap((task) => (task.completedAt ? [task.completedAt.getTime()] : []));
  const finishedAt = finished.length ? new Date(Math.max(...finished)) : null;
  const step = { nodeId: node.id, name: node.name, userIds, approvers, finishedAt };
  if (skipped) return { ...step, state: 'skipped', finishedAt: null };
  if (latest.some((task) => task.status === 'Rejected')) return { ...step, state: 'rejected' };
  if (latest.some((task) => task.status === 'Pending')) return { ...step, state: 'current', finishedAt: null };
  if (passed.has(node.id)) return { ...step, state: 'done' };
  return { ...step, state: running ? 'waiting' : 'skipped', finishedAt: null };
}
