import { useState } from 'react';
import { Input, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketListItem, TicketStatus } from '@casedesk/shared';
import { useResourceList, type PagedQuery } from '../../../platform/crud/use-resource-list';
import { useTicketPicker } from '../api';
import { formatDate } from '../../../platform/format';
import { StatusTag } from './TicketTags';

export type PickedTicket = { id: number; caseNumber: string; subject: string };

/** The ticket dialog list (spec section 2): search and choose one ticket, e.g. the parent. */
export function TicketPickerModal({
  open,
  excludeId,
  excludeIds = [],
  title,
  onPick,
  onClose,
}: {
  open: boolean;
  excludeId?: number;
  /** Tickets that cannot be chosen here (a merge's sources). */
  excludeIds?: number[];
  title?: string;
  onPick: (ticket: PickedTicket) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<TicketListItem | null>(null);
  const list = useResourceList<TicketListItem, PagedQuery>(
    { useList: (query) => useTicketPicker(query.keyword ?? '', query.page, open) },
    { start: { page: 1, pageSize: 10 } },
  );
  const rows = list.items.filter((r) => r.id !== excludeId && !excludeIds.includes(r.id));

  return (
    <Modal
      open={open}
      width={760}
      title={title ?? t('ticket.picker.title')}
      okText={t('ticket.picker.choose')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !chosen }}
      onOk={() => {
        if (chosen) onPick({ id: chosen.id, caseNumber: chosen.caseNumber, subject: chosen.subject });
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.Search
        {...list.searchProps}
        placeholder={t('ticket.picker.search')}
        aria-label={t('ticket.picker.search')}
        style={{ marginBottom: 12 }}
      />
      <Table<TicketListItem>
        rowKey="id"
        size="small"
        loading={list.list.isFetching}
        dataSource={rows}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen.id] : [],
          onChange: (_keys, selected) => setChosen(selected[0] ?? null),
        }}
        onRow={(row) => ({ onClick: () => setChosen(row) })}
        pagination={{ ...list.pager, showSizeChanger: false }}
        onChange={list.onTableChange}
        columns={[
          { title: t('ticket.fields.caseNumber'), dataIndex: 'caseNumber', width: 160 },
          { title: t('ticket.fields.subject'), dataIndex: 'subject', ellipsis: true },
          {
            title: t('ticket.fields.status'),
            dataIndex: 'status',
            width: 110,
            render: (value: TicketStatus) => <StatusTag status={value} />,
          },
          {
            title: t('ticket.fields.openDate'),
            dataIndex: 'openDate',
            width: 120,
            render: (value: string) => formatDate(value),
          },
        ]}
      />
    </Modal>
  );
}
