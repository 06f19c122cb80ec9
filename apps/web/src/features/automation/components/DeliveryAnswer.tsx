import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@casedesk/shared';
import { formatUnit } from '../../../platform/format';

/** The receiver's answer to one delivery: status code, time taken, the start of the body, or the error. */
export function DeliveryAnswer({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const ok = delivery.responseStatus !== null && delivery.responseStatus >= 200 && delivery.responseStatus < 300;
  return (
    <Descriptions column={1} size="small" bordered className="delivery-answer">
      <Descriptions.Item label={t('automation.delivery.responseStatus')}>
        {delivery.responseStatus === null ? '—' : <Tag color={ok ? 'success' : 'error'}>{delivery.responseStatus}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('automation.delivery.duration')}>
        {delivery.durationMs === null ? '—' : formatUnit(delivery.durationMs, 'millisecond')}
      </Descriptions.Item>
      {delivery.lastError && (
        <Descriptions.Item label={t('automation.delivery.lastError')}>{delivery.lastError}</Descriptions.Item>
      )}
      <Descriptions.Item label={t('automation.delivery.responseBody')}>
        {delivery.responseBody ? <pre className="delivery-json">{delivery.responseBody}</pre> : '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}
