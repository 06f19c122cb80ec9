// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { flowNodeSchema, validateFlowChart, type FlowNode } from '@casedesk/shared';
import { cleanRule, nodeFromValues, valuesOf } from './node-values';

const approver: FlowNode = {
  id: 'lead',
  type: 'approver',
  name: 'Team lead',
  approvers: { strategy: 'users', ids: [7] },
  mode: 'any',
  next: { id: 'end', type: 'end', name: 'End' },
};

describe('property drawer values', () => {
  it('keeps only what the strategy reads', () => {
    expect(cleanRule({ strategy: 'leaderLevels', ids: [1, 2], levels: 2, field: 'assignTo' })).toEqual({
      strategy: 'leaderLevels',
      levels: 2,
    });
    expect(cleanRule({ strategy: 'recordField', ids: [1], field: 'assignTo' })).toEqual({
      strategy: 'recordField',
      field: 'assignTo',
    });
    // The department leader without departments: the initiator's own.
    expect(cleanRule({ strategy: 'deptLeader', ids: [] })).toEqual({ strategy: 'deptLeader' });
    expect(cleanRule({ strategy: 'deptLeader', ids: [4] })).toEqual({ strategy: 'deptLeader', ids: [4] });
    expect(cleanRule({ strategy: 'role' })).toEqual({ strategy: 'role', ids: [] });
  });

  it('an approver round-trips through the form; the time limit, percent and fallback only when switched on', () => {
    const values = valuesOf(approver, 'Ticket');
    const same = nodeFromValues(approver, values);
    expect(same).toMatchObject({
      id: 'lead',
      name: 'Team lead',
      approvers: { strategy: 'users', ids: [7] },
      mode: 'any',
    });
    expect(same).not.toHaveProperty('timeout');
    expect(same).not.toHaveProperty('percent');
    expect(same).not.toHaveProperty('fieldPermissions');
    expect(same.next).toEqual(approver.next);
    expect(flowNodeSchema.safeParse(same).success).toBe(true);

    const changed = nodeFromValues(approver, {
      ...values,
      mode: 'percent',
      percent: 60,
      timeoutOn: true,
      timeout: { hours: 8, remindTimes: 2, action: 'escalate' },
      noApprover: { action: 'autoApprove', userId: 9 },
      fieldPermissions: { priority: 'write', subject: 'hidden', status: 'read' },
    });
    expect(changed).toMatchObject({
      mode: 'percent',
      percent: 60,
      timeout: { hours: 8, remindTimes: 2, action: 'escalate' },
      noApprover: { action: 'autoApprove' },
      fieldPermissions: { priority: 'write', subject: 'hidden' },
    });
    expect((changed as { noApprover: object }).noApprover).not.toHaveProperty('userId');
    expect(flowNodeSchema.safeParse(changed).success).toBe(true);
  });

  it('a start node: chosen initiators only when not everyone', () => {
    const start: FlowNode = { id: 'start', type: 'start', name: 'Initiator', next: approver };
    const everyone = nodeFromValues(start, {
      ...valuesOf(start, 'Ticket'),
      initiators: { everyone: true, userIds: [3], roleIds: [], deptIds: [] },
      allowCancel: true,
    });
    expect(everyone).toMatchObject({
      initiators: { everyone: true, userIds: [] },
      allowCancel: true,
      allowRecall: false,
    });
    const chosen = nodeFromValues(start, { initiators: { everyone: false, userIds: [3], roleIds: [2] } });
    expect(chosen).toMatchObject({ initiators: { everyone: false, userIds: [3], roleIds: [2], deptIds: [] } });
    expect(validateFlowChart(chosen, 'Ticket')).toEqual([]);
  });
});
