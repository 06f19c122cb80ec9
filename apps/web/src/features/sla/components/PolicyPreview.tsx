import { Alert, Card, Select, Space, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketPriorities, type SlaPolicyPreviewInput, type TicketPriority } from '@casedesk/shared';
import { DatePicker } from '../../../platform/forms/DatePicker';
import { formatDateTime } from '../../../platform/format';
import { useValueLabel } from '../../../platform/labels/labels';
import { useSlaPreview } from '../api';
import { comingFriday, instantOfWallTime } from './preview-time';

export type PreviewDraft = {
  id?: number;
  calendarId?: number;
  timeZone?: string;
  firstResponseMinutes?: number | null;
  nextUpdateMinutes?: number | null;
  resolutionMinutes?: number | null;
};

const complete = (minutes: number | null | undefined): minutes is number => typeof minutes === 'number' && minutes > 0;

/**
 * "A High ticket created Friday 17:00 is due Monday 16:00": the editor's unsaved calendar and targets counted by the
 * server (Preview with a draft), from a moment on the calendar's clock the reader may change.
 */
export function PolicyPreview({ draft, priority: suggested }: { draft: PreviewDraft; priority: TicketPriority }) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const timeZone = draft.timeZone ?? 'UTC';
  const [priority, setPriority] = useState<TicketPriority | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [minuteOfDay, setMinuteOfDay] = useState(17 * 60);
  const shownPriority = priority ?? suggested;
  const shownDay = day ?? comingFriday(timeZone);
  const at = useMemo(
    () => instantOfWallTime(timeZone, shownDay, minuteOfDay).toISOString(),
    [timeZone, shownDay, minuteOfDay],
  );
  const ready =
    draft.calendarId !== undefined && complete(draft.firstResponseMinutes) && complete(draft.resolutionMinutes);
  const input: SlaPolicyPreviewInput | null = ready
    ? {
        priority: shownPriority,
        at,
        draft: {
          ...(draft.id ? { id: draft.id } : {}),
          calendarId: draft.calendarId!,
          firstResponseMinutes: draft.firstResponseMinutes!,
          resolutionMinutes: Math.max(draft.resolutionMinutes!, draft.firstResponseMinutes!),
          nextUpdateMinutes: complete(draft.nextUpdateMinutes) ? draft.nextUpdateMinutes : null,
        },
      }
    : null;
  const preview = useSlaPreview(input);
  const due = preview.data?.due;
  const when = (instant: string) => formatDateTime(instant, { weekday: true, timeZone });
  return (
    <Card size="small" className="sla-preview" title={t('sla.policy.preview.title')}>
      <Space wrap className="sla-preview-controls">
        <Select<TicketPriority>
          aria-label={t('sla.policy.preview.priority')}
          value={shownPriority}
          onChange={setPriority}
          options={ticketPriorities.map((value) => ({ value, label: valueLabel('ticketPriority', value) }))}
          style={{ width: 120 }}
        />
        <DatePicker
          aria-label={t('sla.policy.preview.day')}
          allowClear={false}
          value={dayjs(shownDay)}
          onChange={(value) => value && setDay(value.format('YYYY-MM-DD'))}
        />
        <TimePicker
          aria-label={t('sla.policy.preview.time')}
          allowClear={false}
          format="HH:mm"
          minuteStep={15}
          value={dayjs(shownDay).startOf('day').add(minuteOfDay, 'minute')}
          onChange={(value) => value && setMinuteOfDay(value.hour() * 60 + value.minute())}
        />
      </Space>
      {!ready ? (
        <Typography.Text type="secondary">{t('sla.policy.preview.incomplete')}</Typography.Text>
      ) : preview.isError ? (
        <Alert type="warning" showIcon title={t('sla.policy.preview.failed')} />
      ) : due ? (
        <div className="sla-preview-answer">
          <Typography.Paragraph strong>
            {t('sla.policy.preview.sentence', {
              priority: valueLabel('ticketPriority', shownPriority),
              created: when(at),
              due: when(due.resolutionDueAt),
            })}
          </Typography.Paragraph>
          <ul>
            <li>{t('sla.policy.preview.firstResponse', { due: when(due.firstResponseDueAt) })}</li>
            {due.nextUpdateDueAt && <li>{t('sla.policy.preview.nextUpdate', { due: when(due.nextUpdateDueAt) })}</li>}
          </ul>
          <Typography.Text type="secondary">{t('sla.policy.preview.zone', { timeZone })}</Typography.Text>
        </div>
      ) : null}
    </Card>
  );
}
