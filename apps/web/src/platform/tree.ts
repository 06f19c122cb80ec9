import { useMemo, useState } from 'react';

/** Builds a tree from flat rows with `parentId`; rows whose parent is missing become roots. */
export type TreeOf<T> = T & { children?: TreeOf<T>[] };

export function buildTree<T extends { id: number; parentId: number | null }>(rows: readonly T[]): TreeOf<T>[] {
  const nodes = new Map<number, TreeOf<T>>(rows.map((row) => [row.id, { ...row }]));
  const roots: TreeOf<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of a node and all below it (a node cannot move under these). */
export function subtreeIds<T extends { id: number; children?: T[] }>(nodes: readonly T[], id: number): Set<number> {
  const found = new Set<number>();
  const walk = (list: readonly T[], inside: boolean) => {
    for (const node of list) {
      const here = inside || node.id === id;
      if (here) found.add(node.id);
      walk(node.children ?? [], here);
    }
  };
  walk(nodes, false);
  return found;
}

/** Every row with children starts expanded (also rows added later); the user folds and unfolds them. */
export function useExpandAll<T extends { id: number; children?: T[] }>(rows: readonly T[]) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expandedRowKeys = useMemo(() => {
    const keys: number[] = [];
    const walk = (list: readonly T[]) => {
      for (const row of list)
        if (row.children && row.children.length > 0) {
          if (!collapsed.has(row.id)) keys.push(row.id);
          walk(row.children);
        }
    };
    walk(rows);
    return keys;
  }, [rows, collapsed]);
  return {
    expandedRowKeys,
    onExpand: (expanded: boolean, row: T) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (expanded) next.delete(row.id);
        else next.add(row.id);
        return next;
      }),
  };
}
