import { sql } from 'drizzle-orm';
import { date, foreignKey, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyLineColumns, recordColumns, timestamptz } from '../../platform/columns.js';
import { customValueTable } from '../customField/custom-field.table.js';
import { storedFile } from '../file/file.table.js';
import { project } from '../project/project.table.js';
import { requisition } from '../requisition/requisition.table.js';
import { appUser, authorKeys } from '../user/user.table.js';
import { vendor } from '../vendor/vendor.table.js';

/**
 * An invoice. A document uploaded for indexing is an invoice in `Indexing` with only `documentFileId` set, so
 * the keyed-in fields are empty until then; `claimedBy` locks it to the person keying it in.
 */
export const invoice = pgTable(
  'invoice',
  {
    ...recordColumns(),
    invoiceNumber: text('invoice_number'),
    vendorId: integer('vendor_id'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    currency: text('currency').notNull().default('USD'),
    projectId: integer('project_id'),
    poNumber: text('po_number'),
    requisitionId: integer('requisition_id'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    subtotalAmount: numeric('subtotal_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    taxAmount: numeric('tax_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    description: text('description'),
    status: text('status', {
      enum: ['Indexing', 'Draft', 'PendingApproval', 'Approved', 'Rejected', 'Paid', 'Cancelled'],
    })
      .notNull()
      .default('Draft'),
    documentFileId: integer('document_file_id'),
    /** The latest approval run (workflow module's instance; no key: the workflow module owns that table). */
    workflowInstanceId: integer('workflow_instance_id'),
    claimedBy: integer('claimed_by'),
    claimedAt: timestamptz('claimed_at'),
    paidAt: timestamptz('paid_at'),
  },
  (t) => [
    // The same vendor's invoice number once (case and spaces aside); a cancelled one may be entered again.
    uniqueIndex('invoice_vendor_number_uq')
      .on(t.vendorId, sql`lower(${t.invoiceNumber})`)
      .where(sql`${t.status} <> 'Cancelled' and ${t.invoiceNumber} is not null`),
    index('invoice_status_idx').on(t.status, t.id),
    index('invoice_vendor_idx').on(t.vendorId),
    index('invoice_project_idx').on(t.projectId, t.id),
    // A requisition's invoices (its list's actions[] ask which invoices carry it as their PO).
    index('invoice_requisition_idx').on(t.requisitionId),
    // The list's keyword (`ilike '%…%'` on the invoice and PO numbers): trigram indexes, so that a keyword
    // reads the matching rows instead of every invoice (bench:finance: the count 763 → 13 ms at 200,000
    // invoices, with the vendor-name part of the keyword an indexable `vendor_id = any(…)`).
    index('invoice_number_trgm_idx').using('gin', sql`${t.invoiceNumber} gin_trgm_ops`),
    index('invoice_po_number_trgm_idx').using('gin', sql`${t.poNumber} gin_trgm_ops`),
    foreignKey({ name: 'invoice_vendor_fk', columns: [t.vendorId], foreignColumns: [vendor.id] }).onDelete('restrict'),
    foreignKey({ name: 'invoice_project_fk', columns: [t.projectId], foreignColumns: [project.id] }).onDelete(
      'restrict',
    ),
    foreignKey({
      name: 'invoice_requisition_fk',
      columns: [t.requisitionId],
      foreignColumns: [requisition.id],
    }).onDelete('restrict'),
    foreignKey({ name: 'invoice_document_fk', columns: [t.documentFileId], foreignColumns: [storedFile.id] }).onDelete(
      'restrict',
    ),
    foreignKey({ name: 'invoice_claimed_by_fk', columns: [t.claimedBy], foreignColumns: [appUser.id] }).onDelete(
      'set null',
    ),
    ...authorKeys('invoice', t),
  ],
);

/** An invoice's lines, in order; amount = quantity × unit price, computed by the server. */
export const invoiceLine = pgTable(
  'invoice_line',
  {
    ...moneyLineColumns(),
    invoiceId: integer('invoice_id').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_line_uq').on(t.invoiceId, t.lineNo),
    foreignKey({ name: 'invoice_line_invoice_fk', columns: [t.invoiceId], foreignColumns: [invoice.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** An invoice's custom field values (contract 21): the shared shape of `customValueTable`. */
export const invoiceCustomValue = customValueTable('invoice', () => invoice.id);
