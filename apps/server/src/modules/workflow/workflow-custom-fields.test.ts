import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomField, FlowNode, SlaCalendar, SlaPolicy, Workflow, WorkflowInstanceInfo } from '@casedesk/shared';
import { createUser, signIn, useTestApp, type Response } from '../../../test/helpers.js';
import { addTicket, admin, type Staff } from '../../../test/ticket-factories.js';
import {
  approvalWorld,
  approve,
  approver,
  branch,
  chain,
  conditionNode,
  end,
  infoOf,
  myTask,
  person,
  publishWorkflow,
  start,
  submit,
  workflowCall,
} from '../../../test/workflow-factories.js';

// Workflows and service levels reading ticket custom fields (`custom.<key>`, contract 14, 19 and 21).

const ctx = useTestApp();
const headers = { 'message-keys': '1' };
let boss: Staff;
const fields: Record<string, CustomField> = {};

const label = (en: string) => ({ en, 'zh-cn': `${en}（简）`, 'zh-tw': `${en}（繁）` });
const options = (...values: string[]) => values.map((value) => ({ value, label: label(value.toUpperCase()) }));

function data<T>(response: Response): T {
  expect(response.status, response.raw).toBe(200);
  return response.body.data as T;
}
const call = (path: string, body: unknown, token = boss.token) =>
  ctx.call('POST', `/api/${path}`, { token, body, headers });

beforeAll(async () => {
  boss = await admin(ctx);
  const define = async (key: string, type: string, extra: Record<string, unknown> = {}) => {
    const en = key[0]!.toUpperCase() + key.slice(1);
    fields[key] = data<CustomField>(await call('CustomField/Add', { key, type, label: label(en), ...extra }));
  };
  await define('budget', 'decimal');
  await define('kit', 'multiselect', { options: options('hw', 'sw', 'net') });
  await define('level', 'select', { options: options('gold', 'silver') });
  await define('reviewer', 'user');
  await define('secret', 'text');
  await define('due', 'date');
});

/** A ticket of the world's project with custom values. */
const ticketWith = (w: Awaited<ReturnType<typeof approvalWorld>>, customFields: Record<string, unknown>) =>
  addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId, customFields });

