import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { UserGroupNode } from '@casedesk/shared';
import { useGroupTree } from './lookups';

type TreeOption = { value: number; title: string; children: TreeOption[] };
const groupOptions = (nodes: UserGroupNode[]): TreeOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: groupOptions(node.children) }));

/** Several user groups from the group tree (who a shared record serves, who an approval step asks). */
export function GroupsSelect({
  value,
  onChange,
  id,
  className,
  placeholder,
  disabled,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  className?: string;
  placeholder: string;
  disabled?: boolean;
}) {
  const groups = useGroupTree();
  const treeData = useMemo(() => groupOptions(groups.data ?? []), [groups.data]);
  return (
    <TreeSelect<number[]>
      id={id}
      className={className}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      disabled={disabled}
      loading={groups.isLoading}
      placeholder={placeholder}
      value={value ?? []}
      onChange={(next) => onChange?.(next ?? [])}
      treeData={treeData}
      style={{ width: '100%' }}
    />
  );
}
