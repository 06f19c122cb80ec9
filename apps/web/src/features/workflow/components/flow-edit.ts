import type { Condition, FlowBranch, FlowNode } from '@casedesk/shared';

/**
 * The designer's edits of the node tree, as pure functions: each returns a new tree and leaves the old one as it
 * was (React state and undo compare by reference). Every edit keeps the tree block-structured, so a graph the
 * designer draws can never loop or leave a node unreachable.
 */

export type BranchNodeType = 'condition' | 'parallel';
export type BranchNode = Extract<FlowNode, { type: BranchNodeType }>;
export type AddableType = 'approver' | 'cc' | BranchNodeType;
export const addableTypes: readonly AddableType[] = ['approver', 'cc', 'condition', 'parallel'];

/** Where "+" inserts: after a node (before what follows it), or at the head of a branch's chain. */
export type InsertPoint = { after: string } | { branchOf: string; branchId: string };

/** The default names of new nodes and branches, in the user's language (the designer passes its texts). */
export type NewNodeNames = {
  node: (type: AddableType) => string;
  branch: (type: BranchNodeType, index: number) => string;
  defaultBranch: string;
};

const randomPart = () => Math.random().toString(36).slice(2, 8);
/** A node or branch id unique within the tree (ids name the node in tasks and in the server's refusals). */
export function newId(prefix: string, taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    const id = `${prefix}_${randomPart()}`;
    if (!taken.has(id)) return id;
  }
}

export const isBranchNode = (node: FlowNode): node is BranchNode =>
  node.type === 'condition' || node.type === 'parallel';

/** Every node of the tree, depth first (a node, its branches' chains, then what follows it). */
export function allNodes(root: FlowNode | null | undefined): FlowNode[] {
  const out: FlowNode[] = [];
  const visit = (node: FlowNode | null | undefined) => {
    for (let at = node; at; at = at.next ?? null) {
      out.push(at);
      if (isBranchNode(at)) for (const branch of at.branches) visit(branch.next);
    }
  };
  visit(root);
  return out;
}

export const findNode = (root: FlowNode | null | undefined, id: string): FlowNode | undefined =>
  allNodes(root).find((node) => node.id === id);

const takenIds = (root: FlowNode | null | undefined) => {
  const ids = new Set<string>();
  for (const node of allNodes(root)) {
    ids.add(node.id);
    if (isBranchNode(node)) for (const branch of node.branches) if (branch.id) ids.add(branch.id);
  }
  return ids;
};

/** A new draft: the start at the top, the end at the bottom. */
export function initialFlowChart(names: { start: string; end: string }): FlowNode {
  return {
    id: 'start',
    type: 'start',
    name: names.start,
    initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
    allowCancel: true,
    allowRecall: true,
    next: { id: 'end', type: 'end', name: names.end },
  };
}

/** A new node of the type with sensible defaults (a condition starts with one conditional and the default branch). */
export function createNode(root: FlowNode | null, type: AddableType, names: NewNodeNames): FlowNode {
  const taken = takenIds(root);
  const id = newId(type, taken);
  taken.add(id);
  const branchId = () => {
    const branch = newId('branch', taken);
    taken.add(branch);
    return branch;
  };
  switch (type) {
    case 'approver':
      return {
        id,
        type,
        name: names.node(type),
        approvers: { strategy: 'users', ids: [] },
        mode: 'any',
        noApprover: { action: 'autoApprove' },
        selfApprover: 'approve',
        onReject: 'end',
      };
    case 'cc':
      return { id, type, name: names.node(type), approvers: { strategy: 'users', ids: [] } };
    case 'condition':
      return {
        id,
        type,
        name: names.node(type),
        branches: [
          { id: branchId(), name: names.branch(type, 1), next: null },
          { id: branchId(), name: names.defaultBranch, isDefault: true, next: null },
        ],
      };
    case 'parallel':
      return {
        id,
        type,
        name: names.node(type),
        branches: [
          { id: branchId(), name: names.branch(type, 1), next: null },
          { id: branchId(), name: names.branch(type, 2), next: null },
        ],
      };
  }
}

/** A copy of the chain starting at `node` with `edit` applied to every node (children first). */
function mapChain(
  node: FlowNode | null | undefined,
  edit: (node: FlowNode) => FlowNode | null | undefined,
): FlowNode | null {
  if (!node) return null;
  let copy: FlowNode = { ...node, next: mapChain(node.next, edit) } as FlowNode;
  if (node.type === 'end') copy = { ...node };
  if (isBranchNode(copy)) {
    copy = {
      ...copy,
      branches: copy.branches.map((branch) => ({ ...branch, next: mapChain(branch.next, edit) })),
    };
  }
  const edited = edit(copy);
  return edited === undefined ? copy : edited;
}

