import { z } from 'zod';
import { currencySchema, percentSchema, quantitySchema, unitPriceSchema } from '../platform/decimal.js';
import { customFilterSchema, customValuesSchema } from '../customField/custom-field.schemas.js';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { auditFieldsSchema, idSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { invoiceStatuses } from './invoice.values.js';
export * from './invoice.values.js';

/**
 * Invoices (spec section 2 Invoice, Invoice List, Indexing; contract 15). An uploaded document is an invoice in
 * `Indexing` until someone keys it in (it then becomes a `Draft`); a Draft is submitted to the workflow the
 * registry picks for invoices (`PendingApproval`), whose outcome makes it `Approved` or `Rejected`; an approved
 * one is `Paid`. Amounts are exact decimal strings; the server computes line amounts, tax and totals.
 */
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceMessages = defineMessages('invoice', {
  duplicate: keyed(
    'invoice.duplicate',
    ['invoiceNumber', 'first'],
    (invoiceNumber: string, first: string) => `This vendor's invoice ${invoiceNumber} is already entered (${first}).`,
  ),
  notEditable: keyed(
    'invoice.notEditable',
    ['status'],
    (status: string) => `An invoice in status ${status} cannot be edited.`,
  ),
  underApproval: 'The invoice is under approval: only the fields the current approval step allows can be changed.',
  wrongStatus: keyed(
    'invoice.wrongStatus',
    ['status'],
    (status: string) => `This cannot be done to an invoice in status ${status}.`,
  ),
  noLines: 'An invoice needs at least one line.',
  dueBeforeInvoiceDate: 'The due date must not be before the invoice date.',
  inactiveVendor: 'The vendor is inactive.',
  unknownVendor: 'The vendor does not exist.',
  claimedByOther: keyed(
    'invoice.claimedByOther',
    ['name'],
    (name: string) => `${name} is keying in this document; it is locked for others.`,
  ),
  notClaimed: 'Claim the document before keying it in.',
  notAPdfOrImage: 'Only PDF, PNG, JPEG, TIFF or WebP documents can be indexed.',
  fileNotAPdfOrImage: '{name}: Only PDF, PNG, JPEG, TIFF or WebP documents can be indexed.',
} as const);

/** A line as entered: quantity × unit price (the server computes `amount`). */
export const moneyLineInputSchema = z
  .object({
    description: z.string().trim().min(1).max(500),
    quantity: quantitySchema,
    unitPrice: unitPriceSchema,
    glAccount: z.string().trim().max(50).nullable().default(null),
    /** Ignored: the server computes the amount (a client's figure never wins). */
    amount: z.unknown().optional(),
    /** Ignored: what Detail gives back (contract 11); lines are numbered and stored anew on each save. */
    id: z.unknown().optional(),
    lineNo: z.unknown().optional(),
  })
  .strict();
export const moneyLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
  glAccount: z.string().nullable(),
});
export type MoneyLineInput = z.input<typeof moneyLineInputSchema>;
export type MoneyLine = z.infer<typeof moneyLineSchema>;

const dateText = z.iso.date();

const invoiceFields = z.object({
  invoiceNumber: z.string().trim().min(1).max(100),
  vendorId: idSchema,
  invoiceDate: dateText,
  dueDate: dateText.nullable().default(null),
  currency: currencySchema,
  projectId: idSchema.nullable().default(null),
  poNumber: z.string().trim().max(100).nullable().default(null),
  /** An approved requisition this invoice bills (sets `poNumber` to its number). */
  requisitionId: idSchema.nullable().default(null),
  taxRate: percentSchema.default('0'),
  description: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(moneyLineInputSchema).min(1).max(500),
  /** Ignored on input: the server's figures win. */
  subtotalAmount: z.unknown().optional(),
  taxAmount: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  documentFileId: idSchema.nullable().default(null),
  /** Custom field values (contract 21), checked on the server against the kind's active definitions. */
  customFields: customValuesSchema.optional(),
});
export const invoiceCreateSchema = invoiceFields.strict();
export const invoiceUpdateSchema = invoiceFields.extend(updateKeySchema.shape).strict();

/** What the caller may do with an invoice (rows and details carry it; the web shows buttons by it). */
export const invoiceActions = ['edit', 'delete', 'cancel', 'pay', 'submit'] as const;
export type InvoiceAction = (typeof invoiceActions)[number];

export const invoiceSchema = z.object({
  ...auditFieldsSchema.shape,
  invoiceNumber: z.string().nullable(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable().optional(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable().optional(),
  poNumber: z.string().nullable(),
  requisitionId: z.number().int().nullable(),
  taxRate: z.string(),
  subtotalAmount: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  description: z.string().nullable(),
  status: invoiceStatusSchema,
  documentFileId: z.number().int().nullable(),
  workflowInstanceId: z.number().int().nullable(),
  /** Indexing: who holds the document (claimed), since when. */
  claimedBy: z.number().int().nullable(),
  claimedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()).optional(),
  createdByName: z.string().nullable().optional(),
  actions: z.array(z.enum(invoiceActions)).optional(),
});
export const invoiceDetailSchema = invoiceSchema.extend({ lines: z.array(moneyLineSchema) });
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;
export type InvoiceUpdate = z.input<typeof invoiceUpdateSchema>;

export const invoiceQuerySchema = queryBaseSchema.extend({
  status: z.union([invoiceStatusSchema, z.array(invoiceStatusSchema).max(7)]).optional(),
  vendorId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive().optional(),
  currency: z.string().trim().max(3).optional(),
  invoiceDateFrom: dateText.optional(),
  invoiceDateTo: dateText.optional(),
  custom: customFilterSchema.optional(),
});
export type InvoiceQuery = z.input<typeof invoiceQuerySchema>;
