import { eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { walkFlowChart, type FlowNode, type Workflow } from '@casedesk/shared';
import { createUser, signIn, useTestApp, type Response } from '../../../test/helpers.js';
import { addTicket } from '../../../test/ticket-factories.js';
import { approvalWorld, approve, submit } from '../../../test/workflow-factories.js';
import { workflowNodeNameIn } from '../../platform/translator.js';
import { email } from '../email/index.js';
import { notification } from '../notification/index.js';
import { demoTicketApproval, seedPublishedWorkflow } from './workflow.seed.js';
import { workflow, workflowRegistry } from './workflow.table.js';

const ctx = useTestApp({ systemUrl: 'https://desk.example.test' });

function data<T>(response: Response): T {
  expect(response.status, response.raw).toBe(200);
  return response.body.data as T;
}

/** The graph with one node renamed (what an admin types in the designer). */
function renamed(graph: FlowNode, id: string, name: string): FlowNode {
  const copy = structuredClone(graph);
  walkFlowChart(copy, (node) => {
    if (node.id === id) node.name = name;
  });
  return copy;
}

// Issue 27: a demo workflow's node names read in the reader's language while they are the seeded ones, also in a
// copy of it (another code, the same ids and names), a new version of the copy and the instances that run on it.
describe('seeded node names outside the demo definition', () => {
  it('the rule reads the node, not the definition: a demo id with its seeded name, in every language', () => {
    expect(workflowNodeNameIn('zh-cn', 'team-lead', 'Team lead')).toBe('组长');
    expect(workflowNodeNameIn('zh-tw', 'other', 'Other tickets')).toBe('其他工單');
    expect(workflowNodeNameIn('en', 'team-lead', 'Team lead')).toBe('Team lead');
    // A name an admin typed, a demo name on a node the designer added, no id: as written.
    expect(workflowNodeNameIn('zh-cn', 'team-lead', 'Lead on duty')).toBe('Lead on duty');
    expect(workflowNodeNameIn('zh-cn', 'approver_x1y2z3', 'Team lead')).toBe('Team lead');
    expect(workflowNodeNameIn('zh-cn', null, 'Team lead')).toBe('Team lead');
  });

  it("a copy's new version mails and rings its seeded steps in the holder's language, a typed step as typed", async () => {
    const admin = await createUser(ctx, { roles: ['admin'] });
    const adminToken = (await signIn(ctx, admin)).token;
    const lead = await createUser(ctx, { values: { language: 'zh-cn' } });
    const manager = await createUser(ctx);
    const desk = await createUser(ctx, { values: { language: 'zh-tw' } });
    const world = await approvalWorld(ctx);
    await ctx.db.transaction((tx) =>
      seedPublishedWorkflow(tx, {
        code: 'ticket-approval',
        type: 'Ticket',
        businessTable: 'ticket',
        description: 'The demo',
        flowChart: demoTicketApproval({ lead: lead.id, manager: manager.id, desk: desk.id }),
        registryDescription: 'Every ticket',
      }),
    );
    const [demo] = await ctx.db.select().from(workflow).where(eq(workflow.code, 'ticket-approval'));
    const call = (url: string, body: unknown) => ctx.call('POST', url, { token: adminToken, body });

    // Copied, published, then the copy's copy step renamed and published as version 2.
    let copy = data<Workflow>(await call(`/api/Workflow/Copy/${demo!.id}`, { code: 'our-approval', name: 'Ours' }));
    copy = data<Workflow>(await call(`/api/Workflow/Publish/${copy.id}`, { rowVersion: copy.rowVersion }));
    const flowChart = renamed(copy.flowChart as FlowNode, 'copy', 'Desk copy (ours)');
    copy = data<Workflow>(await call('/api/Workflow/Update', { id: copy.id, rowVersion: copy.rowVersion, flowChart }));
    copy = data<Workflow>(await call(`/api/Workflow/Publish/${copy.id}`, { rowVersion: copy.rowVersion }));
    expect(copy.version).toBe(2);
    await ctx.db
      .update(workflowRegistry)
      .set({ workflowCode: copy.code })
      .where(eq(workflowRegistry.workflowCode, 'ticket-approval'));

    const [mailsBefore] = await ctx.db.select({ id: max(email.id) }).from(email);
    const [notesBefore] = await ctx.db.select({ id: max(notification.id) }).from(notification);
    const urgent = await addTicket(ctx, world.agent.token, {
      projectId: world.projectId,
      categoryId: world.categoryId,
      subject: 'Server down',
      priority: 'Urgent',
    });
    const started = await submit(ctx, world.agent, urgent.id);
    expect(started.instance).toMatchObject({ workflowCode: 'our-approval', version: 2 });
    await approve(ctx, { token: (await signIn(ctx, lead)).token }, started.instance.id);

    const mails = await ctx.db
      .select()
      .from(email)
      .where(gt(email.id, mailsBefore?.id ?? 0));
    const leadMail = mails.find((m) => m.to.includes(`${lead.loginName}@example.test`) && m.event === 'approvalTask');
    expect(leadMail?.language).toBe('zh-cn');
    expect(leadMail?.body).toContain('节点“组长”');

    const notes = await ctx.db
      .select()
      .from(notification)
      .where(gt(notification.id, notesBefore?.id ?? 0));
    const contentOf = (userId: number) => notes.filter((n) => n.toUserId === userId).map((n) => n.content);
    expect(contentOf(lead.id)).toEqual(['组长']);
    expect(contentOf(desk.id)).toEqual(['Desk copy (ours)']);
  });
});
