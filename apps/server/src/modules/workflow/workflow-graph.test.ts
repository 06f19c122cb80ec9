import { describe, expect, it } from 'vitest';
import {
  diffFlowCharts,
  findFlowNode,
  flowNodes,
  messageRefOf,
  validateFlowChart,
  walkFlowChart,
  type FlowBranch,
  type FlowNode,
} from '@casedesk/shared';

// The shared package has no test runner of its own: its pure graph rules are tested here, with the server's.

const approver = (id: string, name: string, next: FlowNode | null = null): FlowNode => ({
  id,
  name,
  type: 'approver',
  approvers: { strategy: 'users', ids: [1] },
  mode: 'any',
  next,
});
const end = (): FlowNode => ({ id: 'end', name: 'End', type: 'end' });
const start = (next: FlowNode | null): FlowNode => ({ id: 'start', name: 'Start', type: 'start', next });
const condition = (id: string, branches: FlowBranch[], next: FlowNode | null = null): FlowNode => ({
  id,
  name: `Cond ${id}`,
  type: 'condition',
  branches,
  next,
});

/** start → condition (Urgent → Lead; default → Manager) → cc → end */
function validGraph(): FlowNode {
  return start(
    condition(
      'c1',
      [
        {
          name: 'Urgent',
          condition: { field: 'priority', op: 'in', value: ['Urgent', 'High'] },
          next: approver('lead', 'Team lead'),
        },
        { name: 'Other', isDefault: true, next: approver('manager', 'Service manager') },
      ],
      { id: 'cc', name: 'Copy', type: 'cc', approvers: { strategy: 'role', ids: [2] }, next: end() },
    ),
  );
}

const keys = (root: FlowNode | null) => validateFlowChart(root, 'Ticket').map((p) => `${p.key}@${p.nodeId}`);

