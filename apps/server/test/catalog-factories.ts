import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { CustomField, RequestType } from '@casedesk/shared';
import type { TestContext } from './helpers.js';
import { admin, ticketWorld, type Staff } from './ticket-factories.js';
import { approver, chain, end, person, publishWorkflow, start } from './workflow-factories.js';

// The request catalog's tests (contract 21): ticket fields, a workflow and request types made through the API.

export const keyOf = (response: { body: unknown }) => (response.body as { messageKey?: string }).messageKey;
export const unique = () => `f${randomBytes(3).toString('hex')}`;
export const label = (en: string) => ({ en, 'zh-cn': `${en}（简）`, 'zh-tw': `${en}（繁）` });
export const keyed = { 'message-keys': '1' };

export async function defineField(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/CustomField/Add', {
    token,
    body: { label: label(`Label ${String(body.key)}`), ...body },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as CustomField;
}

/** A project and category with an agent, an administrator, two ticket fields, an approver and a one-step workflow. */
export async function catalogWorld(ctx: TestContext) {
  const define = (token: string, body: Record<string, unknown>) => defineField(ctx, token, body);
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
