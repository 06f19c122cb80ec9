import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dept, Position, Role } from '@casedesk/shared';
import { useLookup } from '../../../platform/crud/resource-api';
import { GroupsSelect as SharedGroupsSelect } from '../../../platform/pickers/GroupsSelect';
import { buildTree, type TreeOf } from '../../../platform/tree';

type Multi = { value?: number[]; onChange?: (value: number[]) => void; id?: string; className?: string };
type TreeOption = { value: number; title: string; children?: TreeOption[] };

type Option = { value: number; label: string };

/** A multiple select over a lookup's options. */
function MultiSelect({
  value,
  onChange,
  id,
  className,
  options,
  loading,
  placeholder,
}: Multi & {
  options: Option[];
  loading: boolean;
  placeholder: string;
}) {
  return (
    <Select<number[]>
      id={id}
      className={className}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      placeholder={placeholder}
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
      options={options}
    />
  );
}

/** Several roles (disabled ones marked), from the role lookup. */
export function RolesSelect(props: Multi) {
  const { t } = useTranslation();
  const roles = useLookup<Role>('Role', 'role:view');
  const options = (roles.data ?? []).map((r) => ({ value: r.id, label: r.enabled ? r.name : `${r.name} ✕` }));
  return (
    <MultiSelect {...props} options={options} loading={roles.isLoading} placeholder={t('workflow.node.chooseRoles')} />
  );
}

/** Several positions, from the position lookup. */
export function PositionsSelect(props: Multi) {
  const { t } = useTranslation();
  const positions = useLookup<Position>('Position', 'position:view');
  const options = (positions.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <MultiSelect
      {...props}
      options={options}
      loading={positions.isLoading}
      placeholder={t('workflow.node.choosePositions')}
    />
  );
}

/** Several user groups from the group tree. */
export function GroupsSelect(props: Multi) {
  const { t } = useTranslation();
  return <SharedGroupsSelect {...props} placeholder={t('workflow.node.chooseGroups')} />;
}

/** Several departments from the department tree. */
export function DeptsSelect({ value, onChange, id, className, placeholder }: Multi & { placeholder?: string }) {
  const { t } = useTranslation();
  const depts = useLookup<Dept>('Dept', 'dept:view');
  const treeData = useMemo(() => {
    const toOption = (node: TreeOf<Dept>): TreeOption => ({
      value: node.id,
      title: node.status === 'Active' ? node.name : `${node.name} ✕`,
      children: node.children?.map(toOption),
    });
    return buildTree(depts.data ?? []).map(toOption);
  }, [depts.data]);
  return (
    <TreeSelect<number[]>
      id={id}
      className={className}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={depts.isLoading}
      placeholder={placeholder ?? t('workflow.node.chooseDepts')}
      value={value ?? []}
      onChange={(next) => onChange?.(next ?? [])}
      treeData={treeData}
      style={{ width: '100%' }}
    />
  );
}
