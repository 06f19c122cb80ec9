import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  workflowMessages,
  type FlowBranch,
  type FlowNode,
  type Workflow,
  type WorkflowVersion,
} from '@casedesk/shared';
import { createUser, signedInWith, signIn, useTestApp, type Response } from '../../../test/helpers.js';
import { auditLog } from '../../platform/platform.table.js';
import { workflow, workflowInstance, workflowVersion } from './workflow.table.js';

const ctx = useTestApp();
let token: string;
let adminId: number;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  adminId = admin.id;
  token = (await signIn(ctx, admin)).token;
});

const approver = (id: string, name: string, next: FlowNode | null = null): FlowNode => ({
  id,
  name,
  type: 'approver',
  approvers: { strategy: 'users', ids: [1] },
  mode: 'any',
  next,
});
const start = (next: FlowNode | null): FlowNode => ({ id: 'start', name: 'Start', type: 'start', next });
const condition = (branches: FlowBranch[], next: FlowNode | null = null): FlowNode => ({
  id: 'cond',
  name: 'By priority',
  type: 'condition',
  branches,
  next,
});
const urgent = { field: 'priority', op: 'eq', value: 'Urgent' } as const;

/** start → condition (Urgent → Lead; default → Manager) → end */
const validGraph = (): FlowNode =>
  start(
    condition(
      [
        { name: 'Urgent', condition: urgent, next: approver('lead', 'Team lead') },
        { name: 'Other', isDefault: true, next: approver('manager', 'Manager') },
      ],
      { id: 'end', name: 'End', type: 'end' },
    ),
  );

let counter = 0;
const call = (method: 'GET' | 'POST', url: string, body?: unknown, who = token) =>
  ctx.call(method, url, { token: who, body, headers: { 'message-keys': '1' } });

function data<T>(response: Response): T {
  expect(response.status, response.raw).toBe(200);
  return response.body.data as T;
}

async function addWorkflow(extra: Record<string, unknown> = {}): Promise<Workflow> {
  counter += 1;
  return data(
    await call('POST', '/api/Workflow/Add', {
      name: `Flow ${counter}`,
      code: `flow-${counter}`,
      type: 'Ticket',
      ...extra,
    }),
  );
}
const saveGraph = async (w: Workflow, flowChart: unknown) =>
  call('POST', '/api/Workflow/Update', { id: w.id, rowVersion: w.rowVersion, flowChart });
const publish = (w: Workflow, note?: string) =>
  call('POST', `/api/Workflow/Publish/${w.id}`, { rowVersion: w.rowVersion, ...(note ? { note } : {}) });

async function published(graph: FlowNode = validGraph()): Promise<Workflow> {
  const w = await addWorkflow({ flowChart: graph });
  return data(await publish(w));
}

/** An instance row as the engine would write it, so the definition counts as used. */
async function instanceOn(w: Workflow, version: number) {
  const [pinned] = await ctx.db
    .select({ id: workflowVersion.id })
    .from(workflowVersion)
    .where(and(eq(workflowVersion.workflowId, w.id), eq(workflowVersion.version, version)));
  await ctx.db.insert(workflowInstance).values({
    workflowId: w.id,
    versionId: pinned!.id,
    workflowCode: w.code,
    version,
    businessType: 'Ticket',
    businessId: 10_000 + ++counter,
    title: 'A ticket',
    initiatorId: adminId,
  });
}

