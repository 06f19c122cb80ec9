import { beforeAll, describe, expect, it } from 'vitest';
import {
  findFlowNode,
  validateFlowChart,
  type Workflow,
  type WorkflowRegistry,
  type WorkflowVersion,
} from '@casedesk/shared';
import { createUser, signedInWith, signIn, useTestApp, type Response } from '../../../test/helpers.js';
import { demoTicketApproval, seedDemoWorkflows } from './workflow.seed.js';

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

const call = (method: 'GET' | 'POST', url: string, body?: unknown, who = token) =>
  ctx.call(method, url, { token: who, body, headers: { 'message-keys': '1' } });

function data<T>(response: Response): T {
  expect(response.status, response.raw).toBe(200);
  return response.body.data as T;
}
const errorsOf = (response: Response) =>
  (response.body.data as { errors?: { field: string; message: string; messageKey?: string }[] } | null)?.errors ?? [];

let counter = 0;
async function addWorkflow(type: 'Ticket' | 'Invoice'): Promise<Workflow> {
  counter += 1;
  return data(
    await call('POST', '/api/Workflow/Add', { name: `Registry flow ${counter}`, code: `reg-${counter}`, type }),
  );
}
const addEntry = (body: Record<string, unknown>) => call('POST', '/api/WorkflowRegistry/Add', body);

