import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogItem, CustomField, RequestType } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { admin, createProject, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { approver, chain, end, person, publishWorkflow, start } from '../../../test/workflow-factories.js';
import { openItem } from '../openItem/index.js';
import { ticket } from '../ticket/index.js';
import { userGroup } from '../userGroup/index.js';
import { workflow, workflowInstance } from '../workflow/index.js';

// The request catalog (contract section 21): request types are an administrator's; requesters see the types offered
// to them, submit a form that becomes a ticket with its approval and fulfilment items.

const ctx = useTestApp();
const keyOf = (response: { body: unknown }) => (response.body as { messageKey?: string }).messageKey;
const unique = () => `f${randomBytes(3).toString('hex')}`;
const label = (en: string) => ({ en, 'zh-cn': `${en}（简）`, 'zh-tw': `${en}（繁）` });
const keyed = { 'message-keys': '1' };

async function define(token: string, body: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/CustomField/Add', {
    token,
    body: { label: label(`Label ${String(body.key)}`), ...body },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as CustomField;
}

/** A project and category with an agent, an administrator, two ticket fields, an approver and a one-step workflow. */
async function catalogWorld() {
  const w = await ticketWorld(ctx);
  const boss = await admin(ctx);
  const model = await define(boss.token, {
    key: unique(),
    type: 'select',
    options: [
      { value: 'small', label: label('Small') },
      { value: 'large', label: label('Large') },
    ],
  });
  const budget = await define(boss.token, { key: unique(), type: 'decimal' });
  const approverUser = await person(ctx);
  const flow = await publishWorkflow(ctx, chain(start(), approver('boss', [approverUser.id]), end()), {
    projectId: w.projectId,
    registry: false,
  });
  const addType = async (body: Record<string, unknown> = {}) => {
    const response = await ctx.call('POST', '/api/RequestType/Add', {
      token: boss.token,
      body: {
        name: label(`Laptop ${unique()}`),
        categoryId: w.categoryId,
        fields: [
          { key: model.key, required: true, order: 1 },
          { key: budget.key, order: 2 },
        ],
        workflowCode: flow.code,
        fulfilment: [
          { title: 'Order it', when: 'created' },
          { title: 'Prepare it', assigneeId: w.agent.id, when: 'approved' },
        ],
        ...body,
      },
      headers: keyed,
    });
    expect(response.status, response.raw).toBe(200);
    return response.body.data as RequestType;
  };
  const submit = (who: Staff, body: Record<string, unknown>) =>
    ctx.call('POST', '/api/Catalog/Submit', { token: who.token, body, headers: keyed });
  return { ...w, boss, model, budget, approverUser, flow, addType, submit };
}

const catalogOf = async (who: Staff, query = '') => {
  const response = await ctx.call('GET', `/api/Catalog${query}`, { token: who.token });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as CatalogItem[];
};

const itemsOf = (ticketId: number) =>
  ctx.db
    .select({ description: openItem.description, pointOfContact: openItem.pointOfContact, groupId: openItem.groupId })
    .from(openItem)
    .where(eq(openItem.ticketId, ticketId))
    .orderBy(openItem.serial);

const instanceOf = async (ticketId: number) => {
  const [row] = await ctx.db
    .select()
    .from(workflowInstance)
    .where(and(eq(workflowInstance.businessType, 'Ticket'), eq(workflowInstance.businessId, ticketId)));
  return row;
};

describe('request types', () => {
  it('are kept by administrators only; others are refused every call', async () => {
    const w = await catalogWorld();
    const type = await w.addType();
    expect(type).toMatchObject({ categoryName: 'Category', workflowCode: w.flow.code, status: 'Active' });
    expect(type.workflowName).toBe(`Workflow ${w.flow.code}`);
    const body = { name: label('x'), categoryId: w.categoryId };
    expect((await ctx.call('POST', '/api/RequestType/Add', { token: w.agent.token, body })).status).toBe(403);
    expect((await ctx.call('POST', '/api/RequestType/Query', { token: w.agent.token, body: {} })).status).toBe(403);
    const update = { id: type.id, rowVersion: type.rowVersion, sort: 5 };
    expect((await ctx.call('POST', '/api/RequestType/Update', { token: w.agent.token, body: update })).status).toBe(
      403,
    );
    const updated = await ctx.call('POST', '/api/RequestType/Update', { token: w.boss.token, body: update });
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body.data).toMatchObject({ sort: 5, rowVersion: type.rowVersion + 1 });
    const stale = await ctx.call('POST', '/api/RequestType/Update', { token: w.boss.token, body: update });
    expect(stale.status).toBe(409);
    expect((await ctx.call('POST', '/api/RequestType/Delete', { token: w.agent.token, body: [type.id] })).status).toBe(
      403,
    );
    expect((await ctx.call('POST', '/api/RequestType/Delete', { token: w.boss.token, body: [type.id] })).status).toBe(
      200,
    );
  });

  it('refuse bad forms, references and people with worded reasons (a field by its label in the caller’s language)', async () => {
    const w = await catalogWorld();
    const otherCategory = (await ticketWorld(ctx)).categoryId;
    const narrow = await define(w.boss.token, { key: unique(), type: 'text', categoryIds: [otherCategory] });
    const retired = await define(w.boss.token, { key: unique(), type: 'text', status: 'Inactive' });
    const [group] = await ctx.db
      .insert(userGroup)
      .values({ name: unique(), status: 'Inactive' })
      .returning({ id: userGroup.id });
    const gone = await createUser(ctx, { values: { status: 'Inactive' } });
    const disabledFlow = await publishWorkflow(ctx, chain(start(), end()), { projectId: w.projectId, registry: false });
    await ctx.db.update(workflow).set({ status: 'Disabled' }).where(eq(workflow.code, disabledFlow.code));
    const base = { name: label('Form'), categoryId: w.categoryId };
    const cases: [Record<string, unknown>, string][] = [
      [{ fields: [{ key: w.model.key }, { key: w.model.key }] }, 'requestType.fieldTwice'],
      [{ fields: [{ key: 'nosuchfield' }] }, 'requestType.fieldUnknown'],
      [{ fields: [{ key: retired.key }] }, 'requestType.fieldUnknown'],
      [{ fields: [{ key: narrow.key }] }, 'requestType.fieldNotForCategory'],
      [{ workflowCode: 'no-such-workflow' }, 'requestType.workflowUnknown'],
      [{ projectIds: [999_999] }, 'requestType.projectUnknown'],
      [{ categoryId: 999_999 }, 'requestType.categoryUnknown'],
      [{ fulfilment: [{ title: 'x', assigneeId: gone.id }] }, 'requestType.assigneeUnknown'],
      [{ fulfilment: [{ title: 'x', groupId: group!.id }] }, 'requestType.groupUnknown'],
    ];
    for (const [body, messageKey] of cases) {
      const response = await ctx.call('POST', '/api/RequestType/Add', {
        token: w.boss.token,
        body: { ...base, ...body },
        headers: keyed,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(keyOf(response), JSON.stringify(body)).toBe(messageKey);
    }
    // A disabled workflow cannot be started.
    const disabled = await ctx.call('POST', '/api/RequestType/Add', {
      token: w.boss.token,
      body: { ...base, workflowCode: disabledFlow.code },
      headers: keyed,
    });
    expect(keyOf(disabled)).toBe('requestType.workflowUnknown');
    // The field is named by its label in the administrator's language.
    const zhBoss = await createUser(ctx, { roles: ['admin'], values: { language: 'zh-cn' } });
    const inChinese = await ctx.call('POST', '/api/RequestType/Add', {
      token: (await signIn(ctx, zhBoss)).token,
      body: { ...base, fields: [{ key: narrow.key }] },
    });
    expect(inChinese.status).toBe(400);
    expect(inChinese.body.resultMsg).toContain(`Label ${narrow.key}（简）`);
    // An update is checked against the stored type: a new category the fields do not apply to is refused.
    const type = await w.addType({ fields: [{ key: w.model.key }] });
    const moved = await ctx.call('POST', '/api/RequestType/Update', {
      token: w.boss.token,
      body: { id: type.id, rowVersion: type.rowVersion, fields: [{ key: narrow.key }] },
      headers: keyed,
    });
    expect(keyOf(moved)).toBe('requestType.fieldNotForCategory');
  });
});

describe('the catalog', () => {
  it('lists the active types offered in a project the caller may raise tickets in, with their forms', async () => {
    const w = await catalogWorld();
    const everywhere = await w.addType({
      description: { en: 'Any laptop', 'zh-cn': '任何笔记本', 'zh-tw': '任何筆電' },
    });
    const elsewhere = await w.addType({ projectIds: [await createProject(ctx)] });
    const retired = await w.addType({ status: 'Inactive' });
    const mine = await catalogOf(w.agent);
    const ids = mine.map((item) => item.id);
    expect(ids).toContain(everywhere.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(ids).not.toContain(retired.id);
    const item = mine.find((i) => i.id === everywhere.id)!;
    expect(item.projects).toEqual([{ id: w.projectId, name: 'Project' }]);
    expect(item.approval).toBe(true);
    // The form's own `required` and order; the field's definition otherwise.
    expect(item.fields.map((f) => [f.key, f.required, f.order])).toEqual([
      [w.model.key, true, 1],
      [w.budget.key, false, 2],
    ]);
    // Keywords search the texts of every language.
    expect((await catalogOf(w.agent, `?keyword=${encodeURIComponent('任何筆電')}`)).map((i) => i.id)).toEqual([
      everywhere.id,
    ]);
    // Someone of another project sees none of these; someone who may not raise tickets may not ask.
    const stranger = await staff(ctx, [await createProject(ctx)]);
    expect((await catalogOf(stranger)).map((i) => i.id)).not.toContain(everywhere.id);
    const reader = await staff(ctx, [w.projectId], ['ticket:view']);
    expect((await ctx.call('GET', '/api/Catalog', { token: reader.token })).status).toBe(403);
  });
});

describe('a submitted request', () => {
  it('becomes a ticket with its values and type, starts its workflow and makes its "created" items', async () => {
    const w = await catalogWorld();
    const type = await w.addType();
    const response = await w.submit(w.agent, {
      requestTypeId: type.id,
      projectId: w.projectId,
      values: { [w.model.key]: 'large', [w.budget.key]: '2500.50' },
    });
    expect(response.status, response.raw).toBe(200);
    const made = response.body.data as { id: number; subject: string; customFields: Record<string, unknown> };
    expect(made.subject).toBe(type.name.en);
    expect(made.customFields).toEqual({ [w.model.key]: 'large', [w.budget.key]: '2500.50' });
    const [row] = await ctx.db
      .select({ requestTypeId: ticket.requestTypeId })
      .from(ticket)
      .where(eq(ticket.id, made.id));
    expect(row?.requestTypeId).toBe(type.id);
    expect((await instanceOf(made.id))?.status).toBe('Running');
    expect((await itemsOf(made.id)).map((i) => i.description)).toEqual(['Order it']);
  });

  it('asks what the form requires, checks values and refuses in the caller’s language', async () => {
    const w = await catalogWorld();
    const type = await w.addType();
    const missing = await w.submit(w.agent, { requestTypeId: type.id, projectId: w.projectId, values: {} });
    expect(missing.status).toBe(400);
    expect(keyOf(missing)).toBe('customField.required');
    const chinese = await createUser(ctx, {
      permissions: ['ticket:view', 'ticket:create'],
      projects: [w.projectId],
      values: { language: 'zh-cn' },
    });
    const zh = { ...chinese, token: (await signIn(ctx, chinese)).token };
    const wrong = await ctx.call('POST', '/api/Catalog/Submit', {
      token: zh.token,
      body: {
        requestTypeId: type.id,
        projectId: w.projectId,
        values: { [w.model.key]: 'large', [w.budget.key]: 'a lot' },
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.resultMsg).toContain(`Label ${w.budget.key}（简）`);
    const unasked = await w.submit(w.agent, {
      requestTypeId: type.id,
      projectId: w.projectId,
      values: { [w.model.key]: 'small', other: 'x' },
    });
    expect(unasked.status).toBe(400);
  });

  it('is refused for a type not offered to the caller, or a project the type is not offered in', async () => {
    const w = await catalogWorld();
    const type = await w.addType();
    const values = { [w.model.key]: 'small' };
    const retired = await w.addType({ status: 'Inactive' });
    const inactive = await w.submit(w.agent, { requestTypeId: retired.id, projectId: w.projectId, values });
    expect(inactive.status).toBe(403);
    expect(keyOf(inactive)).toBe('requestType.notAvailable');
    const stranger = await staff(ctx, [await createProject(ctx)]);
    const notTheirs = await w.submit(stranger, { requestTypeId: type.id, projectId: w.projectId, values });
    expect(notTheirs.status).toBe(403);
    const both = await createProject(ctx);
    const wide = await staff(ctx, [w.projectId, both]);
    const narrow = await w.addType({ projectIds: [w.projectId] });
    const wrongProject = await w.submit(wide, { requestTypeId: narrow.id, projectId: both, values });
    expect(wrongProject.status).toBe(400);
    expect(keyOf(wrongProject)).toBe('requestType.projectNotOffered');
  });

  it('makes its "approved" items once when approved, none when rejected; a used type is not deleted', async () => {
    const w = await catalogWorld();
    const type = await w.addType();
    const values = { [w.model.key]: 'small' };
    const raise = async () => {
      const response = await w.submit(w.agent, { requestTypeId: type.id, projectId: w.projectId, values });
      expect(response.status, response.raw).toBe(200);
      const id = (response.body.data as { id: number }).id;
      return { id, instance: (await instanceOf(id))! };
    };
    const decide = async (instanceId: number, action: 'Approve' | 'Reject') => {
      const info = await ctx.call('GET', `/api/WorkflowInstance/Info/${instanceId}`, { token: approverToken });
      const taskId = (info.body.data as { myTasks: { taskId: number }[] }).myTasks[0]!.taskId;
      const response = await ctx.call('POST', `/api/WorkflowInstance/${action}`, {
        token: approverToken,
        body: { taskId, comment: 'ok' },
      });
      expect(response.status, response.raw).toBe(200);
    };
    const approverToken = (await signIn(ctx, w.approverUser)).token;
    const approved = await raise();
    await decide(approved.instance.id, 'Approve');
    expect((await instanceOf(approved.id))?.status).toBe('Approved');
    const items = await itemsOf(approved.id);
    expect(items).toEqual([
      { description: 'Order it', pointOfContact: null, groupId: null },
      { description: 'Prepare it', pointOfContact: w.agent.id, groupId: null },
    ]);
    // A re-run of the moment (a second event) makes nothing twice.
    const { makeFulfilment } = await import('./request-fulfilment.service.js');
    await ctx.db.transaction((tx) => makeFulfilment(tx, approved.id, 'approved', null));
    await ctx.db.transaction((tx) => makeFulfilment(tx, approved.id, 'created', null));
    expect(await itemsOf(approved.id)).toHaveLength(2);

    const rejected = await raise();
    await decide(rejected.instance.id, 'Reject');
    expect((await itemsOf(rejected.id)).map((i) => i.description)).toEqual(['Order it']);

    const refused = await ctx.call('POST', '/api/RequestType/Delete', {
      token: w.boss.token,
      body: [type.id],
      headers: keyed,
    });
    expect(refused.status).toBe(409);
    expect(keyOf(refused)).toBe('ticket.inUse');
  });
});
