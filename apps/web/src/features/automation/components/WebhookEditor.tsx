import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  webhookCreateSchema,
  webhookEvents,
  webhookSecretSchema,
  type Webhook,
  type WebhookEvent,
} from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { issueText, schemaRule } from '../../../platform/form-rules';
import { useValueLabel } from '../../../platform/labels/labels';
import { webhookApi } from '../api';
import { headerRowsOf, headersOf, newWebhookSecret, secretToSend, type HeaderRow } from './webhook-secret';
import './automation.css';

type Values = {
  name: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  headers: HeaderRow[];
  status: 'Active' | 'Inactive';
};

const fields = webhookCreateSchema.shape;

const toForm = (webhook: Webhook): Values => ({
  name: webhook.name,
  url: webhook.url,
  events: webhook.events,
  // Never read back: empty keeps the stored one.
  secret: '',
  headers: headerRowsOf(webhook.headers),
  status: webhook.status,
});

/**
 * A webhook: where events go, which ones, the signing secret (made here and shown once when created; on an edit the
 * field is empty and keeps the stored one unless a new one is typed or made), extra headers and status.
 */
export function WebhookEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const statusOptions = useStatusOptions();
  const creating = id === null;
  const [made] = useState(() => (creating ? newWebhookSecret() : ''));
  const toBody = useCallback(
    (v: Values) => ({
      name: v.name,
      url: v.url,
      events: v.events ?? [],
      headers: headersOf(v.headers),
      status: v.status,
      ...secretToSend(v.secret, creating),
    }),
    [creating],
  );
  return (
    <EditorDrawer<Webhook, Values>
      api={webhookApi}
      id={id}
      onClose={onClose}
      width={640}
      title={creating ? t('automation.webhook.create') : t('automation.webhook.edit')}
      defaults={{ events: [], headers: [], status: 'Active', secret: made }}
      toForm={toForm}
      toBody={toBody}
    >
      {(form) => (
        <>
          <Form.Item name="name" label={t('automation.webhook.fields.name')} required rules={[schemaRule(fields.name)]}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('automation.webhook.fields.url')}
            extra={t('automation.webhook.urlHelp')}
            required
            rules={[schemaRule(fields.url)]}
          >
            <Input maxLength={2000} placeholder="https://" />
          </Form.Item>
          <Form.Item
            name="events"
            label={t('automation.webhook.fields.events')}
            extra={t('automation.webhook.eventsHelp')}
          >
            <Checkbox.Group
              options={webhookEvents.map((event) => ({ value: event, label: valueLabel('automationEvent', event) }))}
            />
          </Form.Item>
          <Form.Item
            label={t('automation.webhook.fields.secret')}
            required={creating}
            extra={creating ? t('automation.webhook.secretOnce') : t('automation.webhook.secretKeep')}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="secret"
                noStyle
                rules={[
                  creating
                    ? schemaRule(webhookSecretSchema, t('automation.webhook.fields.secret'))
                    : {
                        validator: async (_rule, value: string | undefined) => {
                          if (!value?.trim()) return;
                          const result = webhookSecretSchema.safeParse(value);
                          if (!result.success)
                            throw new Error(
                              issueText(result.error.issues[0], t('automation.webhook.fields.secret'), value),
                            );
                        },
                      },
                ]}
              >
                <Input
                  className="webhook-secret"
                  autoComplete="off"
                  aria-label={t('automation.webhook.fields.secret')}
                  placeholder={creating ? undefined : t('automation.webhook.secretPlaceholder')}
                />
              </Form.Item>
              <Button icon={<ReloadOutlined />} onClick={() => form.setFieldValue('secret', newWebhookSecret())}>
                {t('automation.webhook.generate')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item noStyle dependencies={['secret']}>
            {({ getFieldValue }) =>
              getFieldValue('secret') ? (
                <Typography.Paragraph copyable={{ text: getFieldValue('secret') as string }} className="webhook-copy">
                  {t('automation.webhook.copy')}
                </Typography.Paragraph>
              ) : null
            }
          </Form.Item>
          <Form.List name="headers">
            {(rows, { add, remove }) => (
              <Form.Item label={t('automation.webhook.fields.headers')} extra={t('automation.webhook.headersHelp')}>
                {rows.map((row) => (
                  <div key={row.key} className="webhook-header-row">
                    <Form.Item name={[row.name, 'name']} noStyle>
                      <Input
                        maxLength={100}
                        placeholder={t('automation.webhook.headerName')}
                        aria-label={t('automation.webhook.headerName')}
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'value']} noStyle>
                      <Input
                        maxLength={1000}
                        placeholder={t('automation.webhook.headerValue')}
                        aria-label={t('automation.webhook.headerValue')}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('automation.webhook.removeHeader')}
                      onClick={() => remove(row.name)}
                    />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
                  {t('automation.webhook.addHeader')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
          <Form.Item name="status" label={t('automation.webhook.fields.status')}>
            <Select options={statusOptions} style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
    </EditorDrawer>
  );
}
