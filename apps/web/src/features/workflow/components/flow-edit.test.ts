// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flowNodeSchema, type FlowNode } from '@casedesk/shared';
import {
  addBranch,
  allNodes,
  branchConditions,
  canMoveBranch,
  createNode,
  findNode,
  flowChanges,
  initialFlowChart,
  insertNode,
  moveBranch,
  removeBranch,
  removeNode,
  updateBranch,
  updateNode,
  withBranchIds,
  withConditions,
  type BranchNode,
  type NewNodeNames,
} from './flow-edit';

const names: NewNodeNames = {
  node: (type) => `New ${type}`,
  branch: (type, index) => `${type} ${index}`,
  defaultBranch: 'Otherwise',
};
const start = () => initialFlowChart({ start: 'Initiator', end: 'End' });
/** The ids of the main chain, from the start to the end. */
const chain = (node: FlowNode | null | undefined): string[] => {
  const ids: string[] = [];
  for (let at = node; at; at = at.next ?? null) ids.push(at.id);
  return ids;
};
const branchesOf = (root: FlowNode, id: string) => (findNode(root, id) as BranchNode).branches;

describe('flow-edit', () => {
  it('a new chart is start → end and fits the shared schema', () => {
    const root = start();
    expect(chain(root)).toEqual(['start', 'end']);
    expect(flowNodeSchema.safeParse(root).success).toBe(true);
  });

  it('inserts a node after another: what followed now follows the new node; the old tree is unchanged', () => {
    const root = start();
    const first = createNode(root, 'approver', names);
    const one = insertNode(root, { after: 'start' }, first);
    const second = createNode(one, 'cc', names);
    const two = insertNode(one, { after: 'start' }, second);
    expect(chain(two)).toEqual(['start', second.id, first.id, 'end']);
    expect(chain(one)).toEqual(['start', first.id, 'end']);
    expect(chain(root)).toEqual(['start', 'end']);
    expect(flowNodeSchema.safeParse(two).success).toBe(true);
  });

  it('nothing is inserted after the end node, and a taken id is refused', () => {
    const root = start();
    expect(() => insertNode(root, { after: 'end' }, createNode(root, 'cc', names))).toThrow();
    const node = createNode(root, 'cc', names);
    const one = insertNode(root, { after: 'start' }, node);
    expect(() => insertNode(one, { after: 'start' }, node)).toThrow(/taken/);
  });

  it('a condition starts with one branch and the default; its continuation is what followed the point', () => {
    const root = start();
    const condition = createNode(root, 'condition', names);
    const tree = insertNode(root, { after: 'start' }, condition);
    expect(chain(tree)).toEqual(['start', condition.id, 'end']);
    const branches = branchesOf(tree, condition.id);
    expect(branches.map((b) => [b.name, Boolean(b.isDefault)])).toEqual([
      ['condition 1', false],
      ['Otherwise', true],
    ]);
    // Inside a branch: the chain of that branch only.
    const approver = createNode(tree, 'approver', names);
    const inside = insertNode(tree, { branchOf: condition.id, branchId: branches[0]!.id! }, approver);
    expect(chain(branchesOf(inside, condition.id)[0]!.next)).toEqual([approver.id]);
    expect(branchesOf(inside, condition.id)[1]!.next ?? null).toBeNull();
    expect(chain(inside)).toEqual(['start', condition.id, 'end']);
    // A second node at the head of the same branch goes before the first.
    const cc = createNode(inside, 'cc', names);
    const twice = insertNode(inside, { branchOf: condition.id, branchId: branches[0]!.id! }, cc);
    expect(chain(branchesOf(twice, condition.id)[0]!.next)).toEqual([cc.id, approver.id]);
    expect(flowNodeSchema.safeParse(twice).success).toBe(true);
  });

  it('adds branches before the default one and moves them by priority; the default stays last', () => {
    const root = start();
    const condition = createNode(root, 'condition', names);
    let tree = insertNode(root, { after: 'start' }, condition);
    tree = addBranch(tree, condition.id, 'Second');
    let branches = branchesOf(tree, condition.id);
    expect(branches.map((b) => b.name)).toEqual(['condition 1', 'Second', 'Otherwise']);
    const second = branches[1]!.id!;
    const fallback = branches[2]!.id!;
    expect(canMoveBranch(findNode(tree, condition.id)!, second, 1)).toBe(false);
    expect(canMoveBranch(findNode(tree, condition.id)!, fallback, -1)).toBe(false);
    expect(() => moveBranch(tree, condition.id, second, 1)).toThrow();
    tree = moveBranch(tree, condition.id, second, -1);
    branches = branchesOf(tree, condition.id);
    expect(branches.map((b) => b.name)).toEqual(['Second', 'condition 1', 'Otherwise']);
    expect(canMoveBranch(findNode(tree, condition.id)!, second, -1)).toBe(false);
  });

  it('a parallel node has no default: branches move freely', () => {
    const root = start();
    const parallel = createNode(root, 'parallel', names);
    let tree = insertNode(root, { after: 'start' }, parallel);
    tree = addBranch(tree, parallel.id, 'Third');
    const [a, b, c] = branchesOf(tree, parallel.id);
    tree = moveBranch(tree, parallel.id, c!.id!, -1);
    expect(branchesOf(tree, parallel.id).map((x) => x.id)).toEqual([a!.id, c!.id, b!.id]);
  });

  it('deletes a branch with its chain; the last but one branch takes the whole block away, keeping what follows', () => {
    const root = start();
    const parallel = createNode(root, 'parallel', names);
    let tree = insertNode(root, { after: 'start' }, parallel);
    const cc = createNode(tree, 'cc', names);
    tree = insertNode(tree, { after: parallel.id }, cc);
    tree = addBranch(tree, parallel.id, 'Third');
    const [first, second] = branchesOf(tree, parallel.id);
    const inner = createNode(tree, 'approver', names);
    tree = insertNode(tree, { branchOf: parallel.id, branchId: first!.id! }, inner);
    tree = removeBranch(tree, parallel.id, first!.id!);
    expect(branchesOf(tree, parallel.id)).toHaveLength(2);
    expect(findNode(tree, inner.id)).toBeUndefined();
    tree = removeBranch(tree, parallel.id, second!.id!);
    expect(chain(tree)).toEqual(['start', cc.id, 'end']);
  });

  it('the default branch of a condition cannot be deleted on its own', () => {
    const root = start();
    const condition = createNode(root, 'condition', names);
    const tree = insertNode(root, { after: 'start' }, condition);
    const fallback = branchesOf(tree, condition.id)[1]!;
    expect(() => removeBranch(tree, condition.id, fallback.id!)).toThrow();
  });

  it('deleting a node keeps the chain; a condition goes with its branches; start and end stay', () => {
    const root = start();
    const a = createNode(root, 'approver', names);
    let tree = insertNode(root, { after: 'start' }, a);
    const condition = createNode(tree, 'condition', names);
    tree = insertNode(tree, { after: a.id }, condition);
    const b = createNode(tree, 'cc', names);
    tree = insertNode(tree, { after: condition.id }, b);
    const inner = createNode(tree, 'approver', names);
    tree = insertNode(tree, { branchOf: condition.id, branchId: branchesOf(tree, condition.id)[0]!.id! }, inner);
    expect(chain(removeNode(tree, a.id))).toEqual(['start', condition.id, b.id, 'end']);
    const without = removeNode(tree, condition.id);
    expect(chain(without)).toEqual(['start', a.id, b.id, 'end']);
    expect(allNodes(without).map((n) => n.id)).not.toContain(inner.id);
    // A node inside a branch: the branch's chain closes up.
    const innerGone = removeNode(tree, inner.id);
    expect(branchesOf(innerGone, condition.id)[0]!.next ?? null).toBeNull();
    expect(() => removeNode(tree, 'start')).toThrow();
    expect(() => removeNode(tree, 'end')).toThrow();
  });

  it('updating a node changes its properties, never the shape of the tree', () => {
    const root = start();
    const condition = createNode(root, 'condition', names);
    let tree = insertNode(root, { after: 'start' }, condition);
    const inner = createNode(tree, 'approver', names);
    const branchId = branchesOf(tree, condition.id)[0]!.id!;
    tree = insertNode(tree, { branchOf: condition.id, branchId }, inner);
    // A patch that drops the branches' chains (a form's values) keeps them anyway.
    const renamed = updateNode(tree, condition.id, (node) => ({
      ...(node as BranchNode),
      name: 'Urgent?',
      next: null,
      branches: (node as BranchNode).branches.map((b) => ({ ...b, next: null })),
    }));
    expect(findNode(renamed, condition.id)!.name).toBe('Urgent?');
    expect(chain(renamed)).toEqual(['start', condition.id, 'end']);
    expect(findNode(renamed, inner.id)).toBeDefined();
    const approver = updateNode(renamed, inner.id, (node) => ({ ...node, name: 'Team lead' }) as FlowNode);
    expect(findNode(approver, inner.id)!.name).toBe('Team lead');
    expect(findNode(renamed, inner.id)!.name).toBe('New approver');
  });

  it('a branch keeps its conditions as condition + conditions and reads them back as one list', () => {
    const root = start();
    const condition = createNode(root, 'condition', names);
    let tree = insertNode(root, { after: 'start' }, condition);
    const branchId = branchesOf(tree, condition.id)[0]!.id!;
    const urgent = { field: 'priority', op: 'eq' as const, value: 'Urgent' };
    const subject = { field: 'subject', op: 'ne' as const, value: '' };
    tree = updateBranch(tree, condition.id, branchId, (b) => withConditions({ ...b, name: 'Urgent' }, [urgent]));
    let branch = branchesOf(tree, condition.id)[0]!;
    expect(branch).toMatchObject({ name: 'Urgent', condition: urgent });
    expect(branch.conditions).toBeUndefined();
    tree = updateBranch(tree, condition.id, branchId, (b) => withConditions(b, [urgent, subject]));
    branch = branchesOf(tree, condition.id)[0]!;
    expect(branchConditions(branch)).toEqual([urgent, subject]);
    expect(flowNodeSchema.safeParse(tree).success).toBe(true);
  });

  it('gives branches saved without ids an id each, once', () => {
    const saved: FlowNode = {
      id: 'start',
      type: 'start',
      name: 'Start',
      next: {
        id: 'p',
        type: 'parallel',
        name: 'Both',
        branches: [{ name: 'A' }, { name: 'B', id: 'kept' }],
        next: { id: 'end', type: 'end', name: 'End' },
      },
    };
    const withIds = withBranchIds(saved)!;
    const [a, b] = branchesOf(withIds, 'p');
    expect(a!.id).toMatch(/^branch_/);
    expect(b!.id).toBe('kept');
    expect(withBranchIds(withIds)).toEqual(withIds);
  });
});

