import { lazy, Suspense, useState } from 'react';
import { MergeCellsOutlined, ScissorOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Empty, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { unmergeDays, unmergeDeadline, type TicketDetail, type TicketTimelineEntry } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { formatDateTime } from '../../../platform/format';
import { useSplitTicket, useUnmergeTicket } from '../api';
import { SafeHtml } from './SafeHtml';

// Loaded when first opened: the ticket page does not wait for the merge dialog's table and search.
const MergeDialog = lazy(() => import('./MergeDialog').then((m) => ({ default: m.MergeDialog })));

/** On a merged ticket: where its conversation went, and Unmerge while the server offers it. */
export function MergedBanner({ ticket, onReload }: { ticket: TicketDetail; onReload: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const unmerge = useUnmergeTicket();
  if (ticket.status !== 'Merged') return null;
  const into = ticket.mergedInto;
  const canUnmerge = ticket.actions.includes('unmerge');
  const confirm = () =>
    modal.confirm({
      title: t('ticket.merge.unmergeTitle'),
      content: t('ticket.merge.unmergeConfirm'),
      okText: t('ticket.merge.unmerge'),
      cancelText: t('common.cancel'),
      onOk: () =>
        unmerge.mutateAsync(ticket.id).then(() => {
          feedback.success(t('ticket.merge.unmerged'));
          onReload();
        }),
    });
  return (
    <Alert
      type="info"
      showIcon
      className="ticket-merged-banner"
      title={
        into ? (
          <span>
            {t('ticket.merge.banner', { caseNumber: into.caseNumber })}{' '}
            <Link to={`/ticket/info/${into.id}`}>{t('ticket.merge.open', { caseNumber: into.caseNumber })}</Link>
          </span>
        ) : (
          t('ticket.merge.bannerHidden')
        )
      }
      description={
        canUnmerge && ticket.mergedAt
          ? t('ticket.merge.bannerUntil', {
              date: formatDateTime(unmergeDeadline(new Date(ticket.mergedAt), unmergeDays).toISOString()),
            })
          : undefined
      }
      action={
        canUnmerge && (
          <Button icon={<UndoOutlined />} onClick={confirm} loading={unmerge.isPending} className="ticket-unmerge">
            {t('ticket.merge.unmerge')}
          </Button>
        )
      }
    />
  );
}

/** The ticket page's "Merge into…" and "Split off…" buttons, shown when the ticket's actions offer them. */
export function MergeSplitButtons({
  ticket,
  comments,
  onReload,
}: {
  ticket: TicketDetail;
  comments: TicketTimelineEntry[];
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'merge' | 'split' | null>(null);
  return (
    <>
      {ticket.actions.includes('merge') && (
        <Button icon={<MergeCellsOutlined />} onClick={() => setOpen('merge')} className="ticket-merge-into">
          {t('ticket.merge.mergeInto')}
        </Button>
      )}
      {ticket.actions.includes('split') && (
        <Button icon={<ScissorOutlined />} onClick={() => setOpen('split')} className="ticket-split">
          {t('ticket.merge.split')}
        </Button>
      )}
      {open === 'merge' && (
        <Suspense fallback={null}>
          <MergeDialog
            title={t('ticket.merge.intoTitle', { caseNumber: ticket.caseNumber })}
            sources={[ticket]}
            candidates={[]}
            onClose={() => setOpen(null)}
            onMerged={() => {
              setOpen(null);
              onReload();
            }}
          />
        </Suspense>
      )}
      {open === 'split' && (
        <SplitDialog
          ticketId={ticket.id}
          comments={comments.filter((e) => e.kind === 'comment' && e.commentId !== null)}
          onClose={() => setOpen(null)}
          onSplit={(made) => {
            setOpen(null);
            void navigate(`/ticket/info/${made.id}`);
          }}
        />
      )}
    </>
  );
}

/** Split: choose comments; they move to a new ticket, which then opens. */
function SplitDialog({
  ticketId,
  comments,
  onClose,
  onSplit,
}: {
  ticketId: number;
  comments: TicketTimelineEntry[];
  onClose: () => void;
  onSplit: (made: { id: number; caseNumber: string }) => void;
}) {
  const { t } = useTranslation();
  const split = useSplitTicket();
  const [chosen, setChosen] = useState<number[]>([]);
  const submit = () =>
    split.mutate(
      { id: ticketId, commentIds: chosen },
      {
        onSuccess: (made) => {
          feedback.success(t('ticket.merge.splitDone', { caseNumber: made.caseNumber }));
          onSplit(made);
        },
      },
    );
  return (
    <Modal
      open
      width={720}
      title={t('ticket.merge.splitTitle')}
      okText={t('ticket.merge.splitOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0, className: 'ticket-split-ok' }}
      confirmLoading={split.isPending}
      onOk={submit}
      onCancel={onClose}
      className="ticket-split-dialog"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('ticket.merge.splitHelp')}</Typography.Text>
        {comments.length === 0 ? (
          <Empty description={t('ticket.merge.splitNone')} />
        ) : (
          <Checkbox.Group
            value={chosen}
            onChange={(values) => setChosen(values as number[])}
            style={{ width: '100%' }}
            aria-label={t('ticket.merge.splitChoose')}
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              {comments.map((c) => (
                <Checkbox key={c.commentId} value={c.commentId} className="ticket-split-comment">
                  <Typography.Text type="secondary">
                    {c.actorName ?? t('ticket.timeline.someone')} · {formatDateTime(c.at)}
                  </Typography.Text>{' '}
                  <Tag>{c.public ? t('ticket.merge.public') : t('ticket.merge.internal')}</Tag>
                  <SafeHtml html={c.comment ?? ''} className="ticket-split-text" />
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        )}
      </Space>
    </Modal>
  );
}
