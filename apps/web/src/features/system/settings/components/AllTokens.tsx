import { Popconfirm, Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiTokenWithOwner } from '@casedesk/shared';
import { feedback } from '../../../../platform/feedback';
import { usePermissions } from '../../../../platform/permission';
import { useAllTokens, useRevokeToken } from '../api';
import { stateColor, stateOf } from './token-state';
import { formatDateTime } from '../../../../platform/format';

/** Every user's personal tokens, for administrators: who holds which, and revoke any of them. */
export function AllTokens() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const tokens = useAllTokens(permissions.has('settings:view'));
  const revoke = useRevokeToken();
  const canRevoke = permissions.has('settings:edit');
  const format = (value: string | null) => formatDateTime(value);
  return (
    <div className="settings-all-tokens">
      <Typography.Title level={5}>{t('settings.tokens.allTitle')}</Typography.Title>
      <Table<ApiTokenWithOwner>
        rowKey="id"
        size="middle"
        loading={tokens.isPending}
        dataSource={tokens.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('settings.tokens.empty') }}
        columns={[
          { key: 'owner', dataIndex: 'ownerLoginName', title: t('settings.tokens.owner') },
          { key: 'name', dataIndex: 'name', title: t('settings.tokens.name') },
          {
            key: 'prefix',
            dataIndex: 'prefix',
            title: t('settings.tokens.prefix'),
            render: (p: string) => <Typography.Text code>{p}…</Typography.Text>,
          },
          { key: 'expiresAt', title: t('settings.tokens.expires'), render: (_, k) => format(k.expiresAt) },
          { key: 'lastUsedAt', title: t('settings.tokens.lastUsed'), render: (_, k) => format(k.lastUsedAt) },
          {
            key: 'state',
            title: t('settings.tokens.state'),
            render: (_, k) => <Tag color={stateColor[stateOf(k)]}>{t(`settings.tokens.states.${stateOf(k)}`)}</Tag>,
          },
          {
            key: 'actions',
            title: t('settings.tokens.actions'),
            width: 110,
            render: (_, k) =>
              canRevoke && stateOf(k) === 'active' ? (
                <Popconfirm
                  title={t('settings.tokens.revokeConfirm', { name: k.name })}
                  okText={t('settings.tokens.revoke')}
                  cancelText={t('settings.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(k.id).then(() => feedback.success(t('settings.tokens.revoked')))}
                >
                  <Button type="link" danger size="small">
                    {t('settings.tokens.revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
