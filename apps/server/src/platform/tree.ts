import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Queryable } from './db.js';

/** How the rows of a table form a tree: each row's key and the key of its parent. */
export type TreeLinks = { table: PgTable; key: PgColumn; parent: PgColumn };

type Key = number | string;

/** The keys from `start` up to its root, `start` included; `union` also ends the walk on a cycle in the data. */
export async function ancestorKeys<K extends Key>(q: Queryable, links: TreeLinks, start: K): Promise<K[]> {
  const key = sql.identifier(links.key.name);
  const parent = sql.identifier(links.parent.name);
  const rows = await rowsOf<{ k: K }>(
    q,
    sql`with recursive up(k, p) as (
          select ${key}, ${parent} from ${links.table} where ${key} = ${start}
          union
          select t.${key}, t.${parent} from ${links.table} t join up on t.${key} = up.p
        ) select k from up`,
  );
  return rows.map((row) => row.k);
}

/** Whether `parentKey` is `key` itself or lies under it: placing `key` there would make a cycle. */
export async function wouldCycle<K extends Key>(
  q: Queryable,
  links: TreeLinks,
  key: K,
  parentKey: K,
): Promise<boolean> {
  if (key === parentKey) return true;
  const ancestors = await ancestorKeys(q, links, parentKey);
  return ancestors.some((ancestor) => String(ancestor) === String(key));
}

/** Rows (already in display order) as a tree of nodes; a row whose parent is missing becomes a root. */
export function buildTree<Row, Node extends { children: Node[] }, K extends Key>(
  rows: readonly Row[],
  keyOf: (row: Row) => K,
  parentOf: (row: Row) => K | null,
  toNode: (row: Row) => Node,
): Node[] {
  const nodes = new Map<K, Node>(rows.map((row) => [keyOf(row), toNode(row)]));
  const roots: Node[] = [];
  for (const row of rows) {
    const parentKey = parentOf(row);
    const parent = parentKey === null ? undefined : nodes.get(parentKey);
    (parent ? parent.children : roots).push(nodes.get(keyOf(row))!);
  }
  return roots;
}
