import { eq, sql } from 'drizzle-orm';
import { invoiceMessages, messages, msg, workflowMessages, type InvoiceStatus } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import { AppError, fieldRefusal, forbidden } from '../../platform/errors.js';
import type { WorkflowBusinessType } from '../../platform/workflow-types.js';
import { project } from '../project/index.js';
import { userNameSql } from '../user/index.js';
import { editableStatuses } from './invoice.policy.js';
import { invoice, invoiceLine } from './invoice.table.js';

/** The invoice fields workflows read (`businessFields.Invoice`). */
const invoiceFields = {
  totalAmount: invoice.totalAmount,
  currency: invoice.currency,
  vendorId: invoice.vendorId,
  projectId: invoice.projectId,
  createdBy: invoice.createdBy,
};

const fieldTextsSql = sql<Record<string, string | null>>`json_build_object(
  'vendorId', (select v.vendor_name from vendor v where v.id = "invoice"."vendor_id"),
  'projectId', (select p.project_name from project p where p.id = "invoice"."project_id"),
  'createdBy', ${userNameSql(invoice.createdBy)})`;

const withoutNulls = (texts: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => entry[1] !== null));

const notWritable = (field: string) =>
  new AppError('BAD_REQUEST', msg(workflowMessages, 'fieldNotWritable', { field }));

/** The outcome of an approval run as the invoice's status. */
const statusOf: Record<string, InvoiceStatus> = {
  Running: 'PendingApproval',
  Returned: 'Draft',
  Approved: 'Approved',
  Rejected: 'Rejected',
  Cancelled: 'Draft',
};

/*
 * What an approver may change at a node that opens fields up: the project, the PO number and the description —
 * none of them moves an amount, so nothing needs recomputing and the amount the conditions routed by stays true.
 */
const textField = (value: unknown, max: number) =>
  value === null || (typeof value === 'string' && value.trim().length <= max);

/**
 * Invoices as a workflow business type. Who may submit: a holder of `invoice:edit`, for a Draft or Rejected
 * invoice with a vendor, a number and lines. The amount (`totalAmount`) routes conditions, e.g. a second
 * approver from 10 000 up.
 */
export const invoiceWorkflowType: WorkflowBusinessType = {
  type: 'Invoice',
  async load(tx, id) {
    const [row] = await tx
      .select({ ...invoiceFields, invoiceNumber: invoice.invoiceNumber, texts: fieldTextsSql })
      .from(invoice)
      .where(eq(invoice.id, id))
      .for('update', { of: invoice });
    if (!row) return null;
    const { invoiceNumber, texts, ...fields } = row;
    const vendorName = texts.vendorId ?? '';
    return {
      title: `${invoiceNumber ?? `#${id}`} ${vendorName}`.trim(),
      projectId: row.projectId,
      // The exact decimal text: conditions compare it as a number.
      fields,
      texts: withoutNulls(texts),
    };
  },
  async checkSubmit(tx, id, actor) {
    if (!hasPermission(actor, 'invoice:edit')) throw forbidden();
    const [row] = await tx
      .select({
        status: invoice.status,
        vendorId: invoice.vendorId,
        invoiceNumber: invoice.invoiceNumber,
        lines: sql<number>`(select count(*)::int from ${invoiceLine} l where l.invoice_id = "invoice"."id")`,
      })
      .from(invoice)
      .where(eq(invoice.id, id));
    if (!row) return;
    if (!editableStatuses.includes(row.status))
      throw new AppError('CONFLICT', msg(invoiceMessages, 'wrongStatus', { status: row.status }));
    if (row.vendorId === null) throw fieldRefusal('vendorId', msg(invoiceMessages, 'unknownVendor'));
    if (!row.invoiceNumber) throw fieldRefusal('invoiceNumber', msg(messages, 'required'));
    if (row.lines === 0) throw fieldRefusal('lines', msg(invoiceMessages, 'noLines'));
  },
  async writeFields(tx, id, fields, actorId) {
    const set: { projectId?: number | null; poNumber?: string | null; description?: string | null } = {};
    const [before] = await tx
      .select({ projectId: invoice.projectId, poNumber: invoice.poNumber, description: invoice.description })
      .from(invoice)
      .where(eq(invoice.id, id));
    if (!before) return;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(fields)) {
      if (field === 'projectId' && (value === null || (Number.isInteger(value) && (value as number) > 0))) {
        if (value !== null) {
          const [found] = await tx
            .select({ id: project.id })
            .from(project)
            .where(eq(project.id, value as number));
          if (!found) throw notWritable(field);
        }
        set.projectId = value as number | null;
      } else if (field === 'poNumber' && textField(value, 100))
        set.poNumber = typeof value === 'string' ? value.trim() || null : null;
      else if (field === 'description' && textField(value, 2000))
        set.description = typeof value === 'string' ? value.trim() || null : null;
      else throw notWritable(field);
      changes[field] = { from: before[field as keyof typeof before], to: set[field as keyof typeof set] };
    }
    await tx
      .update(invoice)
      .set({ ...set, rowVersion: sql`${invoice.rowVersion} + 1`, modifiedAt: new Date(), modifiedBy: actorId })
      .where(eq(invoice.id, id));
    await writeAudit(tx, { entity: 'Invoice', entityId: id, action: 'update', actorId, changes });
  },
  async onStatus(tx, id, change) {
    const to = statusOf[change.status];
    if (!to) return;
    const [before] = await tx.select({ status: invoice.status }).from(invoice).where(eq(invoice.id, id));
    if (!before) return;
    await tx
      .update(invoice)
      .set({
        status: to,
        workflowInstanceId: change.instanceId,
        rowVersion: sql`${invoice.rowVersion} + 1`,
        modifiedAt: new Date(),
        ...(change.actorId === null ? {} : { modifiedBy: change.actorId }),
      })
      .where(eq(invoice.id, id));
    await writeAudit(tx, {
      entity: 'Invoice',
      entityId: id,
      action: 'update',
      actorId: change.actorId,
      changes: { status: { from: before.status, to }, approval: { from: null, to: change.status } },
    });
  },
  path: (id) => `/invoice/info/${id}`,
};
