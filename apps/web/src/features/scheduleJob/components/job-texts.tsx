import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobHandlerInfo, JobRunStatus } from '@casedesk/shared';
import { isLanguage } from '../../../platform/i18n';
import { formatDateTime, formatDuration, formatUnit } from '../../../platform/format';

const runColors: Record<JobRunStatus, string> = {
  Running: 'processing',
  Succeeded: 'success',
  Failed: 'error',
  Skipped: 'default',
};

/** A run's (or a job's last) result as a coloured tag. */
export function RunStatusTag({ status }: { status: JobRunStatus | null }) {
  const { t } = useTranslation();
  if (!status) return <>—</>;
  return (
    <Tag color={runColors[status]} className={`run-status run-status-${status}`}>
      {t(`scheduleJob.runStatus.${status}`)}
    </Tag>
  );
}

/** Spec section 4: a scheduled job is running or deactivated. */
export function JobStateBadge({ running }: { running: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      className={running ? 'job-running' : 'job-deactivated'}
      status={running ? 'processing' : 'default'}
      text={t(running ? 'scheduleJob.state.running' : 'scheduleJob.state.deactivated')}
    />
  );
}

/** A handler's title in the user's language, or its class name when the server no longer offers it. */
export function useHandlerTitle(handlers: JobHandlerInfo[] | undefined) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (className: string) => handlers?.find((h) => h.className === className)?.title[language] ?? className;
}

/** Job times to the second: a job may run every few seconds. */
export const formatJobTime = (value: string | null | undefined) => formatDateTime(value, { seconds: true });

/** A run's duration in ms in the language's units: 850 ms, 12.3 sec, 4 min 5 sec (850毫秒, 12.3秒, 4分钟5秒). */
export function formatRunDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return formatUnit(ms, 'millisecond');
  if (ms < 60_000) return formatUnit(ms / 1000, 'second');
  return formatDuration(ms / 1000);
}
