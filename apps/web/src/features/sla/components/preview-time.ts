/** The wall clock of `timeZone` at an instant, read as if it were UTC (milliseconds). */
function wallClockAsUtc(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/**
 * The instant a wall time (`YYYY-MM-DD`, minutes of the day) reads in a zone: the preview's "created Friday 17:00"
 * is Friday 17:00 on the calendar's clock, whatever the reader's browser is set to.
 */
export function instantOfWallTime(timeZone: string, day: string, minuteOfDay: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, 0, minuteOfDay);
  let guess = wall;
  // Twice: the offset at the first guess may differ from the offset at the answer across a clock change.
  for (let i = 0; i < 2; i++) guess = wall - (wallClockAsUtc(timeZone, guess) - guess);
  return new Date(guess);
}

/** The coming Friday (today when it is one) as `YYYY-MM-DD`, in the zone: the preview's usual example day. */
export function comingFriday(timeZone: string, now = Date.now()): string {
  const today = new Date(wallClockAsUtc(timeZone, now));
  const ahead = (5 - today.getUTCDay() + 7) % 7;
  return new Date(today.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
}
