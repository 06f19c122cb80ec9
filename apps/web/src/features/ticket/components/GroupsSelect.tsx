import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserGroupNode } from '@casedesk/shared';
import { useGroupTree } from '../../../platform/pickers/lookups';

type TreeOption = { value: number; title: string; children: TreeOption[] };
const groupOptions = (nodes: UserGroupNode[]): TreeOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: groupOptions(node.children) }));

/** Several user groups from the group tree (a shared macro's groups). */
export function GroupsSelect({
  value,
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const groups = useGroupTree();
  const treeData = useMemo(() => groupOptions(groups.data ?? []), [groups.data]);
  return (
    <TreeSelect<number[]>
      id={id}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={groups.isLoading}
      placeholder={t('macro.chooseGroups')}
      value={value ?? []}
      onChange={(next) => onChange?.(next ?? [])}
      treeData={treeData}
      style={{ width: '100%' }}
    />
  );
}