describe('flowChanges', () => {
  it('names nodes added, removed, renamed, changed and moved to another chain, by id', () => {
    const root = start();
    const a = createNode(root, 'approver', names);
    const b = createNode(root, 'cc', names);
    let before = insertNode(root, { after: 'start' }, a);
    before = insertNode(before, { after: a.id }, b);
    expect(flowChanges(null, before).map((c) => c.kind)).toEqual(['added', 'added', 'added', 'added']);
    expect(flowChanges(before, before)).toEqual([]);
    const condition = createNode(before, 'condition', names);
    let after = removeNode(before, b.id);
    after = insertNode(after, { after: 'start' }, condition);
    after = updateNode(after, a.id, (n) => ({ ...n, name: 'Manager', mode: 'all' }) as FlowNode);
    expect(flowChanges(before, after)).toEqual([
      { kind: 'removed', nodeId: b.id, nodeType: 'cc', name: 'New cc' },
      { kind: 'added', nodeId: condition.id, nodeType: 'condition', name: 'New condition' },
      { kind: 'renamed', nodeId: a.id, nodeType: 'approver', name: 'Manager', before: 'New approver' },
      { kind: 'changed', nodeId: a.id, nodeType: 'approver', name: 'Manager' },
    ]);
    // The same node moved into a branch.
    const branchId = branchesOf(after, condition.id)[0]!.id!;
    const moved = insertNode(removeNode(after, a.id), { branchOf: condition.id, branchId }, findNode(after, a.id)!);
    expect(flowChanges(after, moved)).toEqual([{ kind: 'moved', nodeId: a.id, nodeType: 'approver', name: 'Manager' }]);
  });
});
