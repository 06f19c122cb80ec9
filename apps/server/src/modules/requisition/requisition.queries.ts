import { asc, eq, sql } from 'drizzle-orm';
import {
  compareDecimals,
  decimalMessages,
  msg,
  multiplyDecimals,
  sumDecimals,
  type MoneyLineInput,
} from '@casedesk/shared';
import { rowsOf, type Queryable, type Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { customValueStore } from '../customField/index.js';
import { requisition, requisitionCustomValue, requisitionLine } from './requisition.table.js';
import { userNameSql } from '../user/index.js';
import type { InvoiceUse } from './requisition.policy.js';

/** Requisitions' custom field values (contract 21): no category, so only fields for all categories apply. */
export const requisitionCustomValues = customValueStore({
  entity: 'Requisition',
  values: requisitionCustomValue,
  recordId: requisition.id,
});

/** A requisition's columns with the requester's, project's and vendor's names (qualified by hand in subqueries). */
export const requisitionRowColumns = {
  id: requisition.id,
  rowVersion: requisition.rowVersion,
  createdAt: requisition.createdAt,
  createdBy: requisition.createdBy,
  modifiedAt: requisition.modifiedAt,
  modifiedBy: requisition.modifiedBy,
  requisitionNumber: requisition.requisitionNumber,
  title: requisition.title,
  requesterId: requisition.requesterId,
  requesterName: userNameSql(requisition.requesterId),
  projectId: requisition.projectId,
  projectName: sql<string | null>`(select p.project_name from project p where p.id = "requisition"."project_id")`,
  vendorId: requisition.vendorId,
  vendorName: sql<string | null>`(select v.vendor_name from vendor v where v.id = "requisition"."vendor_id")`,
  neededBy: requisition.neededBy,
  currency: requisition.currency,
  description: requisition.description,
  totalAmount: requisition.totalAmount,
  status: requisition.status,
  workflowInstanceId: requisition.workflowInstanceId,
  // For the policy (requisition.policy.ts), not answered: the invoices that carry it as their PO. One aggregate
  // probe of `invoice_requisition_idx` per row: two EXISTS here became hashed subplans that read every invoice.
  invoiceUse: sql<InvoiceUse>`(select case when count(*) = 0 then null
    when bool_or(i.status <> 'Cancelled') then 'live' else 'cancelled' end
    from invoice i where i.requisition_id = "requisition"."id")`,
};

export type ComputedLine = {
  lineNo: number;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  glAccount: string | null;
};

/**
 * The lines as saved: amount = quantity × unit price rounded half away from zero to cents, total = their exact
 * sum. The client's amounts are never read. Inputs are already normalised by the shared decimal schemas.
 */
export function computeLines(lines: readonly (MoneyLineInput & { quantity: string; unitPrice: string })[]): {
  lines: ComputedLine[];
  total: string;
} {
  const computed = lines.map((line, i) => ({
    lineNo: i + 1,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: multiplyDecimals(line.quantity, 3, line.unitPrice, 4, 2),
    glAccount: line.glAccount ?? null,
  }));
  computed.forEach((l, i) => tooLarge(l.amount, `lines.${i}.amount`));
  const total = sumDecimals(
    computed.map((l) => l.amount),
    2,
  );
  tooLarge(total, 'totalAmount');
  return { lines: computed, total };
}

/** The largest amount a numeric(15,2) column holds. */
const maxAmount = '9999999999999.99';

/** A product or sum beyond the column is refused naming the field (the inputs alone may each fit). */
function tooLarge(amount: string, field: string): void {
  if (compareDecimals(amount, maxAmount, 2) <= 0) return;
  // The field error's text from the catalog's builder, which keeps its key for the envelope's field errors.
  throw badRequest(msg(decimalMessages, 'tooLarge', { digits: 13 }), [
    { field, message: decimalMessages.tooLarge(13) },
  ]);
}

export async function replaceLines(tx: Tx, requisitionId: number, lines: ComputedLine[]): Promise<void> {
  await tx.delete(requisitionLine).where(eq(requisitionLine.requisitionId, requisitionId));
  if (lines.length > 0) await tx.insert(requisitionLine).values(lines.map((l) => ({ ...l, requisitionId })));
}

export async function linesOf(q: Queryable, requisitionId: number) {
  return q
    .select({
      id: requisitionLine.id,
      lineNo: requisitionLine.lineNo,
      description: requisitionLine.description,
      quantity: requisitionLine.quantity,
      unitPrice: requisitionLine.unitPrice,
      amount: requisitionLine.amount,
      glAccount: requisitionLine.glAccount,
    })
    .from(requisitionLine)
    .where(eq(requisitionLine.requisitionId, requisitionId))
    .orderBy(asc(requisitionLine.lineNo));
}

/** Serialises numbering: one transaction at a time takes the next number of the year. */
const numberLockKey = 1_400_014;

/** The next number of the year, `PR-2026-000123`, under a transaction lock (unique index as the backstop). */
export async function nextRequisitionNumber(tx: Tx, year: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${numberLockKey})`);
  const prefix = `PR-${year}-`;
  const [row] = await rowsOf<{ last: number | null }>(
    tx,
    sql`select max(substring(requisition_number, ${prefix.length + 1}::int)::int) as last
      from requisition where requisition_number like ${`${prefix}%`}`,
  );
  return `${prefix}${String(Number(row?.last ?? 0) + 1).padStart(6, '0')}`;
}

/** Invoices that carry this requisition as their PO (the invoice table, read by name: it imports this module). */
export async function invoicesOf(q: Queryable, requisitionId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    q,
    sql`select count(*)::int as n from invoice where requisition_id = ${requisitionId} and status <> 'Cancelled'`,
  );
  return Number(row?.n ?? 0);
}
