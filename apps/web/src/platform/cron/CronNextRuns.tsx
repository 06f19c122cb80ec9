import { useMemo } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nextFireTimes, validateQuartzCron } from '@casedesk/shared';
import { translateServerMessage } from '../server-messages';

const shownRuns = 5;

/** A fire time as the server's clock reads it, weekday first and seconds included (a job may run every few seconds). */
export function formatFireTime(time: Date, language: string, timeZone: string): string {
  const locale = language === 'zh-cn' ? 'zh-CN' : language === 'zh-tw' ? 'zh-TW' : 'en-GB';
  const format = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(time);
    } catch {
      // A zone this browser does not know: the browser's own clock, rather than nothing.
      return new Intl.DateTimeFormat(locale, options).format(time);
    }
  };
  // Weekday and date-time apart: some locales glue them together ("2026/11/25周三").
  const weekday = format({ weekday: 'short' });
  const dateTime = format({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return `${weekday} ${dateTime}`;
}

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
