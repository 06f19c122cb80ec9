import type { VendorMailAddress, VendorRemitTo } from '@casedesk/shared';
import { foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { recordColumns } from '../../platform/columns.js';
import { company } from '../company/company.table.js';
import { authorKeys } from '../user/user.table.js';

/** A vendor (spec section 3), with its remit-to and mail address blocks kept whole as JSON. */
export const vendor = pgTable(
  'vendor',
  {
    ...recordColumns(),
    vendorCode: text('vendor_code').notNull(),
    vendorName: text('vendor_name').notNull(),
    companyId: integer('company_id'),
    paymentMethod: text('payment_method'),
    paymentTerm: text('payment_term'),
    emailAddress: text('email_address'),
    glAccount: text('gl_account'),
    description: text('description'),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    remitTo: jsonb('remit_to').$type<VendorRemitTo>(),
    mailAddress: jsonb('mail_address').$type<VendorMailAddress>(),
  },
  (t) => [
    // Codes are compared without case: "ACME" and "acme" are one vendor.
    uniqueIndex('vendor_code_uq').on(sql`lower(${t.vendorCode})`),
    index('vendor_name_idx').on(t.vendorName),
    foreignKey({ name: 'vendor_company_fk', columns: [t.companyId], foreignColumns: [company.id] }).onDelete(
      'restrict',
    ),
    ...authorKeys('vendor', t),
  ],
);
