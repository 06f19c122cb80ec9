import { EyeOutlined, RedoOutlined } from '@ant-design/icons';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { webhookDeliveryStatuses, webhookEvents, type WebhookDelivery } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { useActionFeedback } from '../../../../platform/crud/failure';
import { formatDateTime, formatNumber } from '../../../../platform/format';
import { useValueLabel } from '../../../../platform/labels/labels';
import { searchTickets } from '../../../../platform/pickers/lookups';
import { usePermissions } from '../../../../platform/permission';
import { searchWebhooks, useRedeliver, webhookDeliveryApi } from '../../api';
import { DeliveryDrawer, deliveryColor, mayRedeliver, useEventWord } from '../../components/DeliveryDrawer';
import { RecordFilter } from '../../components/RecordFilter';
import '../../components/automation.css';

/** Automation → Delivery log: each message to each webhook, its answer and attempts; a settled one may go again. */
export default function WebhookDeliveryPage() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const eventWord = useEventWord();
  const { has } = usePermissions();
  const redeliver = useRedeliver();
  const feedback = useActionFeedback();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ListPage<WebhookDelivery>
        kind="webhook-delivery"
        api={webhookDeliveryApi}
        module="webhook"
        title={t('automation.delivery.title')}
        searchPlaceholder={t('automation.delivery.search')}
        exportName="webhook-deliveries.xlsx"
        nameOf={(delivery) => delivery.messageId}
        filters={(controls) => (
          <>
            <RecordFilter
              resource="Webhook"
              search={searchWebhooks}
              value={controls.query.webhookId}
              onChange={(id) => controls.setFilter('webhookId', id)}
              placeholder={t('automation.delivery.webhook')}
            />
            <Select<string>
              allowClear
              style={{ width: 140 }}
              placeholder={t('automation.delivery.status')}
              aria-label={t('automation.delivery.status')}
              value={(controls.query.status as string | undefined) ?? undefined}
              onChange={(status) => controls.setFilter('status', status)}
              options={webhookDeliveryStatuses.map((status) => ({
                value: status,
                label: valueLabel('webhookDeliveryStatus', status),
              }))}
            />
            <Select<string>
              allowClear
              style={{ width: 200 }}
              placeholder={t('automation.delivery.event')}
              aria-label={t('automation.delivery.event')}
              value={(controls.query.event as string | undefined) ?? undefined}
              onChange={(event) => controls.setFilter('event', event)}
              options={[...webhookEvents, 'webhook.test'].map((event) => ({ value: event, label: eventWord(event) }))}
            />
            <RecordFilter
              resource="Ticket"
              search={searchTickets}
              value={controls.query.ticketId}
              onChange={(id) => controls.setFilter('ticketId', id)}
              placeholder={t('automation.delivery.ticket')}
            />
          </>
        )}
        actionsWidth={90}
        rowActions={(delivery) => (
          <>
            <RowIconButton
              label={t('automation.delivery.view')}
              icon={<EyeOutlined />}
              className="delivery-view"
              onClick={() => setOpen(delivery.id)}
            />
            {mayRedeliver(delivery, has) && (
              <RowIconButton
                label={t('automation.delivery.redeliver')}
                icon={<RedoOutlined />}
                className="delivery-redeliver"
                onClick={() => redeliver.mutate(delivery.id, feedback(t('automation.delivery.redelivered')))}
              />
            )}
          </>
        )}
        // Fits a 1366-pixel screen beside the menu: the answer's code and a pending delivery's next attempt are told
        // with its status.
        columns={[
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('automation.delivery.createdAt'),
            sorter: true,
            width: 180,
            render: (at: string) => formatDateTime(at, { seconds: true }),
          },
          { key: 'webhookName', dataIndex: 'webhookName', title: t('automation.delivery.webhook'), width: 140 },
          {
            key: 'event',
            title: t('automation.delivery.event'),
            width: 150,
            render: (_, delivery) => eventWord(delivery.event),
          },
          {
            key: 'status',
            title: t('automation.delivery.status'),
            width: 140,
            render: (_, delivery) => (
              <>
                <Tag color={deliveryColor[delivery.status]}>{valueLabel('webhookDeliveryStatus', delivery.status)}</Tag>
                {delivery.responseStatus !== null && (
                  <Tag className="delivery-code" title={t('automation.delivery.responseStatus')}>
                    {delivery.responseStatus}
                  </Tag>
                )}
                {delivery.status === 'Pending' && delivery.nextAttemptAt && (
                  <div className="delivery-next">
                    {t('automation.delivery.nextAt', { at: formatDateTime(delivery.nextAttemptAt) })}
                  </div>
                )}
              </>
            ),
          },
          {
            key: 'attempts',
            title: t('automation.delivery.attempts'),
            width: 80,
            render: (_, delivery) => formatNumber(delivery.attempts),
          },
          {
            key: 'ticket',
            title: t('automation.delivery.ticket'),
            width: 140,
            render: (_, delivery) =>
              delivery.ticketId ? (
                <Link className="delivery-ticket" to={`/ticket/info/${delivery.ticketId}`}>
                  {delivery.caseNumber ?? `#${delivery.ticketId}`}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            key: 'lastError',
            dataIndex: 'lastError',
            title: t('automation.delivery.lastError'),
            width: 140,
            ellipsis: { showTitle: true },
          },
        ]}
      />
      {open !== null && <DeliveryDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
