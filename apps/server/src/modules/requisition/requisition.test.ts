import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decimalMessages,
  defaultRequisitionCurrency,
  messages,
  requisitionMessages,
  type FlowNode,
  type Page,
  type RequisitionDetail,
} from '@casedesk/shared';
import { createUser, signIn, useTestApp, type Response } from '../../../test/helpers.js';
import { dataOf, editableOf, expectRefused } from '../../../test/platform-helpers.js';
import { createCompany, createProject, type Staff } from '../../../test/ticket-factories.js';
import {
  act,
  approver,
  branch,
  chain,
  conditionNode,
  end,
  infoOf,
  myTask,
  person,
  start,
  workflowCall,
} from '../../../test/workflow-factories.js';
import { workflow, workflowRegistry, workflowVersion } from '../workflow/index.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
const withKeys = { 'message-keys': '1' };
const keyOf = (response: Response) => (response.body as { messageKey?: string }).messageKey;
const requesterPermissions = [
  'requisition:view',
  'requisition:create',
  'requisition:edit',
  'requisition:delete',
  'requisition:batchDelete',
];

type World = { projectId: number; requester: Staff; lead: Staff; manager: Staff };
let w: World;

/** A user whose roles have this data scope. */
async function member(permissions: string[], projects: number[], scope: 'all' | 'projects' | 'own' = 'projects') {
  const user = await createUser(ctx, { permissions, projects });
  await ctx.db.execute(
    sql`update role set data_scope = ${scope} where id in (select role_id from user_role where user_id = ${user.id})`,
  );
  return { ...user, token: (await signIn(ctx, user)).token };
}

/** A published Requisition workflow for one project: the lead, then the manager from 1,000 up. */
async function publishRequisitionFlow(projectId: number, lead: number, manager: number) {
  const graph: FlowNode = chain(
    start(),
    approver('lead', [lead]),
    conditionNode('amount', [
      branch('large', [approver('manager', [manager])], { field: 'totalAmount', op: 'ge', value: 1000 }),
      branch('small', [], 'default'),
    ]),
    end(),
  );
  const code = `req-${randomBytes(4).toString('hex')}`;
  const [definition] = await ctx.db
    .insert(workflow)
    .values({ code, name: code, type: 'Requisition', status: 'Published', version: 1, flowChart: graph })
    .returning({ id: workflow.id });
  await ctx.db
    .insert(workflowVersion)
    .values({ workflowId: definition!.id, code, version: 1, name: code, flowChart: graph });
  await ctx.db.insert(workflowRegistry).values({
    businessType: 'Requisition',
    workflowCode: code,
    conditions: [{ field: 'projectId', op: 'eq', value: projectId }],
    priority: 10,
  });
}

beforeAll(async () => {
  const projectId = await createProject(ctx, { companies: [await createCompany(ctx)] });
  const requester = await member(requesterPermissions, [projectId]);
  // Approvers in no project: they see a requisition through their task on it.
  const [lead, manager] = [await person(ctx, ['requisition:view']), await person(ctx, ['requisition:view'])];
  await publishRequisitionFlow(projectId, lead.id, manager.id);
  w = { projectId, requester, lead, manager };
});

const line = (quantity: unknown, unitPrice: unknown, extra: Record<string, unknown> = {}) => ({
  description: 'Item',
  quantity,
  unitPrice,
  ...extra,
});

