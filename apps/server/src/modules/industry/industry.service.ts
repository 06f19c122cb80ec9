import { asc, sql } from 'drizzle-orm';
import { type IndustryNode } from '@casedesk/shared';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { industry } from './industry.table.js';

export async function wouldCycle(q: Queryable, id: number, parentId: number): Promise<boolean> {
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
