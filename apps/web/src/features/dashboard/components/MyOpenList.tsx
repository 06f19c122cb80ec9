import { Empty, Flex, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TicketDashboard } from '@casedesk/shared';
import { priorityColors, statusColors } from './colors';
import { formatDateTime } from '../../../platform/format';
import { useValueLabel } from '../../../platform/labels/labels';

/** The first of my open tickets, soonest due first. */
export function MyOpenList({ items }: { items: TicketDashboard['myOpen']['items'] }) {
  const { t } = useTranslation();
  const label = useValueLabel();
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.myOpenEmpty')} />;
  const now = dayjs();
  return (
    <List
      size="small"
      className="dashboard-my-open"
      dataSource={items}
      renderItem={(item) => {
        const overdue = item.dueDate !== null && dayjs(item.dueDate).isBefore(now);
        return (
          <List.Item style={{ paddingInline: 0 }}>
            <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
              <Flex justify="space-between" gap={8}>
                <Link to={`/ticket/info/${item.id}`} style={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                  {item.caseNumber}
                </Link>
                <span style={{ whiteSpace: 'nowrap' }}>
                  <Tag color={priorityColors[item.priority]} variant="filled" style={{ marginInlineEnd: 4 }}>
                    {label('ticketPriority', item.priority)}
                  </Tag>
                  <Tag color={statusColors[item.status]} variant="outlined" style={{ marginInlineEnd: 0 }}>
                    {label('ticketStatus', item.status)}
                  </Tag>
                </span>
              </Flex>
              <Typography.Text ellipsis={{ tooltip: item.subject }}>{item.subject}</Typography.Text>
              {item.dueDate && (
                <Typography.Text type={overdue ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                  {overdue
                    ? t('dashboard.overdueSince', { date: formatDateTime(item.dueDate) })
                    : t('dashboard.dueAt', { date: formatDateTime(item.dueDate) })}
                </Typography.Text>
              )}
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}
