import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { holidaysFromQuery } from '../setting/index.js';
import { slaCalendar } from './sla-calendar.table.js';
import type { WorkingCalendar } from './working-time.js';

/**
 * A calendar as the working-time arithmetic counts on it, from `fromDay` (`YYYY-MM-DD`) on: closed on the Settings
 * holidays, which every calendar observes, and on its own extra days. Days before `fromDay` are left out, as
 * `holidaysFromQuery` leaves them out: a clock never runs backwards.
 */
export async function workingCalendarOf(q: Queryable, calendarId: number, fromDay: string): Promise<WorkingCalendar> {
  const [calendar] = await q
    .select({
      timeZone: slaCalendar.timeZone,
      workingHours: slaCalendar.workingHours,
      extraHolidays: slaCalendar.extraHolidays,
    })
    .from(slaCalendar)
    .where(eq(slaCalendar.id, calendarId));
  if (!calendar) throw notFound();
  const holidays = await holidaysFromQuery(q, fromDay);
  return {
    timeZone: calendar.timeZone,
    workingHours: calendar.workingHours,
    closedDays: new Set([...holidays.map((h) => h.day), ...calendar.extraHolidays.filter((day) => day >= fromDay)]),
  };
}
