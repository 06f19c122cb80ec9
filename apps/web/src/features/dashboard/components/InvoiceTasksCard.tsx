import { Card, Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInvoiceTasks } from '../api';
import { formatDateTime } from '../../../platform/format';
import { useSeededNodeName } from '../../../platform/labels/labels';

/** "Invoices waiting for me" (issue 14): my to-do approval tasks on invoices. */
export function InvoiceTasksCard() {
  const { t } = useTranslation();
  const nodeName = useSeededNodeName();
  const list = useInvoiceTasks(true);
  const page = list.data;
  return (
    <Card
      variant="borderless"
      title={t('dashboard.invoiceTasks')}
      className="dashboard-invoice-tasks"
      loading={list.isPending}
      extra={
        page && page.total > page.items.length ? (
          <Typography.Text type="secondary">{t('dashboard.viewAll', { count: page.total })}</Typography.Text>
        ) : null
      }
      style={{ height: '100%' }}
      styles={{ body: { paddingTop: 4 } }}
    >
      {!page || page.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.invoiceTasksEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={page.items}
          renderItem={(task) => (
            <List.Item style={{ paddingInline: 0 }}>
              <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
                <Flex justify="space-between" gap={8}>
                  <Link to={`/invoice/info/${task.businessId}`} style={{ fontWeight: 500 }}>
                    <Typography.Text ellipsis={{ tooltip: task.title }}>{task.title}</Typography.Text>
                  </Link>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
                    {formatDateTime(task.createdAt)}
                  </Typography.Text>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('dashboard.invoiceTaskStep', {
                    step: nodeName(task.nodeId, task.nodeName),
                    from: task.initiatorName ?? '—',
                  })}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
