import { SendOutlined } from '@ant-design/icons';
import { App, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { useActionFeedback } from '../../../../platform/crud/failure';
import { formatDateTime } from '../../../../platform/format';
import { useValueLabel } from '../../../../platform/labels/labels';
import { usePermissions } from '../../../../platform/permission';
import { useTestWebhook, webhookApi } from '../../api';
import { DeliveryAnswer } from '../../components/DeliveryAnswer';
import { WebhookEditor } from '../../components/WebhookEditor';
import '../../components/automation.css';

/** Automation → Webhooks: where events are sent, signed, with each one's health and a Test button. */
export default function WebhookListPage() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const { has } = usePermissions();
  const { modal } = App.useApp();
  const test = useTestWebhook();
  const feedback = useActionFeedback();
  const runTest = (webhook: Webhook) =>
    test.mutate(webhook.id, {
      onSuccess: (delivery) =>
        void modal.info({
          title: t('automation.webhook.testResult', { name: webhook.name }),
          width: 640,
          content: <DeliveryAnswer delivery={delivery} />,
          okText: t('common.ok'),
        }),
      onError: feedback().onError,
    });
  return (
    <ListPage<Webhook>
      kind="webhook"
      api={webhookApi}
      module="webhook"
      title={t('automation.webhook.title')}
      searchPlaceholder={t('automation.webhook.search')}
      statusField="status"
      exportName="webhooks.xlsx"
      nameOf={(webhook) => webhook.name}
      rowActions={(webhook) =>
        has('webhook:test') && (
          <RowIconButton
            label={t('automation.webhook.test')}
            icon={<SendOutlined />}
            className="webhook-test"
            onClick={() => runTest(webhook)}
          />
        )
      }
      columns={[
        { key: 'name', dataIndex: 'name', title: t('automation.webhook.fields.name'), sorter: true, width: 160 },
        { key: 'url', dataIndex: 'url', title: t('automation.webhook.fields.url'), width: 220, ellipsis: true },
        {
          key: 'events',
          title: t('automation.webhook.fields.events'),
          width: 180,
          render: (_, webhook) =>
            webhook.events.length === 0
              ? t('automation.webhook.triggersOnly')
              : webhook.events.map((event) => <Tag key={event}>{valueLabel('automationEvent', event)}</Tag>),
        },
        {
          key: 'lastDelivery',
          title: t('automation.webhook.fields.lastDelivery'),
          width: 200,
          render: (_, webhook) =>
            webhook.lastDeliveryAt ? (
              <span>
                {formatDateTime(webhook.lastDeliveryAt)}{' '}
                {webhook.lastResponseStatus !== null && <Tag>{webhook.lastResponseStatus}</Tag>}
              </span>
            ) : (
              '—'
            ),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('automation.webhook.fields.status'),
          sorter: true,
          width: 160,
          render: (_, webhook) => (
            <span className="webhook-status">
              <StatusTag active={webhook.status === 'Active'} />
              {webhook.disabledByFailures && <Tag color="error">{t('automation.webhook.switchedOff')}</Tag>}
              {webhook.failingSince && !webhook.disabledByFailures && (
                <Tooltip title={formatDateTime(webhook.failingSince)}>
                  <Tag color="warning">{t('automation.webhook.failing')}</Tag>
                </Tooltip>
              )}
            </span>
          ),
        },
      ]}
      editor={({ id, onClose }) => <WebhookEditor id={id} onClose={onClose} />}
    />
  );
}
