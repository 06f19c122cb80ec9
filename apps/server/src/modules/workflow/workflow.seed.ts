import { diffFlowCharts, seededNames, type FlowNode, type WorkflowType } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { codeMap } from '../../platform/seed.js';
import { appUser } from '../user/index.js';
import { workflow, workflowRegistry, workflowVersion } from './workflow.table.js';

/**
 * The quick start's ticket approval: urgent and high tickets go to the team lead, the rest to the service
 * manager, then a copy to the service desk. Published as version 1 and bound in the registry for every ticket.
 */
export function demoTicketApproval(users: { lead: number; manager: number; desk: number }): FlowNode {
  return {
    id: 'start',
    name: 'Submitter',
    type: 'start',
    initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
    allowCancel: true,
    allowRecall: true,
    next: {
      id: 'priority',
      name: 'By priority',
      type: 'condition',
      branches: [
        {
          id: 'urgent',
          name: 'Urgent or high',
          condition: { field: 'priority', op: 'in', value: ['Urgent', 'High'] },
          next: {
            id: 'team-lead',
            name: 'Team lead',
            type: 'approver',
            approvers: { strategy: 'users', ids: [users.lead] },
            mode: 'any',
          },
        },
        {
          id: 'other',
          name: 'Other tickets',
          isDefault: true,
          next: {
            id: 'service-manager',
            name: 'Service manager',
            type: 'approver',
            approvers: { strategy: 'users', ids: [users.manager] },
            mode: 'any',
          },
        },
      ],
      next: {
        id: 'copy',
        name: 'Service desk copy',
        type: 'cc',
        approvers: { strategy: 'users', ids: [users.desk] },
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  };
}

export async function seedDemoWorkflows(tx: Tx): Promise<void> {
  const users = await codeMap(tx, appUser.id, appUser.loginName);
  const lead = users.get('maria');
  const desk = users.get('alice');
  if (!lead || !desk) return;
  // The system seed's administrator, when there is one (else the lead manages too).
  const manager = users.get('admin') ?? lead;
  const graph = demoTicketApproval({ lead, manager, desk });
  await seedPublishedWorkflow(tx, {
    code: 'ticket-approval',
    type: 'Ticket',
    businessTable: 'ticket',
    description: 'Urgent and high tickets to the team lead, the rest to the service manager; a copy to the desk.',
    flowChart: graph,
    registryDescription: 'Every ticket submitted for approval.',
  });
}

/**
 * A demo workflow, published as version 1 and (with a registry description) bound in the registry for every record of its type (the demo
 * seeds of the business modules use it, so their workflows start the same way).
 */
export async function seedPublishedWorkflow(
  tx: Tx,
  demo: {
    /** Its name is the seeded one of this code (`seededNames.workflow`), shown in the reader's language. */
    code: keyof typeof seededNames.workflow;
    type: WorkflowType;
    businessTable: string;
    description: string;
    flowChart: FlowNode;
    /** Its registry entry for every record of its type; none: not registered (a request type names it). */
    registryDescription?: string;
  },
): Promise<void> {
  const { code, type, flowChart } = demo;
  const name = seededNames.workflow[code];
  const [row] = await tx
    .insert(workflow)
    .values({
      code,
      name,
      type,
      businessTable: demo.businessTable,
      status: 'Published',
      version: 1,
      description: demo.description,
      flowChart,
      publishedAt: new Date(),
    })
    .returning({ id: workflow.id });
  if (!row) return;
  await tx
    .insert(workflowVersion)
    .values({ workflowId: row.id, code, version: 1, name, flowChart, summary: diffFlowCharts(null, flowChart) });
  if (demo.registryDescription === undefined) return;
  await tx.insert(workflowRegistry).values({
    businessType: type,
    workflowCode: code,
    conditions: [],
    priority: 100,
    description: demo.registryDescription,
  });
}
