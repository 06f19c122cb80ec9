import { DeleteOutlined, EditOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import { Space, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TicketListItem, TicketPriority, TicketStatus } from '@casedesk/shared';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { useTicketFormOptions, type TicketFilter } from '../../api';
import { customValueColumns } from '../../../../platform/custom-fields/custom-field-values';
import { formatDateTime } from '../../../../platform/format';
import { SlaBadge } from '../../components/SlaBadge';
import { useMinuteClock } from '../../components/sla-clock';
import { TagChips } from '../../../../platform/pickers/TagSelect';
import { PriorityTag, StatusTag } from '../../components/TicketTags';

export type ListColumn = ColumnType<TicketListItem> & { key: string; title: string };

/** Columns that are always shown; the others can be hidden with the column chooser. */
export const fixedColumns = ['caseNumber', 'subject', 'actions'];
export const defaultHidden = ['ticketFrom', 'customer', 'closeDate', 'companyName'];

/** The list's columns, sorted as `orderBy` says; a row's buttons are the actions the server gave it. */
export function useTicketColumns(
  orderBy: TicketFilter['orderBy'],
  onDelete: (rows: TicketListItem[]) => void,
): ListColumn[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formOptions = useTicketFormOptions().data;
  const customFields = formOptions?.customFields;
  const users = new Map((formOptions?.users ?? []).map((u) => [u.id, u.name]));
  const words = {
    yes: t('values.boolean.true'),
    no: t('values.boolean.false'),
    userName: (id: number) => users.get(id),
  };
  const now = useMinuteClock();
  const order = orderBy?.[0];
  const sortOrder = (key: string) => (order?.field === key ? (order.desc ? 'descend' : 'ascend') : null);
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) }) as const;
  const named = (key: string, field: string, width: number) => ({
    key,
    title: t(`ticket.fields.${field}`),
    dataIndex: key,
    width,
    ellipsis: true,
  });
  const dateColumn = (key: 'openDate' | 'closeDate') => ({
    title: t(`ticket.fields.${key}`),
    dataIndex: key,
    width: 160,
    ...sortable(key),
    render: (value: string | null) => formatDateTime(value),
  });

  return [
    {
      title: t('ticket.fields.caseNumber'),
      dataIndex: 'caseNumber',
      width: 170,
      fixed: 'left',
      ...sortable('caseNumber'),
      render: (value: string, row) => (
        <Space size={4}>
          <Link to={`/ticket/info/${row.id}`} className="ticket-case-number">
            {value}
          </Link>
          {row.privateTicket && (
            <Tooltip title={t('ticket.list.private')}>
              <LockOutlined className="ticket-private-icon" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('ticket.fields.subject'), dataIndex: 'subject', ellipsis: true, width: 260, ...sortable('subject') },
    {
      title: t('ticket.fields.status'),
      dataIndex: 'status',
      width: 120,
      ...sortable('status'),
      render: (value: TicketStatus) => <StatusTag status={value} />,
    },
    {
      title: t('ticket.fields.priority'),
      dataIndex: 'priority',
      width: 110,
      ...sortable('priority'),
      render: (value: TicketPriority) => <PriorityTag priority={value} />,
    },
    {
      title: t('ticket.sla.column'),
      dataIndex: 'sla',
      width: 150,
      ...sortable('slaResolutionDueAt'),
      render: (value: TicketListItem['sla']) => <SlaBadge sla={value} now={now} />,
    },
    {
      key: 'tags',
      title: t('ticket.fields.tags'),
      dataIndex: 'tags',
      width: 220,
      render: (value: string[]) => <TagChips tags={value} />,
    },
    named('categoryName', 'categoryId', 150),
    named('projectName', 'projectId', 150),
    named('companyName', 'companyId', 150),
    {
      ...named('assignToName', 'assignTo', 140),
      render: (value: string | null, row) =>
        value ? (
          <span>
            {value}
            {row.delegateToName ? ` → ${row.delegateToName}` : ''}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('ticket.list.unassigned')}</Typography.Text>
        ),
    },
    named('customer', 'customer', 140),
    {
      key: 'ticketFrom',
      title: t('ticket.fields.ticketFrom'),
      dataIndex: 'ticketFrom',
      width: 100,
      render: (value: string) => t(`ticket.from.${value}`),
    },
    dateColumn('openDate'),
    {
      title: t('ticket.fields.dueDate'),
      dataIndex: 'dueDate',
      width: 160,
      ...sortable('dueDate'),
      render: (value: string | null, row) => (
        <span className={value && dayjs(value).isBefore(dayjs()) && !row.closeDate ? 'ticket-overdue' : undefined}>
          {formatDateTime(value)}
        </span>
      ),
    },
    dateColumn('closeDate'),
    // Custom fields as optional columns (archived ones too: their values still read), labels in the reader's language.
    ...customValueColumns<TicketListItem>(customFields ?? [], words),
    {
      key: 'actions',
      title: t('ticket.list.actions'),
      width: 120,
      fixed: 'right',
      className: 'ticket-no-print',
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.actions.includes('view') && (
            <RowIconButton
              type="link"
              label={t('ticket.list.view')}
              icon={<EyeOutlined />}
              onClick={() => void navigate(`/ticket/info/${row.id}`)}
            />
          )}
          {row.actions.includes('edit') && (
            <RowIconButton
              type="link"
              label={t('ticket.list.edit')}
              icon={<EditOutlined />}
              onClick={() => void navigate(`/ticket/edit/${row.id}?caseNumber=${encodeURIComponent(row.caseNumber)}`)}
            />
          )}
          {row.actions.includes('delete') && (
            <RowIconButton
              type="link"
              danger
              label={t('ticket.list.delete')}
              icon={<DeleteOutlined />}
              onClick={() => onDelete([row])}
            />
          )}
        </Space>
      ),
    },
  ];
}