describe('WorkflowRegistry', () => {
  it('binds a workflow to its record type with conditions, and shows the workflow name', async () => {
    const w = await addWorkflow('Ticket');
    const entry = data<WorkflowRegistry>(
      await addEntry({
        businessType: 'Ticket',
        workflowCode: w.code,
        conditions: [{ field: 'priority', op: 'in', value: ['Urgent', 'High'] }],
        priority: 10,
      }),
    );
    expect(entry).toMatchObject({ workflowName: w.name, priority: 10, status: 'Active' });
    expect(data<WorkflowRegistry>(await call('GET', `/api/WorkflowRegistry/Get/${entry.id}`))).toEqual(entry);
    const page = data<{ items: WorkflowRegistry[] }>(
      await call('POST', '/api/WorkflowRegistry/Query', { businessType: 'Ticket', keyword: w.code }),
    );
    expect(page.items).toEqual([entry]);
    const updated = data<WorkflowRegistry>(
      await call('POST', '/api/WorkflowRegistry/Update', { ...entry, priority: 5, status: 'Inactive' }),
    );
    expect(updated).toMatchObject({ priority: 5, status: 'Inactive', workflowName: w.name });
    expect((await call('POST', `/api/WorkflowRegistry/Delete/${entry.id}`)).status).toBe(200);
    expect((await call('GET', `/api/WorkflowRegistry/Get/${entry.id}`)).status).toBe(404);
  });

  it('refuses a condition on a field the type does not have, or a value that does not fit, naming it', async () => {
    const w = await addWorkflow('Ticket');
    const unknown = await addEntry({
      businessType: 'Ticket',
      workflowCode: w.code,
      conditions: [
        { field: 'priority', op: 'eq', value: 'High' },
        { field: 'totalAmount', op: 'gt', value: 100 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.resultMsg).toBe('The field "totalAmount" does not exist on Ticket records.');
    expect(errorsOf(unknown)).toEqual([
      expect.objectContaining({ field: 'conditions.1.field', messageKey: 'workflow.registryUnknownField' }),
    ]);
    const badValue = await addEntry({
      businessType: 'Ticket',
      workflowCode: w.code,
      conditions: [{ field: 'priority', op: 'eq', value: 'Yesterday' }],
    });
    expect(badValue.status).toBe(400);
    expect(errorsOf(badValue).map((e) => e.field)).toEqual(['conditions.0.value']);
  });

  it('refuses a code that names no workflow, or a workflow of another type', async () => {
    const none = await addEntry({ businessType: 'Ticket', workflowCode: 'no-such-flow' });
    expect(none.status).toBe(400);
    expect(none.body.resultMsg).toBe('No workflow has the code "no-such-flow".');
    expect(errorsOf(none).map((e) => e.field)).toEqual(['workflowCode']);
    const invoiceFlow = await addWorkflow('Invoice');
    const mismatch = await addEntry({ businessType: 'Ticket', workflowCode: invoiceFlow.code });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.resultMsg).toBe(`The workflow "${invoiceFlow.code}" is for Invoice records.`);
    expect(mismatch.body).toMatchObject({ messageKey: 'workflow.typeMismatch' });
  });

  it('checks an update as the entry will be: the kept type against new conditions and a new code', async () => {
    const ticketFlow = await addWorkflow('Ticket');
    const invoiceFlow = await addWorkflow('Invoice');
    const entry = data<WorkflowRegistry>(await addEntry({ businessType: 'Ticket', workflowCode: ticketFlow.code }));
    const code = await call('POST', '/api/WorkflowRegistry/Update', {
      id: entry.id,
      rowVersion: entry.rowVersion,
      workflowCode: invoiceFlow.code,
    });
    expect(code.status).toBe(400);
    const conditions = await call('POST', '/api/WorkflowRegistry/Update', {
      id: entry.id,
      rowVersion: entry.rowVersion,
      conditions: [{ field: 'totalAmount', op: 'gt', value: 1 }],
    });
    expect(conditions.status).toBe(400);
    const moved = data<WorkflowRegistry>(
      await call('POST', '/api/WorkflowRegistry/Update', {
        id: entry.id,
        rowVersion: entry.rowVersion,
        businessType: 'Invoice',
        workflowCode: invoiceFlow.code,
        conditions: [{ field: 'totalAmount', op: 'gt', value: 1000 }],
      }),
    );
    expect(moved).toMatchObject({ businessType: 'Invoice', workflowCode: invoiceFlow.code });
  });

  it('answers 403 to a user without workflow permissions', async () => {
    const w = await addWorkflow('Ticket');
    const entry = data<WorkflowRegistry>(await addEntry({ businessType: 'Ticket', workflowCode: w.code }));
    const { token: outsider } = await signedInWith(ctx, ['ticket:view', 'delegate:view']);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/WorkflowRegistry/Query', {}],
      ['GET', `/api/WorkflowRegistry/Get/${entry.id}`, undefined],
      ['POST', '/api/WorkflowRegistry/Add', { businessType: 'Ticket', workflowCode: w.code }],
      ['POST', '/api/WorkflowRegistry/Update', { id: entry.id, rowVersion: entry.rowVersion, priority: 1 }],
      ['POST', `/api/WorkflowRegistry/Delete/${entry.id}`, undefined],
      ['POST', '/api/WorkflowRegistry/Delete', [entry.id]],
      ['POST', '/api/WorkflowRegistry/Export', {}],
    ];
    for (const [method, url, body] of calls)
      expect((await call(method as 'GET' | 'POST', url, body, outsider)).status, `${method} ${url}`).toBe(403);
    const { token: reader } = await signedInWith(ctx, ['workflow:view']);
    expect((await call('POST', '/api/WorkflowRegistry/Query', {}, reader)).status).toBe(200);
    expect(
      (await call('POST', '/api/WorkflowRegistry/Add', { businessType: 'Ticket', workflowCode: w.code }, reader))
        .status,
    ).toBe(403);
    expect(data<WorkflowRegistry>(await call('GET', `/api/WorkflowRegistry/Get/${entry.id}`)).priority).toBe(
      entry.priority,
    );
  });
});

describe('the demo ticket approval', () => {
  it('is a graph Publish accepts', () => {
    expect(validateFlowChart(demoTicketApproval({ lead: 1, manager: 2, desk: 3 }), 'Ticket')).toEqual([]);
  });

  it('is seeded published, as version 1, and bound in the registry for tickets', async () => {
    // The demo users the seed looks up by login name.
    const lead = await createUser(ctx, { values: { loginName: 'maria' } });
    const desk = await createUser(ctx, { values: { loginName: 'alice' } });
    await ctx.db.transaction((tx) => seedDemoWorkflows(tx));
    const [seeded] = data<{ items: Workflow[] }>(
      await call('POST', '/api/Workflow/Query', { keyword: 'ticket-approval' }),
    ).items;
    expect(seeded).toMatchObject({ status: 'Published', version: 1, hasDraftChanges: false, type: 'Ticket' });
    const [version] = data<WorkflowVersion[]>(await call('GET', '/api/Workflow/Versions/ticket-approval'));
    expect(version).toMatchObject({ version: 1, instanceCount: 0 });
    expect(findFlowNode(version!.flowChart, 'team-lead')).toMatchObject({ approvers: { ids: [lead.id] } });
    expect(findFlowNode(version!.flowChart, 'copy')).toMatchObject({ approvers: { ids: [desk.id] } });
    const entries = data<{ items: WorkflowRegistry[] }>(
      await call('POST', '/api/WorkflowRegistry/Query', { keyword: 'ticket-approval' }),
    ).items;
    expect(entries).toEqual([expect.objectContaining({ businessType: 'Ticket', workflowName: 'Ticket approval' })]);
  });
});
