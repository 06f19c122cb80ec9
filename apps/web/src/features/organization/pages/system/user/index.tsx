import { useState } from 'react';
import {
  CheckCircleOutlined,
  KeyOutlined,
  LockOutlined,
  SafetyOutlined,
  StopOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Select, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { userDisplayName, type User, type UserOnOff } from '@casedesk/shared';
import { useActionFeedback } from '../../../../../platform/crud/failure';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';
import { StatusTag } from '../../../../../platform/crud/StatusTag';
import { useSeededName } from '../../../../../platform/labels/labels';
import { userApi } from '../../../api';
import { DeptAndRoleFilters } from '../../../components/filters';
import { PersonalDataActions } from '../../../components/PersonalDataActions';
import { ResetPasswordModal } from '../../../components/ResetPasswordModal';
import { UserFormDrawer, userTypes } from '../../../components/UserFormDrawer';
import '../../../components/organization.css';

/**
 * Users: search, filters, paging, export; create/edit, reset password or second factor, lock, (de)activate, delete
 * (spec 2, 3); export or erase a person's data (contract 24).
 */
export default function UserListPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const [resetting, setResetting] = useState<User>();
  const feedback = useActionFeedback();
  const lock = userApi.useCall<number[]>(() => 'Lock');
  const unlock = userApi.useCall<number[]>(() => 'Unlock');
  const onOff = userApi.useCall<UserOnOff>(() => 'OnOff');
  const resetSecondFactor = userApi.useCall<{ id: number }>(() => 'ResetSecondFactor');

  const rowActions = (user: User) => {
    const name = userDisplayName(user);
    const can = (action: User['actions'][number]) => user.actions.includes(action);
    return (
      <>
        {can('resetPassword') && (
          <RowIconButton
            label={t('organization.user.actions.resetPassword')}
            icon={<KeyOutlined />}
            onClick={() => setResetting(user)}
          />
        )}
        {can('resetPassword') && (
          <RowIconButton
            label={t('organization.user.actions.resetSecondFactor')}
            icon={<SafetyOutlined />}
            confirm={t('organization.user.confirm.resetSecondFactor', { name })}
            onClick={() => resetSecondFactor.mutate({ id: user.id }, feedback())}
          />
        )}
        {can('lock') && (
          <RowIconButton
            label={t('organization.user.actions.lock')}
            icon={<LockOutlined />}
            confirm={t('organization.user.confirm.lock', { name })}
            onClick={() => lock.mutate([user.id], feedback())}
          />
        )}
        {can('unlock') && (
          <RowIconButton
            label={t('organization.user.actions.unlock')}
            icon={<UnlockOutlined />}
            confirm={t('organization.user.confirm.unlock', { name })}
            onClick={() => unlock.mutate([user.id], feedback())}
          />
        )}
        {can('deactivate') && (
          <RowIconButton
            label={t('organization.user.actions.deactivate')}
            icon={<StopOutlined />}
            confirm={t('organization.user.confirm.deactivate', { name })}
            onClick={() => onOff.mutate({ ids: [user.id], status: 'Inactive' }, feedback())}
          />
        )}
        {can('activate') && (
          <RowIconButton
            label={t('organization.user.actions.activate')}
            icon={<CheckCircleOutlined />}
            onClick={() => onOff.mutate({ ids: [user.id], status: 'Active' }, feedback())}
          />
        )}
        <PersonalDataActions user={user} />
      </>
    );
  };

  return (
    <>
      <ListPage<User>
        api={userApi}
        kind="org"
        module="user"
        title={t('organization.user.title')}
        searchPlaceholder={t('organization.common.keyword')}
        exportName="Users.xlsx"
        nameOf={userDisplayName}
        statusField="status"
        filters={(controls) => (
          <>
            <DeptAndRoleFilters {...controls} />
            <Select<string>
              className="org-filter"
              allowClear
              placeholder={t('organization.user.fields.userType')}
              value={controls.query.userType as string | undefined}
              onChange={(v) => controls.setFilter('userType', v)}
              options={userTypes.map((value) => ({ value, label: t(`organization.user.types.${value}`) }))}
            />
          </>
        )}
        rowAllows={(user, action) => user.actions.includes(action)}
        rowActions={rowActions}
        actionsWidth={250}
        columns={[
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
            render: (_v, user) => userDisplayName(user),
          },
          { title: t('organization.user.fields.email'), dataIndex: 'email', sorter: true, ellipsis: true },
          {
            title: t('organization.user.fields.dept'),
            dataIndex: 'deptName',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('organization.user.fields.roles'),
            dataIndex: 'roleTitles',
            render: (names: string[], user: User) => (
              <Space size={[0, 4]} wrap>
                {names.map((n, i) => (
                  <Tag key={n}>{seeded('role', user.roleNames[i], n)}</Tag>
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
            render: (v: string) => <StatusTag active={v === 'Active'} />,
          },
        ]}
        editor={({ id, onClose }) => <UserFormDrawer open userId={id ?? undefined} onClose={onClose} />}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
    </>
  );
}
