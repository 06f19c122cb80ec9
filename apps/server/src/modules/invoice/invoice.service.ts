import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  decimalMessages,
  fromUnits,
  invoiceCreateSchema,
  invoiceMessages,
  messages,
  msg,
  multiplyDecimals,
  percentOf,
  requisitionMessages,
  toUnits,
  type Invoice,
  type InvoiceStatus,
  type MoneyLine,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import { AppError, conflict, notFound, fieldRefusal } from '../../platform/errors.js';
import { storedFile } from '../file/index.js';
import { project } from '../project/index.js';
import { requisition } from '../requisition/index.js';
import { vendor } from '../vendor/index.js';
import { cancellableStatuses, deletableStatuses, editableStatuses, invoiceActionsFor } from './invoice.policy.js';
import { firstDuplicate, invoiceCustomValues, invoiceRowColumns, linesOf } from './invoice.queries.js';
import { invoice, invoiceLine } from './invoice.table.js';

/** The fields a capture saves (Add, Update, finishing an indexed document), as the shared schema gives them. */
export type InvoiceFieldsInput = z.output<typeof invoiceCreateSchema>;

type InvoiceRow = Omit<Invoice, 'createdAt' | 'modifiedAt' | 'claimedAt' | 'paidAt' | 'actions'> & {
  createdAt: Date;
  modifiedAt: Date;
  claimedAt: Date | null;
  paidAt: Date | null;
};
/** A row as calls answer it: the caller's actions added (dates become text when presented). */
export type InvoiceRecord = InvoiceRow & { actions: NonNullable<Invoice['actions']> };
export type InvoiceDetailRecord = InvoiceRecord & { lines: MoneyLine[] };

const recordOf = (actor: Actor, row: InvoiceRow): InvoiceRecord => ({
  ...row,
  actions: invoiceActionsFor(actor, row),
});

// ---- amounts ----

/** numeric(15,2): at most 13 digits before the point. */
const moneyDigits = 13;
const moneyLimit = 10n ** BigInt(moneyDigits + 2);

export type InvoiceAmounts = {
  lines: { amount: string }[];
  subtotalAmount: string;
  taxAmount: string;
  totalAmount: string;
};

/**
 * The server's figures: each line is quantity × unit price rounded half away from zero to cents, the subtotal
 * their exact sum, tax the rate's share of the subtotal (rounded once), the total subtotal + tax. A client's
 * figures are never read. Refuses a figure that does not fit numeric(15,2), naming the field.
 */
export function computeInvoiceAmounts(
  lines: readonly { quantity: string; unitPrice: string }[],
  taxRate: string,
): InvoiceAmounts {
  const amounts = lines.map((line, index) => {
    const amount = multiplyDecimals(line.quantity, 3, line.unitPrice, 4, 2);
    if (toUnits(amount, 2) >= moneyLimit)
      throw fieldRefusal(`lines.${index}.amount`, msg(decimalMessages, 'tooLarge', { digits: moneyDigits }));
    return amount;
  });
  const subtotal = amounts.reduce((sum, amount) => sum + toUnits(amount, 2), 0n);
  if (subtotal >= moneyLimit)
    throw fieldRefusal('subtotalAmount', msg(decimalMessages, 'tooLarge', { digits: moneyDigits }));
  const subtotalAmount = fromUnits(subtotal, 2);
  const taxAmount = percentOf(subtotalAmount, taxRate, 2);
  const total = subtotal + toUnits(taxAmount, 2);
  if (total >= moneyLimit) throw fieldRefusal('totalAmount', msg(decimalMessages, 'tooLarge', { digits: moneyDigits }));
  return { lines: amounts.map((amount) => ({ amount })), subtotalAmount, taxAmount, totalAmount: fromUnits(total, 2) };
}

// ---- reads ----

async function findRow(q: Queryable, id: number, lock = false): Promise<InvoiceRow | undefined> {
  const query = q.select(invoiceRowColumns).from(invoice).where(eq(invoice.id, id));
  const [row] = lock ? await query.for('update', { of: invoice }) : await query;
  return row as InvoiceRow | undefined;
}

export async function getInvoice(db: Queryable, actor: Actor, id: number): Promise<InvoiceRecord> {
  const row = await findRow(db, id);
  if (!row) throw notFound();
  return { ...recordOf(actor, row), customFields: await invoiceCustomValues.valuesOfRecord(db, id) };
}

export async function getInvoiceDetail(db: Queryable, actor: Actor, id: number): Promise<InvoiceDetailRecord> {
  const record = await getInvoice(db, actor, id);
  return { ...record, lines: await linesOf(db, id) };
}

// ---- the one save ----

/** Refuses a duplicate (same vendor, same number without case or spaces), naming the first one entered. */
async function refuseDuplicate(q: Queryable, vendorId: number, invoiceNumber: string, exceptId: number | null) {
  const first = await firstDuplicate(q, vendorId, invoiceNumber, exceptId);
  if (!first) return;
  throw conflict(
    msg(invoiceMessages, 'duplicate', {
      invoiceNumber,
      first: `#${first.id} ${first.invoiceNumber ?? ''}, ${first.status}, ${first.invoiceDate ?? ''}`.trim(),
    }),
  );
}

