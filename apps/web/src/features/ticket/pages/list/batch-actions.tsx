import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketListItem, TicketStatus } from '@casedesk/shared';
import { feedback } from '../../../../platform/feedback';
import { useBatchAssign, useBatchStatus, useDeleteTickets } from '../../api';
import { StatusTag } from '../../components/TicketTags';

type Selection = { selected: number[]; setSelected: (update: (keys: number[]) => number[]) => void };

/** Delete (one row or the selection), change the status of or assign the selected tickets, each confirmed first. */
export function useTicketBatchActions({ selected, setSelected }: Selection) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [assignOpen, setAssignOpen] = useState(false);
  const batchStatus = useBatchStatus();
  const remove = useDeleteTickets();

  const confirmDelete = (rows: TicketListItem[]) =>
    modal.confirm({
      title: t('ticket.list.deleteTitle'),
      content:
        rows.length === 1
          ? t('ticket.list.deleteOne', { caseNumber: rows[0]!.caseNumber })
          : t('ticket.list.deleteMany', { count: rows.length }),
      okButtonProps: { danger: true },
      okText: t('ticket.list.delete'),
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(rows.map((r) => r.id)).then(() => {
          feedback.success(t('ticket.list.deleted'));
          setSelected((keys) => keys.filter((k) => !rows.some((r) => r.id === k)));
        }),
    });

  const changeStatus = (status: TicketStatus) =>
    modal.confirm({
      title: t('ticket.list.statusTitle', { count: selected.length }),
      content: <StatusTag status={status} />,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        batchStatus.mutateAsync({ ids: selected, status }).then((result) => {
          feedback.success(t('ticket.list.updated', { count: result.updated }));
          setSelected(() => []);
        }),
    });

  return { confirmDelete, changeStatus, assignOpen, openAssign: () => setAssignOpen(true), setAssignOpen };
}

/** Assigns the selected tickets to one user. */
export function BatchAssignModal({
  open,
  selected,
  users,
  onClose,
  onDone,
}: {
  open: boolean;
  selected: number[];
  users: { value: number; label: string }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [assignee, setAssignee] = useState<number | undefined>();
  const batchAssign = useBatchAssign();
  // The next opening starts without a choice, as the first did.
  const close = (then: () => void) => {
    setAssignee(undefined);
    then();
  };
  return (
    <Modal
      open={open}
      title={t('ticket.list.assignTitle', { count: selected.length })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !assignee, loading: batchAssign.isPending }}
      onCancel={() => close(onClose)}
      onOk={() => {
        if (!assignee) return;
        batchAssign.mutate(
          { ids: selected, assignTo: assignee },
          {
            onSuccess: (result) => {
              feedback.success(t('ticket.list.updated', { count: result.updated }));
              close(onDone);
            },
          },
        );
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('ticket.list.assignTo')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={assignee}
            onChange={setAssignee}
            options={users}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
