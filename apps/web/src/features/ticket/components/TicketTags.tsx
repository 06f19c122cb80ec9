import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketPriority, TicketStatus } from '@casedesk/shared';
import { priorityColors, statusColors } from '../api';

export function StatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColors[status]} className={`ticket-status ticket-status-${status}`}>
      {t(`ticket.status.${status}`)}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return (
    <Tag color={priorityColors[priority]} variant="outlined" className={`ticket-priority ticket-priority-${priority}`}>
      {t(`ticket.priority.${priority}`)}
    </Tag>
  );
}
