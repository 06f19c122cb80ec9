import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OpenItemStatus, TicketPriority } from '@casedesk/shared';

const statusColors: Record<OpenItemStatus, string> = {
  Open: 'blue',
  InProgress: 'gold',
  Complete: 'green',
  Cancelled: 'default',
};
const priorityColors: Record<TicketPriority, string> = {
  Low: 'default',
  Medium: 'blue',
  High: 'orange',
  Urgent: 'red',
};

export function OpenItemStatusTag({ status }: { status: OpenItemStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColors[status]} className={`open-item-status open-item-status-${status}`}>
      {t(`openItem.status.${status}`)}
    </Tag>
  );
}

export function OpenItemPriorityTag({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return <Tag color={priorityColors[priority]}>{t(`openItem.priority.${priority}`)}</Tag>;
}
