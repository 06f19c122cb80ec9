import { Drawer, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduledTicketListItem, ScheduledTicketMade, TicketPriority, TicketStatus } from '@casedesk/shared';
import { useResourceList, type PagedQuery } from '../../../platform/crud/use-resource-list';
import { useScheduledTicketsMade } from '../api';
import { formatDateTime } from '../../../platform/format';
import { PriorityTag, StatusTag } from './TicketTags';

const pageSize = 10;

/** The tickets a scheduled ticket made (those the user may see), newest first, each linked to its page. */
export function ScheduledTicketsMade({ item, onClose }: { item: ScheduledTicketListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const made = useResourceList<ScheduledTicketMade, PagedQuery>(
    { useList: (query) => useScheduledTicketsMade(item.id, query.page, query.pageSize) },
    { start: { page: 1, pageSize } },
  );
  return (
    <Drawer
      open
      destroyOnHidden
      size={900}
      onClose={onClose}
      className="scheduled-made"
      title={t('ticket.scheduled.madeTitle', { subject: item.subject })}
    >
      <Table<ScheduledTicketMade>
        rowKey="id"
        size="small"
        loading={made.list.isFetching}
        dataSource={made.items}
        locale={{ emptyText: t('ticket.scheduled.madeEmpty') }}
        pagination={{ ...made.pager, showTotal: (total) => t('ticket.scheduled.total', { total }) }}
        onChange={made.onTableChange}
        columns={[
          {
            key: 'caseNumber',
            dataIndex: 'caseNumber',
            title: t('ticket.fields.caseNumber'),
            width: 160,
            render: (value: string, row) => (
              <Link to={`/ticket/info/${row.id}`} className="scheduled-made-link" onClick={onClose}>
                {value}
              </Link>
            ),
          },
          { key: 'subject', dataIndex: 'subject', title: t('ticket.fields.subject'), ellipsis: true },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('ticket.fields.status'),
            width: 100,
            render: (status: TicketStatus) => <StatusTag status={status} />,
          },
          {
            key: 'priority',
            dataIndex: 'priority',
            title: t('ticket.fields.priority'),
            width: 80,
            render: (priority: TicketPriority) => <PriorityTag priority={priority} />,
          },
          {
            key: 'assignToName',
            dataIndex: 'assignToName',
            title: t('ticket.fields.assignTo'),
            width: 120,
            ellipsis: true,
          },
          {
            key: 'fireTime',
            dataIndex: 'fireTime',
            title: t('ticket.scheduled.fields.fireTime'),
            width: 150,
            render: (value: string) => formatDateTime(value),
          },
        ]}
      />
    </Drawer>
  );
}
