import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decimalMessages,
  invoiceMessages,
  requisitionMessages,
  type FlowNode,
  type InvoiceDetail,
  type Invoice,
  type Page,
} from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import { admin, type Staff } from '../../../test/ticket-factories.js';
import { act, approver, chain, end, infoOf, myTask, person, start } from '../../../test/workflow-factories.js';
import { requisition } from '../requisition/requisition.table.js';
import { vendor } from '../vendor/vendor.table.js';
import { workflow, workflowRegistry, workflowVersion } from '../workflow/workflow.table.js';
import { demoInvoiceApproval } from './invoice.seed.js';
import { invoice } from './invoice.table.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;
/** A clerk: keys in and submits invoices (no pay, no delete). */
let clerk: Staff;

const withKeys = { 'message-keys': '1' };
const hex = () => randomBytes(4).toString('hex');

async function addVendor(status: 'Active' | 'Inactive' = 'Active'): Promise<number> {
  const [row] = await ctx.db
    .insert(vendor)
    .values({ vendorCode: `V-${hex()}`, vendorName: `Vendor ${hex()}`, status })
    .returning({ id: vendor.id });
  return row!.id;
}

async function addRequisition(status: 'Approved' | 'Draft'): Promise<{ id: number; number: string }> {
  const number = `PR-${hex()}`;
  const [row] = await ctx.db
    .insert(requisition)
    .values({ requisitionNumber: number, title: 'Chairs', requesterId: boss.id, currency: 'USD', status })
    .returning({ id: requisition.id });
  return { id: row!.id, number };
}

type Line = { description: string; quantity: unknown; unitPrice: unknown; glAccount?: string | null };
const line = (quantity: unknown, unitPrice: unknown): Line => ({ description: 'Item', quantity, unitPrice });

const body = (vendorId: number, extra: Record<string, unknown> = {}) => ({
  invoiceNumber: `INV-${hex()}`,
  vendorId,
  invoiceDate: '2026-11-02',
  currency: 'USD',
  lines: [line('1', '10')],
  ...extra,
});

const addCall = (who: Staff, b: unknown) => ctx.call('POST', '/api/Invoice/Add', { token: who.token, body: b });
const add = async (who: Staff, b: unknown) => dataOf<Invoice>(await addCall(who, b));
const detail = async (id: number, who: Staff = boss) =>
  dataOf<InvoiceDetail>(await ctx.call('GET', `/api/Invoice/Detail/${id}`, { token: who.token }));

/** An Update body from a detail: its fields and lines as entered, with the changes. */
const updateBody = (d: InvoiceDetail, patch: Record<string, unknown> = {}) => ({
  id: d.id,
  rowVersion: d.rowVersion,
  invoiceNumber: d.invoiceNumber,
  vendorId: d.vendorId,
  invoiceDate: d.invoiceDate,
  dueDate: d.dueDate,
  currency: d.currency,
  projectId: d.projectId,
  poNumber: d.poNumber,
  requisitionId: d.requisitionId,
  taxRate: d.taxRate,
  description: d.description,
  documentFileId: d.documentFileId,
  lines: d.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    glAccount: l.glAccount,
  })),
  ...patch,
});

const fieldsOf = (response: { body: { data: unknown } }) =>
  ((response.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  boss = await admin(ctx);
  clerk = await person(ctx, ['invoice:page', 'invoice:view', 'invoice:create', 'invoice:edit']);
});

