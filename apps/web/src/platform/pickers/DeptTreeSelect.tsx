import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { Dept } from '@casedesk/shared';
import { useLookup } from '../crud/resource-api';
import { buildTree, subtreeIds, type TreeOf } from '../tree';

type Option = { value: number; title: string; disabled?: boolean; children?: Option[] };

type Props = {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  /** A department being edited: it and its sub-departments cannot be chosen as its parent. */
  excludeId?: number;
  className?: string;
  id?: string;
};

/** Picks one department from the department tree (searchable). */
export function DeptTreeSelect({ value, onChange, placeholder, excludeId, className, id }: Props) {
  const { data = [], isLoading } = useLookup<Dept>('Dept', 'dept:view');
  const treeData = useMemo(() => {
    const tree = buildTree(data);
    const excluded = excludeId === undefined ? new Set<number>() : subtreeIds(tree, excludeId);
    const toOption = (node: TreeOf<Dept>): Option => ({
      value: node.id,
      title: node.status === 'Active' ? node.name : `${node.name} ✕`,
      disabled: excluded.has(node.id),
      children: node.children?.map(toOption),
    });
    return tree.map(toOption);
  }, [data, excludeId]);

  return (
    <TreeSelect<number>
      id={id}
      className={className}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={isLoading}
      placeholder={placeholder}
      treeData={treeData}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      popupMatchSelectWidth={false}
    />
  );
}
