import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Condition, FlowBranch, FlowNode, WorkflowInstanceInfo } from '@casedesk/shared';
import { workflow, workflowRegistry, workflowVersion } from '../src/modules/workflow/workflow.table.js';
import { createUser, signIn, type Response, type TestContext } from './helpers.js';
import { addTicket, ticketWorld, type Staff } from './ticket-factories.js';

// ---- graphs ----

type Loose = Record<string, unknown>;

/** Links nodes into one chain (each node's `next` is the one after it); answers the first. */
export function chain(...nodes: FlowNode[]): FlowNode {
  const copies = nodes.map((node) => ({ ...node }) as FlowNode & { next?: FlowNode | null });
  copies.forEach((node, i) => {
    if (node.type !== 'end') node.next = copies[i + 1] ?? null;
  });
  return copies[0]!;
}

export const start = (extra: Loose = {}): FlowNode =>
  ({ id: 'start', name: 'Start', type: 'start', ...extra }) as FlowNode;
export const end = (): FlowNode => ({ id: 'end', name: 'End', type: 'end' });
export const approver = (
  id: string,
  ids: number[],
  mode: 'any' | 'all' | 'percent' | 'sequence' = 'any',
  extra: Loose = {},
): FlowNode =>
  ({ id, name: `Node ${id}`, type: 'approver', approvers: { strategy: 'users', ids }, mode, ...extra }) as FlowNode;
export const ccNode = (id: string, ids: number[]): FlowNode => ({
  id,
  name: `CC ${id}`,
  type: 'cc',
  approvers: { strategy: 'users', ids },
});
export const branch = (name: string, nodes: FlowNode[], when?: Condition | 'default'): FlowBranch => ({
  name,
  next: nodes.length ? chain(...nodes) : null,
  ...(when === 'default' ? { isDefault: true } : when ? { condition: when } : {}),
});
export const conditionNode = (id: string, branches: FlowBranch[]): FlowNode => ({
  id,
  name: `Condition ${id}`,
  type: 'condition',
  branches,
});
export const parallelNode = (id: string, branches: FlowBranch[]): FlowNode => ({
  id,
  name: `Parallel ${id}`,
  type: 'parallel',
  branches,
});

// ---- definitions, bypassing the definition API (built by another branch) ----

/** A published workflow for tickets (version 1 of `graph`), bound in the registry for one project's tickets. */
export async function publishWorkflow(
  ctx: TestContext,
  graph: FlowNode,
  options: { projectId: number; registry?: boolean },
): Promise<{ workflowId: number; code: string; versionId: number }> {
  const code = `wf-${randomBytes(4).toString('hex')}`;
  const [definition] = await ctx.db
    .insert(workflow)
    .values({ code, name: `Workflow ${code}`, type: 'Ticket', status: 'Published', version: 1, flowChart: graph })
    .returning({ id: workflow.id });
  const [version] = await ctx.db
    .insert(workflowVersion)
    .values({ workflowId: definition!.id, code, version: 1, name: `Workflow ${code}`, flowChart: graph })
    .returning({ id: workflowVersion.id });
  if (options.registry !== false)
    await ctx.db.insert(workflowRegistry).values({
      businessType: 'Ticket',
      workflowCode: code,
      conditions: [{ field: 'projectId', op: 'eq', value: options.projectId }],
      priority: 10,
    });
  return { workflowId: definition!.id, code, versionId: version!.id };
}

/** Publishes `graph` as the next version of a workflow. */
export async function publishNextVersion(ctx: TestContext, workflowId: number, graph: FlowNode): Promise<number> {
  const [definition] = await ctx.db.select().from(workflow).where(eq(workflow.id, workflowId));
  const next = definition!.version + 1;
  await ctx.db
    .insert(workflowVersion)
    .values({ workflowId, code: definition!.code, version: next, name: definition!.name, flowChart: graph });
  await ctx.db.update(workflow).set({ version: next, flowChart: graph }).where(eq(workflow.id, workflowId));
  return next;
}

// ---- people and calls ----

/** A signed-in user without any permission (approvers need none: the rules decide). */
export async function person(ctx: TestContext, permissions: string[] = []): Promise<Staff> {
  const user = await createUser(ctx, { permissions });
  return { ...user, token: (await signIn(ctx, user)).token };
}

/** A project, its agent (the initiator, who creates and submits the ticket) and a ticket. */
export async function approvalWorld(ctx: TestContext, subject = 'Printer') {
  const world = await ticketWorld(ctx);
  const ticket = await addTicket(ctx, world.agent.token, {
    projectId: world.projectId,
    categoryId: world.categoryId,
    subject,
  });
  return { ...world, initiator: world.agent, ticketId: ticket.id, ticket };
}

export async function anotherTicket(ctx: TestContext, world: Awaited<ReturnType<typeof approvalWorld>>, body = {}) {
  return addTicket(ctx, world.agent.token, { projectId: world.projectId, categoryId: world.categoryId, ...body });
}

export async function workflowCall(
  ctx: TestContext,
  who: { token: string },
  path: string,
  body: unknown,
): Promise<Response> {
  return ctx.call('POST', `/api/${path}`, { token: who.token, body });
}

/** An action that must succeed: answers the new Info. */
export async function act(
  ctx: TestContext,
  who: { token: string },
  path: string,
  body: unknown,
): Promise<WorkflowInstanceInfo> {
  const response = await workflowCall(ctx, who, path, body);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as WorkflowInstanceInfo;
}

export async function submit(ctx: TestContext, who: { token: string }, ticketId: number, extra: Loose = {}) {
  return act(ctx, who, 'WorkflowInstance/Submit', { businessType: 'Ticket', businessId: ticketId, ...extra });
}

/** `world`'s ticket, submitted by its initiator to a workflow published for its project: start, `nodes`, end. */
export async function submitThrough(
  ctx: TestContext,
  world: { projectId: number; initiator: Staff; ticketId: number },
  ...nodes: FlowNode[]
) {
  await publishWorkflow(ctx, chain(start(), ...nodes, end()), { projectId: world.projectId });
  return submit(ctx, world.initiator, world.ticketId);
}

export async function infoOf(ctx: TestContext, who: { token: string }, id: number): Promise<WorkflowInstanceInfo> {
  const response = await ctx.call('GET', `/api/WorkflowInstance/Info/${id}`, { token: who.token });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as WorkflowInstanceInfo;
}

/** The caller's pending task on a node of the instance (from their own Info). */
export async function myTask(ctx: TestContext, who: { token: string }, instanceId: number, nodeId?: string) {
  const info = await infoOf(ctx, who, instanceId);
  const task = info.myTasks.find((t) => nodeId === undefined || t.nodeId === nodeId);
  expect(task, `no task at ${nodeId ?? 'any node'}`).toBeTruthy();
  return task!;
}

export async function approve(ctx: TestContext, who: { token: string }, instanceId: number, extra: Loose = {}) {
  const task = await myTask(ctx, who, instanceId);
  return act(ctx, who, 'WorkflowInstance/Approve', { taskId: task.taskId, ...extra });
}