describe('Invoice amounts', () => {
  it('computes lines, tax and total exactly and ignores the client figures', async () => {
    const vendorId = await addVendor();
    const created = await add(
      boss,
      body(vendorId, {
        taxRate: '7.25',
        lines: [line('3', '0.3333'), line('1', '1.005'), line(2.5, 80)],
        subtotalAmount: '1',
        taxAmount: '1',
        totalAmount: '999999',
      }),
    );
    // 3 × 0.3333 = 0.9999 → 1.00; 1 × 1.005 → 1.01 (half away from zero); 2.5 × 80 = 200.00.
    const d = await detail(created.id);
    expect(d.lines.map((l) => l.amount)).toEqual(['1.00', '1.01', '200.00']);
    expect(d.lines.map((l) => l.quantity)).toEqual(['3.000', '1.000', '2.500']);
    expect(d.lines.map((l) => l.unitPrice)).toEqual(['0.3333', '1.0050', '80.0000']);
    // 202.01 × 7.25 % = 14.645725 → 14.65.
    expect(d).toMatchObject({ subtotalAmount: '202.01', taxRate: '7.25', taxAmount: '14.65', totalAmount: '216.66' });
  });

  it('rounds the tax once on the subtotal and sums 500 lines without drift', async () => {
    const vendorId = await addVendor();
    const lines = Array.from({ length: 500 }, () => line('1', '0.1'));
    const created = await add(boss, body(vendorId, { taxRate: '7.25', lines }));
    // 500 × 0.10 = 50.00 (floating point would give 49.99999…); tax 3.625 → 3.63.
    expect(created).toMatchObject({ subtotalAmount: '50.00', taxAmount: '3.63', totalAmount: '53.63' });
    expect((await detail(created.id)).lines).toHaveLength(500);
  });

  it('refuses bad numbers naming the field', async () => {
    const vendorId = await addVendor();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lines: [line('-1', '10')] }, 'lines.0.quantity', decimalMessages.negative],
      [{ lines: [line('1', '12345678901234567890')] }, 'lines.0.unitPrice', decimalMessages.tooLarge(11)],
      [{ lines: [line('1.2345', '1')] }, 'lines.0.quantity', decimalMessages.tooManyDecimals(3)],
      [{ taxRate: '7.255' }, 'taxRate', decimalMessages.tooManyDecimals(2)],
      [{ taxRate: '101' }, 'taxRate', decimalMessages.aboveMax('100')],
      [{ currency: 'XYZ' }, 'currency', decimalMessages.notCurrency],
      [{ lines: [] }, 'lines', ''],
    ];
    for (const [patch, field, message] of cases) {
      const response = await expectRefused(ctx, 400, () => addCall(boss, body(vendorId, patch)));
      expect(fieldsOf(response), JSON.stringify(patch)).toContain(field);
      if (message) expect(response.raw).toContain(message);
    }
  });

  it('refuses an amount that does not fit 13 digits', async () => {
    const vendorId = await addVendor();
    const response = await expectRefused(ctx, 400, () =>
      addCall(boss, body(vendorId, { lines: [line('999999999', '99999999999')] })),
    );
    expect(fieldsOf(response)).toEqual(['lines.0.amount']);
  });
});

