import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkingHours } from '@casedesk/shared';
import { clockLabel, quarterHours, weekdayName, weekOrder, weeklyHoursText } from './working-week';

type Props = {
  value?: WorkingHours[];
  onChange?: (value: WorkingHours[]) => void;
  /** The span the form's rule found wrong (its index in `value`), marked red. */
  wrongIndex?: number;
};

const defaultSpan = { from: '09:00', to: '18:00' };

/** A typed time finds its option by the stored form ("08:00") or the shown one ("8:00 AM"). */
const timeMatches = (input: string, option?: { value: string; label: string }) =>
  !!option && (option.value.includes(input.trim()) || option.label.toLowerCase().includes(input.trim().toLowerCase()));

/**
 * The week as a grid: a row per weekday, Monday first, with its on/off switch and its spans. The value stays the
 * stored list (`{ day, from, to }` in entry order), so a refusal's path (`workingHours.3.to`) names a span here.
 */
export function WorkingWeek({ value = [], onChange, wrongIndex }: Props) {
  const { t } = useTranslation();
  const options = quarterHours.map((time) => ({ value: time, label: clockLabel(t, time) }));
  const change = (next: WorkingHours[]) => onChange?.(next);
  const setDay = (day: number, on: boolean) =>
    change(on ? [...value, { day, ...defaultSpan }] : value.filter((hours) => hours.day !== day));
  const setSpan = (index: number, part: 'from' | 'to', time: string) =>
    change(value.map((hours, i) => (i === index ? { ...hours, [part]: time } : hours)));
  const addSpan = (day: number) => {
    const last = value.filter((hours) => hours.day === day).at(-1);
    change([...value, last && last.to < '23:00' ? { day, from: last.to, to: '24:00' } : { day, ...defaultSpan }]);
  };
  const removeSpan = (index: number) => change(value.filter((_, i) => i !== index));

  return (
    <div className="sla-week">
      {weekOrder.map((day) => {
        const spans = value.flatMap((hours, index) => (hours.day === day ? [{ hours, index }] : []));
        return (
          <div key={day} className="sla-week-day">
            <span className="sla-week-name">{weekdayName(day)}</span>
            <Switch
              size="small"
              checked={spans.length > 0}
              onChange={(on) => setDay(day, on)}
              aria-label={weekdayName(day)}
            />
            <div className="sla-week-spans">
              {spans.length === 0 && <Typography.Text type="secondary">{t('sla.calendar.closed')}</Typography.Text>}
              {spans.map(({ hours, index }) => (
                <div key={index} className="sla-week-span">
                  {(['from', 'to'] as const).map((part) => (
                    <Select
                      key={part}
                      size="small"
                      showSearch={{ filterOption: timeMatches }}
                      className="sla-week-time"
                      status={wrongIndex === index ? 'error' : undefined}
                      aria-label={t(`sla.calendar.${part}`)}
                      value={hours[part]}
                      options={part === 'from' ? options.slice(0, -1) : options.slice(1)}
                      onChange={(time: string) => setSpan(index, part, time)}
                    />
                  ))}
                  <Button
                    size="small"
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('sla.calendar.removeSpan')}
                    onClick={() => removeSpan(index)}
                  />
                </div>
              ))}
            </div>
            {spans.length > 0 && (
              <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => addSpan(day)}>
                {t('sla.calendar.addSpan')}
              </Button>
            )}
          </div>
        );
      })}
      <Typography.Text strong className="sla-week-total">
        {weeklyHoursText(t, value)}
      </Typography.Text>
    </div>
  );
}