const add = (who: { token: string }, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  ctx.call('POST', '/api/Requisition/Add', {
    token: who.token,
    headers,
    body: { title: 'Laptops', currency: 'USD', projectId: w.projectId, lines: [line('1', '10')], ...body },
  });

async function added(body: Record<string, unknown> = {}, who: { token: string } = w.requester) {
  return dataOf<RequisitionDetail>(await add(who, body));
}

/** What Detail gave, as Update takes it back (lines without their generated id and number). */
const editable = (d: RequisitionDetail, patch: Record<string, unknown> = {}) => ({
  ...editableOf(d),
  lines: d.lines.map(({ id: _id, lineNo: _lineNo, ...l }) => l),
  ...patch,
});

const detail = async (id: number, who: { token: string } = w.requester) =>
  dataOf<RequisitionDetail>(await ctx.call('GET', `/api/Requisition/Detail/${id}`, { token: who.token }));

const submit = (who: { token: string }, id: number) =>
  workflowCall(ctx, who, 'WorkflowInstance/Submit', { businessType: 'Requisition', businessId: id });

async function submitted(id: number) {
  const response = await submit(w.requester, id);
  expect(response.status, response.raw).toBe(200);
  return (response.body.data as { instance: { id: number } }).instance.id;
}

describe('Requisition amounts', () => {
  it('computes line amounts and the total exactly, ignoring the client figures', async () => {
    const created = await added({
      lines: [line('3', '0.3333', { amount: '999.99' }), line(1, 1.005), line('0.5', '0.01'), line('2.5', '19.99')],
      totalAmount: '1',
    });
    const d = await detail(created.id);
    expect(d.lines.map((l) => l.amount)).toEqual(['1.00', '1.01', '0.01', '49.98']);
    expect(d.lines.map((l) => l.lineNo)).toEqual([1, 2, 3, 4]);
    expect(d.lines[1]).toMatchObject({ quantity: '1.000', unitPrice: '1.0050' });
    expect(d.totalAmount).toBe('52.00');
  });

  it('sums many lines without drift', async () => {
    const created = await added({ lines: Array.from({ length: 300 }, () => line('1', '0.1')) });
    expect(created.totalAmount).toBe('30.00');
    const big = await added({ lines: [line('99999999', '99999.9999'), line('0.001', '0.0001')] });
    expect(big.totalAmount).toBe('9999999890000.00');
    // Each input fits, the product does not: refused naming the line's amount, nothing saved.
    const over = await expectRefused(ctx, 400, () => add(w.requester, { lines: [line('999999999', '99999.9999')] }));
    expect((over.body.data as { errors: { field: string }[] }).errors[0]!.field).toBe('lines.0.amount');
    const sum = await expectRefused(ctx, 400, () =>
      add(w.requester, { lines: [line('1000', '9999999999.9999'), line('1000', '9999999999.9999')] }),
    );
    expect((sum.body.data as { errors: { field: string }[] }).errors[0]!.field).toBe('totalAmount');
  });

  it('refuses bad amounts and currencies with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lines: [line('-1', '10')] }, 'lines.0.quantity', decimalMessages.negative],
      [{ lines: [line('1', '12345678901234567890')] }, 'lines.0.unitPrice', decimalMessages.tooLarge(11)],
      [{ lines: [line('1', '10'), line('1.2345', '1')] }, 'lines.1.quantity', decimalMessages.tooManyDecimals(3)],
      [{ lines: [line('1', '0.12345')] }, 'lines.0.unitPrice', decimalMessages.tooManyDecimals(4)],
      [{ lines: [line('abc', '1')] }, 'lines.0.quantity', decimalMessages.notANumber],
      [{ currency: 'XYZ' }, 'currency', decimalMessages.notCurrency],
      [{ lines: [] }, 'lines', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await expectRefused(ctx, 400, () => add(w.requester, body));
      const errors = (response.body.data as { errors: { field: string; message: string }[] }).errors;
      const hit = errors.find((e) => e.field === field);
      expect(hit, `${field} in ${JSON.stringify(errors)}`).toBeTruthy();
      if (message) expect(hit!.message).toBe(message);
    }
  });

  it('adds a requisition without a currency (the contract names none): the product default', async () => {
    const body = { title: 'No currency', lines: [line('2', '5')] };
    const response = await ctx.call('POST', '/api/Requisition/Add', { token: w.requester.token, body });
    expect(dataOf<RequisitionDetail>(response)).toMatchObject({ currency: 'USD', totalAmount: '10.00' });
    expect(defaultRequisitionCurrency).toBe('USD');
  });

  it('numbers requisitions PR-<year>-<six digits>, one after the other, and makes the actor the requester', async () => {
    const a = await added();
    const b = await added();
    expect(a.requisitionNumber).toMatch(/^PR-\d{4}-\d{6}$/);
    const n = (r: { requisitionNumber: string }) => Number(r.requisitionNumber.slice(8));
    expect(n(b)).toBe(n(a) + 1);
    expect(a).toMatchObject({ requesterId: w.requester.id, status: 'Draft', workflowInstanceId: null });
  });
});

