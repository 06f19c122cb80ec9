import { useState } from 'react';
import { Drawer, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role, UserSummary } from '@casedesk/shared';
import { useRoleUsers } from '../api';
import { StatusTag } from '../../../platform/crud/StatusTag';

/** The users who hold a role (not deleted ones). */
export function RoleUsersDrawer({ role, onClose }: { role: Role | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useRoleUsers(role?.id, { page, pageSize, keyword });

  return (
    <Drawer
      open={role !== undefined}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={t('organization.role.usersTitle', { name: role?.name ?? '' })}
    >
      <Input.Search
        allowClear
        placeholder={t('organization.common.keyword')}
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
      />
      <Table<UserSummary>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          onChange: (p, s) => {
            setPage(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
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
