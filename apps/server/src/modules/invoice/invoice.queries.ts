import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { customValueStore } from '../customField/index.js';
import { userNameSql } from '../user/index.js';
import { invoice, invoiceCustomValue, invoiceLine } from './invoice.table.js';

/** Invoices' custom field values (contract 21): no category, so only fields for all categories apply. */
export const invoiceCustomValues = customValueStore({
  entity: 'Invoice',
  values: invoiceCustomValue,
  recordId: invoice.id,
});

/*
 * The invoice's columns with the names lists show. Columns are qualified by hand inside the subqueries: a bare
 * "id" or "created_by" there would be the joined table's own column.
 */
export const invoiceRowColumns = {
  id: invoice.id,
  rowVersion: invoice.rowVersion,
  createdAt: invoice.createdAt,
  createdBy: invoice.createdBy,
  modifiedAt: invoice.modifiedAt,
  modifiedBy: invoice.modifiedBy,
  invoiceNumber: invoice.invoiceNumber,
  vendorId: invoice.vendorId,
  vendorName: sql<string | null>`(select v.vendor_name from vendor v where v.id = "invoice"."vendor_id")`,
  invoiceDate: invoice.invoiceDate,
  dueDate: invoice.dueDate,
  currency: invoice.currency,
  projectId: invoice.projectId,
  projectName: sql<string | null>`(select p.project_name from project p where p.id = "invoice"."project_id")`,
  poNumber: invoice.poNumber,
  requisitionId: invoice.requisitionId,
  taxRate: invoice.taxRate,
  subtotalAmount: invoice.subtotalAmount,
  taxAmount: invoice.taxAmount,
  totalAmount: invoice.totalAmount,
  description: invoice.description,
  status: invoice.status,
  documentFileId: invoice.documentFileId,
  workflowInstanceId: invoice.workflowInstanceId,
  claimedBy: invoice.claimedBy,
  claimedAt: invoice.claimedAt,
  paidAt: invoice.paidAt,
  createdByName: userNameSql(invoice.createdBy),
};

/** An invoice number as duplicates compare it: without case and without any white space. */
export const normalizedNumberSql = (column: SQL | typeof invoice.invoiceNumber) =>
  sql`lower(regexp_replace(${column}, '\\s', '', 'g'))`;
export const normalizeNumber = (text: string) => text.replace(/\s/g, '').toLowerCase();

/** The first invoice of this vendor with this number (any case or spacing), other than `exceptId`; not cancelled. */
export async function firstDuplicate(q: Queryable, vendorId: number, invoiceNumber: string, exceptId: number | null) {
  const [row] = await q
    .select({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      status: invoice.status,
      invoiceDate: invoice.invoiceDate,
    })
    .from(invoice)
    .where(
      and(
        eq(invoice.vendorId, vendorId),
        ne(invoice.status, 'Cancelled'),
        sql`${normalizedNumberSql(invoice.invoiceNumber)} = ${normalizeNumber(invoiceNumber)}`,
        exceptId === null ? undefined : ne(invoice.id, exceptId),
      ),
    )
    .orderBy(asc(invoice.id))
    .limit(1);
  return row;
}

/** An invoice's lines in order. */
export const linesOf = (q: Queryable, invoiceId: number) =>
  q
    .select({
      id: invoiceLine.id,
      lineNo: invoiceLine.lineNo,
      description: invoiceLine.description,
      quantity: invoiceLine.quantity,
      unitPrice: invoiceLine.unitPrice,
      amount: invoiceLine.amount,
      glAccount: invoiceLine.glAccount,
    })
    .from(invoiceLine)
    .where(eq(invoiceLine.invoiceId, invoiceId))
    .orderBy(asc(invoiceLine.lineNo));
