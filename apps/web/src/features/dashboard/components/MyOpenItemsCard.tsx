import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyOpenItems } from '../api';
import { useValueLabel } from '../../../platform/labels/labels';

const statusColors = { Open: 'blue', InProgress: 'gold', Complete: 'green', Cancelled: 'default' } as const;

/** "My open items" (issue 14): items whose point of contact I am, not yet Complete or Cancelled. */
export function MyOpenItemsCard({ userId }: { userId: number | undefined }) {
  const { t } = useTranslation();
  const label = useValueLabel();
  const list = useMyOpenItems(userId, true);
  const page = list.data;
  return (
    <Card
      variant="borderless"
      title={t('dashboard.myOpenItems')}
      className="dashboard-my-open-items"
      loading={list.isPending}
      extra={
        page && page.total > page.items.length ? (
          <Link to="/openItem/list">{t('dashboard.viewAll', { count: page.total })}</Link>
        ) : null
      }
      style={{ height: '100%' }}
      styles={{ body: { paddingTop: 4 } }}
    >
      {!page || page.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.myOpenItemsEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={page.items}
          renderItem={(item) => (
            <List.Item style={{ paddingInline: 0 }}>
              <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
                <Flex justify="space-between" gap={8}>
                  <Link to={`/openItem/info/${item.id}`} style={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                    {item.ticketNumber} #{item.serial}
                  </Link>
                  <Tag color={statusColors[item.status]} variant="outlined" style={{ marginInlineEnd: 0 }}>
                    {label('openItemStatus', item.status)}
                  </Tag>
                </Flex>
                <Typography.Text ellipsis={{ tooltip: item.description }}>{item.description}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
