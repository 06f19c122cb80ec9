import { asc, eq } from 'drizzle-orm';
import type { FlowNode, InvoiceStatus } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { codeMap } from '../../platform/seed.js';
import { project } from '../project/index.js';
import { appUser } from '../user/index.js';
import { vendor } from '../vendor/index.js';
import { seedPublishedWorkflow } from '../workflow/index.js';
import { computeInvoiceAmounts } from './invoice.service.js';
import { invoice, invoiceLine } from './invoice.table.js';

/** The amount from which an invoice needs a second approver. */
export const secondApproverFrom = 10000;

/**
 * The quick start's invoice approval: the team lead approves every invoice; from 10 000 up the finance manager
 * approves too.
 */
export function demoInvoiceApproval(users: { lead: number; finance: number }): FlowNode {
  return {
    id: 'start',
    name: 'Submitter',
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
            name: 'From 10 000',
            condition: { field: 'totalAmount', op: 'ge', value: secondApproverFrom },
            next: {
              id: 'finance-manager',
              name: 'Finance manager',
              type: 'approver',
              approvers: { strategy: 'users', ids: [users.finance] },
              mode: 'any',
            },
          },
          { id: 'small', name: 'Below 10 000', isDefault: true, next: null },
        ],
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  };
}

async function seedInvoiceWorkflow(tx: Tx, users: Map<string, number>): Promise<void> {
  const lead = users.get('maria');
  if (!lead) return;
  const finance = users.get('admin') ?? lead;
  await seedPublishedWorkflow(tx, {
    code: 'invoice-approval',
    type: 'Invoice',
    businessTable: 'invoice',
    description: 'The team lead approves every invoice; from 10 000 up the finance manager too.',
    flowChart: demoInvoiceApproval({ lead, finance }),
    registryDescription: 'Every invoice submitted for approval.',
  });
}

type DemoInvoice = {
  number: string;
  status: InvoiceStatus;
  date: string;
  taxRate: string;
  lines: { description: string; quantity: string; unitPrice: string }[];
};

const demoInvoices: DemoInvoice[] = [
  {
    number: 'INV-1001',
    status: 'Draft',
    date: '2026-11-02',
    taxRate: '7.25',
    lines: [
      { description: 'Printer toner', quantity: '3', unitPrice: '0.3333' },
      { description: 'On-site support (hours)', quantity: '2.5', unitPrice: '80' },
    ],
  },
  {
    number: 'INV-1002',
    status: 'Draft',
    date: '2026-11-05',
    taxRate: '10',
    lines: [{ description: 'Server licences', quantity: '12', unitPrice: '1150' }],
  },
  {
    number: 'INV-1003',
    status: 'Approved',
    date: '2026-10-20',
    taxRate: '5',
    lines: [{ description: 'Network switches', quantity: '4', unitPrice: '420.5' }],
  },
  {
    number: 'INV-1004',
    status: 'Paid',
    date: '2026-10-01',
    taxRate: '0',
    lines: [{ description: 'Cloud hosting, September', quantity: '1', unitPrice: '1999.99' }],
  },
  {
    number: 'INV-1005',
    status: 'Rejected',
    date: '2026-10-28',
    taxRate: '7.25',
    lines: [{ description: 'Office chairs', quantity: '6', unitPrice: '249' }],
  },
];

/** A vendor for the demo invoices: the first active one the vendor seed made, else one made here. */
async function demoVendor(tx: Tx, createdBy: number | null): Promise<number | undefined> {
  const [found] = await tx
    .select({ id: vendor.id })
    .from(vendor)
    .where(eq(vendor.status, 'Active'))
    .orderBy(asc(vendor.id))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(vendor)
    .values({ vendorCode: 'DEMO-SUPPLY', vendorName: 'Demo Office Supply', createdBy, modifiedBy: createdBy })
    .returning({ id: vendor.id });
  return made?.id;
}

/** Demo: the invoice approval workflow and a few invoices in several statuses. */
export async function seedDemoInvoices(tx: Tx): Promise<void> {
  const users = await codeMap(tx, appUser.id, appUser.loginName);
  await seedInvoiceWorkflow(tx, users);
  const author = users.get('maria') ?? users.get('admin') ?? null;
  const vendorId = await demoVendor(tx, author);
  if (!vendorId) return;
  const [firstProject] = await tx.select({ id: project.id }).from(project).orderBy(asc(project.id)).limit(1);
  for (const demo of demoInvoices) {
    const amounts = computeInvoiceAmounts(demo.lines, demo.taxRate);
    const [row] = await tx
      .insert(invoice)
      .values({
        invoiceNumber: demo.number,
        vendorId,
        invoiceDate: demo.date,
        dueDate: null,
        currency: 'USD',
        projectId: firstProject?.id ?? null,
        taxRate: demo.taxRate,
        subtotalAmount: amounts.subtotalAmount,
        taxAmount: amounts.taxAmount,
        totalAmount: amounts.totalAmount,
        status: demo.status,
        paidAt: demo.status === 'Paid' ? new Date('2026-10-15T10:00:00Z') : null,
        createdBy: author,
        modifiedBy: author,
      })
      .returning({ id: invoice.id });
    if (!row) continue;
    await tx.insert(invoiceLine).values(
      demo.lines.map((line, index) => ({
        invoiceId: row.id,
        lineNo: index + 1,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        amount: amounts.lines[index]!.amount,
        glAccount: null,
      })),
    );
  }
}
