import { describe, expect, it } from 'vitest';
import type { CatalogProgress } from '@casedesk/shared';
import { catalogWorld, keyed, label } from '../../../test/catalog-factories.js';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { createProject, staff, type Staff } from '../../../test/ticket-factories.js';
import {
  approver,
  branch,
  chain,
  conditionNode,
  end,
  person,
  publishWorkflow,
  start,
} from '../../../test/workflow-factories.js';
import { userGroup } from '../userGroup/index.js';

// `Catalog/Progress` (contract 21): the requester follows the approval path, the fulfilment items and the answers.

const ctx = useTestApp();

const progressOf = async (who: { token: string }, ticketId: number) => {
  const response = await ctx.call('POST', '/api/Catalog/Progress', { token: who.token, body: { ticketId } });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as CatalogProgress;
};
const states = (progress: CatalogProgress) => progress.approval?.steps.map((step) => [step.nodeId, step.state]);

async function approveAs(who: Staff, instanceId: number) {
  const info = await ctx.call('GET', `/api/WorkflowInstance/Info/${instanceId}`, { token: who.token });
  const taskId = (info.body.data as { myTasks: { taskId: number }[] }).myTasks[0]!.taskId;
  const response = await ctx.call('POST', '/api/WorkflowInstance/Approve', { token: who.token, body: { taskId } });
  expect(response.status, response.raw).toBe(200);
}

describe('a request’s progress', () => {
  it('shows the approval path step by step, the fulfilment items as they are made, and the answers', async () => {
    const w = await catalogWorld(ctx);
    const first = await person(ctx);
    const second = await person(ctx);
    // Urgent requests need an extra approver; the rest go to the second one.
    const graph = chain(
      start(),
      approver('first', [first.id]),
      conditionNode('size', [
        branch('Urgent', [approver('extra', [second.id])], { field: 'priority', op: 'eq', value: 'Urgent' }),
        branch('Other', [approver('second', [second.id])], 'default'),
      ]),
      end(),
    );
    const flow = await publishWorkflow(ctx, graph, { projectId: w.projectId, registry: false });
    const [group] = await ctx.db.insert(userGroup).values({ name: 'Laptop desk' }).returning({ id: userGroup.id });
    const type = await w.addType({
      workflowCode: flow.code,
      fulfilment: [
        { title: 'Order it', groupId: group!.id, when: 'created' },
        { title: 'Prepare it', assigneeId: w.agent.id, when: 'approved' },
      ],
    });
    const submitted = await w.submit(w.agent, {
      requestTypeId: type.id,
      projectId: w.projectId,
      values: { [w.model.key]: 'large', [w.budget.key]: '1200' },
    });
    expect(submitted.status, submitted.raw).toBe(200);
    const ticketId = (submitted.body.data as { id: number }).id;

    const waiting = await progressOf(w.agent, ticketId);
    expect(waiting).toMatchObject({ ticketId, requestTypeId: type.id, requestTypeName: type.name });
    expect(waiting.approval?.status).toBe('Running');
    expect(states(waiting)).toEqual([
      ['first', 'current'],
      ['extra', 'waiting'],
      ['second', 'waiting'],
    ]);
    expect(waiting.approval?.steps[0]?.approvers).toHaveLength(1);
    expect(waiting.approval?.steps[2]?.approvers).toHaveLength(1);
    expect(waiting.fulfilment).toMatchObject([
      { title: 'Order it', when: 'created', status: 'Open', groupName: 'Laptop desk' },
      { title: 'Prepare it', when: 'approved', openItemId: null, status: null },
    ]);
    expect(waiting.fulfilment[0]?.openItemId).toEqual(expect.any(Number));
    expect(waiting.fulfilment[1]?.assigneeName).toEqual(expect.any(String));
    expect(waiting.values).toEqual([
      { key: w.model.key, label: label(`Label ${w.model.key}`), text: 'Large' },
      { key: w.budget.key, label: label(`Label ${w.budget.key}`), text: '1200' },
    ]);

    const instanceId = waiting.approval!.instanceId;
    await approveAs(first, instanceId);
    const halfway = await progressOf(w.agent, ticketId);
    expect(states(halfway)).toEqual([
      ['first', 'done'],
      ['extra', 'skipped'],
      ['second', 'current'],
    ]);
    expect(halfway.approval?.steps[0]?.finishedAt).toEqual(expect.any(String));

    await approveAs(second, instanceId);
    const approved = await progressOf(w.agent, ticketId);
    expect(approved.approval?.status).toBe('Approved');
    expect(states(approved)).toEqual([
      ['first', 'done'],
      ['extra', 'skipped'],
      ['second', 'done'],
    ]);
    expect(approved.fulfilment[1]).toMatchObject({ title: 'Prepare it', status: 'Open' });
    expect(approved.fulfilment[1]?.openItemId).toEqual(expect.any(Number));
  });

  it('reads the answers in the reader’s language, and is refused to anyone who may not see the ticket', async () => {
    const w = await catalogWorld(ctx);
    const type = await w.addType();
    const submitted = await w.submit(w.agent, {
      requestTypeId: type.id,
      projectId: w.projectId,
      values: { [w.model.key]: 'small' },
    });
    const ticketId = (submitted.body.data as { id: number }).id;
    const chinese = await createUser(ctx, {
      permissions: ['ticket:view'],
      projects: [w.projectId],
      values: { language: 'zh-cn' },
    });
    const zh = await progressOf({ token: (await signIn(ctx, chinese)).token }, ticketId);
    expect(zh.values[0]).toMatchObject({ key: w.model.key, text: 'Small（简）' });

    const stranger = await staff(ctx, [await createProject(ctx)]);
    const nobody = await person(ctx);
    for (const who of [stranger, nobody]) {
      const response = await ctx.call('POST', '/api/Catalog/Progress', {
        token: who.token,
        body: { ticketId },
        headers: keyed,
      });
      expect(response.status).toBe(404);
    }
    // A ticket raised otherwise has no request to follow.
    const plain = await ctx.call('POST', '/api/Ticket/Add', {
      token: w.agent.token,
      body: { subject: 'Printer', projectId: w.projectId, categoryId: w.categoryId },
    });
    const plainId = (plain.body.data as { id: number }).id;
    const none = await ctx.call('POST', '/api/Catalog/Progress', { token: w.agent.token, body: { ticketId: plainId } });
    expect(none.status).toBe(404);
  });
});
