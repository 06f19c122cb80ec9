// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FlowNode } from '@casedesk/shared';
import { boxStates, flowToGraph, joinId, layoutBoxes } from './instance-graph-model';

const approver = (id: string, next: FlowNode | null = null): FlowNode => ({
  id,
  name: `Step ${id}`,
  type: 'approver',
  approvers: { strategy: 'users', ids: [1] },
  mode: 'any',
  next,
});

// start → condition (urgent: a1 | default: nothing) → parallel (p1 | p2 → p3) → a2 → end
const flow: FlowNode = {
  id: 'start',
  name: 'Start',
  type: 'start',
  next: {
    id: 'cond',
    name: 'Priority',
    type: 'condition',
    branches: [
      { name: 'Urgent', condition: { field: 'priority', op: 'eq', value: 'Urgent' }, next: approver('a1') },
      { name: 'Other', isDefault: true, next: null },
    ],
    next: {
      id: 'par',
      name: 'Both',
      type: 'parallel',
      branches: [
        { name: 'Left', next: approver('p1') },
        { name: 'Right', next: approver('p2', approver('p3')) },
      ],
      next: approver('a2', { id: 'end', name: 'End', type: 'end' }),
    },
  },
};

const pairs = (lines: { source: string; target: string; label?: string }[]) =>
  lines.map((l) => `${l.source}>${l.target}${l.label ? `:${l.label}` : ''}`);

describe('the instance graph from the node tree', () => {
  it('fans branches out from their node and joins them back before the next node', () => {
    const { boxes, lines } = flowToGraph(flow);
    expect(boxes.map((b) => b.id)).toEqual([
      'start',
      'cond',
      'a1',
      'cond__pass1',
      joinId('cond'),
      'par',
      'p1',
      'p2',
      'p3',
      joinId('par'),
      'a2',
      'end',
    ]);
    expect(pairs(lines)).toEqual([
      'start>cond',
      'cond>a1:Urgent',
      'cond>cond__pass1',
      'a1>cond__join',
      'cond__pass1>cond__join',
      'cond__join>par',
      'par>p1:Left',
      'par>p2:Right',
      'p2>p3',
      'p1>par__join',
      'p3>par__join',
      'par__join>a2',
      'a2>end',
    ]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
  });

  it('colours the path, the current nodes and what is not reached; a join only once its block is behind', () => {
    const { boxes } = flowToGraph(flow);
    // The default branch was taken; inside the parallel block p1 is done and p3 waits.
    const states = boxStates(flow, boxes, ['start', 'cond', 'par', 'p1', 'p2', 'p3'], ['p3']);
    expect(Object.fromEntries(states)).toEqual({
      start: 'passed',
      cond: 'passed',
      a1: 'notReached',
      cond__pass1: 'passed',
      cond__join: 'passed',
      par: 'passed',
      p1: 'passed',
      p2: 'passed',
      p3: 'current',
      par__join: 'notReached',
      a2: 'notReached',
      end: 'notReached',
    });
    const later = boxStates(flow, boxes, ['start', 'cond', 'par', 'p1', 'p2', 'p3', 'a2'], ['a2']);
    expect(later.get('par__join')).toBe('passed');
    expect(later.get('a2')).toBe('current');
    // Had the urgent branch been taken, the empty default branch would not be.
    const urgent = boxStates(flow, boxes, ['start', 'cond', 'a1', 'par'], ['par']);
    expect(urgent.get('cond__pass1')).toBe('notReached');
  });

  it('lays the boxes out top to bottom with branches side by side', () => {
    const { boxes, lines } = flowToGraph(flow);
    const placed = layoutBoxes(boxes, lines, () => ({ width: 100, height: 40 }));
    const at = (id: string) => placed.get(id)!;
    expect(at('start').y).toBeLessThan(at('cond').y);
    expect(at('cond').y).toBeLessThan(at('par').y);
    expect(at('par').y).toBeLessThan(at('a2').y);
    expect(at('a2').y).toBeLessThan(at('end').y);
    expect(at('p1').y).toBe(at('p2').y);
    expect(at('p1').x).not.toBe(at('p2').x);
    // The empty branch is laid out beside the urgent one, not through it.
    expect(at('cond__pass1').y).toBe(at('a1').y);
    expect(at('cond__pass1').x).not.toBe(at('a1').x);
  });
});
