import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportRun, ImportRunStatus } from '@casedesk/shared';
import { usePermissions } from '../../../platform/permission';
import { useLatestImportRuns } from '../api';
import { formatDateTime } from '../../../platform/format';

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
            {
              title: t('dataManagement.imports.file'),
              dataIndex: 'fileName',
              ellipsis: true,
              render: (name: string | null, run) => (
                <div>
                  <div>
                    #{run.id} {name ?? run.fileId} {run.dryRun && <Tag>{t('dataManagement.imports.dryRun')}</Tag>}
                  </div>
                  <Typography.Text type="secondary">
                    {formatDateTime(run.createdAt)}
                    {run.startedByName && ` · ${run.startedByName}`}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('dataManagement.imports.status'),
              dataIndex: 'status',
              width: 100,
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
          ]}
        />
      )}
    </Card>
  );
}