describe('Invoice rules', () => {
  it('refuses a duplicate number of the same vendor, naming the first (any case or spacing)', async () => {
    const vendorId = await addVendor();
    const first = await add(boss, body(vendorId, { invoiceNumber: 'INV 77-a' }));
    for (const again of ['inv 77-A', 'INV77-A', ' Inv  77-a ']) {
      const response = await expectRefused(ctx, 409, () =>
        ctx.call('POST', '/api/Invoice/Add', {
          token: boss.token,
          body: body(vendorId, { invoiceNumber: again }),
          headers: withKeys,
        }),
      );
      expect(response.body.resultMsg).toBe(
        invoiceMessages.duplicate(again.trim(), `#${first.id} INV 77-a, Draft, 2026-11-02`),
      );
      expect(response.body).toMatchObject({ messageKey: 'invoice.duplicate' });
    }
    // Another vendor may use the number; a cancelled invoice frees it.
    await add(boss, body(await addVendor(), { invoiceNumber: 'INV 77-a' }));
    dataOf(await ctx.call('POST', `/api/Invoice/Cancel/${first.id}`, { token: boss.token }));
    await add(boss, body(vendorId, { invoiceNumber: 'inv 77-a' }));
  });

  it('lets one of two concurrent saves of the same number through', async () => {
    const vendorId = await addVendor();
    const responses = await Promise.all(
      ['INV-RACE', 'inv-race', 'INV-RACE'].map((n) => addCall(boss, body(vendorId, { invoiceNumber: n }))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await ctx.db.select({ id: invoice.id }).from(invoice).where(eq(invoice.vendorId, vendorId));
    expect(rows).toHaveLength(1);
  });

  it('checks vendor, dates and requisition', async () => {
    const inactive = await addVendor('Inactive');
    let response = await expectRefused(ctx, 400, () => addCall(boss, body(inactive)));
    expect(response.body.resultMsg).toBe(invoiceMessages.inactiveVendor);
    response = await expectRefused(ctx, 400, () => addCall(boss, body(2_000_000_000)));
    expect(response.body.resultMsg).toBe(invoiceMessages.unknownVendor);
    const vendorId = await addVendor();
    response = await expectRefused(ctx, 400, () => addCall(boss, body(vendorId, { dueDate: '2026-11-01' })));
    expect(fieldsOf(response)).toEqual(['dueDate']);
    const draft = await addRequisition('Draft');
    response = await expectRefused(ctx, 400, () => addCall(boss, body(vendorId, { requisitionId: draft.id })));
    expect(response.body.resultMsg).toBe(requisitionMessages.notApproved);
    const approved = await addRequisition('Approved');
    const created = await add(
      boss,
      body(vendorId, { requisitionId: approved.id, poNumber: 'typed', dueDate: '2026-11-02' }),
    );
    expect(created).toMatchObject({ requisitionId: approved.id, poNumber: approved.number });
  });

  it('updates a draft (recomputing), refuses a stale version, and lists with names and filters', async () => {
    const vendorId = await addVendor();
    const created = await add(clerk, body(vendorId, { invoiceNumber: `KW-${hex()}` }));
    const d = await detail(created.id, clerk);
    const updated = dataOf<Invoice>(
      await ctx.call('POST', '/api/Invoice/Update', {
        token: clerk.token,
        body: updateBody(d, { taxRate: '10', lines: [line('2', '5.555')], totalAmount: '1' }),
      }),
    );
    expect(updated).toMatchObject({ rowVersion: 2, subtotalAmount: '11.11', taxAmount: '1.11', totalAmount: '12.22' });
    await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Invoice/Update', { token: clerk.token, body: updateBody(d) }),
    );
    const page = dataOf<Page<Invoice>>(
      await ctx.call('POST', '/api/Invoice/Query', {
        token: clerk.token,
        body: { keyword: created.invoiceNumber!.toLowerCase(), status: ['Draft'], vendorId },
      }),
    );
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: created.id, actions: ['edit', 'submit', 'cancel'] });
    expect(page.items[0]!.vendorName).toMatch(/^Vendor /);
    expect(page.items[0]!.createdByName).toBeTruthy();
    // The keyword finds an invoice by its vendor's name too (only this vendor's invoices match it).
    const byVendor = dataOf<Page<Invoice>>(
      await ctx.call('POST', '/api/Invoice/Query', {
        token: clerk.token,
        body: { keyword: page.items[0]!.vendorName!.toUpperCase() },
      }),
    );
    expect(byVendor.items.map((i) => i.id)).toEqual([created.id]);
  });
});

