import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataExport } from '@casedesk/shared';
import { useServerText } from '../../../platform/crud/failure';
import { ApiError } from '../../../platform/http/client';
import { exportResource, useDataExports } from '../api';

/** Every export the user may take (their `<module>:export`), all rows or those matching the keyword, as .xlsx. */
export function ExportsPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const text = useServerText();
  const { data, isPending } = useDataExports();
  const [keyword, setKeyword] = useState('');
  const [running, setRunning] = useState<string | null>(null);
  const label = (resource: string) => t(`dataManagement.resources.${resource}`, { defaultValue: resource });
  // In the reader's language's order, not the resource names'.
  const rows = useMemo(
    () => [...(data ?? [])].sort((a, b) => label(a.resource).localeCompare(label(b.resource), i18n.language)),
    [data, i18n.language],
  );

  const run = async (resource: string) => {
    setRunning(resource);
    try {
      await exportResource(resource, keyword.trim());
    } catch (error) {
      if (error instanceof ApiError && error.status !== 403) void message.error(text(error));
    } finally {
      setRunning(null);
    }
  };

  return (
    <Card title={t('dataManagement.exports.title')} className="data-exports">
      <Typography.Paragraph type="secondary">{t('dataManagement.exports.help')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('dataManagement.exports.keyword')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 12, maxWidth: 360 }}
        aria-label={t('dataManagement.exports.keyword')}
      />
      <Table<DataExport>
        size="small"
        rowKey="resource"
        loading={isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 560 }}
        columns={[
          {
            title: t('dataManagement.exports.data'),
            dataIndex: 'resource',
            render: (resource: string) => label(resource),
          },
          {
            title: t('dataManagement.exports.format'),
            width: 90,
            render: () => 'xlsx',
          },
          {
            title: '',
            width: 130,
            align: 'right',
            render: (_: unknown, row) => (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={running === row.resource}
                disabled={running !== null && running !== row.resource}
                onClick={() => void run(row.resource)}
                data-resource={row.resource}
              >
                {t('dataManagement.exports.download')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
