import { Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { User } from '@casedesk/shared';
import { feedback } from '../../../../../platform/feedback';
import { useAction, useAllRoles, usePage } from '../../../api';
import { DeptTreeSelect } from '../../../components/DeptTreeSelect';
import { showFailure } from '../../../components/failure';
import { ListToolbar } from '../../../components/ListToolbar';
import { useListState } from '../../../components/list-state';
import { displayName } from '../../../components/names';
import { RowActions } from '../../../components/RowActions';
import '../../../components/organization.css';

type Filters = { deptId?: number; roleId?: number };

/** Deleted users: list, export, restore (the user comes back with roles, groups and projects). */
export default function DeletedUserListPage() {
  const { t } = useTranslation();
  const list = useListState<Filters>({});
  const { data, isFetching, refetch } = usePage<User>('User', list.query, '/api/User/QueryDeleted');
  const roles = useAllRoles();
  const restore = useAction<number[]>('User', () => '/api/User/Restore');

  const columns: ColumnsType<User> = [
    { title: t('organization.user.fields.loginName'), dataIndex: 'loginName', sorter: true, width: 150 },
    {
      title: t('organization.user.fields.name'),
      dataIndex: 'fullName',
      sorter: true,
      render: (_v, u) => displayName(u),
    },
    { title: t('organization.user.fields.email'), dataIndex: 'email', ellipsis: true },
    { title: t('organization.user.fields.dept'), dataIndex: 'deptName', render: (v: string | null) => v ?? '—' },
    {
      title: t('organization.user.fields.roles'),
      dataIndex: 'roleTitles',
      render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>),
    },
    {
      title: t('organization.user.fields.deletedAt'),
      dataIndex: 'deletedAt',
      sorter: true,
      width: 170,
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: t('organization.common.actions'),
      key: 'actions',
      width: 110,
      render: (_v, user) =>
        user.actions.includes('restore') ? (
          <RowActions
            actions={[
              {
                key: 'restore',
                label: t('organization.deletedUser.restore'),
                confirm: t('organization.deletedUser.confirmRestore', { name: displayName(user) }),
                onClick: () =>
                  restore.mutate([user.id], {
                    onSuccess: () => feedback.success(t('organization.deletedUser.restored')),
                    onError: (e) => showFailure(e),
                  }),
              },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <div className="org-page">
      <ListToolbar
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        onReset={list.reset}
        onRefresh={() => void refetch()}
        exportCall={{
          path: '/api/User/ExportDeleted',
          body: list.query,
          fileName: 'DeletedUsers.xlsx',
          permission: 'user:export',
        }}
        filters={
          <>
            <DeptTreeSelect
              className="org-filter"
              placeholder={t('organization.user.fields.dept')}
              value={list.filters.deptId ?? null}
              onChange={(v) => list.setFilter('deptId', v ?? undefined)}
            />
            <Select<number>
              className="org-filter"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('organization.user.fields.role')}
              value={list.filters.roleId}
              onChange={(v) => list.setFilter('roleId', v)}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </>
        }
      />
      <Table<User>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items}
        loading={isFetching}
        pagination={list.pagination(data?.total)}
        onChange={list.onTableChange}
        scroll={{ x: 1000 }}
      />
    </div>
  );
}
