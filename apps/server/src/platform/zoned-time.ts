/*
 * Calendar days and wall-clock times in an IANA time zone, with Intl alone (no time zone library): due dates,
 * holiday reminders and service-level calendars count in the zone the desk works in, not in UTC.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one, and every due date asks for the same few zones. */
export function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading of an instant in a zone, as if it were UTC (to the second). */
export function wallClock(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Date(wallClock(timeZone, at.getTime())).toISOString().slice(0, 10);
}

export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Days' starts by zone and day, worked out once: every due date asks for the same few days again. */
const dayStarts = new Map<string, number>();

/** The instant a day begins in a zone (the second pass settles days whose offset differs from the night before). */
export function startOfDay(day: string, timeZone: string): number {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const midnight = Date.parse(`${day}T00:00:00Z`);
    const guess = midnight - (wallClock(timeZone, midnight) - midnight);
    start = midnight - (wallClock(timeZone, guess) - guess);
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** Wall times by zone, day and minute, worked out once: a calendar asks for the same opening hours every week. */
const wallTimeInstants = new Map<string, number>();

/**
 * The instant a wall-clock time of a day reads in a zone; `minuteOfDay` 1440 is the next day's midnight. A time
 * the clocks skip (spring forward) is the first instant after the gap, and a time they show twice (fall back) is
 * the earlier one, so that the mapping never goes backwards and a span of wall time keeps its order.
 */
export function instantOfWallTime(timeZone: string, day: string, minuteOfDay: number): number {
  const key = `${timeZone} ${day} ${minuteOfDay}`;
  let instant = wallTimeInstants.get(key);
  if (instant === undefined) {
    instant = resolveWallTime(
      timeZone,
      Date.parse(`${day}T00:00:00Z`) + minuteOfDay * 60_000,
      startOfDay(day, timeZone),
    );
    if (wallTimeInstants.size >= 50_000) wallTimeInstants.clear();
    wallTimeInstants.set(key, instant);
  }
  return instant;
}

/**
 * The day's start is before any change of offset later that day, so its offset gives the earlier of two readings;
 * when the offset changed before `wall`, the offset there gives the only one; when neither reads `wall`, it lies
 * in a gap, whose end is found by halving the hour (or so) between the two tries.
 */
function resolveWallTime(timeZone: string, wall: number, dayStart: number): number {
  const first = wall - (wallClock(timeZone, dayStart) - dayStart);
  const firstReads = wallClock(timeZone, first);
  if (firstReads === wall) return first;
  const second = wall - (firstReads - first);
  if (wallClock(timeZone, second) === wall) return second;
  let before = Math.min(first, second);
  let after = Math.max(first, second);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (wallClock(timeZone, middle) > wall) after = middle;
    else before = middle;
  }
  return after;
}

const momentLocales: Record<string, string> = { en: 'en-US', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' };
const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the web's `formatDateTime` shows it ("Dec 1, 2026, 6:07 PM", "2026年12月1日 18:07"), in a reader's
 * language and zone (the first zone Intl knows of those given), for what the server words itself (mails, the bell).
 */
export function formatMoment(at: Date, language: string, ...zones: (string | null | undefined)[]): string {
  const locale = momentLocales[language] ?? 'en-US';
  const chinese = locale.startsWith('zh');
  for (const timeZone of [...zones, 'UTC']) {
    if (!timeZone) continue;
    const key = `${locale}|${timeZone}`;
    let format = momentFormats.get(key);
    if (!format) {
      try {
        format = new Intl.DateTimeFormat(locale, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: chinese ? '2-digit' : 'numeric',
          minute: '2-digit',
          ...(chinese ? { hourCycle: 'h23' } : {}),
          timeZone,
        });
      } catch {
        continue; // a zone this runtime does not know: the next one
      }
      momentFormats.set(key, format);
    }
    return format.format(at);
  }
  return at.toISOString();
}
