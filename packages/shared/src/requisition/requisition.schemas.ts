import { z } from 'zod';
import { currencySchema } from '../platform/decimal.js';
import { moneyLineInputSchema, moneyLineSchema } from '../invoice/invoice.schemas.js';
import { customFilterSchema, customValuesSchema } from '../customField/custom-field.schemas.js';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { auditFieldsSchema, idSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { requisitionStatuses } from './requisition.values.js';
export * from './requisition.values.js';

/**
 * Requisitions (contract 15): requests to buy, with lines, approved through the workflow (type Requisition).
 * An approved one gives an invoice its PO reference (`requisitionNumber`).
 */
export const requisitionStatusSchema = z.enum(requisitionStatuses);
export type RequisitionStatus = z.infer<typeof requisitionStatusSchema>;

export const requisitionMessages = defineMessages('requisition', {
  notEditable: keyed(
    'requisition.notEditable',
    ['status'],
    (status: string) => `A requisition in status ${status} cannot be edited.`,
  ),
  notApproved: 'Only an approved requisition can be used as a purchase order.',
  linesRequired: 'At least one line is required.',
} as const);

/** What the caller may do with a requisition; rows and details carry it and the web shows buttons by it. */
export const requisitionActions = ['edit', 'delete', 'cancel'] as const;
export type RequisitionAction = (typeof requisitionActions)[number];

/** The currency of a requisition added without one (Settings → Basic names none): the product's default. */
export const defaultRequisitionCurrency = 'USD';

const dateText = z.iso.date();

const requisitionFields = z.object({
  title: z.string().trim().min(1).max(200),
  /** Who needs it; default the signed-in user. */
  requesterId: idSchema.optional(),
  projectId: idSchema.nullable().default(null),
  vendorId: idSchema.nullable().default(null),
  neededBy: dateText.nullable().default(null),
  currency: currencySchema,
  description: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(moneyLineInputSchema).min(1).max(500),
  totalAmount: z.unknown().optional(),
  /** Custom field values (contract 21), checked on the server against the kind's active definitions. */
  customFields: customValuesSchema.optional(),
});
/** The contract does not name `currency`: left out, the server uses the default. */
export const requisitionCreateSchema = requisitionFields.extend({ currency: currencySchema.optional() }).strict();
export const requisitionUpdateSchema = requisitionFields.extend(updateKeySchema.shape).strict();

export const requisitionSchema = z.object({
  ...auditFieldsSchema.shape,
  /** Server-set, e.g. PR-2026-000123: the PO reference an invoice carries. */
  requisitionNumber: z.string(),
  title: z.string(),
  requesterId: z.number().int(),
  requesterName: z.string().nullable().optional(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable().optional(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable().optional(),
  neededBy: z.string().nullable(),
  currency: z.string(),
  description: z.string().nullable(),
  totalAmount: z.string(),
  status: requisitionStatusSchema,
  workflowInstanceId: z.number().int().nullable(),
  customFields: z.record(z.string(), z.unknown()).optional(),
  actions: z.array(z.enum(requisitionActions)).optional(),
});
export const requisitionDetailSchema = requisitionSchema.extend({ lines: z.array(moneyLineSchema) });
export type Requisition = z.infer<typeof requisitionSchema>;
export type RequisitionDetail = z.infer<typeof requisitionDetailSchema>;
export type RequisitionCreate = z.input<typeof requisitionCreateSchema>;

export const requisitionQuerySchema = queryBaseSchema.extend({
  status: z.union([requisitionStatusSchema, z.array(requisitionStatusSchema).max(5)]).optional(),
  projectId: z.coerce.number().int().positive().optional(),
  vendorId: z.coerce.number().int().positive().optional(),
  requesterId: z.coerce.number().int().positive().optional(),
  custom: customFilterSchema.optional(),
});
