import type { FlowBranch, FlowNode } from '@casedesk/shared';

/** Where a node sits: on the main chain, or on a branch of a condition / parallel node. */
export type NodePlace = { kind: 'root' } | { kind: 'branch'; ownerId: string; branchIndex: number };

type IndexedNode = {
  node: FlowNode;
  place: NodePlace;
  /** Nodes passed on every way from the start to this node (earlier nodes of its chains, with their branches). */
  ancestors: ReadonlySet<string>;
};

/**
 * A published graph indexed for the engine: each node's place and the nodes before it. The graph is a
 * block-structured tree, so "before" is a matter of structure: the earlier nodes of the chains that hold it.
 */
export type FlowIndex = {
  root: FlowNode;
  byId: ReadonlyMap<string, IndexedNode>;
};

export function indexFlow(root: FlowNode): FlowIndex {
  const byId = new Map<string, IndexedNode>();
  // Walks one chain; answers every node id inside it (nested branches included).
  const walk = (first: FlowNode | null | undefined, place: NodePlace, inherited: readonly string[]): string[] => {
    const inside: string[] = [];
    const before = [...inherited];
    for (let node = first; node; node = node.next ?? null) {
      const ancestors = new Set(before);
      byId.set(node.id, { node, place, ancestors });
      before.push(node.id);
      inside.push(node.id);
      if (node.type === 'condition' || node.type === 'parallel') {
        node.branches.forEach((branch, branchIndex) => {
          const nested = walk(branch.next, { kind: 'branch', ownerId: node.id, branchIndex }, [...ancestors, node.id]);
          before.push(...nested);
          inside.push(...nested);
        });
      }
    }
    return inside;
  };
  walk(root, { kind: 'root' }, []);
  return { root, byId };
}

export function nodeOf(flow: FlowIndex, id: string): IndexedNode {
  const found = flow.byId.get(id);
  if (!found) throw new Error(`node ${id} is not in the graph`);
  return found;
}

/** The branches (owner node and index) that hold a node, innermost first. */
export function enclosingBranches(flow: FlowIndex, id: string): { ownerId: string; branchIndex: number }[] {
  const out: { ownerId: string; branchIndex: number }[] = [];
  let place = nodeOf(flow, id).place;
  while (place.kind === 'branch') {
    out.push({ ownerId: place.ownerId, branchIndex: place.branchIndex });
    place = nodeOf(flow, place.ownerId).place;
  }
  return out;
}

export const branchesOf = (node: FlowNode): FlowBranch[] =>
  node.type === 'condition' || node.type === 'parallel' ? node.branches : [];

/** The approver nodes reached next after a node (through CC, condition and parallel nodes), for pickers. */
export function nextApproverNodes(flow: FlowIndex, id: string): FlowNode[] {
  const found: FlowNode[] = [];
  const fromChain = (first: FlowNode | null | undefined): boolean => {
    // Answers whether the chain ran through to its end without an approver (so what follows it counts too).
    for (let node = first; node; node = node.next ?? null) {
      if (node.type === 'approver') {
        found.push(node);
        return false;
      }
      if (node.type === 'end') return false;
      if (node.type === 'condition' || node.type === 'parallel') {
        let open = false;
        for (const branch of node.branches) if (fromChain(branch.next)) open = true;
        if (!open) return false;
      }
    }
    return true;
  };
  let current: string | null = id;
  while (current) {
    const { node, place } = nodeOf(flow, current);
    if (!fromChain(node.next)) break;
    current = place.kind === 'branch' ? place.ownerId : null;
  }
  return found;
}
