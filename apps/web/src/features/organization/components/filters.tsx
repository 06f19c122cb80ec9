import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@casedesk/shared';
import type { ListControls } from '../../../platform/crud/ListPage';
import { useLookup } from '../../../platform/crud/resource-api';
import { DeptTreeSelect } from '../../../platform/pickers/DeptTreeSelect';
import { useSeededName } from '../../../platform/labels/labels';

/** The department and role filters of the user lists. */
export function DeptAndRoleFilters({ query, setFilter }: ListControls) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const roles = useLookup<Role>('Role', 'role:view');
  // A Space of its own: the list's toolbar spaces its direct children, and this component is one.
  return (
    <Space wrap>
      <DeptTreeSelect
        className="org-filter"
        placeholder={t('organization.user.fields.dept')}
        value={(query.deptId as number | undefined) ?? null}
        onChange={(v) => setFilter('deptId', v)}
      />
      <Select<number>
        className="org-filter"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('organization.user.fields.role')}
        value={query.roleId as number | undefined}
        onChange={(v) => setFilter('roleId', v)}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: seeded('role', r.code, r.name) }))}
      />
    </Space>
  );
}
