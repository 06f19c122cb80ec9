import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import {
  industryCreateSchema,
  industryMessages,
  industryQuerySchema,
  industrySchema,
  industryUpdateSchema,
  msg,
} from '@casedesk/shared';
import { fieldRefusal, notFound } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { company } from '../company/index.js';
import { industry } from './industry.table.js';
import { wouldCycle } from './industry.service.js';

export const industryResource = defineResource({
  name: 'Industry',
  module: 'industry',
  label: 'industry',
  table: industry,
  schemas: {
    record: industrySchema,
    create: industryCreateSchema,
    update: industryUpdateSchema,
    query: industryQuerySchema,
  },
  keywordColumns: [industry.code, industry.name, industry.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'code', desc: false },
  ],
  async referencedBy(tx, ids) {
    const [children] = await tx
      .select({ n: count() })
      .from(industry)
      .where(and(inArray(industry.parentId, ids), notInArray(industry.id, ids)));
    if (children && children.n > 0) return msg(industryMessages, 'hasChildren', { count: children.n });
    const [companies] = await tx.select({ n: count() }).from(company).where(inArray(company.industryId, ids));
    if (companies && companies.n > 0) return msg(industryMessages, 'usedByCompanies', { count: companies.n });
    return undefined;
  },
  // Runs inside the save: an unknown parent or a cycle rolls it back.
  async saveChildren(tx, id) {
    const [row] = await tx.select().from(industry).where(eq(industry.id, id));
    if (!row) throw notFound();
    if (row.parentId === null) return;
    const [parent] = await tx.select({ id: industry.id }).from(industry).where(eq(industry.id, row.parentId));
    if (!parent) throw fieldRefusal('parentId', msg(industryMessages, 'parentUnknown'));
    if (await wouldCycle(tx, id, row.parentId)) throw fieldRefusal('parentId', msg(industryMessages, 'parentCycle'));
  },
  exportColumns: [
    { field: 'code' },
    { field: 'name', width: 30 },
    { field: 'parentId' },
    { field: 'description', width: 40 },
    { field: 'sort', width: 8 },
    { field: 'status', values: 'activeStatus', width: 10 },
  ],
});
