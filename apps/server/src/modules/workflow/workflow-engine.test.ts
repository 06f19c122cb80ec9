import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WorkflowTask } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { delegate, delegateLog } from '../delegate/index.js';
import { dept } from '../dept/dept.table.js';
import { appUser } from '../user/index.js';
import {
  anotherTicket,
  approvalWorld,
  approve,
  approver,
  branch,
  ccNode,
  chain,
  conditionNode,
  end,
  infoOf,
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
    expect(mine.myTasks.map((t) => t.actions)).toEqual([
      ['approve', 'reject', 'return', 'assign', 'transfer', 'handoff'],
    ]);
    const done = await approve(ctx, boss, started.instance.id, { comment: 'fine' });
    expect(done.instance.status).toBe('Approved');
    expect(done.instance.currentNodes).toEqual([]);
    expect(done.path).toEqual(['start', 'a', 'end']);
    expect(done.log.map((l) => [l.action, l.actorId, l.comment])).toEqual([
      ['submit', w.initiator.id, null],
      ['approve', boss.id, 'fine'],
    ]);
    const timeline = await ctx.call('GET', `/api/Ticket/Timeline/${w.ticketId}`, { token: w.initiator.token });
    expect(timeline.status).toBe(200);
    const approvalSteps = (timeline.body.data as { changes: { field: string; to: unknown }[] }[])
      .flatMap((entry) => entry.changes)
      .filter((change) => change.field === 'approvalStatus')
      .map((change) => change.to);
    expect(approvalSteps.sort()).toEqual(['Approved', 'Running']);
  });
});

const statusesAt = (tasks: WorkflowTask[], nodeId: string) =>
  tasks.filter((t) => t.nodeId === nodeId).map((t) => [t.ownerId, t.kind, t.status]);

async function todoOf(who: { token: string }) {
  const response = await ctx.call('POST', '/api/WorkflowTask/Query', { token: who.token, body: { box: 'todo' } });
  expect(response.status, response.raw).toBe(200);
  return (response.body.data as { items: WorkflowTask[] }).items;
}

describe('approver modes', () => {
  it('any: the first approval finishes the node and cancels the others', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('n', [a.id, b.id], 'any'), end()), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const done = await approve(ctx, b, instance.id);
    expect(done.instance.status).toBe('Approved');
    expect(statusesAt(done.tasks, 'n')).toEqual([
      [a.id, 'approve', 'Cancelled'],
      [b.id, 'approve', 'Approved'],
    ]);
  });

  it('all: every approver must approve', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('n', [a.id, b.id], 'all'), end()), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    expect((await approve(ctx, a, instance.id)).instance.status).toBe('Running');
    expect((await approve(ctx, b, instance.id)).instance.status).toBe('Approved');
  });

  it('percent: ceil(n × percent / 100) approvals finish the node', async () => {
    const w = await approvalWorld(ctx);
    const [a, b, c] = [await person(ctx), await person(ctx), await person(ctx)];
    const graph = chain(start(), approver('n', [a.id, b.id, c.id], 'percent', { percent: 50 }), end());
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    expect((await approve(ctx, c, instance.id)).instance.status).toBe('Running');
    const done = await approve(ctx, a, instance.id);
    expect(done.instance.status).toBe('Approved');
    expect(statusesAt(done.tasks, 'n').map((t) => t[2])).toEqual(['Approved', 'Cancelled', 'Approved']);
  });

  it('sequence: one at a time in order; a waiting signer has nothing in the to-do box', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('n', [a.id, b.id], 'sequence'), end()), {
      projectId: w.projectId,
    });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    expect(await todoOf(b)).toEqual([]);
    expect((await infoOf(ctx, b, instance.id)).myTasks).toEqual([]);
    expect((await todoOf(a)).map((t) => t.instanceId)).toEqual([instance.id]);
    const half = await approve(ctx, a, instance.id);
    expect(half.instance.status).toBe('Running');
    expect((await todoOf(b)).map((t) => t.instanceId)).toEqual([instance.id]);
    expect((await approve(ctx, b, instance.id)).instance.status).toBe('Approved');
  });
});

