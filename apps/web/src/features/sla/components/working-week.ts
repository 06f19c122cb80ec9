import { weeklyWorkingMinutes, type WorkingHours } from '@casedesk/shared';
import { formatDecimal, formatTime, formatWeekday } from '../../../platform/format';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The week as people read it: Monday first, whatever the stored day number (0 = Sunday). */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday's name in the interface language (2023-01-01 was a Sunday, day 0). */
export const weekdayName = (day: number) => formatWeekday(`2023-01-0${day + 1}`);

/** A time of day the week offers, every quarter of an hour; `24:00` closes at midnight. */
export const quarterHours: string[] = Array.from({ length: 97 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** `HH:mm` in the language's clock ("9:00 AM", "09:00"); midnight at the end of a day is its own word. */
export function clockLabel(t: Translate, time: string): string {
  if (time === '24:00') return t('sla.calendar.endOfDay');
  const [hours, minutes] = time.split(':').map(Number);
  return formatTime(new Date(2000, 0, 1, hours, minutes));
}

/** "45 working hours a week", from the spans that are times (a half-typed span counts nothing). */
export function weeklyHoursText(t: Translate, workingHours: readonly WorkingHours[]): string {
  const hours = weeklyWorkingMinutes(workingHours) / 60;
  return t('sla.calendar.weeklyHours', { count: hours, hours: formatDecimal(String(hours)) });
}

/** One line for the list: the days open and the hours ("5 days, 45 hours a week"). */
export function weekSummary(t: Translate, workingHours: readonly WorkingHours[]): string {
  const open = weekOrder.filter((day) => workingHours.some((hours) => hours.day === day));
  const hours = formatDecimal(String(weeklyWorkingMinutes(workingHours) / 60));
  return t('sla.calendar.weekSummary', { count: open.length, hours });
}
