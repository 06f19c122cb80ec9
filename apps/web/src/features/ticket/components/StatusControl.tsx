import { useState } from 'react';
import { App, Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketDetail, TicketStatus } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { ApiError } from '../../../platform/http/client';
import { useChangeStatus } from '../api';
import { isConflict } from './ticket-messages';
import { translateServerMessage } from '../../../platform/server-messages';

/** Moves a ticket to one of the statuses the server allows now (`allowedStatuses`). */
export function StatusControl({ ticket, onReload }: { ticket: TicketDetail; onReload: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [status, setStatus] = useState<TicketStatus | undefined>();
  const change = useChangeStatus();
  const allowed = ticket.allowedStatuses.filter((s) => s !== ticket.status);

  if (allowed.length === 0) return <Typography.Text type="secondary">{t('ticket.info.finalStatus')}</Typography.Text>;

  const apply = () => {
    if (!status) return;
    change.mutate(
      { id: ticket.id, rowVersion: ticket.rowVersion, status },
      {
        onSuccess: () => {
          feedback.success(t('ticket.info.statusChanged', { status: t(`ticket.status.${status}`) }));
          setStatus(undefined);
        },
        onError: (error) => {
          if (isConflict(error))
            modal.confirm({
              title: t('ticket.form.conflictTitle'),
              content: t('ticket.form.conflictText'),
              okText: t('ticket.form.reload'),
              cancelText: t('common.cancel'),
              onOk: onReload,
            });
          else if (error instanceof ApiError && error.kind === 'http' && error.status !== 403)
            feedback.error(translateServerMessage(error));
        },
      },
    );
  };

  return (
    <Space.Compact className="ticket-status-control">
      <Select<TicketStatus>
        value={status}
        onChange={setStatus}
        placeholder={t('ticket.info.statusTo')}
        aria-label={t('ticket.info.changeStatus')}
        style={{ minWidth: 150 }}
        options={allowed.map((s) => ({ value: s, label: t(`ticket.status.${s}`) }))}
      />
      <Button type="primary" disabled={!status} loading={change.isPending} onClick={apply}>
        {t('ticket.info.apply')}
      </Button>
    </Space.Compact>
  );
}