describe('cc, condition and parallel nodes', () => {
  it('cc: the copy is finished at once, seen read-only, in the cc box; the instance moves on', async () => {
    const w = await approvalWorld(ctx);
    const [reader, boss] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), ccNode('c', [reader.id]), approver('a', [boss.id]), end()), {
      projectId: w.projectId,
    });
    const { instance, tasks } = await submit(ctx, w.initiator, w.ticketId);
    expect(instance.currentNodes).toEqual(['a']);
    expect(statusesAt(tasks, 'c')).toEqual([[reader.id, 'cc', 'Skipped']]);
    const seen = await infoOf(ctx, reader, instance.id);
    expect(seen.myTasks).toEqual([]);
    expect(seen.actions).toEqual([]);
    const box = await ctx.call('POST', '/api/WorkflowTask/Query', { token: reader.token, body: { box: 'cc' } });
    expect((box.body.data as { items: WorkflowTask[] }).items.map((t) => t.instanceId)).toEqual([instance.id]);
    const counts = await ctx.call('GET', '/api/WorkflowTask/Counts', { token: reader.token });
    expect(counts.body.data).toEqual({ todo: 0, done: 0, initiated: 0, cc: 1 });
  });

  it('condition: the first branch whose condition holds, else the default branch', async () => {
    const w = await approvalWorld(ctx);
    const [high, other] = [await person(ctx), await person(ctx)];
    const graph = chain(
      start(),
      conditionNode('cond', [
        branch('High', [approver('h', [high.id])], { field: 'priority', op: 'in', value: ['High', 'Urgent'] }),
        branch('Other', [approver('o', [other.id])], 'default'),
      ]),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const first = await submit(ctx, w.initiator, w.ticketId);
    expect(first.instance.currentNodes).toEqual(['o']);
    expect(first.path).toEqual(['start', 'cond', 'o']);
    const hot = await anotherTicket(ctx, w, { priority: 'High' });
    const second = await submit(ctx, w.initiator, hot.id);
    expect(second.instance.currentNodes).toEqual(['h']);
    const done = await approve(ctx, high, second.instance.id);
    expect(done.instance.status).toBe('Approved');
    expect(done.path).toEqual(['start', 'cond', 'h', 'end']);
  });

  it('parallel: every branch starts; the join waits for all, then the node after it', async () => {
    const w = await approvalWorld(ctx);
    const [left, right, last] = [await person(ctx), await person(ctx), await person(ctx)];
    const graph = chain(
      start(),
      parallelNode('par', [branch('L', [approver('l', [left.id])]), branch('R', [approver('r', [right.id])])]),
      approver('z', [last.id]),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    expect(instance.currentNodes).toEqual(['l', 'r']);
    expect((await approve(ctx, right, instance.id)).instance.currentNodes).toEqual(['l']);
    const joined = await approve(ctx, left, instance.id);
    expect(joined.instance.currentNodes).toEqual(['z']);
    expect(joined.path).toEqual(['start', 'par', 'l', 'r', 'z']);
    expect((await approve(ctx, last, instance.id)).instance.status).toBe('Approved');
  });
});

