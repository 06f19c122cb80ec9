import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';

/** Vendors (spec section 3; contract 15): who sends the invoices, with where to pay and where to write. */
export const vendorMessages = defineMessages('vendor', {
  duplicateCode: keyed('vendor.duplicateCode', ['code'], (code: string) => `The vendor code ${code} is already used.`),
  inUse: keyed(
    'vendor.inUse',
    ['count'],
    (count: number) => `The vendor is used by ${count} invoice(s) or requisition(s) and cannot be deleted.`,
  ),
} as const);

const text = (max: number) => z.string().trim().max(max).nullable().default(null);

const addressFields = {
  address1: text(200),
  address2: text(200),
  address3: text(200),
  city: text(100),
  state: text(100),
  postalCode: text(20),
  boxNumber: text(50),
  country: text(100),
};
/** Where payments go (the spec's RemitTo block). */
export const vendorRemitToSchema = z.object({ name: text(200), ...addressFields }).strict();
/** Where letters go (the spec's Mail block). */
export const vendorMailAddressSchema = z.object(addressFields).strict();
export type VendorRemitTo = z.infer<typeof vendorRemitToSchema>;
export type VendorMailAddress = z.infer<typeof vendorMailAddressSchema>;

const vendorFields = z.object({
  vendorCode: z.string().trim().min(1).max(50),
  vendorName: z.string().trim().min(1).max(200),
  /** The spec's VendorCompany: the company (of ours) the vendor is set up for. */
  companyId: idSchema.nullable().default(null),
  /** Dictionary `paymentMethod` item value. */
  paymentMethod: text(50),
  /** Dictionary `paymentTerm` item value. */
  paymentTerm: text(50),
  emailAddress: z.email({ error: messages.invalidEmail }).max(200).nullable().default(null),
  glAccount: text(50),
  description: text(2000),
  status: activeStatusSchema.default('Active'),
  remitTo: vendorRemitToSchema.nullable().default(null),
  mailAddress: vendorMailAddressSchema.nullable().default(null),
});
export const vendorCreateSchema = vendorFields.strict();
export const vendorUpdateSchema = vendorFields.extend(updateKeySchema.shape).strict();
export const vendorSchema = vendorFields.extend(auditFieldsSchema.shape).extend({
  companyName: z.string().nullable().optional(),
});
export const vendorQuerySchema = queryBaseSchema.extend({
  status: activeStatusSchema.optional(),
  companyId: z.coerce.number().int().positive().optional(),
  paymentMethod: z.string().trim().max(50).optional(),
});
export type Vendor = z.infer<typeof vendorSchema>;
export type VendorCreate = z.input<typeof vendorCreateSchema>;
export type VendorUpdate = z.input<typeof vendorUpdateSchema>;
