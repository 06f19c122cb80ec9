import type { FlowNode } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { codeMap } from '../../platform/seed.js';
import { project } from '../project/index.js';
import { appUser } from '../user/index.js';
import { vendor } from '../vendor/index.js';
import { seedPublishedWorkflow } from '../workflow/index.js';
import { computeLines, nextRequisitionNumber, replaceLines } from './requisition.queries.js';
import { requisition } from './requisition.table.js';

/** The demo's requisition approval: the team lead approves; from 5,000 up the manager approves too. */
export function demoRequisitionApproval(users: { lead: number; manager: number }): FlowNode {
  return {
    id: 'start',
    name: 'Requester',
    type: 'start',
    initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
    allowCancel: true,
    allowRecall: true,
    next: {
      id: 'team-lead',
      name: 'Team lead',
      type: 'approver',
      approvers: { strategy: 'users', ids: [users.lead] },
      mode: 'any',
      next: {
        id: 'amount',
        name: 'By amount',
        type: 'condition',
        branches: [
          {
            id: 'large',
            name: '5,000 and more',
            condition: { field: 'totalAmount', op: 'ge', value: 5000 },
            next: {
              id: 'manager',
              name: 'Manager',
              type: 'approver',
              approvers: { strategy: 'users', ids: [users.manager] },
              mode: 'any',
            },
          },
          { id: 'small', name: 'Below 5,000', isDefault: true, next: null },
        ],
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  } as FlowNode;
}

const demoRequisitions = [
  {
    title: 'Laptops for the new service desk agents',
    requester: 'alice',
    project: 'DESK',
    vendor: 'STARK',
    currency: 'USD',
    lines: [
      { description: '14" laptop, 16 GB', quantity: '4', unitPrice: '1249.99' },
      { description: 'USB-C docking station', quantity: '4', unitPrice: '189.5' },
    ],
  },
  {
    title: 'Printer paper and toner, Q1',
    requester: 'bob',
    project: 'ERP',
    vendor: 'ACME',
    currency: 'USD',
    lines: [
      { description: 'A4 paper, box of 5 reams', quantity: '20', unitPrice: '24.3' },
      { description: 'Toner cartridge, black', quantity: '6', unitPrice: '79.9' },
    ],
  },
  {
    title: '云服务器续费',
    requester: 'chen.wei',
    project: 'CLOUD',
    vendor: 'YQCLOUD',
    currency: 'CNY',
    lines: [{ description: '云服务器 12 个月', quantity: '12', unitPrice: '860' }],
  },
];

/** The requisition approval workflow (published, bound for every requisition) and a few draft requisitions. */
export async function seedDemoRequisitions(tx: Tx): Promise<void> {
  const users = await codeMap(tx, appUser.id, appUser.loginName);
  const projects = await codeMap(tx, project.id, project.projectCode);
  const vendors = await codeMap(tx, vendor.id, vendor.vendorCode);
  const lead = users.get('maria');
  const manager = users.get('admin') ?? lead;
  if (lead && manager) {
    await seedPublishedWorkflow(tx, {
      code: 'requisition-approval',
      type: 'Requisition',
      businessTable: 'requisition',
      description: 'The team lead approves every requisition; the manager too from 5,000 up.',
      flowChart: demoRequisitionApproval({ lead, manager }),
      registryDescription: 'Every requisition submitted for approval.',
    });
  }
  const year = new Date().getUTCFullYear();
  for (const r of demoRequisitions) {
    const requesterId = users.get(r.requester);
    if (!requesterId) continue;
    const { lines, total } = computeLines(r.lines.map((l) => ({ ...l, glAccount: null })));
    const [inserted] = await tx
      .insert(requisition)
      .values({
        requisitionNumber: await nextRequisitionNumber(tx, year),
        title: r.title,
        requesterId,
        projectId: projects.get(r.project) ?? null,
        vendorId: vendors.get(r.vendor) ?? null,
        currency: r.currency,
        totalAmount: total,
        status: 'Draft',
        createdBy: requesterId,
        modifiedBy: requesterId,
      })
      .returning({ id: requisition.id });
    await replaceLines(tx, inserted!.id, lines);
  }
}
