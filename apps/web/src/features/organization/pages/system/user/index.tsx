import { useState } from 'react';
import { LockOutlined } from '@ant-design/icons';
import { Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ActiveStatus, User, UserOnOff } from '@casedesk/shared';
import { feedback } from '../../../../../platform/feedback';
import { useAction, useAllRoles, usePage } from '../../../api';
import { displayName } from '../../../components/names';
import { DeptTreeSelect } from '../../../components/DeptTreeSelect';
import { showFailure } from '../../../components/failure';
import { ListToolbar, StatusFilter } from '../../../components/ListToolbar';
import { useListState } from '../../../components/list-state';
import { ResetPasswordModal } from '../../../components/ResetPasswordModal';
import { RowActions, type RowAction } from '../../../components/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { UserFormDrawer, userTypes } from '../../../components/UserFormDrawer';
import '../../../components/organization.css';

type Filters = { status?: ActiveStatus; deptId?: number; roleId?: number; userType?: string };

/** Users: search, filters, paging, export; create/edit, reset password, lock, (de)activate, delete (spec 2, 3). */
export default function UserListPage() {
  const { t } = useTranslation();
  const list = useListState<Filters>({});
  const { data, isFetching, refetch } = usePage<User>('User', list.query);
  const roles = useAllRoles();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [resetting, setResetting] = useState<User>();

  const done = {
    onSuccess: () => feedback.success(t('server.operationSuccessful')),
    onError: (e: unknown) => showFailure(e),
  };
  const remove = useAction<number>('User', (id) => `/api/User/Delete/${id}`, false);
  const lock = useAction<number[]>('User', () => '/api/User/Lock');
  const unlock = useAction<number[]>('User', () => '/api/User/Unlock');
  const onOff = useAction<UserOnOff>('User', () => '/api/User/OnOff');

  const actionsOf = (user: User): RowAction[] => {
    const name = displayName(user);
    const all: (RowAction | false)[] = [
      user.actions.includes('edit') && {
        key: 'edit',
        label: t('organization.common.edit'),
        onClick: () => setEditing({ id: user.id }),
      },
      user.actions.includes('resetPassword') && {
        key: 'resetPassword',
        label: t('organization.user.actions.resetPassword'),
        onClick: () => setResetting(user),
      },
      user.actions.includes('lock') && {
        key: 'lock',
        label: t('organization.user.actions.lock'),
        confirm: t('organization.user.confirm.lock', { name }),
        onClick: () => lock.mutate([user.id], done),
      },
      user.actions.includes('unlock') && {
        key: 'unlock',
        label: t('organization.user.actions.unlock'),
        confirm: t('organization.user.confirm.unlock', { name }),
        onClick: () => unlock.mutate([user.id], done),
      },
      user.actions.includes('deactivate') && {
        key: 'deactivate',
        label: t('organization.user.actions.deactivate'),
        confirm: t('organization.user.confirm.deactivate', { name }),
        onClick: () => onOff.mutate({ ids: [user.id], status: 'Inactive' }, done),
      },
      user.actions.includes('activate') && {
        key: 'activate',
        label: t('organization.user.actions.activate'),
        onClick: () => onOff.mutate({ ids: [user.id], status: 'Active' }, done),
      },
      user.actions.includes('delete') && {
        key: 'delete',
        label: t('organization.common.delete'),
        danger: true,
        confirm: t('organization.user.confirm.delete', { name }),
        onClick: () => remove.mutate(user.id, done),
      },
    ];
    return all.filter((a): a is RowAction => a !== false);
  };

  const columns: ColumnsType<User> = [
    {
      title: t('organization.user.fields.loginName'),
      dataIndex: 'loginName',
      sorter: true,
      width: 150,
      render: (value: string, user) => (
        <Space size={4}>
          {value}
          {user.locked && (
            <Tooltip title={t('organization.user.locked')}>
              <LockOutlined style={{ color: 'var(--ant-color-error, #ff4d4f)' }} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('organization.user.fields.name'),
      dataIndex: 'fullName',
      sorter: true,
      render: (_v, user) => displayName(user),
    },
    { title: t('organization.user.fields.email'), dataIndex: 'email', sorter: true, ellipsis: true },
    { title: t('organization.user.fields.dept'), dataIndex: 'deptName', render: (v: string | null) => v ?? '—' },
    {
      title: t('organization.user.fields.roles'),
      dataIndex: 'roleTitles',
      render: (names: string[]) => (
        <Space size={[0, 4]} wrap>
          {names.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('organization.user.fields.userType'),
      dataIndex: 'userType',
      width: 110,
      render: (v: string | null) => (v ? t(`organization.user.types.${v}`, { defaultValue: v }) : '—'),
    },
    {
      title: t('organization.user.fields.status'),
      dataIndex: 'status',
      sorter: true,
      width: 100,
      render: (v: ActiveStatus) => <StatusTag active={v === 'Active'} />,
    },
    {
      title: t('organization.common.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_v, user) => <RowActions actions={actionsOf(user)} />,
    },
  ];

  return (
    <div className="org-page">
      <ListToolbar
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        onReset={list.reset}
        onRefresh={() => void refetch()}
        exportCall={{ path: '/api/User/Export', body: list.query, fileName: 'Users.xlsx', permission: 'user:export' }}
        filters={
          <>
            <StatusFilter
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              placeholder={t('organization.user.fields.status')}
            />
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
            <Select<string>
              className="org-filter"
              allowClear
              placeholder={t('organization.user.fields.userType')}
              value={list.filters.userType}
              onChange={(v) => list.setFilter('userType', v)}
              options={userTypes.map((value) => ({ value, label: t(`organization.user.types.${value}`) }))}
            />
          </>
        }
        create={{ permission: 'user:create', onClick: () => setEditing({}) }}
      />
      <Table<User>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items}
        loading={isFetching}
        pagination={list.pagination(data?.total)}
        onChange={list.onTableChange}
        scroll={{ x: 1100 }}
      />
      <UserFormDrawer open={editing !== null} userId={editing?.id} onClose={() => setEditing(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
    </div>
  );
}
