import { CheckOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Input, Segmented, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notificationTypes, type Notification } from '@casedesk/shared';
import { ListHeader, ResetButton } from '../../../../platform/crud/ListHeader';
import { useResourceList } from '../../../../platform/crud/use-resource-list';
import {
  useMarkRead,
  useNotifications,
  useNotificationTitle,
  useUnreadCount,
  type NotificationListQuery,
} from '../../api';
import { formatDateTime } from '../../../../platform/format';

type ReadFilter = 'all' | 'unread' | 'read';
const start: NotificationListQuery = { page: 1, pageSize: 20 };
const notifications = { useList: useNotifications };

/** My notifications: filter by read state, kind and text; open one (marks it read); mark several or all read. */
export default function NotificationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useResourceList<Notification, NotificationListQuery>(notifications, { start });
  const { query, selected } = list;
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const titleOf = useNotificationTitle();
  const readFilter: ReadFilter = query.isRead === undefined ? 'all' : query.isRead ? 'read' : 'unread';

  const open = (item: Notification) => {
    if (!item.isRead) markRead.mutate({ ids: [item.id] });
    if (item.linkData?.path) void navigate(item.linkData.path);
  };

  return (
    <Card className="notification-list" variant="borderless">
      <ListHeader title={t('notification.list.title')}>
        <Input.Search
          {...list.searchProps}
          className="notification-search"
          placeholder={t('notification.list.search')}
          style={{ width: 240 }}
        />
        <Segmented<ReadFilter>
          className="notification-read-filter"
          value={readFilter}
          options={(['all', 'unread', 'read'] as const).map((value) => ({
            value,
            label: t(`notification.list.${value}`),
          }))}
          onChange={(value) => list.setFilter('isRead', value === 'all' ? undefined : value === 'read')}
        />
        <Select
          allowClear
          className="notification-type-filter"
          style={{ width: 180 }}
          placeholder={t('notification.list.allTypes')}
          value={query.msType}
          options={notificationTypes.map((type) => ({ value: type, label: t(`notification.types.${type}`) }))}
          onChange={(msType) => list.setFilter('msType', msType)}
        />
        <ResetButton label={t('notification.list.reset')} onClick={list.reset} />
        <Button
          icon={<CheckOutlined />}
          disabled={selected.length === 0}
          onClick={() => markRead.mutate({ ids: selected.map((item) => item.id) }, { onSuccess: list.clearSelection })}
        >
          {t('notification.list.markSelectedRead')}
        </Button>
        <Button
          type="primary"
          disabled={(unread.data ?? 0) === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('notification.markAllRead')}
        </Button>
      </ListHeader>
      <Table<Notification>
        rowKey="id"
        size="middle"
        dataSource={list.items}
        loading={list.list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          ...list.rowSelection,
          preserveSelectedRowKeys: false,
          getCheckboxProps: (item) => ({ disabled: item.isRead }),
        }}
        onRow={(item) => ({ onClick: () => open(item), style: { cursor: item.linkData ? 'pointer' : undefined } })}
        columns={[
          {
            key: 'state',
            width: 90,
            title: t('notification.list.state'),
            render: (_, item) =>
              item.isRead ? (
                <Badge status="default" text={t('notification.read')} />
              ) : (
                <Badge status="processing" text={t('notification.unread')} />
              ),
          },
          {
            key: 'title',
            title: t('notification.list.fields.title'),
            width: 300,
            render: (_, item) => (
              <Typography.Text strong={!item.isRead} className="notification-row-title">
                {titleOf(item)}
              </Typography.Text>
            ),
          },
          {
            key: 'content',
            dataIndex: 'content',
            title: t('notification.list.fields.content'),
            ellipsis: true,
            width: 220,
          },
          {
            key: 'msType',
            title: t('notification.list.fields.msType'),
            width: 120,
            render: (_, item) => t(`notification.types.${item.msType}`),
          },
          { key: 'fromName', dataIndex: 'fromName', title: t('notification.list.fields.from'), width: 130 },
          {
            key: 'createdAt',
            title: t('notification.list.fields.createdAt'),
            width: 150,
            render: (_, item) => formatDateTime(item.createdAt),
          },
        ]}
        locale={{ emptyText: t('notification.empty') }}
        pagination={{ ...list.pagination, showTotal: (total) => t('notification.list.total', { count: total }) }}
        onChange={list.onTableChange}
      />
    </Card>
  );
}