describe('conditions on custom fields', () => {
  it('a graph branch on custom.budget > 2000 adds a second step; 2000 or no budget does not', async () => {
    const w = await approvalWorld(ctx);
    const [first, second] = [await person(ctx), await person(ctx)];
    const graph = chain(
      start(),
      approver('a1', [first.id]),
      conditionNode('cond', [
        branch('Big', [approver('a2', [second.id])], { field: 'custom.budget', op: 'gt', value: 2000 }),
        branch('Other', [], 'default'),
      ]),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const big = await submit(ctx, w.initiator, (await ticketWith(w, { budget: '2500.50' })).id);
    expect((await approve(ctx, first, big.instance.id)).instance.currentNodes).toEqual(['a2']);
    for (const values of [{ budget: 2000 }, {}]) {
      const small = await submit(ctx, w.initiator, (await ticketWith(w, values)).id);
      expect((await approve(ctx, first, small.instance.id)).instance.status).toBe('Approved');
    }
  });

  it('multiselect: "contains" holds when the option is among the values', async () => {
    const w = await approvalWorld(ctx);
    const [hw, other] = [await person(ctx), await person(ctx)];
    const graph = chain(
      start(),
      conditionNode('cond', [
        branch('Hardware', [approver('hw', [hw.id])], { field: 'custom.kit', op: 'contains', value: 'hw' }),
        branch('Other', [approver('other', [other.id])], 'default'),
      ]),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const withHw = await submit(ctx, w.initiator, (await ticketWith(w, { kit: ['sw', 'hw'] })).id);
    expect(withHw.instance.currentNodes).toEqual(['hw']);
    const without = await submit(ctx, w.initiator, (await ticketWith(w, { kit: ['net'] })).id);
    expect(without.instance.currentNodes).toEqual(['other']);
  });

  it('a date field compares as a date', async () => {
    const w = await approvalWorld(ctx);
    const [late, other] = [await person(ctx), await person(ctx)];
    const graph = chain(
      start(),
      conditionNode('cond', [
        branch('Late', [approver('late', [late.id])], { field: 'custom.due', op: 'ge', value: '2031-06-01' }),
        branch('Other', [approver('other', [other.id])], 'default'),
      ]),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const after = await submit(ctx, w.initiator, (await ticketWith(w, { due: '2031-06-01' })).id);
    expect(after.instance.currentNodes).toEqual(['late']);
    const before = await submit(ctx, w.initiator, (await ticketWith(w, { due: '2031-05-31' })).id);
    expect(before.instance.currentNodes).toEqual(['other']);
  });

  it('a registry condition on custom.budget picks the workflow', async () => {
    const w = await approvalWorld(ctx);
    const approverPerson = await person(ctx);
    const graph = chain(start(), approver('a1', [approverPerson.id]), end());
    const normal = await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const large = await publishWorkflow(ctx, graph, { projectId: w.projectId, registry: false });
    data(
      await call('WorkflowRegistry/Add', {
        businessType: 'Ticket',
        workflowCode: large.code,
        priority: 1,
        conditions: [
          { field: 'projectId', op: 'eq', value: w.projectId },
          { field: 'custom.budget', op: 'gt', value: 2000 },
        ],
      }),
    );
    const picked = await submit(ctx, w.initiator, (await ticketWith(w, { budget: 5000 })).id);
    expect(picked.instance.workflowCode).toBe(large.code);
    const usual = await submit(ctx, w.initiator, (await ticketWith(w, { budget: 10 })).id);
    expect(usual.instance.workflowCode).toBe(normal.code);
  });

  it('saving a condition on an unknown key or with an operator that does not fit is refused, naming the field', async () => {
    const w = await approvalWorld(ctx);
    const code = (await publishWorkflow(ctx, chain(start(), end()), { projectId: w.projectId, registry: false })).code;
    const unknown = await call('WorkflowRegistry/Add', {
      businessType: 'Ticket',
      workflowCode: code,
      conditions: [{ field: 'custom.nothing', op: 'eq', value: 'x' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.resultMsg).toBe('The field "custom.nothing" does not exist on Ticket records.');
    const badOp = await call('WorkflowRegistry/Add', {
      businessType: 'Ticket',
      workflowCode: code,
      conditions: [{ field: 'custom.level', op: 'gt', value: 'gold' }],
    });
    expect(badOp.status).toBe(400);
    expect(badOp.body.resultMsg).toBe('The value for "Level" does not fit the field.');

    // A graph is checked when it is published.
    const draft = data<Workflow>(
      await call('Workflow/Add', { name: 'Custom check', code: 'custom-check', type: 'Ticket' }),
    );
    const graph = chain(
      start(),
      conditionNode('cond', [
        branch('Kit', [approver('k', [boss.id])], { field: 'custom.kit', op: 'eq', value: 'hw' }),
        branch('Other', [approver('o', [boss.id])], 'default'),
      ]),
      end(),
    );
    const saved = data<Workflow>(
      await call('Workflow/Update', { id: draft.id, rowVersion: draft.rowVersion, flowChart: graph }),
    );
    const refused = await call(`Workflow/Publish/${draft.id}`, { rowVersion: saved.rowVersion });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe('Node "Condition cond": the value for "Kit" does not fit the field.');
  });

  it('a field archived while an instance runs breaks nothing: its stored value still reads', async () => {
    const w = await approvalWorld(ctx);
    const [first, second] = [await person(ctx), await person(ctx)];
    const graph = chain(
      start(),
      approver('a1', [first.id]),
      conditionNode('cond', [
        branch('Gold', [approver('a2', [second.id])], { field: 'custom.level', op: 'eq', value: 'gold' }),
        branch('Other', [], 'default'),
      ]),
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const running = await submit(ctx, w.initiator, (await ticketWith(w, { level: 'gold' })).id);
    const field = fields.level!;
    const archived = data<CustomField>(
      await call('CustomField/Update', { id: field.id, rowVersion: field.rowVersion, status: 'Inactive' }),
    );
    try {
      const moved = await approve(ctx, first, running.instance.id);
      expect(moved.instance.currentNodes).toEqual(['a2']);
      expect(moved.fieldTexts['custom.level']).toBe('GOLD');
    } finally {
      fields.level = data<CustomField>(
        await call('CustomField/Update', { id: field.id, rowVersion: archived.rowVersion, status: 'Active' }),
      );
    }
  });
});

describe('approvers and field permissions on custom fields', () => {
  it('recordField on a user custom field makes that user the approver', async () => {
    const w = await approvalWorld(ctx);
    const reviewer = await person(ctx);
    const rule = { id: 'r', name: 'Reviewer', type: 'approver', mode: 'any' };
    const graph = chain(
      start(),
      { ...rule, approvers: { strategy: 'recordField', field: 'custom.reviewer' } } as FlowNode,
      end(),
    );
    await publishWorkflow(ctx, graph, { projectId: w.projectId });
    const started = await submit(ctx, w.initiator, (await ticketWith(w, { reviewer: reviewer.id })).id);
    expect(started.tasks.filter((t) => t.status === 'Pending').map((t) => t.assigneeId)).toEqual([reviewer.id]);
  });

  it('a hidden custom field is not shown to the node approver; a write field is editable and checked', async () => {
    const w = await approvalWorld(ctx);
    const checker = await createUser(ctx, { values: { language: 'zh-cn' } });
    const zh = { ...checker, token: (await signIn(ctx, checker)).token };
    const node = approver('a1', [zh.id], 'any', {
      fieldPermissions: { 'custom.secret': 'hidden', 'custom.budget': 'write' },
    });
    await publishWorkflow(ctx, chain(start(), node, end()), { projectId: w.projectId });
    const ticket = await ticketWith(w, { secret: 'salary', budget: '100', level: 'silver', reviewer: zh.id });
    const { instance } = await submit(ctx, w.initiator, ticket.id);

    const seen: WorkflowInstanceInfo = await infoOf(ctx, zh, instance.id);
    expect(seen.fields).not.toHaveProperty('custom.secret');
    expect(seen.customFields.map((d) => d.key)).not.toContain('secret');
    expect(seen.fieldAccess).toMatchObject({ 'custom.budget': 'write', 'custom.level': 'read' });
    // In the reader's words: the option's label and the user's name in Chinese.
    expect(seen.fieldTexts['custom.level']).toBe('SILVER（简）');
    expect(seen.fieldTexts['custom.reviewer']).toBeTruthy();
    expect(seen.fieldTexts['custom.reviewer']).not.toBe(String(zh.id));
    // The initiator, at no node, reads the start node's view: the secret too.
    expect((await infoOf(ctx, w.initiator, instance.id)).fields).toMatchObject({ 'custom.secret': 'salary' });

    const task = await myTask(ctx, zh, instance.id);
    const notWritable = await workflowCall(ctx, zh, 'WorkflowInstance/Approve', {
      taskId: task.taskId,
      fields: { 'custom.level': 'gold' },
    });
    expect(notWritable.status).toBe(400);
    const badValue = await workflowCall(ctx, zh, 'WorkflowInstance/Approve', {
      taskId: task.taskId,
      fields: { 'custom.budget': 'a lot' },
    });
    expect(badValue.status).toBe(400);
    const errors = (badValue.body.data as { errors: { field: string }[] }).errors;
    expect(errors.map((e) => e.field)).toEqual(['customFields.budget']);
    const done = await workflowCall(ctx, zh, 'WorkflowInstance/Approve', {
      taskId: task.taskId,
      fields: { 'custom.budget': 3000 },
    });
    expect(done.status, done.raw).toBe(200);
    const after = await ctx.call('GET', `/api/Ticket/Get/${ticket.id}`, { token: w.agent.token });
    expect(data<{ customFields: Record<string, unknown> }>(after).customFields).toMatchObject({
      budget: '3000',
      level: 'silver',
    });
  });
});

describe('service level policies on custom fields', () => {
  let calendarId: number;
  beforeAll(async () => {
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '18:00' }));
    calendarId = data<SlaCalendar>(
      await call('SlaCalendar/Add', { name: 'Custom calendar', timeZone: 'UTC', workingHours: weekdays }),
    ).id;
  });
  const policy = (name: string, conditions: unknown[]) =>
    call('SlaPolicy/Add', {
      name,
      calendarId,
      firstResponseMinutes: 30,
      resolutionMinutes: 240,
      priority: 1,
      conditions,
    });

  it('the policy is chosen by a custom select value, and again when the value changes', async () => {
    const w = await approvalWorld(ctx);
    const gold = data<SlaPolicy>(
      await policy('Gold customers', [
        { field: 'projectId', op: 'eq', value: w.projectId },
        { field: 'custom.level', op: 'eq', value: 'gold' },
      ]),
    );
    const goldTicket = await ticketWith(w, { level: 'gold' });
    expect((goldTicket.sla as { policyId: number }).policyId).toBe(gold.id);
    const silver = await ticketWith(w, { level: 'silver' });
    expect((silver.sla as { policyId: number } | null)?.policyId).not.toBe(gold.id);
    const changed = data<{ sla: { policyId: number } }>(
      await ctx.call('POST', '/api/Ticket/Update', {
        token: w.agent.token,
        body: { id: silver.id, rowVersion: silver.rowVersion, customFields: { level: 'gold' } },
      }),
    );
    expect(changed.sla.policyId).toBe(gold.id);
  });

  it('refuses an unknown key or a value that does not fit, naming the field; others may not save', async () => {
    const unknown = await policy('Unknown field', [{ field: 'custom.nothing', op: 'eq', value: 'x' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.resultMsg).toBe('There is no ticket custom field "custom.nothing".');
    const badOp = await policy('Bad op', [{ field: 'custom.kit', op: 'gt', value: 'hw' }]);
    expect(badOp.status).toBe(400);
    expect(badOp.body.resultMsg).toBe('Kit: this value does not fit the field and the operator.');
    const agent = await person(ctx, ['ticket:view']);
    const refused = await call('SlaPolicy/Add', { name: 'x' }, agent.token);
    expect(refused.status).toBe(403);
  });
});
