import { and, inArray, ne, sql, type SQL } from 'drizzle-orm';
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
import { defineResource, type Resource } from '../../platform/resource.js';
import { company } from '../company/index.js';
import { vendor } from './vendor.table.js';

const schemas = {
  record: vendorSchema,
  create: vendorCreateSchema,
  update: vendorUpdateSchema,
  query: vendorQuerySchema,
  page: pageOf(vendorSchema),
};

type VendorRow = typeof vendor.$inferSelect;
export type VendorRecord = VendorRow & { companyName: string | null };

/** The rows with their company's name (one read for the lot). */
async function withCompanyNames(q: Queryable, rows: VendorRow[]): Promise<VendorRecord[]> {
  const ids = [...new Set(rows.map((r) => r.companyId).filter((id): id is number => id !== null))];
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (await q.select({ id: company.id, name: company.name }).from(company).where(inArray(company.id, ids))).map(
            (c) => [c.id, c.name],
          ),
        );
  return rows.map((row) => ({
    ...row,
    companyName: row.companyId === null ? null : (names.get(row.companyId) ?? null),
  }));
}

const one = async (q: Queryable, row: VendorRow): Promise<VendorRecord> => (await withCompanyNames(q, [row]))[0]!;

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
export const vendorResource: Resource<typeof vendor, typeof schemas, VendorRecord> = defineResource<
  typeof vendor,
  typeof schemas,
  VendorRecord
>({
  name: 'Vendor',
  module: 'vendor',
  label: 'vendor',
  table: vendor,
  schemas,
  keywordColumns: [vendor.vendorCode, vendor.vendorName, vendor.emailAddress],
  defaultOrder: [{ field: 'vendorName', desc: false }],
  async check(tx, input, id) {
    if (await codeTaken(tx, input.vendorCode, id))
      throw conflict(msg(vendorMessages, 'duplicateCode', { code: input.vendorCode }));
  },
  async referencedBy(tx, ids) {
    const count = await usesOf(tx, ids);
    return count > 0 ? vendorMessages.inUse(count) : undefined;
  },
  exportColumns: [
    { header: 'Code', field: 'vendorCode' },
    { header: 'Name', field: 'vendorName', width: 30 },
    { header: 'Company', field: 'companyName', width: 30 },
    { header: 'Payment method', field: 'paymentMethod' },
    { header: 'Payment term', field: 'paymentTerm' },
    { header: 'E-mail', field: 'emailAddress', width: 30 },
    { header: 'GL account', field: 'glAccount' },
    { header: 'Status', field: 'status' },
    { header: 'Modified', field: 'modifiedAt' },
  ],
  operations: {
    get: async (db, actor, id) => one(db, await vendorResource.generic.get(db, actor, id)),
    detail: async (db, actor, id) => one(db, await vendorResource.generic.get(db, actor, id)),
    add: async (db, actor, input) => one(db, await vendorResource.generic.add(db, actor, input)),
    update: async (db, actor, input) => one(db, await vendorResource.generic.update(db, actor, input)),
    query: async (db, actor, query) => {
      const page = await vendorResource.generic.query(db, actor, query);
      return { ...page, items: await withCompanyNames(db, page.items) };
    },
    async *rowsForExport(db, actor, query) {
      for await (const row of vendorResource.generic.rowsForExport(db, actor, query))
        yield (await one(db, row as VendorRow)) as unknown as Record<string, unknown>;
    },
  },
});
