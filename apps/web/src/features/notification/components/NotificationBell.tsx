import { useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@casedesk/shared';
import { useMarkRead, useNotifications, useNotificationTitle, useUnreadCount } from '../api';
import { useNotificationStream } from './use-notification-stream';
import './notification.css';
import { formatDateTime } from '../../../platform/format';

const latestCount = 8;

/** The header's bell: the unread count, live; a click shows the latest ones. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const latest = useNotifications({ page: 1, pageSize: latestCount }, open);
  const markRead = useMarkRead();
  const titleOf = useNotificationTitle();
  useNotificationStream();

  const openItem = (item: Notification) => {
    if (!item.isRead) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    if (item.linkData?.path) void navigate(item.linkData.path);
  };
  const items = latest.data?.items ?? [];
  const count = unread.data ?? 0;

  const content = (
    <div className="notification-panel" data-testid="notification-panel">
      <div className="notification-panel-head">
        <span className="notification-panel-title">{t('notification.bell.title')}</span>
        <Button
          type="link"
          size="small"
          disabled={count === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('notification.markAllRead')}
        </Button>
      </div>
      <Spin spinning={latest.isFetching && !latest.data}>
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notification.empty')} />
        ) : (
          <ul className="notification-items">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={`notification-item${item.isRead ? '' : ' notification-item--unread'}`}
                  onClick={() => openItem(item)}
                >
                  {!item.isRead && <span className="notification-dot" aria-label={t('notification.unread')} />}
                  <span className="notification-item-title">{titleOf(item)}</span>
                  {item.content && <span className="notification-item-content">{item.content}</span>}
                  <span className="notification-item-time">
                    {formatDateTime(item.createdAt)}
                    {item.fromName ? ` · ${item.fromName}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      <div className="notification-panel-foot">
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(false);
            void navigate('/notification/list');
          }}
        >
          {t('notification.viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content} arrow={false}>
      <Tooltip title={open ? undefined : t('notification.bell.title')}>
        <Button
          type="text"
          className="header-icon notification-bell"
          aria-label={t('notification.bell.label', { count })}
          icon={
            <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
              <BellOutlined className="notification-bell-icon" />
            </Badge>
          }
        />
      </Tooltip>
    </Popover>
  );
}