/** Checks the references of a save, locking the vendor so that two saves of its invoices run one at a time. */
async function checkReferences(
  tx: Tx,
  input: InvoiceFieldsInput,
  previousVendorId: number | null,
): Promise<{ poNumber: string | null }> {
  const [found] = await tx
    .select({ id: vendor.id, status: vendor.status })
    .from(vendor)
    .where(eq(vendor.id, input.vendorId))
    .for('update');
  if (!found) throw fieldRefusal('vendorId', msg(invoiceMessages, 'unknownVendor'));
  // An inactive vendor keeps its invoices, but gets no new one (nor an invoice moved to it).
  if (found.status !== 'Active' && previousVendorId !== input.vendorId)
    throw fieldRefusal('vendorId', msg(invoiceMessages, 'inactiveVendor'));
  if (input.dueDate !== null && input.dueDate < input.invoiceDate)
    throw fieldRefusal('dueDate', msg(invoiceMessages, 'dueBeforeInvoiceDate'));
  if (input.projectId !== null) {
    const [p] = await tx.select({ id: project.id }).from(project).where(eq(project.id, input.projectId));
    if (!p) throw fieldRefusal('projectId', msg(messages, 'notFound'));
  }
  if (input.documentFileId !== null) {
    const [f] = await tx.select({ id: storedFile.id }).from(storedFile).where(eq(storedFile.id, input.documentFileId));
    if (!f) throw fieldRefusal('documentFileId', msg(messages, 'notFound'));
  }
  if (input.requisitionId === null) return { poNumber: input.poNumber };
  const [req] = await tx
    .select({ status: requisition.status, requisitionNumber: requisition.requisitionNumber })
    .from(requisition)
    .where(eq(requisition.id, input.requisitionId));
  if (!req || req.status !== 'Approved') throw fieldRefusal('requisitionId', msg(requisitionMessages, 'notApproved'));
  return { poNumber: req.requisitionNumber };
}

export type SaveInvoiceOptions = {
  /** Update: the version the caller read (a later save by someone else refuses with 409). */
  rowVersion?: number;
  /** The status the saved invoice gets (e.g. `Draft` when an indexed document is finished); else unchanged / Draft. */
  status?: InvoiceStatus;
  /** Extra columns the caller sets in the same write (e.g. indexing clears its claim). */
  extra?: Partial<Pick<typeof invoice.$inferInsert, 'claimedBy' | 'claimedAt'>>;
};

/**
 * The one save of an invoice's captured fields, inside the caller's transaction (Add, Update, and the indexing
 * queue's finish): checks vendor, dates, project, document and requisition (an approved one sets the PO
 * number), computes line amounts, tax and total exactly, refuses a duplicate naming the first, writes the
 * invoice and replaces its lines, and writes the audit entry. `id` null inserts a Draft; otherwise the caller
 * has checked that the invoice may be changed (status, who). Returns the id.
 */
