import { RedoOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@casedesk/shared';
import { useActionFeedback } from '../../../platform/crud/failure';
import { formatDateTime, formatNumber } from '../../../platform/format';
import { useValueLabel } from '../../../platform/labels/labels';
import { usePermissions } from '../../../platform/permission';
import { useRedeliver, webhookDeliveryApi } from '../api';
import { DeliveryAnswer } from './DeliveryAnswer';

export const deliveryColor = { Pending: 'processing', Delivered: 'success', Failed: 'error' } as const;

/** A delivery's event in words (the Test button's own event included). */
export function useEventWord() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  return (event: string) =>
    event === 'webhook.test' ? t('automation.delivery.testEvent') : valueLabel('automationEvent', event);
}

/** Redeliver is offered once a delivery is settled (Delivered or Failed), to those with `webhook:redeliver`. */
export const mayRedeliver = (delivery: Pick<WebhookDelivery, 'status'>, has: (code: string) => boolean) =>
  delivery.status !== 'Pending' && has('webhook:redeliver');

/** One delivery: what was sent (the payload as JSON), the receiver's answer, its attempts and the next one. */
export function DeliveryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const valueLabel = useValueLabel();
  const eventWord = useEventWord();
  const detail = webhookDeliveryApi.useDetail(id);
  const redeliver = useRedeliver();
  const feedback = useActionFeedback();
  const delivery = detail.data;
  return (
    <Drawer
      open
      size={680}
      onClose={onClose}
      title={t('automation.delivery.detail')}
      className="delivery-drawer"
      extra={
        delivery &&
        mayRedeliver(delivery, has) && (
          <Button
            icon={<RedoOutlined />}
            loading={redeliver.isPending}
            onClick={() =>
              redeliver.mutate(delivery.id, {
                ...feedback(t('automation.delivery.redelivered')),
                onSettled: () => void detail.refetch(),
              })
            }
          >
            {t('automation.delivery.redeliver')}
          </Button>
        )
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={t('crud.loadFailed')} />
      ) : !delivery ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('automation.delivery.webhook')}>{delivery.webhookName}</Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.event')}>{eventWord(delivery.event)}</Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.status')}>
              <Tag color={deliveryColor[delivery.status]}>{valueLabel('webhookDeliveryStatus', delivery.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.messageId')}>
              <code>{delivery.messageId}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.attempts')}>
              {formatNumber(delivery.attempts)}
            </Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.nextAttemptAt')}>
              {delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt, { seconds: true }) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.createdAt')}>
              {formatDateTime(delivery.createdAt, { seconds: true })}
            </Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.deliveredAt')}>
              {delivery.deliveredAt ? formatDateTime(delivery.deliveredAt, { seconds: true }) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('automation.delivery.ticket')}>
              {delivery.ticketId ? (
                <Link to={`/ticket/info/${delivery.ticketId}`}>{delivery.caseNumber ?? `#${delivery.ticketId}`}</Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <h4 className="trigger-heading">{t('automation.delivery.answer')}</h4>
          <DeliveryAnswer delivery={delivery} />
          <h4 className="trigger-heading">{t('automation.delivery.payload')}</h4>
          <pre className="delivery-json">{JSON.stringify(delivery.payload, null, 2)}</pre>
        </>
      )}
    </Drawer>
  );
}
