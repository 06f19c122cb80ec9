import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  regionCreateSchema,
  regionMessages,
  regionQuerySchema,
  regionSchema,
  regionUpdateSchema,
  type RegionNode,
} from '@casedesk/shared';
import { rowsOf, type Db, type Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { createResourceService } from '../../platform/resource.js';
import { company } from '../company/company.table.js';
import { region } from './region.table.js';

/** Whether `parentCode` is `code` itself or lies under it: placing `code` there would make a cycle. */
async function wouldCycle(q: Queryable, code: string, parentCode: string): Promise<boolean> {
  if (code === parentCode) return true;
  const rows = await rowsOf<{ code: string }>(
    q,
    sql`with recursive up(code, parent_code) as (
          select code, parent_code from region where code = ${parentCode}
          union
          select r.code, r.parent_code from region r join up on r.code = up.parent_code
        ) select code from up where code = ${code}`,
  );
  return rows.length > 0;
}

export const regionResource = createResourceService({
  name: 'Region',
  module: 'region',
  label: 'region',
  table: region,
  schemas: { record: regionSchema, create: regionCreateSchema, update: regionUpdateSchema, query: regionQuerySchema },
  keywordColumns: [region.code, region.name, region.pinyin, region.zipCode],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'code', desc: false },
  ],
  filters: (query) => [query.root === true ? isNull(region.parentCode) : undefined],
  async referencedBy(tx, ids) {
    const codes = (await tx.select({ code: region.code }).from(region).where(inArray(region.id, ids))).map(
      (r) => r.code,
    );
    const [children] = await tx
      .select({ n: count() })
      .from(region)
      .where(and(inArray(region.parentCode, codes), notInArray(region.id, ids)));
    if (children && children.n > 0) return regionMessages.hasChildren(children.n);
    const [companies] = await tx.select({ n: count() }).from(company).where(inArray(company.region, codes));
    if (companies && companies.n > 0) return regionMessages.usedByCompanies(companies.n);
    return undefined;
  },
  // Runs inside the save: an unknown parent or a cycle rolls it back.
  async saveChildren(tx, id) {
    const [row] = await tx.select().from(region).where(eq(region.id, id));
    if (!row) throw notFound();
    if (row.parentCode === null) return;
    const [parent] = await tx.select({ id: region.id }).from(region).where(eq(region.code, row.parentCode));
    if (!parent)
      throw badRequest(regionMessages.parentUnknown, [{ field: 'parentCode', message: regionMessages.parentUnknown }]);
    if (await wouldCycle(tx, row.code, row.parentCode))
      throw badRequest(regionMessages.parentCycle, [{ field: 'parentCode', message: regionMessages.parentCycle }]);
  },
  exportColumns: [
    { header: 'Code', field: 'code' },
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Pinyin', field: 'pinyin', width: 30 },
    { header: 'Zip code', field: 'zipCode' },
    { header: 'Parent code', field: 'parentCode' },
    { header: 'Type', field: 'type', width: 8 },
    { header: 'Sort', field: 'sort', width: 8 },
  ],
});

/** One level of the tree, for lazy loading (a country has thousands of regions). */
export async function regionChildren(db: Db, parentCode: string | undefined): Promise<RegionNode[]> {
  const rows = await db
    .select({
      row: region,
      hasChildren: sql<boolean>`exists (select 1 from region c where c.parent_code = region.code)`,
    })
    .from(region)
    .where(parentCode ? eq(region.parentCode, parentCode) : isNull(region.parentCode))
    .orderBy(asc(region.sort), asc(region.code))
    .limit(5000);
  return rows.map(({ row, hasChildren }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    hasChildren,
  }));
}