const fieldsOf = (response: Response) =>
  ((response.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

describe('Workflow: definitions', () => {
  it('adds a draft, saves its graph, and keeps code and type as created', async () => {
    const w = await addWorkflow({ description: 'For tickets' });
    expect(w).toMatchObject({
      status: 'Draft',
      version: 0,
      hasDraftChanges: false,
      flowChart: null,
      publishedAt: null,
    });
    expect(w.createdByName).toBeTruthy();
    const saved = data<Workflow>(
      await call('POST', '/api/Workflow/Update', {
        ...w,
        code: 'other-code',
        type: 'Invoice',
        name: 'Renamed',
        flowChart: validGraph(),
      }),
    );
    expect(saved).toMatchObject({ name: 'Renamed', code: w.code, type: 'Ticket', hasDraftChanges: true });
    expect(saved.flowChart).toEqual(validGraph());
    const got = data<Workflow>(await call('GET', `/api/Workflow/Get/${w.id}`));
    expect(got).toEqual(saved);
    const page = data<{ items: Workflow[]; total: number }>(
      await call('POST', '/api/Workflow/Query', { keyword: w.code, type: 'Ticket', status: 'Draft' }),
    );
    expect(page.items.map((i) => i.id)).toEqual([w.id]);
    const none = data<{ total: number }>(
      await call('POST', '/api/Workflow/Query', { keyword: w.code, type: 'Invoice' }),
    );
    expect(none.total).toBe(0);
  });

  it('adds what Get answered (a new code and name): the server-owned fields are accepted and ignored', async () => {
    const original = await published();
    const got = data<Workflow>(await call('GET', `/api/Workflow/Get/${original.id}`));
    expect(got).toMatchObject({ status: 'Published', version: 1 });
    const copy = data<Workflow>(
      await call('POST', '/api/Workflow/Add', { ...got, code: `${got.code}-again`, name: 'Again' }),
    );
    expect(copy).toMatchObject({ code: `${got.code}-again`, name: 'Again', status: 'Draft', version: 0 });
    expect(copy.id).not.toBe(got.id);
    expect(copy.flowChart).toEqual(got.flowChart);
    // A field no answer carries is still refused.
    const unknown = await call('POST', '/api/Workflow/Add', {
      name: 'X',
      code: 'x-unknown',
      type: 'Ticket',
      colour: 1,
    });
    expect(unknown.status).toBe(400);
  });

  it('saves an incomplete draft, but not a graph of the wrong shape', async () => {
    const w = await addWorkflow();
    const incomplete = await saveGraph(w, start(null));
    expect(incomplete.status, incomplete.raw).toBe(200);
    const wrong = await saveGraph(w, { id: 'x', name: 'X', type: 'loop' });
    expect(wrong.status).toBe(400);
  });

  it('refuses a code that is taken (Add and Copy) with 409', async () => {
    const w = await addWorkflow();
    const again = await call('POST', '/api/Workflow/Add', { name: 'Again', code: w.code, type: 'Ticket' });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe(workflowMessages.codeTaken);
    const copy = await call('POST', `/api/Workflow/Copy/${w.id}`, { name: 'Copy', code: w.code });
    expect(copy.status).toBe(409);
  });

  it('refuses a stale rowVersion on Update and Publish', async () => {
    const w = await addWorkflow({ flowChart: validGraph() });
    data(await saveGraph(w, validGraph()));
    const stale = await saveGraph(w, validGraph());
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);
    const stalePublish = await publish(w);
    expect(stalePublish.status).toBe(409);
    expect(await ctx.db.select().from(workflowVersion).where(eq(workflowVersion.workflowId, w.id))).toEqual([]);
  });
});

describe('Workflow: publish', () => {
  it('answers 400 "Missing start node." for a draft without a graph or without a start node', async () => {
    const empty = await addWorkflow();
    const refused = await publish(empty);
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe('Missing start node.');
    expect(refused.body).toMatchObject({ messageKey: 'workflow.missingStart' });
    const headless = await addWorkflow({ flowChart: approver('a', 'A') });
    const noStart = await publish(headless);
    expect(noStart.status).toBe(400);
    expect(noStart.body.resultMsg).toBe('Missing start node.');
    expect(fieldsOf(noStart)[0]).toBe('flowChart.a');
    const [row] = await ctx.db.select().from(workflow).where(eq(workflow.id, headless.id));
    expect(row).toMatchObject({ status: 'Draft', version: 0 });
  });

  // Each invalid graph, the node the answer names, and the rule's message.
  const invalid: [string, FlowNode, string, string][] = [
    [
      'a loop (an id met again on its own path)',
      start(approver('a', 'Alpha', approver('b', 'Beta', approver('a', 'Alpha again')))),
      'a',
      'Node "Alpha again" appears twice on one path: a workflow cannot loop.',
    ],
    [
      'a duplicate node id',
      start(
        condition(
          [
            { name: 'U', condition: urgent, next: approver('x', 'X1') },
            { name: 'D', isDefault: true, next: approver('x', 'X2') },
          ],
          null,
        ),
      ),
      'x',
      'Node "X2": its id is used twice.',
    ],
    [
      'a node after a join no branch reaches (orphan)',
      start(
        condition(
          [
            { name: 'U', condition: urgent, next: approver('a', 'A', { id: 'e1', name: 'E1', type: 'end' }) },
            { name: 'D', isDefault: true, next: { id: 'e2', name: 'E2', type: 'end' } },
          ],
          approver('late', 'Late'),
        ),
      ),
      'late',
      'Node "Late" is not reachable from the start.',
    ],
    [
      'a condition without a default branch',
      start(
        condition([
          { name: 'U', condition: urgent, next: approver('a', 'A') },
          { name: 'H', condition: { ...urgent, value: 'High' } },
        ]),
      ),
      'cond',
      'Node "By priority": a condition needs exactly one default branch.',
    ],
    [
      'a branch without a condition',
      start(
        condition([
          { name: 'Loose', next: approver('a', 'A') },
          { name: 'D', isDefault: true },
        ]),
      ),
      'cond',
      'Node "By priority": the branch "Loose" needs a condition (only the default branch has none).',
    ],
    [
      'a condition on an unknown field',
      start(
        condition([
          { name: 'U', condition: { field: 'colour', op: 'eq', value: 'red' }, next: approver('a', 'A') },
          { name: 'D', isDefault: true },
        ]),
      ),
      'cond',
      'Node "By priority": the field "colour" does not exist on this record type.',
    ],
    [
      'a value that does not fit the field',
      start(
        condition([
          { name: 'U', condition: { field: 'priority', op: 'eq', value: 'Soon' }, next: approver('a', 'A') },
          { name: 'D', isDefault: true },
        ]),
      ),
      'cond',
      'Node "By priority": the value for "priority" does not fit the field.',
    ],
    [
      'a condition with one branch',
      start(condition([{ name: 'D', isDefault: true, next: approver('a', 'A') }])),
      'cond',
      'Node "By priority": add at least two branches.',
    ],
    [
      'an approver node without approvers',
      start({ ...approver('a', 'Finance'), approvers: { strategy: 'role', ids: [] } } as FlowNode),
      'a',
      'Node "Finance": choose the users, roles, groups, positions or departments.',
    ],
    [
      'a record-field approver on a field that is not a user',
      start({ ...approver('a', 'Finance'), approvers: { strategy: 'recordField', field: 'subject' } } as FlowNode),
      'a',
      'Node "Finance": choose the record field that names the approver.',
    ],
    [
      'leaders without levels',
      start({ ...approver('a', 'Finance'), approvers: { strategy: 'leaderLevels' } } as FlowNode),
      'a',
      'Node "Finance": give how many levels up the leader is (1-10).',
    ],
    [
      'percent mode without a percentage',
      start({ ...approver('a', 'Finance'), mode: 'percent' } as FlowNode),
      'a',
      'Node "Finance": give the percentage of approvers needed (1-100).',
    ],
    [
      'a fallback without its user',
      start({ ...approver('a', 'Finance'), noApprover: { action: 'fallback' } } as FlowNode),
      'a',
      'Node "Finance": choose the fallback user for when no approver is found.',
    ],
    [
      'a cc node without users',
      start(approver('a', 'A', { id: 'cc', name: 'Copy', type: 'cc', approvers: { strategy: 'users', ids: [] } })),
      'cc',
      'Node "Copy": choose who receives the copy.',
    ],
    [
      'a second start node',
      start(approver('a', 'A', { id: 's2', name: 'Restart', type: 'start' })),
      's2',
      'The start node must be the first node and appear once.',
    ],
    [
      'a node after the end',
      start(approver('a', 'A', { id: 'end', name: 'End', type: 'end', next: approver('b', 'B') } as never)),
      'end',
      'Node "End": nothing can follow the end node.',
    ],
    ['no approver node', start({ id: 'end', name: 'End', type: 'end' }), 'flowChart', workflowMessages.noApproverNode],
  ];

  it.each(invalid)('refuses %s with 400 naming the node', async (_what, graph, nodeId, message) => {
    const w = await addWorkflow();
    // A node after the end cannot be saved as a draft (its shape says so): write it as an old draft would be.
    await ctx.db.update(workflow).set({ flowChart: graph }).where(eq(workflow.id, w.id));
    const refused = await publish(w);
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body.resultMsg).toBe(message);
    expect(fieldsOf(refused)).toContain(nodeId === 'flowChart' ? 'flowChart' : `flowChart.${nodeId}`);
    expect((refused.body as { messageKey?: string }).messageKey).toMatch(/^workflow\./);
    const [row] = await ctx.db.select().from(workflow).where(eq(workflow.id, w.id));
    expect(row).toMatchObject({ version: 0, status: 'Draft' });
    // Out of the lists again: a graph the shape refuses would not pass the list's response schema.
    await ctx.db.delete(workflow).where(eq(workflow.id, w.id));
  });

  it('gives every problem as a field error, with its key in the reader language', async () => {
    const w = await addWorkflow({
      flowChart: start({
        ...approver('a', 'Finance'),
        mode: 'percent',
        approvers: { strategy: 'users', ids: [] },
      } as FlowNode),
    });
    const refused = await publish(w);
    expect(refused.status).toBe(400);
    const errors = (refused.body.data as { errors: { field: string; messageKey?: string; messageValues?: object }[] })
      .errors;
    expect(errors).toEqual([
      expect.objectContaining({
        field: 'flowChart.a',
        messageKey: 'workflow.approverIdsMissing',
        messageValues: { node: 'Finance' },
      }),
      expect.objectContaining({ field: 'flowChart.a', messageKey: 'workflow.percentMissing' }),
    ]);
  });

  it('makes version n+1 with a summary; later draft edits never change a published version', async () => {
    const w = await addWorkflow({ flowChart: validGraph() });
    const first = data<Workflow>(await publish(w, 'First go'));
    expect(first).toMatchObject({ status: 'Published', version: 1, hasDraftChanges: false });
    expect(first.publishedAt).toBeTruthy();
    expect(first.rowVersion).toBe(w.rowVersion + 1);

    const changed = validGraph() as FlowNode & { type: 'start' };
    const cond = changed.next as FlowNode & { type: 'condition' };
    const lead = cond.branches[0]!.next as FlowNode & { type: 'approver' };
    lead.name = 'Team leader';
    lead.mode = 'all';
    cond.branches[1]!.next = approver('manager', 'Manager', approver('finance', 'Finance'));
    const edited = data<Workflow>(await saveGraph(first, changed));
    expect(edited).toMatchObject({ status: 'Published', version: 1, hasDraftChanges: true });

    const second = data<Workflow>(await publish(edited));
    expect(second).toMatchObject({ version: 2, hasDraftChanges: false });
    const versions = data<WorkflowVersion[]>(await call('GET', `/api/Workflow/Versions/${w.code}`));
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({ note: 'First go', summary: ['First version (5 nodes).'], instanceCount: 0 });
    expect(versions[1]!.flowChart).toEqual(validGraph());
    expect(versions[0]!.flowChart).toEqual(changed);
    expect(versions[0]!.summary).toEqual([
      'Renamed "Team lead" to "Team leader"',
      'Changed "Team leader": mode',
      'Added approver node "Finance"',
    ]);
    expect(versions[0]!.publishedByName).toBeTruthy();
    expect(versions[0]!.publishedBy).toBe(adminId);

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, w.id));
    expect(audit.filter((a) => a.entity === 'Workflow' && a.action === 'update').length).toBeGreaterThanOrEqual(3);
  });

  it('lists versions with how many instances run on each; an unknown code is 404', async () => {
    const w = await published();
    const v2 = data<Workflow>(await publish(w));
    await instanceOn(v2, 1);
    await instanceOn(v2, 2);
    await instanceOn(v2, 2);
    const versions = data<WorkflowVersion[]>(await call('GET', `/api/Workflow/Versions/${w.code}`));
    expect(versions.map((v) => [v.version, v.instanceCount])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    expect(versions[0]!.summary).toEqual(['No changes.']);
    expect((await call('GET', '/api/Workflow/Versions/no-such-code')).status).toBe(404);
  });
});

