import { Alert, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DirectionTag, EmailStatusTag } from '../../../platform/mail/EmailTags';
import { usePermissions } from '../../../platform/permission';
import { useEmailOutbox, useTicketEmails } from '../api';
import { formatDateTime } from '../../../platform/format';

/** A ticket's e-mails on its info page, each linking to the e-mail's view. */
export function TicketEmails({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const allowed = has('email:view');
  const mails = useTicketEmails(ticketId, allowed);
  const outbox = useEmailOutbox(allowed);
  if (!allowed) return null;
  const items = mails.data?.items ?? [];
  return (
    <Card title={t('ticket.emails.title')} size="small" className="ticket-emails">
      {outbox.data?.accountReady === false && (
        <Alert type="warning" showIcon className="ticket-emails-no-account" title={t('ticket.emails.noAccount')} />
      )}
      <List
        size="small"
        loading={mails.isLoading}
        dataSource={items}
        locale={{ emptyText: t('ticket.emails.none') }}
        renderItem={(mail) => (
          <List.Item className="ticket-email">
            <Space orientation="vertical" size={0} style={{ width: '100%' }}>
              <Link to={`/email/list?view=${mail.id}`} className="ticket-email-link">
                {mail.subject}
              </Link>
              <Space size={4} wrap>
                <DirectionTag direction={mail.direction} />
                <EmailStatusTag status={mail.status} error={mail.error} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {mail.direction === 'In' ? (mail.from ?? '') : mail.to.join(', ')} ·{' '}
                  {formatDateTime(mail.receivedAt ?? mail.sendDate ?? mail.createdAt)}
                </Typography.Text>
              </Space>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
