import { dayIn, instantOfWallTime, nextDay } from '../../platform/zoned-time.js';
import { calendarProblem, minuteOfDay, type WorkingHours } from '@casedesk/shared';

export { calendarProblem, type CalendarProblem, type CalendarProblemCode, type WorkingHours } from '@casedesk/shared';

/*
 * Working time of a service-level calendar (contract section 19): what "480 working minutes" means on a desk
 * that works 9-18 Monday to Friday in Shanghai. Pure arithmetic over instants; the calendar's rows, the Settings
 * holidays and validation live elsewhere. Everything counts in milliseconds, as a Date does.
 */

export type WorkingCalendar = {
  timeZone: string;
  /** Several spans a day are allowed (9-12, 13-18); the array is read once and kept, so do not change it. */
  workingHours: readonly WorkingHours[];
  /** `YYYY-MM-DD` in the calendar's zone: the Settings holidays and the calendar's extra days. */
  closedDays: ReadonlySet<string>;
};

const msPerMinute = 60_000;

/**
 * A walk gives up after this many days in a row without working time: no desk closes for three years, so such a
 * calendar is a mistake that validation should have refused, and an answer would be decades away.
 */
const maxDaysWithoutWork = 3 * 366;

/** Per weekday, the spans in minutes of the day, in order. */
type OpeningHours = readonly (readonly { from: number; to: number }[])[];

/** Parsed once per array: a due date walks many days of the same week. */
const openingHoursCache = new WeakMap<readonly WorkingHours[], OpeningHours>();

/** A calendar that fails validation here is a programming error: the API refuses such calendars before. */
function openingHoursOf(workingHours: readonly WorkingHours[]): OpeningHours {
  let week = openingHoursCache.get(workingHours);
  if (!week) {
    const problem = calendarProblem(workingHours);
    if (problem) throw new Error(`Unusable working hours: ${problem.code} at ${problem.path.join('.')}`);
    const days: { from: number; to: number }[][] = [[], [], [], [], [], [], []];
    for (const hours of workingHours)
      days[hours.day]!.push({ from: minuteOfDay(hours.from)!, to: minuteOfDay(hours.to)! });
    for (const spans of days) spans.sort((a, b) => a.from - b.from);
    week = days;
    openingHoursCache.set(workingHours, week);
  }
  return week;
}

type Span = { start: number; end: number };

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * A day's working spans as instants, in order. The zone's mapping of wall time never goes backwards and sends a
 * day's wall times to instants that read that day, so spans of different days never overlap and the span holding
 * an instant is one of the spans of the day it reads. A span the clocks skip entirely is left out.
 */
function spansOn(calendar: WorkingCalendar, week: OpeningHours, day: string): Span[] {
  if (calendar.closedDays.has(day)) return [];
  const spans: Span[] = [];
  for (const { from, to } of week[weekdayOf(day)]!) {
    const start = instantOfWallTime(calendar.timeZone, day, from);
    const end = instantOfWallTime(calendar.timeZone, day, to);
    if (end > start) spans.push({ start, end });
  }
  return spans;
}

/**
 * The instant `minutes` of working time after `start`. Outside working time the count starts at the next
 * opening; an amount that runs out exactly at a closing answers the closing, not the next opening (a due time
 * of 18:00, not 09:00 the next morning). Precise to the millisecond, as a Date is.
 */
export function addWorkingMinutes(calendar: WorkingCalendar, start: Date, minutes: number): Date {
  const week = openingHoursOf(calendar.workingHours);
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`Working minutes to add: ${minutes}`);
  let remaining = Math.round(minutes * msPerMinute);
  if (remaining === 0) return new Date(start.getTime());
  const from = start.getTime();
  let day = dayIn(calendar.timeZone, start);
  for (let daysWithoutWork = 0; daysWithoutWork <= maxDaysWithoutWork; day = nextDay(day)) {
    daysWithoutWork++;
    for (const span of spansOn(calendar, week, day)) {
      if (span.end <= from) continue;
      daysWithoutWork = 0;
      const opening = Math.max(span.start, from);
      if (remaining <= span.end - opening) return new Date(opening + remaining);
      remaining -= span.end - opening;
    }
  }
  throw new Error(`No working time for ${maxDaysWithoutWork} days in a row from ${day} in ${calendar.timeZone}`);
}

/** Working minutes from `from` to `to` (0 when `to` is not after `from`); fractional below a minute. */
export function workingMinutesBetween(calendar: WorkingCalendar, from: Date, to: Date): number {
  const week = openingHoursOf(calendar.workingHours);
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  const lastDay = dayIn(calendar.timeZone, to);
  let worked = 0;
  for (let day = dayIn(calendar.timeZone, from); day <= lastDay; day = nextDay(day))
    for (const span of spansOn(calendar, week, day))
      worked += Math.max(0, Math.min(span.end, end) - Math.max(span.start, start));
  return worked / msPerMinute;
}

/** Whether the clock runs at `at`: spans include their opening and exclude their closing. */
export function isWorkingTime(calendar: WorkingCalendar, at: Date): boolean {
  const week = openingHoursOf(calendar.workingHours);
  const instant = at.getTime();
  return spansOn(calendar, week, dayIn(calendar.timeZone, at)).some(
    (span) => span.start <= instant && instant < span.end,
  );
}