describe('validateFlowChart', () => {
  it('accepts a valid graph', () => {
    expect(validateFlowChart(validGraph(), 'Ticket')).toEqual([]);
  });

  it('answers the exact "Missing start node." for no root or a root that is not start', () => {
    expect(validateFlowChart(null, 'Ticket')[0]?.message).toBe('Missing start node.');
    const [first] = validateFlowChart(approver('a', 'A'), 'Ticket');
    expect(first).toMatchObject({ key: 'missingStart', message: 'Missing start node.' });
  });

  it('refuses a second start node', () => {
    expect(keys(start(approver('a', 'A', { id: 's2', name: 'Again', type: 'start' })))).toEqual(['startNotFirst@s2']);
  });

  it('names the node in the filled message, and the envelope finds its key and values', () => {
    const [p] = validateFlowChart(start({ ...approver('a', 'Finance'), mode: 'percent' } as FlowNode), 'Ticket');
    expect(p).toMatchObject({ nodeId: 'a', key: 'percentMissing', values: { node: 'Finance' } });
    expect(p?.message).toBe('Node "Finance": give the percentage of approvers needed (1-100).');
    expect(messageRefOf(p!.message)).toEqual({ key: 'workflow.percentMissing', values: { node: 'Finance' } });
  });

  it('refuses a duplicate id on two branches, and an id repeated on its own path as a loop', () => {
    const twice = start(
      condition('c1', [
        { name: 'A', condition: { field: 'priority', op: 'eq', value: 'High' }, next: approver('x', 'X') },
        { name: 'B', isDefault: true, next: approver('x', 'X again') },
      ]),
    );
    expect(keys(twice)).toEqual(['duplicateNodeId@x']);
    expect(keys(start(approver('a', 'A', approver('b', 'B', approver('a', 'A2')))))).toEqual(['cyclic@a']);
  });

  it('refuses a loop of objects (the designer holds objects) without hanging', () => {
    const a = approver('a', 'A') as FlowNode & { next?: FlowNode | null };
    const b = approver('b', 'B', a);
    a.next = b;
    expect(keys(start(a))).toEqual(['cyclic@a']);
    expect(flowNodes(start(a)).map((n) => n.id)).toEqual(['start', 'a', 'b']);
  });

  it('needs at least one approver node', () => {
    expect(keys(start(end()))).toEqual(['noApproverNode@null']);
  });

  it('needs a usable approver rule', () => {
    const node = (approvers: object, extra: object = {}) =>
      keys(start({ ...approver('a', 'A'), approvers, ...extra } as FlowNode));
    expect(node({ strategy: 'users', ids: [] })).toEqual(['approverIdsMissing@a']);
    for (const strategy of ['role', 'group', 'position', 'deptMembers'])
      expect(node({ strategy })).toEqual(['approverIdsMissing@a']);
    expect(node({ strategy: 'leaderLevels' })).toEqual(['levelsMissing@a']);
    expect(node({ strategy: 'leaderLevels', levels: 2 })).toEqual([]);
    expect(node({ strategy: 'recordField' })).toEqual(['approverFieldMissing@a']);
    expect(node({ strategy: 'recordField', field: 'nope' })).toEqual(['unknownField@a']);
    expect(node({ strategy: 'recordField', field: 'priority' })).toEqual(['approverFieldMissing@a']);
    expect(node({ strategy: 'recordField', field: 'assignTo' })).toEqual([]);
    for (const strategy of ['deptLeader', 'initiatorPicks', 'previousPicks']) expect(node({ strategy })).toEqual([]);
    expect(node(undefined as unknown as object)).toEqual(['noApprovers@a']);
    expect(node({ strategy: 'users', ids: [1] }, { mode: 'percent' })).toEqual(['percentMissing@a']);
    expect(node({ strategy: 'users', ids: [1] }, { mode: 'percent', percent: 50 })).toEqual([]);
    expect(node({ strategy: 'users', ids: [1] }, { noApprover: { action: 'fallback' } })).toEqual([
      'fallbackMissing@a',
    ]);
    expect(node({ strategy: 'users', ids: [1] }, { noApprover: { action: 'fallback', userId: 3 } })).toEqual([]);
  });

  it('needs users on a cc node', () => {
    const cc = (approvers: object | undefined): FlowNode =>
      ({ id: 'cc', name: 'Copy', type: 'cc', approvers, next: null }) as FlowNode;
    expect(keys(start(approver('a', 'A', cc({ strategy: 'users', ids: [] }))))).toEqual(['noCcUsers@cc']);
    expect(keys(start(approver('a', 'A', cc(undefined))))).toEqual(['noCcUsers@cc']);
  });

  it('checks condition branches: at least two, one default, the others with a condition', () => {
    const withBranches = (branches: FlowBranch[]) => keys(start(condition('c', branches, approver('a', 'A'))));
    const urgent = { field: 'priority', op: 'eq', value: 'Urgent' } as const;
    expect(withBranches([{ name: 'Only', isDefault: true }])).toEqual(['tooFewBranches@c']);
    expect(
      withBranches([
        { name: 'X', condition: urgent },
        { name: 'Y', condition: urgent },
      ]),
    ).toEqual(['noDefaultBranch@c']);
    expect(
      withBranches([
        { name: 'X', isDefault: true },
        { name: 'Y', isDefault: true },
      ]),
    ).toEqual(['noDefaultBranch@c']);
    const missing = validateFlowChart(
      start(condition('c', [{ name: 'Big' }, { name: 'D', isDefault: true }], approver('a', 'A'))),
      'Ticket',
    );
    expect(missing.map((p) => p.key)).toEqual(['branchNoCondition']);
    expect(missing[0]?.message).toBe(
      'Node "Cond c": the branch "Big" needs a condition (only the default branch has none).',
    );
    // `conditions` alone also counts.
    expect(
      withBranches([
        { name: 'X', conditions: [urgent] },
        { name: 'D', isDefault: true },
      ]),
    ).toEqual([]);
  });

  it('checks every condition against the record type: known field, a value of its kind', () => {
    const on = (c: object, type: 'Ticket' | 'Invoice' = 'Ticket') =>
      validateFlowChart(
        start(
          condition(
            'c',
            [
              { name: 'X', condition: c as never },
              { name: 'D', isDefault: true },
            ],
            approver('a', 'A'),
          ),
        ),
        type,
      ).map((p) => `${p.key}:${p.values.field}`);
    expect(on({ field: 'colour', op: 'eq', value: 'red' })).toEqual(['unknownField:colour']);
    expect(on({ field: 'priority', op: 'eq', value: 'Whenever' })).toEqual(['badFieldValue:priority']);
    expect(on({ field: 'priority', op: 'gt', value: 'High' })).toEqual(['badFieldValue:priority']);
    expect(on({ field: 'priority', op: 'in', value: ['High', 'Nope'] })).toEqual(['badFieldValue:priority']);
    expect(on({ field: 'priority', op: 'in', value: [] })).toEqual(['badFieldValue:priority']);
    expect(on({ field: 'priority', op: 'eq', value: ['High'] })).toEqual(['badFieldValue:priority']);
    expect(on({ field: 'projectId', op: 'eq', value: 'seven' })).toEqual(['badFieldValue:projectId']);
    expect(on({ field: 'projectId', op: 'in', value: [1, 2] })).toEqual([]);
    expect(on({ field: 'totalAmount', op: 'gt', value: '1000' }, 'Invoice')).toEqual(['badFieldValue:totalAmount']);
    expect(on({ field: 'totalAmount', op: 'gt', value: 1000 }, 'Invoice')).toEqual([]);
    // A field of another type is unknown here.
    expect(on({ field: 'totalAmount', op: 'gt', value: 1000 })).toEqual(['unknownField:totalAmount']);
    expect(on({ field: 'subject', op: 'eq', value: 'Printer' })).toEqual([]);
  });

  it('needs two branches on a parallel node, no default', () => {
    const parallel = (branches: FlowBranch[]): FlowNode => ({ id: 'p', name: 'Both', type: 'parallel', branches });
    expect(keys(start(parallel([{ name: 'A', next: approver('a', 'A') }])))).toEqual(['tooFewBranches@p']);
    expect(
      keys(
        start(
          parallel([
            { name: 'A', next: approver('a', 'A') },
            { name: 'B', next: approver('b', 'B') },
          ]),
        ),
      ),
    ).toEqual([]);
  });

  it('refuses anything after an end node, and nodes after a join no branch reaches', () => {
    const afterEnd = { ...end(), next: approver('late', 'Late') } as unknown as FlowNode;
    expect(keys(start(approver('a', 'A', afterEnd)))).toEqual(['endNotLast@end']);
    const bothEnd = start(
      condition(
        'c',
        [
          {
            name: 'X',
            condition: { field: 'priority', op: 'eq', value: 'Low' },
            next: approver('a', 'A', { id: 'e1', name: 'E1', type: 'end' }),
          },
          { name: 'D', isDefault: true, next: { id: 'e2', name: 'E2', type: 'end' } },
        ],
        approver('never', 'Never'),
      ),
    );
    expect(keys(bothEnd)).toEqual(['orphanNode@never']);
    expect(validateFlowChart(bothEnd, 'Ticket')[0]?.message).toBe('Node "Never" is not reachable from the start.');
  });
});

