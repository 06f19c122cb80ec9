import { useState } from 'react';
import { Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Role } from '@casedesk/shared';
import { feedback } from '../../../../../platform/feedback';
import { usePermissions } from '../../../../../platform/permission';
import { useAction, usePage } from '../../../api';
import { showFailure } from '../../../components/failure';
import { ListToolbar } from '../../../components/ListToolbar';
import { useListState } from '../../../components/list-state';
import { PermissionMatrixDrawer } from '../../../components/PermissionMatrixDrawer';
import { RoleFormModal } from '../../../components/RoleFormModal';
import { RoleUsersDrawer } from '../../../components/RoleUsersDrawer';
import { RowActions, type RowAction } from '../../../components/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import '../../../components/organization.css';

type Filters = { enabled?: 'true' | 'false'; isSystem?: 'true' | 'false' };

/** Roles: list, create/edit, privilege configuration (matrix), the users of a role, delete (custom roles only). */
export default function RoleListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const list = useListState<Filters>({});
  const { data, isFetching, refetch } = usePage<Role>('Role', list.query);
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);
  const [matrixOf, setMatrixOf] = useState<Role>();
  const [usersOf, setUsersOf] = useState<Role>();
  const remove = useAction<number>('Role', (id) => `/api/Role/Delete/${id}`, false);

  const actionsOf = (role: Role): RowAction[] => {
    const all: (RowAction | false)[] = [
      has('role:edit') && { key: 'edit', label: t('organization.common.edit'), onClick: () => setEditing({ role }) },
      { key: 'permissions', label: t('organization.role.permissions'), onClick: () => setMatrixOf(role) },
      { key: 'users', label: t('organization.role.users'), onClick: () => setUsersOf(role) },
      has('role:delete') &&
        !role.isSystem && {
          key: 'delete',
          label: t('organization.common.delete'),
          danger: true,
          confirm: t('organization.common.confirmDelete', { name: role.name }),
          onClick: () =>
            remove.mutate(role.id, {
              onSuccess: () => feedback.success(t('server.operationSuccessful')),
              onError: (e) => showFailure(e),
            }),
        },
    ];
    return all.filter((a): a is RowAction => a !== false);
  };

  const columns: ColumnsType<Role> = [
    { title: t('organization.common.name'), dataIndex: 'name', sorter: true, width: 180 },
    { title: t('organization.common.code'), dataIndex: 'code', sorter: true, width: 150 },
    { title: t('organization.common.description'), dataIndex: 'description', ellipsis: true },
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
    {
      title: t('organization.common.actions'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_v, role) => <RowActions actions={actionsOf(role)} inline={3} />,
    },
  ];

  return (
    <div className="org-page">
      <ListToolbar
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        onReset={list.reset}
        onRefresh={() => void refetch()}
        exportCall={{ path: '/api/Role/Export', body: list.query, fileName: 'Roles.xlsx', permission: 'role:export' }}
        filters={
          <>
            <Select<'true' | 'false'>
              className="org-filter"
              allowClear
              placeholder={t('organization.common.status.label')}
              value={list.filters.enabled}
              onChange={(v) => list.setFilter('enabled', v)}
              options={[
                { value: 'true', label: t('organization.common.status.Active') },
                { value: 'false', label: t('organization.common.status.Inactive') },
              ]}
            />
            <Select<'true' | 'false'>
              className="org-filter"
              allowClear
              placeholder={t('organization.role.kind')}
              value={list.filters.isSystem}
              onChange={(v) => list.setFilter('isSystem', v)}
              options={[
                { value: 'true', label: t('organization.role.system') },
                { value: 'false', label: t('organization.role.custom') },
              ]}
            />
          </>
        }
        create={{ permission: 'role:create', onClick: () => setEditing({}) }}
      />
      <Table<Role>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items}
        loading={isFetching}
        pagination={list.pagination(data?.total)}
        onChange={list.onTableChange}
        scroll={{ x: 1100 }}
      />
      <RoleFormModal
        open={editing !== null}
        role={editing?.role}
        onClose={() => setEditing(null)}
        onStale={() => void refetch()}
      />
      <PermissionMatrixDrawer role={matrixOf} onClose={() => setMatrixOf(undefined)} />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(undefined)} />
    </div>
  );
}
