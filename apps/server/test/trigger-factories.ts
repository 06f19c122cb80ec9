import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { triggerRun } from '../src/modules/trigger/trigger.table.js';
import type { TestContext } from './helpers.js';
import { addTicket, staffWith, ticketWorld, type TicketData } from './ticket-factories.js';

// Triggers through the API, as an administrator builds them, and the tickets they act on.

export const triggerManager = ['trigger:page', 'trigger:view', 'trigger:create', 'trigger:edit', 'trigger:delete'];

/** A trigger saved through `Trigger/Add` (a unique name unless given); throws with the answer when refused. */
export async function addTrigger(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const name = `${randomBytes(4).toString('hex')} trigger`;
  const response = await ctx.call('POST', '/api/Trigger/Add', {
    token,
    body: { name, ...body },
    headers: { 'message-keys': '1' },
  });
  if (response.status !== 200) throw new Error(`trigger not saved: ${response.raw}`);
  return response.body.data as { id: number; name: string; rowVersion: number };
}

/** A trigger's runs, oldest first, as the engine wrote them. */
export const runsOf = (ctx: TestContext, triggerId: number) =>
  ctx.db.select().from(triggerRun).where(eq(triggerRun.triggerId, triggerId)).orderBy(triggerRun.id);

export const getTicket = async (ctx: TestContext, token: string, id: number) =>
  (await ctx.call('GET', `/api/Ticket/Get/${id}`, { token })).body.data as TicketData;

export const updateTicket = (ctx: TestContext, token: string, ticket: TicketData, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/Ticket/Update', { token, body: { id: ticket.id, rowVersion: ticket.rowVersion, ...body } });

/**
 * A ticket world with a trigger manager (`boss`), the condition `mine` that keeps a test's triggers to its own
 * project's tickets (the file's other triggers stay active), and `ticket()` that makes one there.
 */
export async function triggerWorld(ctx: TestContext) {
  const w = await ticketWorld(ctx);
  const boss = await staffWith(ctx, triggerManager);
  const mine = { field: 'projectId', op: 'eq', value: w.projectId };
  const ticket = (body: Record<string, unknown> = {}) =>
    addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      customerEmail: 'c@example.com',
      ...body,
    });
  return { ...w, boss, mine, ticket };
}
