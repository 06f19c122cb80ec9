import { and, count, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import {
  msg,
  regionCreateSchema,
  regionMessages,
  regionQuerySchema,
  regionSchema,
  regionUpdateSchema,
} from '@casedesk/shared';
import { fieldRefusal, notFound } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { company } from '../company/index.js';
import { region } from './region.table.js';
import { wouldCycle } from './region.service.js';

export const regionResource = defineResource({
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
    if (children && children.n > 0) return msg(regionMessages, 'hasChildren', { count: children.n });
    const [companies] = await tx.select({ n: count() }).from(company).where(inArray(company.region, codes));
    if (companies && companies.n > 0) return msg(regionMessages, 'usedByCompanies', { count: companies.n });
    return undefined;
  },
  // Runs inside the save: an unknown parent or a cycle rolls it back.
  async saveChildren(tx, id) {
    const [row] = await tx.select().from(region).where(eq(region.id, id));
    if (!row) throw notFound();
    if (row.parentCode === null) return;
    const [parent] = await tx.select({ id: region.id }).from(region).where(eq(region.code, row.parentCode));
    if (!parent) throw fieldRefusal('parentCode', msg(regionMessages, 'parentUnknown'));
    if (await wouldCycle(tx, row.code, row.parentCode))
      throw fieldRefusal('parentCode', msg(regionMessages, 'parentCycle'));
  },
  exportColumns: [
    { field: 'code' },
    { field: 'name', width: 30 },
    { field: 'pinyin', width: 30 },
    { field: 'zipCode' },
    { field: 'parentCode' },
    { field: 'type', values: 'regionLevel', width: 8 },
    { field: 'sort', width: 8 },
  ],
});