describe('Requisition approval', () => {
  it('submit → PendingApproval (edit refused), approve → Approved, then found by the PO picker query', async () => {
    const created = await added({ lines: [line('2', '100')] });
    const instanceId = await submitted(created.id);
    const pending = await detail(created.id);
    expect(pending).toMatchObject({ status: 'PendingApproval', workflowInstanceId: instanceId });
    const refused = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Requisition/Update', {
        token: w.requester.token,
        headers: withKeys,
        body: editable(pending, { title: 'Changed' }),
      }),
    );
    // The status as its label reads, not as it is stored.
    expect(refused.body.resultMsg).toBe(requisitionMessages.notEditable('Pending approval'));
    expect(keyOf(refused)).toBe('requisition.notEditable');
    await expectRefused(ctx, 409, () =>
      ctx.call('POST', `/api/Requisition/Cancel/${created.id}`, { token: w.requester.token }),
    );
    // The approver sees the requisition they are asked about.
    expect((await detail(created.id, w.lead)).title).toBe('Laptops');
    const task = await myTask(ctx, w.lead, instanceId);
    const done = await act(ctx, w.lead, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(done.instance.status).toBe('Approved');
    expect((await detail(created.id)).status).toBe('Approved');
    const picker = dataOf<Page<RequisitionDetail>>(
      await ctx.call('POST', '/api/Requisition/Query', { token: w.requester.token, body: { status: 'Approved' } }),
    );
    expect(picker.items.map((r) => r.id)).toContain(created.id);
    expect(picker.items.every((r) => r.status === 'Approved')).toBe(true);
    expect(picker.items.find((r) => r.id === created.id)).toMatchObject({ totalAmount: '200.00' });
    // The policy's facts (the invoices that carry it) feed actions[] and stay on the server.
    expect(Object.keys(picker.items[0]!)).not.toContain('invoiceUse');
    expect(Object.keys(await detail(created.id))).not.toContain('invoiceUse');
  });

  it('a total from 1,000 up needs the manager too (the condition reads totalAmount)', async () => {
    const created = await added({ lines: [line('10', '100')] });
    const instanceId = await submitted(created.id);
    await act(ctx, w.lead, 'WorkflowInstance/Approve', { taskId: (await myTask(ctx, w.lead, instanceId)).taskId });
    expect((await detail(created.id)).status).toBe('PendingApproval');
    const task = await myTask(ctx, w.manager, instanceId, 'manager');
    await act(ctx, w.manager, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect((await detail(created.id)).status).toBe('Approved');
  });

  it('reject → Rejected, editable again and submitted anew', async () => {
    const created = await added();
    const instanceId = await submitted(created.id);
    const task = await myTask(ctx, w.lead, instanceId);
    const done = await act(ctx, w.lead, 'WorkflowInstance/Reject', { taskId: task.taskId, comment: 'too dear' });
    expect(done.instance.status).toBe('Rejected');
    const rejected = await detail(created.id);
    expect(rejected.status).toBe('Rejected');
    const updated = dataOf<RequisitionDetail>(
      await ctx.call('POST', '/api/Requisition/Update', {
        token: w.requester.token,
        body: editable(rejected, { lines: [line('1', '5')] }),
      }),
    );
    expect(updated.totalAmount).toBe('5.00');
    await submitted(created.id);
    expect((await detail(created.id)).status).toBe('PendingApproval');
  });

  it('return → Draft; the requester edits and submits again', async () => {
    const created = await added();
    const instanceId = await submitted(created.id);
    const task = await myTask(ctx, w.lead, instanceId);
    await act(ctx, w.lead, 'WorkflowInstance/Return', {
      taskId: task.taskId,
      comment: 'add the quote',
      targetNodeId: 'start',
    });
    const back = await detail(created.id);
    expect(back.status).toBe('Draft');
    const edited = dataOf<RequisitionDetail>(
      await ctx.call('POST', '/api/Requisition/Update', {
        token: w.requester.token,
        body: editable(back, { description: 'Quote attached' }),
      }),
    );
    expect(edited.status).toBe('Draft');
    await submitted(created.id);
    expect((await detail(created.id)).status).toBe('PendingApproval');
    const info = await infoOf(ctx, w.lead, instanceId);
    expect(info.instance.status).toBe('Running');
  });

  it('cancels a draft; a cancelled one cannot be edited or submitted', async () => {
    const created = await added();
    const cancelled = dataOf<RequisitionDetail>(
      await ctx.call('POST', `/api/Requisition/Cancel/${created.id}`, { token: w.requester.token }),
    );
    expect(cancelled.status).toBe('Cancelled');
    const refused = await expectRefused(ctx, 409, () => submit(w.requester, created.id));
    expect(refused.body.resultMsg).toBe(requisitionMessages.notEditable('Cancelled'));
  });
});

