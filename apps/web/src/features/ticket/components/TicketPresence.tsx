import { EditOutlined } from '@ant-design/icons';
import { Avatar, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketPresenceUser } from '@casedesk/shared';

const initialOf = (name: string) => [...name.trim()][0]?.toUpperCase() ?? '?';

/** The others who have the ticket open, and "typing…" beside those writing a reply or comment. */
export function TicketPresence({ users }: { users: TicketPresenceUser[] }) {
  const { t } = useTranslation();
  if (users.length === 0) return null;
  return (
    <Space size={6} wrap className="ticket-presence" data-testid="ticket-presence">
      <Typography.Text type="secondary">{t('ticket.presence.alsoHere')}</Typography.Text>
      {users.map((user) => (
        <Tooltip
          key={user.id}
          title={t(user.editing ? 'ticket.presence.typingTip' : 'ticket.presence.viewingTip', { name: user.name })}
        >
          <Space size={4} className={user.editing ? 'ticket-presence-user is-typing' : 'ticket-presence-user'}>
            <Avatar size="small">{initialOf(user.name)}</Avatar>
            <Typography.Text>{user.name}</Typography.Text>
            {user.editing && (
              <Typography.Text type="success" italic>
                <EditOutlined /> {t('ticket.presence.typing')}
              </Typography.Text>
            )}
          </Space>
        </Tooltip>
      ))}
    </Space>
  );
}