describe('Invoice status', () => {
  it('pays only approved invoices, cancels and deletes only early ones', async () => {
    const vendorId = await addVendor();
    const created = await add(boss, body(vendorId));
    let response = await expectRefused(ctx, 409, () =>
      ctx.call('POST', `/api/Invoice/Pay/${created.id}`, { token: boss.token }),
    );
    expect(response.body.resultMsg).toBe(invoiceMessages.wrongStatus('Draft'));
    await ctx.db.update(invoice).set({ status: 'Approved' }).where(eq(invoice.id, created.id));
    response = await expectRefused(ctx, 409, () =>
      ctx.call('POST', `/api/Invoice/Cancel/${created.id}`, { token: boss.token }),
    );
    expect(response.body.resultMsg).toBe(invoiceMessages.wrongStatus('Approved'));
    await expectRefused(ctx, 409, () => ctx.call('POST', `/api/Invoice/Delete/${created.id}`, { token: boss.token }));
    // A clerk without invoice:pay may not pay.
    await expectRefused(ctx, 403, () => ctx.call('POST', `/api/Invoice/Pay/${created.id}`, { token: clerk.token }));
    const paid = dataOf<Invoice>(await ctx.call('POST', `/api/Invoice/Pay/${created.id}`, { token: boss.token }));
    expect(paid.status).toBe('Paid');
    expect(paid.paidAt).toBeTruthy();
    const d = await detail(created.id);
    response = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Invoice/Update', { token: boss.token, body: updateBody(d) }),
    );
    expect(response.body.resultMsg).toBe(invoiceMessages.notEditable('Paid'));

    const other = await add(boss, body(vendorId));
    dataOf(await ctx.call('POST', `/api/Invoice/Delete/${other.id}`, { token: boss.token }));
    expect(await ctx.db.select().from(invoice).where(eq(invoice.id, other.id))).toHaveLength(0);
  });

  it('refuses everything to a user without invoice permissions', async () => {
    const nobody = await person(ctx, []);
    const vendorId = await addVendor();
    const created = await add(boss, body(vendorId));
    await expectRefused(ctx, 403, () => ctx.call('POST', '/api/Invoice/Query', { token: nobody.token, body: {} }));
    await expectRefused(ctx, 403, () => ctx.call('GET', `/api/Invoice/Detail/${created.id}`, { token: nobody.token }));
    await expectRefused(ctx, 403, () => addCall(nobody, body(vendorId)));
    await expectRefused(ctx, 403, () => ctx.call('POST', `/api/Invoice/Cancel/${created.id}`, { token: nobody.token }));
    await expectRefused(ctx, 403, () => ctx.call('POST', `/api/Invoice/Delete/${created.id}`, { token: clerk.token }));
    const response = await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/WorkflowInstance/Submit', {
        token: nobody.token,
        body: { businessType: 'Invoice', businessId: created.id },
      }),
    );
    expect(response.status).toBe(403);
  });
});

/** Publishes `graph` as the only registry entry of type Invoice (earlier tests' entries are removed). */
async function publishInvoiceWorkflow(graph: FlowNode) {
  const code = `inv-${hex()}`;
  const [definition] = await ctx.db
    .insert(workflow)
    .values({ code, name: code, type: 'Invoice', status: 'Published', version: 1, flowChart: graph })
    .returning({ id: workflow.id });
  await ctx.db
    .insert(workflowVersion)
    .values({ workflowId: definition!.id, code, version: 1, name: code, flowChart: graph });
  await ctx.db.delete(workflowRegistry).where(eq(workflowRegistry.businessType, 'Invoice'));
  await ctx.db
    .insert(workflowRegistry)
    .values({ businessType: 'Invoice', workflowCode: code, conditions: [], priority: 1 });
}

const statusOf = async (id: number) => (await detail(id)).status;
const submitInvoice = (id: number) =>
  act(ctx, clerk, 'WorkflowInstance/Submit', { businessType: 'Invoice', businessId: id });