/** The tree with one node replaced by what `edit` returns (null: the node goes, its chain closes up). */
function editNode(root: FlowNode, id: string, edit: (node: FlowNode) => FlowNode | null): FlowNode {
  if (!findNode(root, id)) throw new Error(`No node ${id}`);
  const result = mapChain(root, (node) => (node.id === id ? edit(node) : undefined));
  if (!result) throw new Error('The start node cannot be removed');
  return result;
}

/** Inserts `node` at the point; what followed the point follows the new node (after its branches join). */
export function insertNode(root: FlowNode, at: InsertPoint, node: FlowNode): FlowNode {
  if (findNode(root, node.id)) throw new Error(`Node id ${node.id} is taken`);
  if ('after' in at)
    return editNode(root, at.after, (anchor) => {
      if (anchor.type === 'end') throw new Error('Nothing can follow the end node');
      return { ...anchor, next: { ...node, next: anchor.next ?? null } } as FlowNode;
    });
  return editNode(root, at.branchOf, (owner) => {
    if (!isBranchNode(owner)) throw new Error(`${owner.id} has no branches`);
    if (!owner.branches.some((b) => b.id === at.branchId)) throw new Error(`No branch ${at.branchId}`);
    return {
      ...owner,
      branches: owner.branches.map((branch) =>
        branch.id === at.branchId ? { ...branch, next: { ...node, next: branch.next ?? null } as FlowNode } : branch,
      ),
    };
  });
}

/** Changes one node's own properties (never its `next` or branches' chains: those are the tree's shape). */
export function updateNode(root: FlowNode, id: string, patch: (node: FlowNode) => FlowNode): FlowNode {
  return editNode(root, id, (node) => {
    const changed = patch(node);
    const kept = { ...changed, next: node.next ?? null } as FlowNode;
    if (isBranchNode(node) && isBranchNode(kept))
      return {
        ...kept,
        branches: kept.branches.map((branch) => ({
          ...branch,
          next: node.branches.find((b) => b.id === branch.id)?.next ?? null,
        })),
      };
    return node.type === 'end' ? changed : kept;
  });
}

/** Removes a node; the chain closes up behind it. A condition or parallel node goes with all its branches. */
export function removeNode(root: FlowNode, id: string): FlowNode {
  return editNode(root, id, (node) => {
    if (node.type === 'start' || node.type === 'end') throw new Error(`The ${node.type} node cannot be removed`);
    return node.next ?? null;
  });
}

/** Adds a branch; in a condition the default branch stays the last one (it is taken when no other matches). */
export function addBranch(root: FlowNode, id: string, name: string): FlowNode {
  const branchId = newId('branch', takenIds(root));
  return editNode(root, id, (node) => {
    if (!isBranchNode(node)) throw new Error(`${id} has no branches`);
    const branch: FlowBranch = { id: branchId, name, next: null };
    const defaultAt = node.branches.findIndex((b) => b.isDefault);
    const branches = [...node.branches];
    branches.splice(defaultAt >= 0 ? defaultAt : branches.length, 0, branch);
    return { ...node, branches };
  });
}

/** Whether the branch can move by `delta` (-1 left = higher priority, +1 right); the default branch stays last. */
export function canMoveBranch(node: FlowNode, branchId: string, delta: -1 | 1): boolean {
  if (!isBranchNode(node)) return false;
  const from = node.branches.findIndex((b) => b.id === branchId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= node.branches.length) return false;
  return !node.branches[from]!.isDefault && !node.branches[to]!.isDefault;
}

export function moveBranch(root: FlowNode, id: string, branchId: string, delta: -1 | 1): FlowNode {
  return editNode(root, id, (node) => {
    if (!canMoveBranch(node, branchId, delta) || !isBranchNode(node)) throw new Error('The branch cannot move there');
    const branches = [...node.branches];
    const from = branches.findIndex((b) => b.id === branchId);
    [branches[from], branches[from + delta]] = [branches[from + delta]!, branches[from]!];
    return { ...node, branches };
  });
}

/** Whether a branch may be deleted: the default branch of a condition only goes with the whole node. */
export const canRemoveBranch = (node: FlowNode, branchId: string): boolean =>
  isBranchNode(node) && node.branches.some((b) => b.id === branchId && !b.isDefault);

/**
 * Deletes a branch with its chain. When one branch would be left the block means nothing any more: the whole
 * condition or parallel node goes (as in DingTalk), and what followed it stays.
 */
