import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { integer, numeric, text, timestamp } from 'drizzle-orm/pg-core';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** id, rowVersion and the audit columns every business table carries (contract section 6). */
export const recordColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  rowVersion: integer('row_version').notNull().default(1),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  modifiedAt: timestamptz('modified_at').notNull().defaultNow(),
  modifiedBy: integer('modified_by'),
});

/** Soft delete, for entities the spec can restore. */
export const softDeleteColumns = () => ({
  deletedAt: timestamptz('deleted_at'),
  deletedBy: integer('deleted_by'),
});

/** What every save of a versioned record sets: the next `rowVersion`, the time and, when known, who saved. */
export function nextVersion(table: { rowVersion: PgColumn }, actor?: { userId: number }) {
  return {
    rowVersion: sql`${table.rowVersion} + 1`,
    modifiedAt: sql`now()`,
    ...(actor ? { modifiedBy: actor.userId } : {}),
  };
}

/**
 * The columns of a money line (invoice and requisition lines): quantity × unit price = amount, computed by the
 * server with the shared decimal helpers; the scales match `quantitySchema`, `unitPriceSchema`, `moneySchema`.
 */
export const moneyLineColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  lineNo: integer('line_no').notNull(),
  description: text('description').notNull(),
  quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
  unitPrice: numeric('unit_price', { precision: 15, scale: 4 }).notNull(),
  amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
  glAccount: text('gl_account'),
});
