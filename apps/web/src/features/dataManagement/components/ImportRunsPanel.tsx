import { Card, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportRun, ImportRunStatus } from '@casedesk/shared';
import { usePermissions } from '../../../platform/permission';
import { useLatestImportRuns } from '../api';

const statusColor: Record<ImportRunStatus, string> = {
  Queued: 'default',
  Running: 'processing',
  Succeeded: 'success',
  Failed: 'error',
  Cancelled: 'warning',
};

/** The latest import runs across definitions; their progress, history and error files are on the Import screen. */
export function ImportRunsPanel() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const allowed = has('import:view');
  const { data, isPending } = useLatestImportRuns(allowed);
  return (
    <Card
      title={t('dataManagement.imports.title')}
      className="data-imports"
      extra={<Link to="/import/list">{t('dataManagement.imports.open')}</Link>}
    >
      <Typography.Paragraph type="secondary">{t('dataManagement.imports.help')}</Typography.Paragraph>
      {allowed && (
        <Table<ImportRun>
          size="small"
          rowKey="id"
          loading={isPending}
          dataSource={data?.items ?? []}
          pagination={false}
          columns={[
            { title: '#', dataIndex: 'id', width: 60 },
            {
              title: t('dataManagement.imports.file'),
              dataIndex: 'fileName',
              ellipsis: true,
              render: (name: string | null, run) => (
                <span>
                  {name ?? run.fileId} {run.dryRun && <Tag>{t('dataManagement.imports.dryRun')}</Tag>}
                </span>
              ),
            },
            {
              title: t('dataManagement.imports.status'),
              dataIndex: 'status',
              width: 110,
              render: (status: ImportRunStatus) => (
                <Tag color={statusColor[status]}>{t(`dataManagement.imports.statuses.${status}`)}</Tag>
              ),
            },
            {
              title: t('dataManagement.imports.rows'),
              width: 150,
              render: (_: unknown, run) =>
                t('dataManagement.imports.counts', {
                  processed: run.processed,
                  total: run.total ?? '?',
                  failed: run.failed,
                }),
            },
            {
              title: t('dataManagement.imports.started'),
              dataIndex: 'createdAt',
              width: 160,
              render: (at: string, run) => (
                <span>
                  {dayjs(at).format('lll')}
                  {run.startedByName && <Typography.Text type="secondary"> · {run.startedByName}</Typography.Text>}
                </span>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