export async function saveInvoiceFields(
  tx: Tx,
  actor: Actor,
  id: number | null,
  input: InvoiceFieldsInput,
  options: SaveInvoiceOptions = {},
): Promise<number> {
  const before = id === null ? undefined : await findRow(tx, id, true);
  if (id !== null && !before) throw notFound();
  if (before && options.rowVersion !== undefined && before.rowVersion !== options.rowVersion)
    throw conflict(msg(messages, 'staleRowVersion'));
  const { poNumber } = await checkReferences(tx, input, before?.vendorId ?? null);
  const amounts = computeInvoiceAmounts(input.lines, input.taxRate);
  // Checked under the vendor's lock; the unique index catches what differs only in case (under a savepoint).
  await refuseDuplicate(tx, input.vendorId, input.invoiceNumber, id);
  const fields = {
    invoiceNumber: input.invoiceNumber,
    vendorId: input.vendorId,
    invoiceDate: input.invoiceDate,
    dueDate: input.dueDate,
    currency: input.currency,
    projectId: input.projectId,
    poNumber,
    requisitionId: input.requisitionId,
    taxRate: input.taxRate,
    subtotalAmount: amounts.subtotalAmount,
    taxAmount: amounts.taxAmount,
    totalAmount: amounts.totalAmount,
    description: input.description,
    documentFileId: input.documentFileId,
    ...(options.status ? { status: options.status } : {}),
    ...options.extra,
  };
  let savedId: number;
  try {
    savedId = await tx.transaction(async (sp) => {
      if (id === null) {
        const [inserted] = await sp
          .insert(invoice)
          .values({ ...fields, createdBy: actor.userId, modifiedBy: actor.userId })
          .returning({ id: invoice.id });
        if (!inserted) throw new Error('insert returned nothing');
        return inserted.id;
      }
      const [updated] = await sp
        .update(invoice)
        .set({
          ...fields,
          rowVersion: sql`${invoice.rowVersion} + 1`,
          modifiedAt: new Date(),
          modifiedBy: actor.userId,
        })
        .where(eq(invoice.id, id))
        .returning({ id: invoice.id });
      if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
      return updated.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      await refuseDuplicate(tx, input.vendorId, input.invoiceNumber, id);
      throw conflict(
        msg(invoiceMessages, 'duplicate', { invoiceNumber: input.invoiceNumber, first: input.invoiceNumber }),
      );
    }
    throw error;
  }
  // Values left out (the indexing queue's finish, an import) keep what is stored; required ones must be there.
  const customBefore = before ? await invoiceCustomValues.valuesOfRecord(tx, savedId) : undefined;
  await invoiceCustomValues.save(tx, actor, savedId, input.customFields, { stored: customBefore });
  const linesBefore = before ? await linesOf(tx, savedId) : [];
  if (before) await tx.delete(invoiceLine).where(eq(invoiceLine.invoiceId, savedId));
  await tx.insert(invoiceLine).values(
    input.lines.map((line, index) => ({
      invoiceId: savedId,
      lineNo: index + 1,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: amounts.lines[index]!.amount,
      glAccount: line.glAccount,
    })),
  );
  if (!before) {
    await writeAudit(tx, { entity: 'Invoice', entityId: savedId, action: 'create', actorId: actor.userId });
  } else {
    const after = await findRow(tx, savedId);
    const linesAfter = await linesOf(tx, savedId);
    const strip = (lines: MoneyLine[]) => lines.map(({ id: _id, ...rest }) => rest);
    await writeAudit(tx, {
      entity: 'Invoice',
      entityId: savedId,
      action: 'update',
      actorId: actor.userId,
      changes: {
        ...diff(before as unknown as Record<string, unknown>, (after ?? {}) as Record<string, unknown>),
        ...diff({ lines: strip(linesBefore) }, { lines: strip(linesAfter) }),
        ...diff(
          { customFields: customBefore },
          { customFields: await invoiceCustomValues.valuesOfRecord(tx, savedId) },
        ),
      },
    });
  }
  return savedId;
}

// ---- the resource's writes ----

export type InvoiceUpdateInput = InvoiceFieldsInput & { id: number; rowVersion: number };

export async function addInvoice(db: Db, actor: Actor, input: InvoiceFieldsInput): Promise<InvoiceDetailRecord> {
  const id = await db.transaction((tx) => saveInvoiceFields(tx, actor, null, input));
  return getInvoiceDetail(db, actor, id);
}

export async function updateInvoice(db: Db, actor: Actor, input: InvoiceUpdateInput): Promise<InvoiceDetailRecord> {
  const { id, rowVersion, ...fields } = input;
  await db.transaction(async (tx) => {
    const current = await findRow(tx, id, true);
    if (!current) throw notFound();
    if (current.status === 'PendingApproval') throw new AppError('CONFLICT', msg(invoiceMessages, 'underApproval'));
    if (!editableStatuses.includes(current.status))
      throw conflict(msg(invoiceMessages, 'notEditable', { status: current.status }));
    await saveInvoiceFields(tx, actor, id, fields, { rowVersion });
  });
  return getInvoiceDetail(db, actor, id);
}

export async function removeInvoices(db: Db, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: invoice.id, status: invoice.status })
      .from(invoice)
      .where(inArray(invoice.id, unique))
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    const blocked = rows.find((row) => !deletableStatuses.includes(row.status));
    if (blocked) throw conflict(msg(invoiceMessages, 'wrongStatus', { status: blocked.status }));
    await tx.delete(invoice).where(inArray(invoice.id, unique));
    for (const id of unique)
      await writeAudit(tx, { entity: 'Invoice', entityId: id, action: 'delete', actorId: actor.userId });
    return unique.length;
  });
}

/** Moves an invoice from one of `from` to `to` (with `set`), writing the audit entry; refuses other statuses. */
async function changeStatus(
  db: Db,
  actor: Actor,
  id: number,
  from: readonly InvoiceStatus[],
  to: InvoiceStatus,
  set: Partial<typeof invoice.$inferInsert> = {},
): Promise<InvoiceRecord> {
  await db.transaction(async (tx) => {
    const current = await findRow(tx, id, true);
    if (!current) throw notFound();
    if (!from.includes(current.status)) throw conflict(msg(invoiceMessages, 'wrongStatus', { status: current.status }));
    await tx
      .update(invoice)
      .set({
        ...set,
        status: to,
        rowVersion: sql`${invoice.rowVersion} + 1`,
        modifiedAt: new Date(),
        modifiedBy: actor.userId,
      })
      .where(and(eq(invoice.id, id), ne(invoice.status, to)));
    await writeAudit(tx, {
      entity: 'Invoice',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { status: { from: current.status, to } },
    });
  });
  return getInvoice(db, actor, id);
}

/** Cancels a Draft, Rejected or Indexing invoice (its number may then be entered again). */
export const cancelInvoice = (db: Db, actor: Actor, id: number) =>
  changeStatus(db, actor, id, cancellableStatuses, 'Cancelled', { claimedBy: null, claimedAt: null });

/** Marks an approved invoice paid. */
export const payInvoice = (db: Db, actor: Actor, id: number) =>
  changeStatus(db, actor, id, ['Approved'], 'Paid', { paidAt: new Date() });
