import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  industryCreateSchema,
  industryMessages,
  industryQuerySchema,
  industrySchema,
  industryUpdateSchema,
  type IndustryNode,
} from '@casedesk/shared';
import { rowsOf, type Db, type Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { createResourceService } from '../../platform/resource.js';
import { company } from '../company/company.table.js';
import { industry } from './industry.table.js';

async function wouldCycle(q: Queryable, id: number, parentId: number): Promise<boolean> {
  if (id === parentId) return true;
  const rows = await rowsOf<{ id: number }>(
    q,
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from industry where id = ${parentId}
          union
          select i.id, i.parent_id from industry i join up on i.id = up.parent_id
        ) select id from up where id = ${id}`,
  );
  return rows.length > 0;
}

export const industryResource = createResourceService({
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
    if (children && children.n > 0) return industryMessages.hasChildren(children.n);
    const [companies] = await tx.select({ n: count() }).from(company).where(inArray(company.industryId, ids));
    if (companies && companies.n > 0) return industryMessages.usedByCompanies(companies.n);
    return undefined;
  },
  // Runs inside the save: an unknown parent or a cycle rolls it back.
  async saveChildren(tx, id) {
    const [row] = await tx.select().from(industry).where(eq(industry.id, id));
    if (!row) throw notFound();
    if (row.parentId === null) return;
    const [parent] = await tx.select({ id: industry.id }).from(industry).where(eq(industry.id, row.parentId));
    if (!parent)
      throw badRequest(industryMessages.parentUnknown, [
        { field: 'parentId', message: industryMessages.parentUnknown },
      ]);
    if (await wouldCycle(tx, id, row.parentId))
      throw badRequest(industryMessages.parentCycle, [{ field: 'parentId', message: industryMessages.parentCycle }]);
  },
  exportColumns: [
    { header: 'Code', field: 'code' },
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Parent', field: 'parentId' },
    { header: 'Description', field: 'description', width: 40 },
    { header: 'Sort', field: 'sort', width: 8 },
    { header: 'Status', field: 'status', width: 10 },
  ],
});

/** Every industry as a tree (a short list: a few dozen to a few hundred). */
export async function industryTree(db: Db): Promise<IndustryNode[]> {
  const rows = await db.select().from(industry).orderBy(asc(industry.sort), asc(industry.code));
  const nodes = new Map<number, IndustryNode>(
    rows.map((row) => [
      row.id,
      { ...row, createdAt: row.createdAt.toISOString(), modifiedAt: row.modifiedAt.toISOString(), children: [] },
    ]),
  );
  const roots: IndustryNode[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}