describe('walking the graph', () => {
  it('visits top down (a node, its branches, then its next), finds by id, and can skip what hangs below', () => {
    const graph = validGraph();
    expect(flowNodes(graph).map((n) => n.id)).toEqual(['start', 'c1', 'lead', 'manager', 'cc', 'end']);
    expect(findFlowNode(graph, 'manager')?.name).toBe('Service manager');
    expect(findFlowNode(graph, 'none')).toBeUndefined();
    const seen: string[] = [];
    walkFlowChart(graph, (node, place) => {
      seen.push(`${node.id}<${place.branch?.name ?? place.parent?.id ?? '-'}`);
      return node.type !== 'condition';
    });
    expect(seen).toEqual(['start<-', 'c1<start']);
  });
});

describe('diffFlowCharts', () => {
  it('says what changed by node id: added, removed, renamed, settings, position', () => {
    const before = validGraph();
    const after = validGraph();
    const lead = findFlowNode(after, 'lead') as FlowNode & { type: 'approver' };
    lead.name = 'Team leader';
    lead.mode = 'all';
    lead.approvers = { strategy: 'users', ids: [1, 2] };
    const manager = findFlowNode(after, 'manager') as FlowNode & { type: 'approver' };
    manager.next = approver('finance', 'Finance');
    const cc = findFlowNode(after, 'cc') as FlowNode & { type: 'cc' };
    cc.next = null;
    expect(diffFlowCharts(before, after)).toEqual([
      'Removed end node "End"',
      'Renamed "Team lead" to "Team leader"',
      'Changed "Team leader": approvers, mode',
      'Added approver node "Finance"',
    ]);
  });

  it('sees a moved node and a changed branch condition; the same graph is no change', () => {
    expect(diffFlowCharts(validGraph(), validGraph())).toEqual(['No changes.']);
    const moved = start(approver('a', 'A', approver('b', 'B')));
    expect(diffFlowCharts(moved, start(approver('b', 'B', approver('a', 'A'))))).toEqual([
      'Changed "B": position',
      'Changed "A": position',
    ]);
    const after = validGraph();
    const c1 = findFlowNode(after, 'c1') as FlowNode & { type: 'condition' };
    c1.branches[0]!.condition = { field: 'priority', op: 'eq', value: 'Urgent' };
    expect(diffFlowCharts(validGraph(), after)).toEqual(['Changed "Cond c1": branches']);
  });

  it('summarises a first version', () => {
    expect(diffFlowCharts(null, validGraph())).toEqual(['First version (6 nodes).']);
  });
});
