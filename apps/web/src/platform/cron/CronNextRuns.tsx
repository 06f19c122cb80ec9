import { useMemo } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nextFireTimes, validateQuartzCron } from '@casedesk/shared';
import { translateServerMessage } from '../server-messages';
import { formatDateTime } from '../format';

const shownRuns = 5;

/** A fire time as the server's clock reads it, weekday first and seconds included (a job may run every few seconds). */
export const formatFireTime = (time: Date, language: string, timeZone: string): string =>
  formatDateTime(time, { weekday: true, seconds: true, timeZone, language });

/**
 * The next five fire times of `cron` (null: the text is not complete yet), or why it has none (unless
 * `problemShown`: the form already shows why under the field).
 */
export function CronNextRuns({
  cron,
  timeZone,
  problemShown = false,
}: {
  cron: string | null;
  timeZone: string;
  problemShown?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const result = useMemo(() => {
    if (cron === null) return null;
    const now = new Date();
    const problem = validateQuartzCron(cron, now);
    if (problem) return { problem: translateServerMessage(problem.message) };
    return { times: nextFireTimes(cron, shownRuns, { from: now, timeZone }) };
  }, [cron, timeZone]);
  if (!result || ('problem' in result && problemShown)) return null;
  return (
    <div className="cron-next-runs">
      <Typography.Text strong>{t('cron.nextRuns', { zone: timeZone })}</Typography.Text>
      {'problem' in result ? (
        <Alert className="cron-problem" type="error" showIcon title={result.problem} style={{ marginTop: 6 }} />
      ) : result.times.length === 0 ? (
        <div>
          <Typography.Text type="secondary">{t('cron.noNextRun')}</Typography.Text>
        </div>
      ) : (
        <ol className="cron-next-list">
          {result.times.map((time) => (
            <li key={time.getTime()} className="cron-next-run">
              {formatFireTime(time, i18n.language, timeZone)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
