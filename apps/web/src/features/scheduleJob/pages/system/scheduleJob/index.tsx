import { useEffect, useState } from 'react';
import { HistoryOutlined, PauseCircleOutlined, PlayCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScheduleJob } from '@casedesk/shared';
import { useActionFeedback } from '../../../../../platform/crud/failure';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';
import { usePermissions } from '../../../../../platform/permission';
import { scheduleJobApi, useJobAction, useJobHandlers } from '../../../api';
import { JobRunsDrawer } from '../../../components/JobRunsDrawer';
import { ScheduleJobEditor } from '../../../components/ScheduleJobEditor';
import { formatJobTime, JobStateBadge, RunStatusTag, useHandlerTitle } from '../../../components/job-texts';
import { useSeededName, useValueLabel } from '../../../../../platform/labels/labels';

// Next run, last run and result move on by themselves while the screen is open.
const refreshMs = 5000;

/** Scheduled jobs (spec: Schedule screen): running or deactivated, next and last run, start, stop, run now, history. */
export default function ScheduleJobListPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const valueLabel = useValueLabel();
  const { has } = usePermissions();
  const client = useQueryClient();
  const handlers = useJobHandlers();
  const handlerTitle = useHandlerTitle(handlers.data);
  const feedback = useActionFeedback();
  const start = useJobAction('Start');
  const stop = useJobAction('Stop');
  const runNow = useJobAction('RunNow');
  const [history, setHistory] = useState<ScheduleJob | null>(null);

  useEffect(() => {
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: [...scheduleJobApi.keys.all, 'list'] }),
      refreshMs,
    );
    return () => clearInterval(timer);
  }, [client]);

  return (
    <>
      <ListPage<ScheduleJob>
        kind="job"
        api={scheduleJobApi}
        module="scheduleJob"
        title={t('scheduleJob.title')}
        searchPlaceholder={t('scheduleJob.search')}
        exportName="scheduled-jobs.xlsx"
        nameOf={(job) => seeded('job', job.className, job.name)}
        // A running job is stopped before it is deleted (the server refuses otherwise).
        rowAllows={(job, action) => action === 'edit' || !job.isStart}
        filters={({ query, setFilter }) => (
          <Select<'true' | 'false'>
            allowClear
            className="job-state-filter"
            placeholder={t('scheduleJob.allStates')}
            value={(query.isStart as 'true' | 'false' | undefined) ?? null}
            onChange={(value) => setFilter('isStart', value)}
            options={[
              { value: 'true', label: t('scheduleJob.state.running') },
              { value: 'false', label: t('scheduleJob.state.deactivated') },
            ]}
            style={{ width: 150 }}
          />
        )}
        actionsWidth={160}
        rowActions={(job) => (
          <>
            {has('scheduleJob:onOff') &&
              (job.isStart ? (
                <RowIconButton
                  label={t('scheduleJob.stop')}
                  className="job-stop"
                  icon={<PauseCircleOutlined />}
                  onClick={() => stop.mutate(job.id, feedback(t('scheduleJob.stopped')))}
                />
              ) : (
                <RowIconButton
                  label={t('scheduleJob.start')}
                  className="job-start"
                  icon={<PlayCircleOutlined />}
                  onClick={() => start.mutate(job.id, feedback(t('scheduleJob.started')))}
                />
              ))}
            {has('scheduleJob:onOff') && (
              <RowIconButton
                label={t('scheduleJob.runNow')}
                className="job-run-now"
                icon={<ThunderboltOutlined />}
                confirm={t('scheduleJob.confirmRunNow', { name: seeded('job', job.className, job.name) })}
                onClick={() => runNow.mutate(job.id, feedback(t('scheduleJob.runRequested')))}
              />
            )}
            <RowIconButton
              label={t('scheduleJob.history')}
              className="job-history"
              icon={<HistoryOutlined />}
              onClick={() => setHistory(job)}
            />
          </>
        )}
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('scheduleJob.fields.name'),
            sorter: true,
            render: (name: string, job) => (
              <>
                {seeded('job', job.className, name)}
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {valueLabel('jobGroup', job.jobGroup)}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'className',
            dataIndex: 'className',
            title: t('scheduleJob.fields.className'),
            render: (className: string) => handlerTitle(className),
          },
          {
            key: 'trigger',
            dataIndex: 'triggerType',
            title: t('scheduleJob.fields.trigger'),
            render: (_: unknown, job) =>
              job.triggerType === 'Cron' ? (
                <Typography.Text code>{job.cron}</Typography.Text>
              ) : (
                t('scheduleJob.everySeconds', { count: job.intervalSecond ?? 0 })
              ),
          },
          {
            key: 'isStart',
            dataIndex: 'isStart',
            title: t('scheduleJob.fields.state'),
            width: 130,
            // The run count under the state, so that the row fits beside the actions.
            render: (running: boolean, job) => (
              <>
                <JobStateBadge running={running} />
                <br />
                <Typography.Text type="secondary" className="job-run-count" style={{ fontSize: 12 }}>
                  {t('scheduleJob.runCount', {
                    runs: job.cycleRunTimes > 0 ? `${job.runTimes} / ${job.cycleRunTimes}` : job.runTimes,
                  })}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'nextRunAt',
            dataIndex: 'nextRunAt',
            title: t('scheduleJob.fields.nextRunAt'),
            sorter: true,
            render: (value: string | null, job) => (job.isStart ? formatJobTime(value) : '—'),
          },
          {
            // The last run and its result in one cell, so that the row fits beside the actions.
            key: 'lastRunAt',
            dataIndex: 'lastRunAt',
            title: t('scheduleJob.fields.lastRun'),
            sorter: true,
            render: (value: string | null, job) => (
              <>
                {formatJobTime(value)}
                {job.lastResult && (
                  <>
                    <br />
                    <RunStatusTag status={job.lastResult} />
                  </>
                )}
              </>
            ),
          },
        ]}
        editor={({ id, onClose }) => <ScheduleJobEditor id={id} onClose={onClose} />}
      />
      {history && <JobRunsDrawer job={history} onClose={() => setHistory(null)} />}
    </>
  );
}
