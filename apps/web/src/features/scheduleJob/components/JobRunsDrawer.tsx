import { Drawer, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { jobRunStatusSchema, type JobRun, type JobRunStatus, type ScheduleJob } from '@casedesk/shared';
import { useServerText } from '../../../platform/crud/failure';
import { useResourceList } from '../../../platform/crud/use-resource-list';
import { useJobRuns } from '../api';
import { formatJobTime, formatRunDuration, RunStatusTag } from './job-texts';
import { useSeededName } from '../../../platform/labels/labels';

// New runs show up by themselves while the drawer is open; a job may fire every few seconds.
const pollMs = 2000;
type RunsPage = { page: number; pageSize: number; status?: JobRunStatus };

/** A job's run history: newest first, paged, with each run's result, duration and message. */
export function JobRunsDrawer({ job, onClose }: { job: ScheduleJob; onClose: () => void }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const serverText = useServerText();
  const runs = useResourceList<JobRun, RunsPage>(
    { useList: (query) => useJobRuns({ jobId: job.id, ...query }, pollMs) },
    { start: { page: 1, pageSize: 20 } },
  );

  return (
    <Drawer
      open
      destroyOnHidden
      className="job-runs"
      size={960}
      onClose={onClose}
      title={t('scheduleJob.runs.title', { name: seeded('job', job.className, job.name) })}
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Select<JobRunStatus>
          allowClear
          className="job-runs-status"
          placeholder={t('scheduleJob.runs.allStatuses')}
          value={runs.query.status ?? null}
          onChange={(status) => runs.setFilter('status', status)}
          options={jobRunStatusSchema.options.map((value) => ({
            value,
            label: t(`scheduleJob.runStatus.${value}`),
          }))}
          style={{ width: 160 }}
        />
        <Typography.Text type="secondary">{t('scheduleJob.runs.autoRefresh')}</Typography.Text>
      </Space>
      <Table<JobRun>
        rowKey="id"
        size="small"
        className="job-runs-table"
        dataSource={runs.items}
        loading={runs.list.isLoading}
        locale={{ emptyText: t('scheduleJob.runs.empty') }}
        pagination={runs.pagination}
        onChange={runs.onTableChange}
        columns={[
          {
            key: 'fireTime',
            dataIndex: 'fireTime',
            title: t('scheduleJob.runs.fireTime'),
            width: 170,
            render: formatJobTime,
          },
          {
            key: 'startedAt',
            dataIndex: 'startedAt',
            title: t('scheduleJob.runs.startedAt'),
            width: 170,
            render: formatJobTime,
          },
          {
            key: 'finishedAt',
            dataIndex: 'finishedAt',
            title: t('scheduleJob.runs.finishedAt'),
            width: 170,
            render: formatJobTime,
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('scheduleJob.runs.status'),
            width: 90,
            render: (value: JobRunStatus) => <RunStatusTag status={value} />,
          },
          {
            key: 'durationMs',
            dataIndex: 'durationMs',
            title: t('scheduleJob.runs.duration'),
            width: 90,
            align: 'right',
            render: formatRunDuration,
          },
          {
            key: 'message',
            dataIndex: 'message',
            title: t('scheduleJob.runs.message'),
            ellipsis: { showTitle: true },
            render: (message: string | null) => (message ? serverText(message) : '—'),
          },
        ]}
      />
    </Drawer>
  );
}
