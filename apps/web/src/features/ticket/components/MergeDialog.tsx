import { useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback';
import { useMergeTickets } from '../api';
import { TicketPickerModal, type PickedTicket } from './TicketPickerModal';

/** A ticket as the dialog shows it; the customer, when known, warns of merging two customers' conversations. */
export type MergeCandidate = PickedTicket & { customer?: string | null; customerEmail?: string | null };

const customerOf = (t: MergeCandidate) => (t.customerEmail ?? t.customer ?? '').trim().toLowerCase();

/**
 * Merge (contract section 20): choose the ticket to keep among the candidates (the list's selection) or by a
 * search; the other `sources` go into it. The server checks every rule; its refusal is shown in the reader's words.
 */
export function MergeDialog({
  title,
  sources,
  candidates,
  onClose,
  onMerged,
}: {
  title: string;
  sources: MergeCandidate[];
  /** The tickets offered as the one to keep; none: "Merge into…" a ticket found by a search. */
  candidates: MergeCandidate[];
  onClose: () => void;
  onMerged: (target: MergeCandidate) => void;
}) {
  const { t } = useTranslation();
  const merge = useMergeTickets();
  const [picked, setPicked] = useState<MergeCandidate | null>(null);
  const [targetId, setTargetId] = useState<number | null>(candidates[0]?.id ?? null);
  const [searching, setSearching] = useState(false);
  const into = candidates.length === 0;
  const choices = picked ? [...candidates.filter((c) => c.id !== picked.id), picked] : candidates;
  const target = choices.find((c) => c.id === targetId) ?? null;
  const merged = target ? sources.filter((s) => s.id !== target.id) : [];
  const customers = new Set([...merged, ...(target ? [target] : [])].map(customerOf).filter((c) => c !== ''));

  const submit = () => {
    if (!target || merged.length === 0) return;
    merge.mutate(
      { targetId: target.id, sourceIds: merged.map((s) => s.id) },
      {
        onSuccess: () => {
          feedback.success(t('ticket.merge.done', { caseNumber: target.caseNumber }));
          onMerged(target);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={title}
      width={640}
      okText={t('ticket.merge.merge')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !target || merged.length === 0, className: 'ticket-merge-ok' }}
      confirmLoading={merge.isPending}
      onOk={submit}
      onCancel={onClose}
      className="ticket-merge-dialog"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t(into ? 'ticket.merge.intoHelp' : 'ticket.merge.targetHelp')}
        </Typography.Text>
        <Typography.Text strong>{t(into ? 'ticket.merge.intoLabel' : 'ticket.merge.target')}</Typography.Text>
        {choices.length > 0 && (
          <Radio.Group value={targetId} onChange={(e) => setTargetId(e.target.value as number)}>
            <Space orientation="vertical">
              {choices.map((c) => (
                <Radio key={c.id} value={c.id} className="ticket-merge-choice">
                  <Typography.Text strong>{c.caseNumber}</Typography.Text> {c.subject}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
        <Button icon={<SearchOutlined />} onClick={() => setSearching(true)} className="ticket-merge-search">
          {choices.length > 0 ? t('ticket.merge.otherTarget') : t('ticket.merge.chooseTarget')}
        </Button>
        {merged.length > 0 && !into && (
          <div>
            <Typography.Text strong>{t('ticket.merge.merging')}</Typography.Text>
            <ul className="ticket-merge-sources">
              {merged.map((s) => (
                <li key={s.id}>
                  <Typography.Text strong>{s.caseNumber}</Typography.Text> {s.subject}
                </li>
              ))}
            </ul>
          </div>
        )}
        {customers.size > 1 && <Alert type="warning" showIcon title={t('ticket.merge.differentCustomers')} />}
      </Space>
      <TicketPickerModal
        open={searching}
        title={t('ticket.merge.chooseTarget')}
        excludeIds={sources.length === 1 ? sources.map((s) => s.id) : []}
        onClose={() => setSearching(false)}
        onPick={(ticket) => {
          setPicked(ticket);
          setTargetId(ticket.id);
          setSearching(false);
        }}
      />
    </Modal>
  );
}