describe('Workflow: copy, disable, enable, delete', () => {
  it('copies the draft graph into a new draft', async () => {
    const w = await published();
    const changed = start(approver('only', 'Only'));
    const edited = data<Workflow>(await saveGraph(w, changed));
    const copy = data<Workflow>(
      await call('POST', `/api/Workflow/Copy/${edited.id}`, { code: `copy-${w.id}`, name: 'Copy' }),
    );
    expect(copy).toMatchObject({ code: `copy-${w.id}`, name: 'Copy', type: 'Ticket', status: 'Draft', version: 0 });
    expect(copy.flowChart).toEqual(changed);
    expect(copy.hasDraftChanges).toBe(true);
    expect((await call('POST', '/api/Workflow/Copy/999999', { code: 'nothing-here', name: 'X' })).status).toBe(404);
  });

  it('disables (no edits, no publish) and enables again', async () => {
    const w = await published();
    const disabled = data<Workflow>(await call('POST', `/api/Workflow/Disable/${w.id}`));
    expect(disabled.status).toBe('Disabled');
    const edit = await saveGraph(disabled, validGraph());
    expect(edit.status).toBe(409);
    expect(edit.body.resultMsg).toBe(workflowMessages.notDraftEditable);
    const pub = await publish(disabled);
    expect(pub.status).toBe(409);
    const enabled = data<Workflow>(await call('POST', `/api/Workflow/Enable/${w.id}`));
    expect(enabled).toMatchObject({ status: 'Published', version: 1 });
    // A draft never published comes back as a draft.
    const draft = await addWorkflow();
    data(await call('POST', `/api/Workflow/Disable/${draft.id}`));
    expect(data<Workflow>(await call('POST', `/api/Workflow/Enable/${draft.id}`)).status).toBe('Draft');
    expect((await call('POST', '/api/Workflow/Disable/999999')).status).toBe(404);
  });

  it('deletes an unused definition with its versions; refuses one with instances or bound in the registry', async () => {
    const unused = await published();
    const gone = await call('POST', `/api/Workflow/Delete/${unused.id}`);
    expect(gone.status, gone.raw).toBe(200);
    expect(await ctx.db.select().from(workflowVersion).where(eq(workflowVersion.workflowId, unused.id))).toEqual([]);

    const used = await published();
    await instanceOn(used, 1);
    const refused = await call('POST', `/api/Workflow/Delete/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(
      `The workflow "${used.code}" has approval instances and cannot be deleted; disable it instead.`,
    );
    expect(refused.body).toMatchObject({ messageKey: 'workflow.hasInstances', messageValues: { code: used.code } });
    // All or none: the unused one in the same batch stays.
    const other = await addWorkflow();
    expect((await call('POST', '/api/Workflow/Delete', [other.id, used.id])).status).toBe(409);
    expect((await ctx.db.select().from(workflow).where(eq(workflow.id, other.id))).length).toBe(1);

    const bound = await published();
    data(await call('POST', '/api/WorkflowRegistry/Add', { businessType: 'Ticket', workflowCode: bound.code }));
    const inRegistry = await call('POST', `/api/Workflow/Delete/${bound.id}`);
    expect(inRegistry.status).toBe(409);
    expect(inRegistry.body).toMatchObject({ messageKey: 'workflow.inRegistry' });
  });
});

describe('Workflow: export', () => {
  it('exports the list as a spreadsheet', async () => {
    await published();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Workflow/Export',
      headers: {
        authorization: `Bearer ${token}`,
        'auth-token': ctx.newAuthToken(),
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('Workflow: who may not', () => {
  it('answers 403 to a user without workflow permissions on every definition call', async () => {
    const w = await published();
    const { token: outsider } = await signedInWith(ctx, ['ticket:view']);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/Workflow/Query', {}],
      ['GET', `/api/Workflow/Get/${w.id}`, undefined],
      ['GET', `/api/Workflow/Detail/${w.id}`, undefined],
      ['POST', '/api/Workflow/Add', { name: 'X', code: 'x-outsider', type: 'Ticket' }],
      ['POST', '/api/Workflow/Update', { id: w.id, rowVersion: w.rowVersion, name: 'X' }],
      ['POST', `/api/Workflow/Delete/${w.id}`, undefined],
      ['POST', '/api/Workflow/Delete', [w.id]],
      ['POST', `/api/Workflow/Publish/${w.id}`, { rowVersion: w.rowVersion }],
      ['GET', `/api/Workflow/Versions/${w.code}`, undefined],
      ['POST', `/api/Workflow/Copy/${w.id}`, { code: 'x-copy', name: 'X' }],
      ['POST', `/api/Workflow/Disable/${w.id}`, undefined],
      ['POST', `/api/Workflow/Enable/${w.id}`, undefined],
      ['POST', '/api/Workflow/Export', {}],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(method as 'GET' | 'POST', url, body, outsider);
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    // A reader may look but not change.
    const { token: reader } = await signedInWith(ctx, ['workflow:view']);
    const readerList = await call('POST', '/api/Workflow/Query', {}, reader);
    expect(readerList.status, readerList.raw).toBe(200);
    expect((await call('GET', `/api/Workflow/Versions/${w.code}`, undefined, reader)).status).toBe(200);
    expect((await call('POST', `/api/Workflow/Publish/${w.id}`, { rowVersion: w.rowVersion }, reader)).status).toBe(
      403,
    );
    expect((await call('POST', `/api/Workflow/Disable/${w.id}`, undefined, reader)).status).toBe(403);
    const [row] = await ctx.db.select().from(workflow).where(eq(workflow.id, w.id));
    expect(row).toMatchObject({ status: 'Published', version: 1, rowVersion: w.rowVersion });
  });
});
