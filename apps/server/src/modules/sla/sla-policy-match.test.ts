import { describe, expect, it } from 'vitest';
import type { Condition } from '@casedesk/shared';
import { policyFor, policyHolds, type MatchablePolicy } from './sla-policy-match.js';

type Named = MatchablePolicy & { name: string };
const policy = (name: string, priority: number, conditions: Condition[], status: Named['status'] = 'Active') => ({
  name,
  priority,
  conditions,
  status,
});

describe('policyFor', () => {
  it('takes the first active policy by priority whose conditions all hold', () => {
    const policies: Named[] = [
      policy('catch-all', 100, []),
      policy('project 7 urgent', 10, [
        { field: 'projectId', op: 'eq', value: 7 },
        { field: 'priority', op: 'eq', value: 'Urgent' },
      ]),
      policy('project 7', 20, [{ field: 'projectId', op: 'in', value: [7, 8] }]),
      policy('off', 1, [], 'Inactive'),
    ];
    expect(policyFor(policies, { projectId: 7, priority: 'Urgent' })?.name).toBe('project 7 urgent');
    expect(policyFor(policies, { projectId: 8, priority: 'Urgent' })?.name).toBe('project 7');
    expect(policyFor(policies, { projectId: 9, priority: 'Low' })?.name).toBe('catch-all');
    expect(policyFor(policies.slice(1), { projectId: 9, priority: 'Low' })).toBeUndefined();
  });

  it('compares ticket priorities in their order, not alphabetically', () => {
    const atLeastHigh: Condition[] = [{ field: 'priority', op: 'ge', value: 'High' }];
    expect(policyHolds(atLeastHigh, { priority: 'Urgent' })).toBe(true);
    expect(policyHolds(atLeastHigh, { priority: 'High' })).toBe(true);
    expect(policyHolds(atLeastHigh, { priority: 'Medium' })).toBe(false);
    expect(policyHolds(atLeastHigh, { priority: 'Low' })).toBe(false);
    expect(policyHolds([{ field: 'priority', op: 'lt', value: 'Medium' }], { priority: 'Low' })).toBe(true);
    expect(policyHolds([{ field: 'priority', op: 'in', value: ['Low', 'Urgent'] }], { priority: 'Urgent' })).toBe(true);
  });

  it('reads a missing field as meeting only "not equal"', () => {
    expect(policyHolds([{ field: 'categoryId', op: 'eq', value: 3 }], { priority: 'Low' })).toBe(false);
    expect(policyHolds([{ field: 'categoryId', op: 'ne', value: 3 }], { priority: 'Low', categoryId: null })).toBe(
      true,
    );
    expect(
      policyHolds([{ field: 'ticketType', op: 'eq', value: 'Incident' }], { priority: 'Low', ticketType: 'Incident' }),
    ).toBe(true);
  });

  it('keeps the given order between policies of equal priority', () => {
    const policies: Named[] = [policy('first', 5, []), policy('second', 5, [])];
    expect(policyFor(policies, { priority: 'Low' })?.name).toBe('first');
  });
});
