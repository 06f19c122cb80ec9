import { UndoOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { userDisplayName, type User } from '@casedesk/shared';
import { useActionFeedback } from '../../../../../platform/crud/failure';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';
import { deletedUserApi } from '../../../api';
import { DeptAndRoleFilters } from '../../../components/filters';
import { PersonalDataActions } from '../../../components/PersonalDataActions';
import '../../../components/organization.css';
import { formatDateTime } from '../../../../../platform/format';
import { useSeededName } from '../../../../../platform/labels/labels';

/** Deleted users: list, export, restore (the user comes back with roles, groups and projects). */
export default function DeletedUserListPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const feedback = useActionFeedback();
  const restore = deletedUserApi.useCall<number[]>(() => 'Restore');

  return (
    <ListPage<User>
      api={deletedUserApi}
      kind="org"
      module="user"
      title={t('organization.deletedUser.title')}
      searchPlaceholder={t('organization.common.keyword')}
      exportName="DeletedUsers.xlsx"
      nameOf={userDisplayName}
      filters={(controls) => <DeptAndRoleFilters {...controls} />}
      rowActions={(user) => (
        <>
          {user.actions.includes('restore') && (
            <RowIconButton
              label={t('organization.deletedUser.restore')}
              icon={<UndoOutlined />}
              confirm={t('organization.deletedUser.confirmRestore', { name: userDisplayName(user) })}
              onClick={() => restore.mutate([user.id], feedback(t('organization.deletedUser.restored')))}
            />
          )}
          <PersonalDataActions user={user} />
        </>
      )}
      actionsWidth={130}
      columns={[
        { title: t('organization.user.fields.loginName'), dataIndex: 'loginName', sorter: true, width: 150 },
        {
          title: t('organization.user.fields.name'),
          dataIndex: 'fullName',
          sorter: true,
          render: (_v, u) => userDisplayName(u),
        },
        { title: t('organization.user.fields.email'), dataIndex: 'email', ellipsis: true },
        {
          title: t('organization.user.fields.dept'),
          dataIndex: 'deptName',
          render: (v: string | null) => v ?? '—',
        },
        {
          title: t('organization.user.fields.roles'),
          dataIndex: 'roleTitles',
          render: (names: string[], user: User) =>
            names.map((n, i) => <Tag key={n}>{seeded('role', user.roleNames[i], n)}</Tag>),
        },
        {
          title: t('organization.user.fields.deletedAt'),
          dataIndex: 'deletedAt',
          sorter: true,
          width: 170,
          render: (v: string | null) => formatDateTime(v),
        },
      ]}
    />
  );
}
