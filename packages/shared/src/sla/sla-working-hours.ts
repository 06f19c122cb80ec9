/*
 * The week of a service-level calendar (contract section 19) and what makes one unusable: the one rule that the
 * shared schema refines with (so the API and the editor refuse the same weeks) and the server's working-time
 * arithmetic counts on. Pure, no zod.
 */

/** Opening hours of one weekday, in wall-clock time of the calendar's zone. */
export type WorkingHours = {
  /** 0 = Sunday … 6 = Saturday, as `Date.getUTCDay`. */
  day: number;
  /** `HH:mm`. */
  from: string;
  /** `HH:mm`; `24:00` closes at midnight. */
  to: string;
};

export type CalendarProblemCode = 'noWorkingHours' | 'badDay' | 'badTime' | 'endBeforeStart' | 'overlap';

/** Why a week of hours is unusable, and where, as a path from the calendar that a zod refinement can report as is. */
export type CalendarProblem = {
  code: CalendarProblemCode;
  path: ['workingHours'] | ['workingHours', number, keyof WorkingHours];
};

const wallTimeFormat = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Minutes since midnight of `HH:mm` (`24:00` is 1440), undefined when it is no such time. */
export function minuteOfDay(time: string): number | undefined {
  const match = wallTimeFormat.exec(time);
  if (!match) return undefined;
  return match[1] === undefined ? 1440 : Number(match[1]) * 60 + Number(match[2]);
}

type IndexedSpan = { index: number; from: number; to: number };

/**
 * The first thing wrong with a week of hours, or undefined when it can be counted on. An overlap names the span
 * entered later (its `from` when it starts later in the day, its `to` when it ends into the other).
 */
export function calendarProblem(workingHours: readonly WorkingHours[]): CalendarProblem | undefined {
  if (workingHours.length === 0) return { code: 'noWorkingHours', path: ['workingHours'] };
  const byDay = new Map<number, IndexedSpan[]>();
  for (const [index, hours] of workingHours.entries()) {
    if (!Number.isInteger(hours.day) || hours.day < 0 || hours.day > 6)
      return { code: 'badDay', path: ['workingHours', index, 'day'] };
    const from = minuteOfDay(hours.from);
    if (from === undefined) return { code: 'badTime', path: ['workingHours', index, 'from'] };
    const to = minuteOfDay(hours.to);
    if (to === undefined) return { code: 'badTime', path: ['workingHours', index, 'to'] };
    if (to <= from) return { code: 'endBeforeStart', path: ['workingHours', index, 'to'] };
    byDay.set(hours.day, [...(byDay.get(hours.day) ?? []), { index, from, to }]);
  }
  for (const spans of byDay.values()) {
    spans.sort((a, b) => a.from - b.from);
    let reaching = spans[0]!;
    for (const span of spans.slice(1)) {
      if (span.from < reaching.to)
        return span.index > reaching.index
          ? { code: 'overlap', path: ['workingHours', span.index, 'from'] }
          : { code: 'overlap', path: ['workingHours', reaching.index, 'to'] };
      if (span.to > reaching.to) reaching = span;
    }
  }
  return undefined;
}

/** Minutes open in a week (the editor's "45 working hours a week"); a span that is no time counts nothing. */
export function weeklyWorkingMinutes(workingHours: readonly WorkingHours[]): number {
  return workingHours.reduce((sum, hours) => {
    const from = minuteOfDay(hours.from);
    const to = minuteOfDay(hours.to);
    return from === undefined || to === undefined || to <= from ? sum : sum + to - from;
  }, 0);
}