describe('versions', () => {
  it('an instance stays on the version it started with when v2 is published', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    const v1 = chain(start(), approver('a', [a.id]), approver('b', [b.id]), end());
    const { workflowId } = await publishWorkflow(ctx, v1, { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    await publishNextVersion(ctx, workflowId, chain(start(), approver('a', [a.id]), end()));
    const after = await approve(ctx, a, instance.id);
    expect(after.instance.version).toBe(1);
    expect(after.instance.currentNodes).toEqual(['b']);
    expect(JSON.stringify(after.flowChart)).toContain('"id":"b"');
    // A new submission runs v2.
    const next = await anotherTicket(ctx, w);
    const fresh = await submit(ctx, w.initiator, next.id);
    expect(fresh.instance.version).toBe(2);
  });
});

describe('who approves', () => {
  it('the approver is the initiator: approve (auto) or skip, as the node says', async () => {
    const w = await approvalWorld(ctx);
    const other = await person(ctx);
    const graph = chain(
      start(),
      approver('auto', [w.initiator.id]),
      approver('skip', [w.initiator.id, other.id], 'all', { selfApprover: 'skip' }),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const info = await submit(ctx, w.initiator, w.ticketId);
    expect(info.instance.currentNodes).toEqual(['skip']);
    expect(info.log.map((l) => [l.action, l.nodeId, l.commentKey])).toEqual([
      ['submit', 'start', null],
      ['autoApprove', 'auto', 'workflow.autoApprovedSelf'],
      ['skip', 'skip', 'workflow.skippedSelf'],
    ]);
    expect((await approve(ctx, other, info.instance.id)).instance.status).toBe('Approved');
  });

  it('the approver is the initiator, selfApprover leader: their department leader approves instead', async () => {
    const w = await approvalWorld(ctx);
    const leader = await person(ctx);
    const [unit] = await ctx.db
      .insert(dept)
      .values({ name: 'Unit', code: `D-${w.ticketId}`, leaderId: leader.id })
      .returning({ id: dept.id });
    await ctx.db.update(appUser).set({ deptId: unit!.id }).where(eq(appUser.id, w.initiator.id));
    await publishWorkflow(
      ctx,
      chain(start(), approver('a', [w.initiator.id], 'any', { selfApprover: 'leader' }), end()),
      {
        projectId: w.projectId,
      },
    );
    const { instance, tasks } = await submit(ctx, w.initiator, w.ticketId);
    expect(tasks.map((t) => [t.ownerId, t.status])).toEqual([[leader.id, 'Pending']]);
    expect((await approve(ctx, leader, instance.id)).instance.status).toBe('Approved');
  });

  it('no approver found: approve automatically, reject, or a fallback user', async () => {
    const w = await approvalWorld(ctx);
    const fallback = await person(ctx);
    const graph = chain(
      start(),
      approver('none', []),
      approver('fb', [], 'any', { noApprover: { action: 'fallback', userId: fallback.id } }),
      approver('rej', [], 'any', { noApprover: { action: 'reject' } }),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const info = await submit(ctx, w.initiator, w.ticketId);
    expect(info.instance.currentNodes).toEqual(['fb']);
    expect(info.log.at(-1)?.commentKey).toBe('workflow.autoApprovedNoApprover');
    const done = await approve(ctx, fallback, info.instance.id);
    expect(done.instance.status).toBe('Rejected');
    expect(done.log.at(-1)).toMatchObject({ action: 'autoReject', commentKey: 'workflow.autoRejectedNoApprover' });
  });

  it('skipIfApproved: someone who approved earlier is skipped', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    const graph = chain(
      start(),
      approver('one', [a.id]),
      approver('two', [a.id, b.id], 'all', { skipIfApproved: true }),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const after = await approve(ctx, a, instance.id);
    expect(statusesAt(after.tasks, 'two')).toEqual([
      [a.id, 'approve', 'Skipped'],
      [b.id, 'approve', 'Pending'],
    ]);
    expect((await approve(ctx, b, instance.id)).instance.status).toBe('Approved');
  });

  it('initiatorPicks: the initiator names the approver at submit; none named → 400 naming the node', async () => {
    const w = await approvalWorld(ctx);
    const picked = await person(ctx);
    const graph = chain(
      start(),
      { id: 'p', name: 'Picked', type: 'approver', approvers: { strategy: 'initiatorPicks' }, mode: 'any' },
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const refused = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: w.ticketId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toContain('Picked');
    const info = await submit(ctx, w.initiator, w.ticketId, { picks: { p: [picked.id] } });
    expect(info.tasks.map((t) => t.ownerId)).toEqual([picked.id]);
  });
});

describe('delegation', () => {
  it('a delegate holds the task on behalf of the owner; both see it; either may act; the audit has it', async () => {
    const w = await approvalWorld(ctx);
    const [owner, stand] = [await person(ctx), await person(ctx)];
    const today = new Date().toISOString().slice(0, 10);
    await ctx.db
      .insert(delegate)
      .values({ delegateBy: owner.id, delegateTo: stand.id, delegateType: 'Approval', startDate: today });
    await publishWorkflow(ctx, chain(start(), approver('a', [owner.id]), approver('b', [owner.id]), end()), {
      projectId: w.projectId,
    });
    const { instance, tasks } = await submit(ctx, w.initiator, w.ticketId);
    expect(tasks.map((t) => [t.ownerId, t.assigneeId, t.onBehalfOfId])).toEqual([[owner.id, stand.id, owner.id]]);
    expect((await todoOf(stand)).map((t) => t.instanceId)).toEqual([instance.id]);
    expect((await todoOf(owner)).map((t) => t.instanceId)).toEqual([instance.id]);
    const byDelegate = await approve(ctx, stand, instance.id);
    expect(byDelegate.log.at(-1)).toMatchObject({ action: 'approve', actorId: stand.id, onBehalfOfId: owner.id });
    const byOwner = await approve(ctx, owner, instance.id);
    expect(byOwner.instance.status).toBe('Approved');
    expect(byOwner.log.at(-1)).toMatchObject({ action: 'approve', actorId: owner.id, onBehalfOfId: null });
    const audit = await ctx.db.select().from(delegateLog).where(eq(delegateLog.instanceId, instance.id));
    expect(audit.map((a) => [a.event, a.delegateBy, a.delegateTo])).toEqual([
      ['taskReached', owner.id, stand.id],
      ['taskReached', owner.id, stand.id],
    ]);
  });
});