describe('Invoice approval', () => {
  let lead: Staff;
  let finance: Staff;
  beforeAll(async () => {
    lead = await person(ctx);
    finance = await person(ctx);
  });

  it('approves small invoices with one approver and large ones with two', async () => {
    await publishInvoiceWorkflow(demoInvoiceApproval({ lead: lead.id, finance: finance.id }));
    const vendorId = await addVendor();
    const small = await add(clerk, body(vendorId, { lines: [line('1', '9999.99')] }));
    const info = await submitInvoice(small.id);
    expect(await statusOf(small.id)).toBe('PendingApproval');
    // Under approval the fields cannot be changed through Update.
    const response = await expectRefused(ctx, 409, async () =>
      ctx.call('POST', '/api/Invoice/Update', { token: clerk.token, body: updateBody(await detail(small.id)) }),
    );
    expect(response.body.resultMsg).toBe(invoiceMessages.underApproval);
    let task = await myTask(ctx, lead, info.instance.id);
    await act(ctx, lead, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(await statusOf(small.id)).toBe('Approved');

    const large = await add(clerk, body(vendorId, { lines: [line('1', '10000')] }));
    const largeInfo = await submitInvoice(large.id);
    task = await myTask(ctx, lead, largeInfo.instance.id);
    await act(ctx, lead, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(await statusOf(large.id)).toBe('PendingApproval');
    task = await myTask(ctx, finance, largeInfo.instance.id);
    await act(ctx, finance, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(await statusOf(large.id)).toBe('Approved');
    expect((await detail(large.id)).workflowInstanceId).toBe(largeInfo.instance.id);
  });

  it('rejects, returns to the initiator and resubmits', async () => {
    await publishInvoiceWorkflow(chain(start(), approver('a', [lead.id]), end()));
    const vendorId = await addVendor();
    const rejected = await add(clerk, body(vendorId));
    let info = await submitInvoice(rejected.id);
    let task = await myTask(ctx, lead, info.instance.id);
    await act(ctx, lead, 'WorkflowInstance/Reject', { taskId: task.taskId, comment: 'no' });
    expect(await statusOf(rejected.id)).toBe('Rejected');
    // A rejected invoice may be edited and submitted again.
    dataOf(
      await ctx.call('POST', '/api/Invoice/Update', {
        token: clerk.token,
        body: updateBody(await detail(rejected.id), { description: 'fixed' }),
      }),
    );
    await submitInvoice(rejected.id);
    expect(await statusOf(rejected.id)).toBe('PendingApproval');

    const returned = await add(clerk, body(vendorId));
    info = await submitInvoice(returned.id);
    task = await myTask(ctx, lead, info.instance.id);
    await act(ctx, lead, 'WorkflowInstance/Return', { taskId: task.taskId, comment: 'fix it', targetNodeId: 'start' });
    expect(await statusOf(returned.id)).toBe('Draft');
    const mine = await myTask(ctx, clerk, info.instance.id);
    await act(ctx, clerk, 'WorkflowInstance/Resubmit', { taskId: mine.taskId });
    expect(await statusOf(returned.id)).toBe('PendingApproval');
    task = await myTask(ctx, lead, info.instance.id);
    await act(ctx, lead, 'WorkflowInstance/Approve', { taskId: task.taskId });
    expect(await statusOf(returned.id)).toBe('Approved');
    expect((await infoOf(ctx, clerk, info.instance.id)).instance.status).toBe('Approved');
  });

  it('lets a node write only the safe fields', async () => {
    await publishInvoiceWorkflow(
      chain(
        start(),
        approver('a', [lead.id], 'any', {
          fieldPermissions: { poNumber: 'write', description: 'write', totalAmount: 'write' },
        }),
        end(),
      ),
    );
    const vendorId = await addVendor();
    const created = await add(clerk, body(vendorId));
    const info = await submitInvoice(created.id);
    const task = await myTask(ctx, lead, info.instance.id);
    const refused = await ctx.call('POST', '/api/WorkflowInstance/Approve', {
      token: lead.token,
      body: { taskId: task.taskId, fields: { totalAmount: '1' } },
    });
    expect(refused.status, refused.raw).toBe(400);
    await act(ctx, lead, 'WorkflowInstance/Approve', { taskId: task.taskId, fields: { poNumber: 'PO-9' } });
    expect(await detail(created.id)).toMatchObject({ poNumber: 'PO-9', status: 'Approved', totalAmount: '10.00' });
  });

  it('refuses to submit an invoice that is not a draft', async () => {
    const vendorId = await addVendor();
    const created = await add(clerk, body(vendorId));
    await ctx.db.update(invoice).set({ status: 'Paid' }).where(eq(invoice.id, created.id));
    const response = await ctx.call('POST', '/api/WorkflowInstance/Submit', {
      token: clerk.token,
      body: { businessType: 'Invoice', businessId: created.id },
    });
    expect(response.status, response.raw).toBe(409);
    expect(response.body.resultMsg).toBe(invoiceMessages.wrongStatus('Paid'));
  });
});
