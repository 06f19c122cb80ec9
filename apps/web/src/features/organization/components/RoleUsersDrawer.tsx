import { Drawer, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role, UserSummary } from '@casedesk/shared';
import { useRoleUsers } from '../api';
import { StatusTag } from '../../../platform/crud/StatusTag';
import { useResourceList, type PagedQuery } from '../../../platform/crud/use-resource-list';
import { useSeededName } from '../../../platform/labels/labels';

/** The users who hold a role (not deleted ones). */
export function RoleUsersDrawer({ role, onClose }: { role: Role | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const users = useResourceList<UserSummary, PagedQuery>(
    { useList: (query) => useRoleUsers(role?.id, query) },
    { start: { page: 1, pageSize: 20 } },
  );

  return (
    <Drawer
      open={role !== undefined}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={t('organization.role.usersTitle', { name: role ? seeded('role', role.code, role.name) : '' })}
    >
      <Input.Search
        {...users.searchProps}
        placeholder={t('organization.common.keyword')}
        style={{ width: 260, marginBottom: 12 }}
      />
      <Table<UserSummary>
        rowKey="id"
        size="small"
        loading={users.list.isFetching}
        dataSource={users.items}
        pagination={users.pager}
        onChange={users.onTableChange}
        columns={[
          { title: t('organization.user.fields.loginName'), dataIndex: 'loginName' },
          { title: t('organization.user.fields.name'), dataIndex: 'fullName', render: (v: string | null) => v ?? '—' },
          { title: t('organization.user.fields.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
          {
            title: t('organization.user.fields.status'),
            dataIndex: 'status',
            render: (v: string) => <StatusTag active={v === 'Active'} />,
          },
        ]}
      />
    </Drawer>
  );
}
