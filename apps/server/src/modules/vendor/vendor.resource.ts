import { and, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import {
  msg,
  pageOf,
  vendorCreateSchema,
  vendorMessages,
  vendorQuerySchema,
  vendorSchema,
  vendorUpdateSchema,
} from '@casedesk/shared';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { company } from '../company/index.js';
import { vendor } from './vendor.table.js';

const schemas = {
  record: vendorSchema,
  create: vendorCreateSchema,
  update: vendorUpdateSchema,
  query: vendorQuerySchema,
  page: pageOf(vendorSchema),
};

export type VendorRecord = typeof vendor.$inferSelect & { companyName: string | null };

/** A vendor as every read shows it: with its company's name. */
const vendorColumns = {
  ...getTableColumns(vendor),
  companyName: sql<string | null>`(select c.name from ${company} c where c.id = ${vendor.companyId})`,
};

/** Another vendor with this code, case aside. */
async function codeTaken(q: Queryable, code: string, exceptId: number | undefined): Promise<boolean> {
  const conditions: SQL[] = [sql`lower(${vendor.vendorCode}) = lower(${code})`];
  if (exceptId !== undefined) conditions.push(ne(vendor.id, exceptId));
  const [row] = await q
    .select({ id: vendor.id })
    .from(vendor)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Invoices and requisitions naming these vendors (tables read by name: those modules import this one). */
async function usesOf(q: Queryable, ids: number[]): Promise<number> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await rowsOf<{ n: number }>(
    q,
    sql`select ((select count(*) from invoice where vendor_id in (${list}))
      + (select count(*) from requisition where vendor_id in (${list})))::int as n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * `/api/Vendor/...`: the generic calls; rows carry the company's name; a code is unique without case and a
 * vendor an invoice or requisition names is not deleted.
 */
export const vendorResource = defineResource<typeof vendor, typeof schemas, VendorRecord>({
  name: 'Vendor',
  module: 'vendor',
  label: 'vendor',
  table: vendor,
  schemas,
  columns: vendorColumns,
  keywordColumns: [vendor.vendorCode, vendor.vendorName, vendor.emailAddress],
  defaultOrder: [{ field: 'vendorName', desc: false }],
  async check(tx, input, id) {
    if (await codeTaken(tx, input.vendorCode, id))
      throw conflict(msg(vendorMessages, 'duplicateCode', { code: input.vendorCode }));
  },
  async referencedBy(tx, ids) {
    const count = await usesOf(tx, ids);
    return count > 0 ? msg(vendorMessages, 'inUse', { count: count }) : undefined;
  },
  exportColumns: [
    { field: 'vendorCode' },
    { field: 'vendorName', width: 30 },
    { field: 'companyName', label: 'companyId', width: 30 },
    // A payment method or term in the caller's language, as the screens show it.
    {
      field: 'paymentMethod',
      dictionary: 'paymentMethod',
    },
    {
      field: 'paymentTerm',
      dictionary: 'paymentTerm',
    },
    { field: 'emailAddress', width: 30 },
    { field: 'glAccount' },
    { field: 'status', values: 'activeStatus' },
    { field: 'modifiedAt' },
  ],
});
