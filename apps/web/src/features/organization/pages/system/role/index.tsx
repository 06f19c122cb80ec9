import { useState } from 'react';
import { SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@casedesk/shared';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { useInvalidate } from '../../../../../platform/crud/resource-api';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';
import { StatusTag } from '../../../../../platform/crud/StatusTag';
import { useSeededName } from '../../../../../platform/labels/labels';
import { roleApi } from '../../../api';
import { PermissionMatrixDrawer } from '../../../components/PermissionMatrixDrawer';
import { RoleFormModal } from '../../../components/RoleFormModal';
import { RoleUsersDrawer } from '../../../components/RoleUsersDrawer';
import '../../../components/organization.css';

/** Roles: list, create/edit, privilege configuration (matrix), the users of a role, delete (custom roles only). */
export default function RoleListPage() {
  const { t } = useTranslation();
  const [matrixOf, setMatrixOf] = useState<Role>();
  const [usersOf, setUsersOf] = useState<Role>();
  const reload = useInvalidate('Role');
  const seeded = useSeededName();

  return (
    <>
      <ListPage<Role>
        api={roleApi}
        kind="org"
        module="role"
        title={t('organization.role.title')}
        searchPlaceholder={t('organization.common.keyword')}
        exportName="Roles.xlsx"
        nameOf={(role) => seeded('role', role.code, role.name)}
        statusField="enabled"
        statusValues={{ Active: 'true', Inactive: 'false' }}
        filters={({ query, setFilter }) => (
          <Select<'true' | 'false'>
            className="org-filter"
            allowClear
            placeholder={t('organization.role.kind')}
            value={query.isSystem as 'true' | 'false' | undefined}
            onChange={(v) => setFilter('isSystem', v)}
            options={[
              { value: 'true', label: t('organization.role.system') },
              { value: 'false', label: t('organization.role.custom') },
            ]}
          />
        )}
        rowAllows={(role, action) => action === 'edit' || !role.isSystem}
        rowActions={(role) => (
          <>
            <RowIconButton
              label={t('organization.role.permissions')}
              icon={<SafetyOutlined />}
              onClick={() => setMatrixOf(role)}
            />
            <RowIconButton
              label={t('organization.role.users')}
              icon={<TeamOutlined />}
              onClick={() => setUsersOf(role)}
            />
          </>
        )}
        columns={[
          {
            title: t('organization.common.name'),
            dataIndex: 'name',
            sorter: true,
            width: 180,
            render: (name: string, role) => seeded('role', role.code, name),
          },
          { title: t('organization.common.code'), dataIndex: 'code', sorter: true, width: 150 },
          {
            title: t('organization.common.description'),
            dataIndex: 'description',
            ellipsis: true,
            render: (text: string | null, role) => (text ? seeded('roleDescription', role.code, text) : '—'),
          },
          {
            title: t('organization.role.dataScope'),
            dataIndex: 'dataScope',
            width: 190,
            render: (v: Role['dataScope']) => t(`organization.role.scopes.${v}`),
          },
          {
            title: t('organization.role.kind'),
            dataIndex: 'isSystem',
            width: 100,
            render: (v: boolean) =>
              v ? <Tag color="blue">{t('organization.role.system')}</Tag> : <Tag>{t('organization.role.custom')}</Tag>,
          },
          { title: t('organization.common.sort'), dataIndex: 'sort', sorter: true, width: 80 },
          {
            title: t('organization.common.status.label'),
            dataIndex: 'enabled',
            width: 100,
            render: (v: boolean) => <StatusTag active={v} />,
          },
        ]}
        editor={({ item, onClose }) => (
          <RoleFormModal open role={item} onClose={onClose} onStale={() => void reload()} />
        )}
      />
      <PermissionMatrixDrawer role={matrixOf} onClose={() => setMatrixOf(undefined)} />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(undefined)} />
    </>
  );
}