describe('Requisition access', () => {
  it('who may not: no permission, another project, no edit, not the requester', async () => {
    const created = await added();
    const { token: none } = await (async () => {
      const u = await createUser(ctx, { permissions: ['vendor:view'] });
      return { token: (await signIn(ctx, u)).token };
    })();
    expect((await ctx.call('GET', `/api/Requisition/Get/${created.id}`, { token: none })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Requisition/Query', { token: none, body: {} })).status).toBe(403);
    expect((await add({ token: none })).status).toBe(403);

    const otherProject = await createProject(ctx, { companies: [await createCompany(ctx)] });
    const outsider = await member(requesterPermissions, [otherProject]);
    expect((await ctx.call('GET', `/api/Requisition/Detail/${created.id}`, { token: outsider.token })).status).toBe(
      404,
    );
    const list = dataOf<Page<{ id: number }>>(
      await ctx.call('POST', '/api/Requisition/Query', { token: outsider.token, body: {} }),
    );
    expect(list.items.map((r) => r.id)).not.toContain(created.id);
    expect((await submit(outsider, created.id)).status).toBe(404);
    const hidden = await ctx.call('POST', '/api/Requisition/Update', {
      token: outsider.token,
      body: { ...editableOf(created), lines: [line('1', '1')], title: 'Mine now' },
    });
    expect(hidden.status).toBe(404);

    // A colleague in the project with view only: sees it, may not change, submit or cancel it.
    const viewer = await member(['requisition:view'], [w.projectId]);
    expect((await detail(created.id, viewer)).id).toBe(created.id);
    const update = await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/Requisition/Update', {
        token: viewer.token,
        body: { ...editableOf(created), lines: [line('1', '1')] },
      }),
    );
    expect(update.body.resultMsg).toBe(messages.forbidden);
    expect((await submit(viewer, created.id)).status).toBe(403);
    expect((await ctx.call('POST', `/api/Requisition/Cancel/${created.id}`, { token: viewer.token })).status).toBe(403);

    // Scope own: only what they asked for.
    const own = await member(requesterPermissions, [w.projectId], 'own');
    expect((await ctx.call('GET', `/api/Requisition/Get/${created.id}`, { token: own.token })).status).toBe(404);
    const mine = await added({}, own);
    expect((await detail(mine.id, own)).requesterId).toBe(own.id);
    expect((await detail(created.id)).title).toBe('Laptops');
  });

  it('deletes a draft but not one under approval', async () => {
    const draft = await added();
    const running = await added();
    await submitted(running.id);
    await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Requisition/Delete', { token: w.requester.token, body: [draft.id, running.id] }),
    );
    expect((await detail(draft.id)).id).toBe(draft.id);
  });
});

describe('Requisition project choices', () => {
  it("offers the requester's own active projects, and nothing to a user who may not create", async () => {
    const projects = dataOf<{ id: number }[]>(
      await ctx.call('GET', '/api/Requisition/Projects', { token: w.requester.token }),
    );
    expect(projects.map((p) => p.id)).toEqual([w.projectId]);
    const viewer = await member(['requisition:view'], [w.projectId]);
    expect((await ctx.call('GET', '/api/Requisition/Projects', { token: viewer.token })).status).toBe(403);
  });
});
