import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiTokenCreateSchema, type ApiToken, type ApiTokenCreate, type ApiTokenCreated } from '@casedesk/shared';
import { feedback } from '../../../../platform/feedback';
import { requiredRule, schemaRule } from '../../../../platform/form-rules';
import { ApiError } from '../../../../platform/http/client';
import { translateServerMessage } from '../../../../platform/server-messages';
import { useCreateToken, useMyTokens, useRevokeToken } from '../api';
import { stateColor, stateOf } from './token-state';
import { formatDateTime } from '../../../../platform/format';

const expiryChoices = [7, 30, 90, 180, 365];

/** The caller's personal API tokens: create (shown once), list, revoke. */
export function PersonalTokens({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const tokens = useMyTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [form] = Form.useForm<ApiTokenCreate>();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const format = (value: string | null) => formatDateTime(value);

  const submit = (values: ApiTokenCreate) =>
    create.mutate(values, {
      onSuccess: (token) => {
        setCreating(false);
        form.resetFields();
        setCreated(token);
      },
      onError: (error) => {
        if (error instanceof ApiError) feedback.error(translateServerMessage(error));
      },
    });

  return (
    <div className="settings-tokens">
      {!enabled && <Alert type="info" showIcon message={t('settings.tokens.disabled')} style={{ marginBottom: 12 }} />}
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={!enabled}
        onClick={() => setCreating(true)}
        style={{ marginBottom: 12 }}
      >
        {t('settings.tokens.create')}
      </Button>
      <Table<ApiToken>
        rowKey="id"
        size="middle"
        loading={tokens.isPending}
        dataSource={tokens.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('settings.tokens.empty') }}
        columns={[
          {
            key: 'name',
            title: t('settings.tokens.name'),
            render: (_, token) => (
              <span>
                <KeyOutlined style={{ marginRight: 6 }} />
                {token.name}
              </span>
            ),
          },
          {
            key: 'prefix',
            dataIndex: 'prefix',
            title: t('settings.tokens.prefix'),
            render: (p: string) => <Typography.Text code>{p}…</Typography.Text>,
          },
          { key: 'createdAt', title: t('settings.tokens.created'), render: (_, k) => format(k.createdAt) },
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
              stateOf(k) === 'active' ? (
                <Popconfirm
                  title={t('settings.tokens.revokeConfirm', { name: k.name })}
                  okText={t('settings.tokens.revoke')}
                  cancelText={t('settings.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(k.id).then(() => feedback.success(t('settings.tokens.revoked')))}
                >
                  <Button type="link" danger size="small" className="token-revoke">
                    {t('settings.tokens.revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />

      <Modal
        open={creating}
        title={t('settings.tokens.create')}
        okText={t('settings.tokens.createOk')}
        cancelText={t('settings.cancel')}
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<ApiTokenCreate>
          form={form}
          layout="vertical"
          initialValues={{ expiresInDays: 90 }}
          onFinish={submit}
          className="token-create-form"
        >
          <Form.Item
            name="name"
            label={t('settings.tokens.name')}
            extra={t('settings.tokens.nameHelp')}
            validateFirst
            rules={[requiredRule(), schemaRule(apiTokenCreateSchema.shape.name)]}
          >
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item name="expiresInDays" label={t('settings.tokens.expiresIn')} rules={[requiredRule()]}>
            <Select
              options={expiryChoices.map((d) => ({ value: d, label: t('settings.tokens.daysOption', { count: d }) }))}
            />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={created !== null}
        title={t('settings.tokens.createdTitle')}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            {t('settings.tokens.done')}
          </Button>
        }
        maskClosable={false}
        className="token-created"
      >
        <Alert type="warning" showIcon message={t('settings.tokens.showOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph
          copyable={{ text: created?.token ?? '', tooltips: [t('settings.tokens.copy'), t('settings.tokens.copied')] }}
          code
          className="token-value"
          style={{ wordBreak: 'break-all' }}
        >
          {created?.token}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('settings.tokens.usage')}</Typography.Text>
      </Modal>
    </div>
  );
}
