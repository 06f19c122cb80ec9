import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '@casedesk/shared';
import { formatDateTime } from '../../../platform/format';
import { useWatchTicket } from '../api';

/**
 * Who watches the ticket (told of its comments and status changes, contract 20) and the caller's own Watch / Unwatch:
 * anyone who sees the ticket may watch it.
 */
export function WatchersCard({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const watch = useWatchTicket();
  const toggle = () => watch.mutate({ id: ticket.id, on: !ticket.watching });
  return (
    <Card
      title={t('ticket.watchers.title', { count: ticket.watchers.length })}
      size="small"
      className="ticket-watchers"
      extra={
        <Button
          size="small"
          type={ticket.watching ? 'default' : 'primary'}
          ghost={!ticket.watching}
          icon={ticket.watching ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          loading={watch.isPending}
          onClick={toggle}
          className="ticket-watch-button"
        >
          {ticket.watching ? t('ticket.watchers.unwatch') : t('ticket.watchers.watch')}
        </Button>
      }
    >
      {ticket.watchers.length === 0 ? (
        <Typography.Text type="secondary">{t('ticket.watchers.none')}</Typography.Text>
      ) : (
        <div className="ticket-watcher-list">
          {ticket.watchers.map((watcher) => (
            <Tooltip
              key={watcher.userId}
              title={t(`ticket.watchers.how.${watcher.how}`, { at: formatDateTime(watcher.since) })}
            >
              <Tag icon={<EyeOutlined />} className="ticket-watcher">
                {watcher.name}
              </Tag>
            </Tooltip>
          ))}
        </div>
      )}
      <Typography.Paragraph type="secondary" className="ticket-watchers-hint">
        {t('ticket.watchers.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