export function removeBranch(root: FlowNode, id: string, branchId: string): FlowNode {
  return editNode(root, id, (node) => {
    if (!canRemoveBranch(node, branchId) || !isBranchNode(node)) throw new Error('The branch cannot be deleted');
    const branches = node.branches.filter((b) => b.id !== branchId);
    return branches.length < 2 ? (node.next ?? null) : { ...node, branches };
  });
}

/** Changes a branch's own properties (name, conditions), never its chain. */
export function updateBranch(
  root: FlowNode,
  id: string,
  branchId: string,
  patch: (branch: FlowBranch) => FlowBranch,
): FlowNode {
  return editNode(root, id, (node) => {
    if (!isBranchNode(node)) throw new Error(`${id} has no branches`);
    return {
      ...node,
      branches: node.branches.map((branch) =>
        branch.id === branchId ? { ...patch(branch), id: branch.id, next: branch.next ?? null } : branch,
      ),
    };
  });
}

/** A branch's conditions as one list (the schema allows `condition` and `conditions`; all must hold). */
export const branchConditions = (branch: FlowBranch): Condition[] => [
  ...(branch.condition ? [branch.condition] : []),
  ...(branch.conditions ?? []),
];

/** Writes the list back: the first as `condition` (the contract's form), any more as `conditions`. */
export function withConditions(branch: FlowBranch, conditions: Condition[]): FlowBranch {
  const { condition: _one, conditions: _many, ...rest } = branch;
  const [first, ...others] = conditions;
  return { ...rest, ...(first ? { condition: first } : {}), ...(others.length > 0 ? { conditions: others } : {}) };
}

/** Gives branches that came without ids (a graph saved by the API) stable ids, so the designer can address them. */
export function withBranchIds(root: FlowNode | null): FlowNode | null {
  if (!root) return root;
  const taken = takenIds(root);
  return mapChain(root, (node) => {
    if (!isBranchNode(node) || node.branches.every((b) => b.id)) return undefined;
    return {
      ...node,
      branches: node.branches.map((branch) => {
        if (branch.id) return branch;
        const id = newId('branch', taken);
        taken.add(id);
        return { ...branch, id };
      }),
    };
  });
}

/** One difference between two versions of a graph, by node id, for the publish confirmation. */
/** A change of a node: its id words a seeded name in the reader's language. */
export type FlowChange =
  | { kind: 'added' | 'removed' | 'changed' | 'moved'; nodeId: string; nodeType: FlowNode['type']; name: string }
  | { kind: 'renamed'; nodeId: string; nodeType: FlowNode['type']; name: string; before: string };

/** A node's own settings without its place in the tree (the chains that hang below it). */
function settingsOf(node: FlowNode): string {
  const { next: _next, name: _name, ...rest } = node;
  if (!isBranchNode(node)) return JSON.stringify(rest);
  return JSON.stringify({
    ...rest,
    branches: node.branches.map(({ next: _chain, id: _id, ...branch }) => branch),
  });
}

/** Which chain a node is on: the main chain, or a branch's (the designer cannot reorder nodes within one). */
function placesOf(root: FlowNode | null | undefined): Map<string, string> {
  const places = new Map<string, string>();
  const visit = (node: FlowNode | null | undefined, place: string) => {
    for (let at = node; at; at = at.next ?? null) {
      places.set(at.id, place);
      const owner = at;
      if (isBranchNode(owner))
        owner.branches.forEach((branch, i) => visit(branch.next, `${owner.id}#${branch.id ?? i}`));
    }
  };
  visit(root, '');
  return places;
}

/** What changes from `before` (the latest published version; null: never published) to `after`. */
export function flowChanges(before: FlowNode | null | undefined, after: FlowNode): FlowChange[] {
  const oldNodes = new Map(allNodes(before).map((n) => [n.id, n]));
  const newNodes = new Map(allNodes(after).map((n) => [n.id, n]));
  const oldPlaces = placesOf(before);
  const newPlaces = placesOf(after);
  const changes: FlowChange[] = [];
  for (const [id, node] of oldNodes)
    if (!newNodes.has(id)) changes.push({ kind: 'removed', nodeId: id, nodeType: node.type, name: node.name });
  for (const [id, node] of newNodes) {
    const old = oldNodes.get(id);
    if (!old) {
      changes.push({ kind: 'added', nodeId: id, nodeType: node.type, name: node.name });
      continue;
    }
    if (old.name !== node.name)
      changes.push({ kind: 'renamed', nodeId: id, nodeType: node.type, name: node.name, before: old.name });
    if (settingsOf(old) !== settingsOf(node))
      changes.push({ kind: 'changed', nodeId: id, nodeType: node.type, name: node.name });
    else if (oldPlaces.get(id) !== newPlaces.get(id))
      changes.push({ kind: 'moved', nodeId: id, nodeType: node.type, name: node.name });
  }
  return changes;
}
