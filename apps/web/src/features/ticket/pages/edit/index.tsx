import { useEffect, useState } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TicketDetail } from '@casedesk/shared';
import { useTicketDetail } from '../../api';
import { TicketForm } from '../../components/TicketForm';
import '../../components/ticket.css';

/** Edit ticket (spec section 2): the form starts from one loaded version and saves against its rowVersion. */
export default function TicketEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const detail = useTicketDetail(Number.isInteger(id) ? id : 0);
  // The version being edited; later refetches (after a comment elsewhere) must not reset the user's input.
  const [snapshot, setSnapshot] = useState<TicketDetail | null>(null);
  useEffect(() => {
    if (detail.data && (!snapshot || snapshot.id !== detail.data.id)) setSnapshot(detail.data);
  }, [detail.data, snapshot]);

  if (detail.isPending && !snapshot) return <Skeleton active className="page-skeleton" />;
  if (!snapshot)
    return (
      <Result
        status="warning"
        title={t('ticket.form.loadFailed')}
        extra={<Button onClick={() => void navigate('/ticket/list')}>{t('ticket.info.back')}</Button>}
      />
    );
  if (!snapshot.actions.includes('edit'))
    return (
      <Result
        status="info"
        title={t('ticket.form.notEditable')}
        extra={<Button onClick={() => void navigate(`/ticket/info/${snapshot.id}`)}>{t('ticket.list.view')}</Button>}
      />
    );
  return (
    <TicketForm
      key={`${snapshot.id}:${snapshot.rowVersion}`}
      ticket={snapshot}
      onReload={() => void detail.refetch().then((result) => result.data && setSnapshot(result.data))}
    />
  );
}
