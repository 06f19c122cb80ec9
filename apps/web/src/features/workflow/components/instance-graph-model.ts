import dagre from '@dagrejs/dagre';
import type { FlowNode, NodeType, WorkflowTask } from '@casedesk/shared';

/** A box of the drawn graph: a node of the tree, or the dot where the branches of a condition/parallel join. */
export type GraphBox = { id: string; name: string; type: NodeType | 'join' | 'pass'; splitId?: string };
export type GraphLine = { id: string; source: string; target: string; label?: string };
export type NodeState = 'passed' | 'current' | 'notReached';

type Exit = { id: string; label?: string };

/**
 * The node tree as boxes and lines: a chain follows `next`; a condition or parallel node fans out to each branch's
 * chain (the line named by the branch) and the branches join at a dot before the node's own `next`.
 */
export function flowToGraph(root: FlowNode): { boxes: GraphBox[]; lines: GraphLine[] } {
  const boxes: GraphBox[] = [];
  const lines: GraphLine[] = [];
  const connect = (from: Exit[], target: string) => {
    for (const exit of from)
      lines.push({
        id: `${exit.id}->${target}#${lines.length}`,
        source: exit.id,
        target,
        ...(exit.label ? { label: exit.label } : {}),
      });
  };
  const chain = (start: FlowNode | null | undefined, entry: Exit[]): Exit[] => {
    let from = entry;
    for (let node = start; node; node = node.next ?? null) {
      boxes.push({ id: node.id, name: node.name, type: node.type });
      connect(from, node.id);
      if (node.type === 'condition' || node.type === 'parallel') {
        const ends = node.branches.flatMap((branch, index) => {
          if (branch.next) return chain(branch.next, [{ id: node.id, label: branch.name }]);
          // A branch with no node still gets a small box of its own, so that its line is laid out beside the others.
          const pass = `${node.id}__pass${index}`;
          boxes.push({ id: pass, name: branch.name, type: 'pass', splitId: node.id });
          connect([{ id: node.id }], pass);
          return [{ id: pass }];
        });
        const join = joinId(node.id);
        boxes.push({ id: join, name: '', type: 'join', splitId: node.id });
        connect(ends, join);
        from = [{ id: join }];
      } else from = [{ id: node.id }];
    }
    return from;
  };
  chain(root, []);
  return { boxes, lines };
}

export const joinId = (splitId: string) => `${splitId}__join`;

/** Every node id inside a condition/parallel block (its branches' chains, nested blocks included). */
function blockIds(node: FlowNode): string[] {
  if (node.type !== 'condition' && node.type !== 'parallel') return [];
  return node.branches.flatMap((branch) => {
    const ids: string[] = [];
    for (let n = branch.next; n; n = n.next ?? null) ids.push(n.id, ...blockIds(n));
    return ids;
  });
}

function findNode(root: FlowNode, id: string): FlowNode | null {
  for (let node: FlowNode | null | undefined = root; node; node = node.next) {
    if (node.id === id) return node;
    if (node.type === 'condition' || node.type === 'parallel')
      for (const branch of node.branches) {
        const found = branch.next ? findNode(branch.next, id) : null;
        if (found) return found;
      }
  }
  return null;
}

/**
 * Where the instance stands on each box: current nodes first, then the nodes on the path; a join counts as passed
 * once its block is behind the instance (the node after it was entered, or nothing inside still runs).
 */
export function boxStates(
  root: FlowNode,
  boxes: GraphBox[],
  path: readonly string[],
  current: readonly string[],
): Map<string, NodeState> {
  const passed = new Set(path);
  const now = new Set(current);
  const states = new Map<string, NodeState>();
  for (const box of boxes) {
    if (box.type === 'pass') {
      // Taken when the instance went on past the block without entering another branch's node.
      const split = box.splitId ? findNode(root, box.splitId) : null;
      const after = split?.next?.id;
      const inside = split ? blockIds(split) : [];
      const other = inside.some((id) => passed.has(id) || now.has(id));
      const beyond = after ? passed.has(after) || now.has(after) : false;
      const taken = split?.type === 'parallel' || (beyond && !other);
      states.set(box.id, split && passed.has(split.id) && taken ? 'passed' : 'notReached');
      continue;
    }
    if (box.type !== 'join') {
      states.set(box.id, now.has(box.id) ? 'current' : passed.has(box.id) ? 'passed' : 'notReached');
      continue;
    }
    const split = box.splitId ? findNode(root, box.splitId) : null;
    const inside = split ? blockIds(split) : [];
    const after = split?.next?.id;
    const behind = Boolean(split) && passed.has(split!.id) && !inside.some((id) => now.has(id));
    states.set(box.id, behind && (after ? passed.has(after) || now.has(after) : true) ? 'passed' : 'notReached');
  }
  return states;
}

export type Placed = { x: number; y: number };

/** Top-to-bottom positions (top-left corners) by dagre, from each box's size. */
export function layoutBoxes(
  boxes: GraphBox[],
  lines: GraphLine[],
  sizeOf: (box: GraphBox) => { width: number; height: number },
): Map<string, Placed> {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 50 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const box of boxes) graph.setNode(box.id, sizeOf(box));
  const splits = new Set(boxes.filter((b) => b.type === 'join').map((b) => b.splitId));
  // Lines out of a split pull hard, so a short branch sits just under its node rather than sinking to the join.
  for (const line of lines) graph.setEdge(line.source, line.target, { weight: splits.has(line.source) ? 8 : 1 });
  dagre.layout(graph);
  const placed = new Map<string, Placed>();
  for (const box of boxes) {
    const { x, y, width, height } = graph.node(box.id);
    placed.set(box.id, { x: x - width / 2, y: y - height / 2 });
  }
  return placed;
}

/** The tasks of a node, newest per person (a return or a recall leaves older rounds behind). */
export function signersOf(tasks: WorkflowTask[], nodeId: string): WorkflowTask[] {
  const newest = new Map<number, WorkflowTask>();
  for (const task of tasks)
    if (task.nodeId === nodeId && task.kind !== 'review') {
      const seen = newest.get(task.ownerId);
      if (!seen || seen.id < task.id) newest.set(task.ownerId, task);
    }
  return [...newest.values()].sort((a, b) => a.id - b.id);
}
