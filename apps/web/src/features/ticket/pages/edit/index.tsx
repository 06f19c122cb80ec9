import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton, Space } from 'antd';
import { StatusResult } from '../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TicketDetail } from '@casedesk/shared';
import { useTicketDetail } from '../../api';
import { TicketForm } from '../../components/TicketForm';
import { TicketPresence } from '../../components/TicketPresence';
import { changedFields } from '../../components/ticket-form-values';
import { useTicketChanged, useTicketPresence } from '../../components/use-ticket-live';
import '../../components/ticket.css';

/** Edit ticket (spec section 2): the form starts from one loaded version and saves against its rowVersion. */
export default function TicketEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : 0;
  const detail = useTicketDetail(validId);
  // The version being edited; later refetches (after a comment elsewhere) must not reset the user's input.
  const [snapshot, setSnapshot] = useState<TicketDetail | null>(null);
  useEffect(() => {
    if (detail.data && (!snapshot || snapshot.id !== detail.data.id)) setSnapshot(detail.data);
  }, [detail.data, snapshot]);
  // On this page the user is editing the ticket: the others see them typing.
  const others = useTicketPresence(validId, true);
  // A newer version saved by someone else is read at once and offered before the user saves (not after a 409).
  useTicketChanged(validId, (rowVersion) => {
    if (snapshot && rowVersion > snapshot.rowVersion) void detail.refetch();
  });
  const newer = detail.data && snapshot && detail.data.rowVersion > snapshot.rowVersion ? detail.data : null;

  if (detail.isPending && !snapshot) return <Skeleton active className="page-skeleton" />;
  if (!snapshot)
    return (
      <StatusResult
        status="warning"
        title={t('ticket.form.loadFailed')}
        extra={<Button onClick={() => void navigate('/ticket/list')}>{t('ticket.info.back')}</Button>}
      />
    );
  if (!snapshot.actions.includes('edit'))
    return (
      <StatusResult
        status="info"
        title={t('ticket.form.notEditable')}
        extra={<Button onClick={() => void navigate(`/ticket/info/${snapshot.id}`)}>{t('ticket.list.view')}</Button>}
      />
    );
  const fields = newer ? changedFields(snapshot, newer).map((field) => t(`ticket.fields.${field}`)) : [];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <TicketPresence users={others} />
      {newer && (
        <Alert
          className="ticket-changed-banner"
          type="warning"
          showIcon
          title={t('ticket.live.changedTitle')}
          description={
            <>
              {fields.length > 0 && (
                <div>{t('ticket.live.changedFields', { fields: fields.join(t('ticket.live.listSeparator')) })}</div>
              )}
              <div>{t('ticket.live.editingNote')}</div>
            </>
          }
          action={
            <Button size="small" type="primary" onClick={() => setSnapshot(newer)}>
              {t('ticket.live.load')}
            </Button>
          }
        />
      )}
      <TicketForm
        key={`${snapshot.id}:${snapshot.rowVersion}`}
        ticket={snapshot}
        onReload={() => void detail.refetch().then((result) => result.data && setSnapshot(result.data))}
      />
    </Space>
  );
}
