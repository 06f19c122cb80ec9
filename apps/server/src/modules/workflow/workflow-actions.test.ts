import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WorkflowBusinessState, WorkflowTask } from '@casedesk/shared';
import { rowsOf } from '../../platform/db.js';
import { useTestApp } from '../../../test/helpers.js';
import {
  act,
  approvalWorld,
  approve,
  approver,
  branch,
  chain,
  end,
  infoOf,
  myTask,
  parallelNode,
  person,
  publishWorkflow,
  start,
  submit,
  workflowCall,
} from '../../../test/workflow-factories.js';

import { workflow, workflowInstance } from './workflow.table.js';

const ctx = useTestApp();

const pendingAt = (tasks: WorkflowTask[], nodeId: string) =>
  tasks
    .filter((t) => t.nodeId === nodeId && t.status === 'Pending')
    .map((t) => [t.ownerId, t.kind])
    .sort();

describe('who may act', () => {
  it('a finished task → 409; a task of someone else → 409; a hidden instance → 404; an unknown task → 404', async () => {
    const w = await approvalWorld(ctx);
    const [a, b, stranger] = [await person(ctx), await person(ctx), await person(ctx)];
    // b sees the instance (a task of their own on it) but a's task is not theirs.
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id, b.id], 'all'), end()), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const task = await myTask(ctx, a, instance.id);
    const foreign = await workflowCall(ctx, b, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(foreign.status).toBe(409);
    expect(foreign.body.resultMsg).toBe('This task is not yours.');
    const hidden = await workflowCall(ctx, stranger, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(hidden.status).toBe(404);
    expect((await ctx.call('GET', `/api/WorkflowInstance/Info/${instance.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    await act(ctx, a, 'WorkflowInstance/Approve', { taskId: task.taskId });
    const stale = await workflowCall(ctx, a, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe('This task has already been handled.');
    expect((await workflowCall(ctx, a, 'WorkflowInstance/Approve', { taskId: 999_999 })).status).toBe(404);
    // Nothing changed by the refusals: b holds the only pending task.
    const info = await infoOf(ctx, w.initiator, instance.id);
    expect(info.tasks.filter((t) => t.status === 'Pending').map((t) => t.ownerId)).toEqual([b.id]);
    expect(info.log.map((l) => l.action)).toEqual(['submit', 'approve']);
  });

  it('concurrent approvals on one or-sign node take turns: one wins, the other gets 409, one log row', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('n', [a.id, b.id], 'any'), end()), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const [ta, tb] = [await myTask(ctx, a, instance.id), await myTask(ctx, b, instance.id)];
    const answers = await Promise.all([
      workflowCall(ctx, a, 'WorkflowInstance/Approve', { taskId: ta.taskId }),
      workflowCall(ctx, b, 'WorkflowInstance/Approve', { taskId: tb.taskId }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const info = await infoOf(ctx, w.initiator, instance.id);
    expect(info.instance.status).toBe('Approved');
    expect(info.log.filter((l) => l.action === 'approve')).toHaveLength(1);
  });

  it('a second submit of a running record → 409; a record in no registry → 400; a hidden record → 404', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    const unbound = await approvalWorld(ctx);
    const noBinding = await workflowCall(ctx, unbound.initiator, 'WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: unbound.ticketId,
    });
    expect(noBinding.status).toBe(400);
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), end()), { projectId: w.projectId });
    const outsider = await person(ctx, ['ticket:view', 'ticket:edit']);
    const hidden = await workflowCall(ctx, outsider, 'WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: w.ticketId,
    });
    expect(hidden.status).toBe(404);
    await submit(ctx, w.initiator, w.ticketId);
    const twice = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: w.ticketId,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.resultMsg).toBe('This record is already under approval.');
  });

  it('who may initiate: only the users the start node names (403 otherwise); a disabled workflow → 400', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    const rule = { everyone: false, userIds: [a.id], roleIds: [], deptIds: [] };
    const { workflowId } = await publishWorkflow(
      ctx,
      chain(start({ initiators: rule }), approver('a', [a.id]), end()),
      {
        projectId: w.projectId,
      },
    );
    const body = { businessType: 'Ticket', businessId: w.ticketId };
    const refused = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Submit', body);
    expect(refused.status).toBe(403);
    expect(refused.body.resultMsg).toBe('You may not start this workflow.');
    await ctx.db.update(workflow).set({ status: 'Disabled' }).where(eq(workflow.id, workflowId));
    const disabled = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Submit', body);
    expect(disabled.status).toBe(400);
    expect(await ctx.db.select().from(workflowInstance).where(eq(workflowInstance.businessId, w.ticketId))).toEqual([]);
  });

  it('cancel: the initiator may; another user 403; an admin only with a reason; not when disallowed; not twice', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    const admin = await person(ctx, ['workflow:view', 'workflow:edit']);
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), end()), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const byApprover = await workflowCall(ctx, a, 'WorkflowInstance/Cancel', { instanceId: instance.id });
    expect(byApprover.status).toBe(403);
    const noReason = await workflowCall(ctx, admin, 'WorkflowInstance/Cancel', { instanceId: instance.id });
    expect(noReason.status).toBe(400);
    const cancelled = await act(ctx, w.initiator, 'WorkflowInstance/Cancel', {
      instanceId: instance.id,
      comment: 'no',
    });
    expect(cancelled.instance.status).toBe('Cancelled');
    expect(cancelled.tasks.map((t) => t.status)).toEqual(['Cancelled']);
    const again = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Cancel', { instanceId: instance.id });
    expect(again.status).toBe(409);

    const locked = await approvalWorld(ctx);
    await publishWorkflow(ctx, chain(start({ allowCancel: false }), approver('a', [a.id]), end()), {
      projectId: locked.projectId,
    });
    const second = await submit(ctx, locked.initiator, locked.ticketId);
    expect(second.actions).not.toContain('cancel');
    const refused = await workflowCall(ctx, locked.initiator, 'WorkflowInstance/Cancel', {
      instanceId: second.instance.id,
    });
    expect(refused.status).toBe(409);
    const byAdmin = await act(ctx, admin, 'WorkflowInstance/Cancel', {
      instanceId: second.instance.id,
      comment: 'stuck',
    });
    expect(byAdmin.instance.status).toBe('Cancelled');
  });
});

describe('reject and return', () => {
  it('reject ends the instance (reason required when the node says so)', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    await publishWorkflow(
      ctx,
      chain(start(), approver('a', [a.id], 'any', { reasonRequired: { reject: true } }), end()),
      {
        projectId: w.projectId,
      },
    );
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const task = await myTask(ctx, a, instance.id);
    expect(task.reasonRequired).toEqual({ approve: false, reject: true });
    const bare = await workflowCall(ctx, a, 'WorkflowInstance/Reject', { taskId: task.taskId });
    expect(bare.status).toBe(400);
    expect(bare.body.resultMsg).toBe('Give a reason.');
    const done = await act(ctx, a, 'WorkflowInstance/Reject', { taskId: task.taskId, comment: 'too dear' });
    expect(done.instance.status).toBe('Rejected');
  });

  it('return to the initiator: a resubmit task; Submit again continues the same instance', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), approver('b', [b.id]), end()), {
      projectId: w.projectId,
    });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    await approve(ctx, a, instance.id);
    const task = await myTask(ctx, b, instance.id);
    expect(task.returnTargets.map((t) => t.nodeId)).toEqual(['start', 'a']);
    const back = await act(ctx, b, 'WorkflowInstance/Return', {
      taskId: task.taskId,
      comment: 'add the quote',
      targetNodeId: 'start',
    });
    expect(back.instance.currentNodes).toEqual(['start']);
    const mine = await infoOf(ctx, w.initiator, instance.id);
    expect(mine.myTasks.map((t) => [t.kind, t.actions])).toEqual([['resubmit', ['resubmit']]]);
    const state = await ctx.call('GET', '/api/WorkflowInstance/BusinessState', {
      token: w.initiator.token,
      query: { businessType: 'Ticket', businessId: String(w.ticketId) },
    });
    expect(state.body.data).toMatchObject({ canSubmit: true, instance: { id: instance.id, status: 'Running' } });
    const again = await submit(ctx, w.initiator, w.ticketId);
    expect(again.instance.id).toBe(instance.id);
    expect(again.instance.currentNodes).toEqual(['a']);
    expect(again.log.map((l) => l.action)).toEqual(['submit', 'approve', 'return', 'resubmit']);
  });

  it('return to an earlier countersign node: every approver there gets a fresh task (a new round)', async () => {
    const w = await approvalWorld(ctx);
    const [a1, a2, b] = [await person(ctx), await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('a', [a1.id, a2.id], 'all'), approver('b', [b.id]), end()), {
      projectId: w.projectId,
    });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    await approve(ctx, a1, instance.id);
    await approve(ctx, a2, instance.id);
    const task = await myTask(ctx, b, instance.id);
    const back = await act(ctx, b, 'WorkflowInstance/Return', {
      taskId: task.taskId,
      comment: 'again',
      targetNodeId: 'a',
    });
    expect(back.instance.currentNodes).toEqual(['a']);
    expect(pendingAt(back.tasks, 'a')).toEqual(
      [
        [a1.id, 'approve'],
        [a2.id, 'approve'],
      ].sort(),
    );
    expect(back.path).toEqual(['start', 'a', 'b', 'a']);
    await approve(ctx, a1, instance.id);
    const after = await approve(ctx, a2, instance.id);
    expect(after.instance.currentNodes).toEqual(['b']);
    expect((await approve(ctx, b, instance.id)).instance.status).toBe('Approved');
  });

  it('return into a parallel branch: only that branch runs again; the join waits for it', async () => {
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
    await approve(ctx, left, instance.id);
    await approve(ctx, right, instance.id);
    const task = await myTask(ctx, last, instance.id);
    expect(task.returnTargets.map((t) => t.nodeId)).toEqual(['start', 'l', 'r']);
    const back = await act(ctx, last, 'WorkflowInstance/Return', {
      taskId: task.taskId,
      comment: 'redo',
      targetNodeId: 'r',
    });
    expect(back.instance.currentNodes).toEqual(['r']);
    const joined = await approve(ctx, right, instance.id);
    expect(joined.instance.currentNodes).toEqual(['z']);
    expect((await approve(ctx, last, instance.id)).instance.status).toBe('Approved');
  });

  it('a node not passed yet is no return target → 400', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), approver('b', [b.id]), end()), {
      projectId: w.projectId,
    });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const task = await myTask(ctx, a, instance.id);
    const ahead = await workflowCall(ctx, a, 'WorkflowInstance/Return', {
      taskId: task.taskId,
      comment: 'x',
      targetNodeId: 'b',
    });
    expect(ahead.status).toBe(400);
  });

  it('reject on a node with onReject returnToInitiator sends it back instead of ending', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id], 'any', { onReject: 'returnToInitiator' }), end()), {
      projectId: w.projectId,
    });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const task = await myTask(ctx, a, instance.id);
    const back = await act(ctx, a, 'WorkflowInstance/Reject', { taskId: task.taskId, comment: 'fix it' });
    expect(back.instance.status).toBe('Running');
    expect(pendingAt(back.tasks, 'start')).toEqual([[w.initiator.id, 'resubmit']]);
  });
});

describe('people on a task', () => {
  it('assign before: my task waits until they approve; after: they approve after me; remove an added signer', async () => {
    const w = await approvalWorld(ctx);
    const [a, before, after, extra, b] = [
      await person(ctx),
      await person(ctx),
      await person(ctx),
      await person(ctx),
      await person(ctx),
    ];
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), approver('b', [b.id]), end()), {
      projectId: w.projectId,
    });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const task = await myTask(ctx, a, instance.id);
    const added = await act(ctx, a, 'WorkflowInstance/Assign', {
      taskId: task.taskId,
      userIds: [before.id],
      position: 'before',
    });
    expect(pendingAt(added.tasks, 'a')).toEqual(
      [
        [a.id, 'waiting'],
        [before.id, 'approve'],
      ].sort(),
    );
    expect((await infoOf(ctx, a, instance.id)).myTasks).toEqual([]);
    await approve(ctx, before, instance.id);
    const mine = await myTask(ctx, a, instance.id);
    await act(ctx, a, 'WorkflowInstance/Assign', {
      taskId: mine.taskId,
      userIds: [after.id, extra.id],
      position: 'after',
    });
    // The one who added a signer may take them back while they have not acted; nobody else may.
    const extraTask = (await infoOf(ctx, a, instance.id)).tasks.find((t) => t.ownerId === extra.id)!;
    expect((await workflowCall(ctx, b, 'WorkflowTask/RemoveSigner', { taskId: extraTask.id })).status).toBe(404);
    await act(ctx, a, 'WorkflowTask/RemoveSigner', { taskId: extraTask.id });
    const approved = await approve(ctx, a, instance.id);
    expect(approved.instance.currentNodes).toEqual(['a']);
    expect(pendingAt(approved.tasks, 'a')).toEqual([[after.id, 'approve']]);
    const next = await approve(ctx, after, instance.id);
    expect(next.instance.currentNodes).toEqual(['b']);
    const afterTask = next.tasks.find((t) => t.ownerId === after.id)!;
    const acted = await workflowCall(ctx, a, 'WorkflowTask/RemoveSigner', { taskId: afterTask.id });
    expect(acted.status).toBe(409);
  });

  it('transfer: the new person holds the task and decides', async () => {
    const w = await approvalWorld(ctx);
    const [a, c] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), end()), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const task = await myTask(ctx, a, instance.id);
    const moved = await act(ctx, a, 'WorkflowInstance/Transfer', {
      taskId: task.taskId,
      userId: c.id,
      comment: 'yours',
    });
    expect(moved.tasks.map((t) => [t.ownerId, t.status])).toEqual([
      [a.id, 'Transferred'],
      [c.id, 'Pending'],
    ]);
    expect((await workflowCall(ctx, a, 'WorkflowInstance/Approve', { taskId: task.taskId })).status).toBe(409);
    expect((await approve(ctx, c, instance.id)).instance.status).toBe('Approved');
  });

  it('hand-off for review: the reviewer answers, then the task is mine again', async () => {
    const w = await approvalWorld(ctx);
    const [a, reviewer] = [await person(ctx), await person(ctx)];
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), end()), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const task = await myTask(ctx, a, instance.id);
    await act(ctx, a, 'WorkflowTask/Handoff', { taskId: task.taskId, userId: reviewer.id });
    expect((await infoOf(ctx, a, instance.id)).myTasks).toEqual([]);
    const review = await myTask(ctx, reviewer, instance.id);
    expect(review.kind).toBe('review');
    const answered = await act(ctx, reviewer, 'WorkflowInstance/Approve', {
      taskId: review.taskId,
      comment: 'looks fine',
    });
    expect(answered.instance.status).toBe('Running');
    const back = await myTask(ctx, a, instance.id);
    expect(back.taskId).toBe(task.taskId);
    expect((await approve(ctx, a, instance.id)).instance.status).toBe('Approved');
  });

  it('recall: my approval back while the next node has not acted; not after it has', async () => {
    const w = await approvalWorld(ctx);
    const [a, b, c] = [await person(ctx), await person(ctx), await person(ctx)];
    await publishWorkflow(
      ctx,
      chain(start(), approver('a', [a.id]), approver('b', [b.id]), approver('c', [c.id]), end()),
      {
        projectId: w.projectId,
      },
    );
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const approved = await approve(ctx, a, instance.id);
    expect(approved.actions).toContain('recall');
    const recalled = await act(ctx, a, 'WorkflowInstance/Recall', { instanceId: instance.id });
    expect(recalled.instance.currentNodes).toEqual(['a']);
    expect(pendingAt(recalled.tasks, 'b')).toEqual([]);
    expect(recalled.myTasks.map((t) => t.nodeId)).toEqual(['a']);
    await approve(ctx, a, instance.id);
    await approve(ctx, b, instance.id);
    const late = await workflowCall(ctx, a, 'WorkflowInstance/Recall', { instanceId: instance.id });
    expect(late.status).toBe(409);
    expect(late.body.resultMsg).toBe('The next step has already acted; your approval can no longer be recalled.');
  });

  it('reassign: an administrator with workflow:edit gives a stuck task to someone else, with a reason', async () => {
    const w = await approvalWorld(ctx);
    const [a, c] = [await person(ctx), await person(ctx)];
    const admin = await person(ctx, ['workflow:view', 'workflow:edit']);
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), end()), { projectId: w.projectId });
    const { instance, tasks } = await submit(ctx, w.initiator, w.ticketId);
    const denied = await workflowCall(ctx, w.initiator, 'WorkflowTask/Reassign', {
      taskId: tasks[0]!.id,
      userId: c.id,
      comment: 'x',
    });
    expect(denied.status).toBe(403);
    const moved = await act(ctx, admin, 'WorkflowTask/Reassign', {
      taskId: tasks[0]!.id,
      userId: c.id,
      comment: 'away',
    });
    expect(moved.log.at(-1)).toMatchObject({ action: 'reassign', actorId: admin.id, comment: 'away' });
    expect((await approve(ctx, c, instance.id)).instance.status).toBe('Approved');
    const list = await ctx.call('POST', '/api/WorkflowInstance/Query', {
      token: admin.token,
      body: { status: 'Approved' },
    });
    expect((list.body.data as { items: { id: number }[] }).items.map((i) => i.id)).toContain(instance.id);
    expect((await ctx.call('POST', '/api/WorkflowInstance/Query', { token: c.token, body: {} })).status).toBe(403);
  });
});

describe('fields, boxes and the record', () => {
  it('approve writes only the fields the node lets it write; hidden fields are left out of Info', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    const graph = chain(
      start(),
      approver('a', [a.id], 'any', { fieldPermissions: { priority: 'write', subject: 'read', companyId: 'hidden' } }),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const seen = await infoOf(ctx, a, instance.id);
    expect(seen.fieldAccess).toMatchObject({ priority: 'write', subject: 'read' });
    expect('companyId' in seen.fields).toBe(false);
    // Id and user fields come with names a reader understands; a hidden field's name is left out too.
    const [names] = await rowsOf<Record<string, string>>(
      ctx.db,
      sql`select p.project_name, c.category_description, coalesce(u.full_name, u.login_name) as author
            from ticket t join project p on p.id = t.project_id join category c on c.id = t.category_id
            join app_user u on u.id = t.created_by where t.id = ${w.ticketId}`,
    );
    expect(seen.fieldTexts).toMatchObject({
      projectId: names!.project_name,
      categoryId: names!.category_description,
      createdBy: names!.author,
    });
    expect('companyId' in seen.fieldTexts).toBe(false);
    const task = seen.myTasks[0]!;
    const refused = await workflowCall(ctx, a, 'WorkflowInstance/Approve', {
      taskId: task.taskId,
      fields: { subject: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe('The field "subject" cannot be changed at this step.');
    await act(ctx, a, 'WorkflowInstance/Approve', { taskId: task.taskId, fields: { priority: 'Urgent' } });
    const ticket = await ctx.call('GET', `/api/Ticket/Detail/${w.ticketId}`, { token: w.initiator.token });
    expect((ticket.body.data as { priority: string }).priority).toBe('Urgent');
  });

  it('boxes and counts: to-do, done, initiated; the business state of the record', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    await publishWorkflow(ctx, chain(start(), approver('a', [a.id]), end()), { projectId: w.projectId });
    const state = async () => {
      const response = await ctx.call('GET', '/api/WorkflowInstance/BusinessState', {
        token: w.initiator.token,
        query: { businessType: 'Ticket', businessId: String(w.ticketId) },
      });
      expect(response.status, response.raw).toBe(200);
      return response.body.data as WorkflowBusinessState;
    };
    expect(await state()).toMatchObject({ canSubmit: true, instance: null });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    expect(await state()).toMatchObject({ canSubmit: false, instance: { id: instance.id, status: 'Running' } });
    const counts = async (who: { token: string }) =>
      (await ctx.call('GET', '/api/WorkflowTask/Counts', { token: who.token })).body.data;
    expect(await counts(a)).toEqual({ todo: 1, done: 0, initiated: 0, cc: 0 });
    expect(await counts(w.initiator)).toEqual({ todo: 0, done: 0, initiated: 1, cc: 0 });
    await approve(ctx, a, instance.id);
    expect(await counts(a)).toEqual({ todo: 0, done: 1, initiated: 0, cc: 0 });
    const initiated = await ctx.call('POST', '/api/WorkflowTask/Query', {
      token: w.initiator.token,
      body: { box: 'initiated' },
    });
    expect(
      (initiated.body.data as { items: WorkflowTask[] }).items.map((t) => [t.instanceId, t.instanceStatus]),
    ).toEqual([[instance.id, 'Approved']]);
    const stranger = await person(ctx);
    const hidden = await ctx.call('GET', '/api/WorkflowInstance/BusinessState', {
      token: stranger.token,
      query: { businessType: 'Ticket', businessId: String(w.ticketId) },
    });
    expect(hidden.status).toBe(404);
  });
});
