import { describe, expect, it } from 'vitest';
import type { WorkflowTask } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import {
  act,
  approvalWorld,
  approve,
  approver,
  branch,
  ccNode,
  chain,
  conditionNode,
  end,
  infoOf,
  myTask,
  parallelNode,
  person,
  publishNextVersion,
  publishWorkflow,
  start,
  submit,
  workflowCall,
} from '../../../test/workflow-factories.js';

const ctx = useTestApp();

describe('a simple chain', () => {
  it('runs start → approver → end: Approved, path and log kept, the ticket told', async () => {
    const w = await approvalWorld(ctx);
    const boss = await person(ctx);
    await publishWorkflow(ctx, chain(start(), approver('a', [boss.id]), end()), { projectId: w.projectId });
    const started = await submit(ctx, w.initiator, w.ticketId);
    expect(started.instance.status).toBe('Running');
    expect(started.instance.currentNodes).toEqual(['a']);
    expect(started.path).toEqual(['start', 'a']);
    expect(started.actions).toContain('cancel');
    expect(started.myTasks).toEqual([]);

    const mine = await infoOf(ctx, boss, started.instance.id);
    expect(mine.myTasks.map((t) => t.actions)).toEqual([['approve', 'reject', 'return', 'assign', 'transfer', 'handoff']]);
    const done = await approve(ctx, boss, started.instance.id, { comment: 'fine' });
    expect(done.instance.status).toBe('Approved');
    expect(done.instance.currentNodes).toEqual([]);
    expect(done.path).toEqual(['start', 'a', 'end']);
    expect(done.log.map((l) => [l.action, l.actorId, l.comment])).toEqual([
      ['submit', w.initiator.id, null],
      ['approve', boss.id, 'fine'],
    ]);
    const history = await ctx.call('GET', `/api/Ticket/Detail/${w.ticketId}`, { token: w.initiator.token });
    expect(history.status).toBe(200);
  });
});
