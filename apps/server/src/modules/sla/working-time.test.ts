import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClock } from '../../platform/zoned-time.js';
import {
  addWorkingMinutes,
  calendarProblem,
  isWorkingTime,
  workingMinutesBetween,
  type WorkingCalendar,
  type WorkingHours,
} from './working-time.js';

const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Shanghai', 'Australia/Lord_Howe', 'Asia/Kolkata'];
const firstDay = Date.UTC(2024, 0, 1);
const lastDay = Date.UTC(2027, 11, 31);
const msPerDay = 86_400_000;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Up to three spans a weekday on a five-minute grid, touching midnight now and then; some weekdays closed. */
const dayHours = (day: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: 288 }), { maxLength: 6 })
    .map((marks) => marks.sort((a, b) => a - b))
    .map((marks) => {
      const spans: WorkingHours[] = [];
      for (let i = 0; i + 1 < marks.length; i += 2)
        spans.push({ day, from: hhmm(marks[i]! * 5), to: hhmm(marks[i + 1]! * 5) });
      return spans;
    });

const calendars = fc
  .record({
    timeZone: fc.constantFrom(...zones),
    week: fc.tuple(...[0, 1, 2, 3, 4, 5, 6].map(dayHours)),
    closed: fc.array(fc.integer({ min: 0, max: (lastDay - firstDay) / msPerDay + 60 }), { maxLength: 80 }),
  })
  .map(({ timeZone, week, closed }) => ({ timeZone, workingHours: week.flat(), closed }))
  .filter(({ workingHours }) => workingHours.length > 0)
  .map(({ timeZone, workingHours, closed }): WorkingCalendar => ({
    timeZone,
    workingHours,
    closedDays: new Set(closed.map((d) => new Date(firstDay + d * msPerDay).toISOString().slice(0, 10))),
  }));

const instants = fc.integer({ min: firstDay, max: lastDay }).map((ms) => new Date(ms));
/** Whole minutes mostly, and amounts to the millisecond. */
const amounts = fc.oneof(
  fc.integer({ min: 0, max: 20_000 }),
  fc.integer({ min: 0, max: 20_000 * 60_000 }).map((ms) => ms / 60_000),
);
const settings = { numRuns: 60 };

describe('working time, for any calendar', () => {
  it('measures back what it added', () => {
    fc.assert(
      fc.property(calendars, instants, amounts, (calendar, start, minutes) => {
        const due = addWorkingMinutes(calendar, start, minutes);
        expect(Math.abs(workingMinutesBetween(calendar, start, due) - minutes)).toBeLessThan(1e-9);
      }),
      settings,
    );
  });

  it('never answers earlier for more minutes, and lands in working time or on a closing', () => {
    fc.assert(
      fc.property(calendars, instants, amounts, amounts, (calendar, start, a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        const sooner = addWorkingMinutes(calendar, start, fewer);
        const later = addWorkingMinutes(calendar, start, more);
        expect(later.getTime()).toBeGreaterThanOrEqual(sooner.getTime());
        if (more > 0) {
          expect(later.getTime()).toBeGreaterThan(start.getTime());
          const closing = !isWorkingTime(calendar, later) && isWorkingTime(calendar, new Date(later.getTime() - 1));
          expect(isWorkingTime(calendar, later) || closing).toBe(true);
        }
      }),
      settings,
    );
  });

  it('adds up measures of adjoining stretches', () => {
    const stretch = fc.integer({ min: 0, max: 90 * msPerDay });
    fc.assert(
      fc.property(calendars, instants, stretch, stretch, (calendar, a, ab, bc) => {
        const b = new Date(a.getTime() + ab);
        const c = new Date(b.getTime() + bc);
        const sum = workingMinutesBetween(calendar, a, b) + workingMinutesBetween(calendar, b, c);
        expect(Math.abs(sum - workingMinutesBetween(calendar, a, c))).toBeLessThan(1e-9);
        expect(workingMinutesBetween(calendar, c, a)).toBe(0);
      }),
      settings,
    );
  });

  it('agrees with the wall clock wherever the offset holds steady', () => {
    // An independent reading: weekday, day and minute of the instant in the zone, looked up in the hours as typed.
    fc.assert(
      fc.property(calendars, instants, (calendar, at) => {
        const ms = at.getTime();
        const offset = (t: number) => wallClock(calendar.timeZone, t) - t;
        fc.pre(offset(ms - 3 * 3_600_000) === offset(ms) && offset(ms + 3 * 3_600_000) === offset(ms));
        const wall = new Date(ms + offset(ms));
        const day = wall.toISOString().slice(0, 10);
        const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes() + wall.getUTCSeconds() / 60;
        const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
        const open =
          !calendar.closedDays.has(day) &&
          calendar.workingHours.some(
            (h) => h.day === wall.getUTCDay() && minutesOf(h.from) <= minute && minute < minutesOf(h.to),
          );
        expect(isWorkingTime(calendar, at)).toBe(open);
      }),
      { numRuns: 200 },
    );
  });
});

const weekdays = (from: string, to: string, days = [1, 2, 3, 4, 5]) => days.map((day) => ({ day, from, to }));
const calendar = (timeZone: string, workingHours: WorkingHours[], closed: string[] = []): WorkingCalendar => ({
  timeZone,
  workingHours,
  closedDays: new Set(closed),
});
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('working time, worked examples', () => {
  const shanghai = calendar('Asia/Shanghai', weekdays('09:00', '18:00'));

  it('makes a High ticket created Friday 17:00 due Monday 16:00 on a Mon–Fri 9–18 desk', () => {
    // 2026-03-06 is a Friday; Shanghai is UTC+8.
    expect(iso(addWorkingMinutes(shanghai, at('2026-03-06T17:00:00+08:00'), 480))).toBe(
      iso(at('2026-03-09T16:00:00+08:00')),
    );
    const holiday = calendar('Asia/Shanghai', weekdays('09:00', '18:00'), ['2026-03-09']);
    expect(iso(addWorkingMinutes(holiday, at('2026-03-06T17:00:00+08:00'), 480))).toBe(
      iso(at('2026-03-10T16:00:00+08:00')),
    );
    expect(workingMinutesBetween(holiday, at('2026-03-06T17:00:00+08:00'), at('2026-03-10T16:00:00+08:00'))).toBe(480);
  });

  it('answers a closing, not the next opening, when the minutes run out at one', () => {
    expect(iso(addWorkingMinutes(shanghai, at('2026-03-06T17:00:00+08:00'), 60))).toBe(
      iso(at('2026-03-06T18:00:00+08:00')),
    );
    expect(isWorkingTime(shanghai, at('2026-03-06T18:00:00+08:00'))).toBe(false);
    expect(isWorkingTime(shanghai, at('2026-03-06T09:00:00+08:00'))).toBe(true);
  });

  it('counts across minute boundaries and starts outside hours at the next opening', () => {
    expect(iso(addWorkingMinutes(shanghai, at('2026-03-05T17:59:30+08:00'), 1))).toBe(
      iso(at('2026-03-06T09:00:30+08:00')),
    );
    expect(workingMinutesBetween(shanghai, at('2026-03-05T17:59:30+08:00'), at('2026-03-06T09:00:30+08:00'))).toBe(1);
    // Saturday afternoon: the clock starts Monday 09:00.
    expect(iso(addWorkingMinutes(shanghai, at('2026-03-07T14:00:00+08:00'), 30))).toBe(
      iso(at('2026-03-09T09:30:00+08:00')),
    );
    expect(workingMinutesBetween(shanghai, at('2026-03-07T14:00:00+08:00'), at('2026-03-09T09:00:00+08:00'))).toBe(0);
  });

  it('adds nothing to nothing, even outside hours', () => {
    const saturday = at('2026-03-07T14:00:00+08:00');
    expect(iso(addWorkingMinutes(shanghai, saturday, 0))).toBe(iso(saturday));
    expect(() => addWorkingMinutes(shanghai, saturday, -1)).toThrow(RangeError);
  });

  it('skips the lunch break of a split day', () => {
    const split = calendar('Asia/Kolkata', [...weekdays('09:00', '12:00'), ...weekdays('13:00', '18:00')]);
    expect(iso(addWorkingMinutes(split, at('2026-03-06T11:30:00+05:30'), 60))).toBe(
      iso(at('2026-03-06T13:30:00+05:30')),
    );
    expect(workingMinutesBetween(split, at('2026-03-06T00:00:00+05:30'), at('2026-03-07T00:00:00+05:30'))).toBe(480);
  });

  it('keeps a 9–18 day at 540 minutes on both Berlin changes of clocks', () => {
    const berlin = calendar('Europe/Berlin', weekdays('09:00', '18:00', [0]));
    for (const [day, offset] of [
      ['2026-03-29', '+02:00'],
      ['2026-10-25', '+01:00'],
    ] as const) {
      const nine = at(`${day}T09:00:00${offset}`);
      expect(workingMinutesBetween(berlin, at(`${day}T00:00:00Z`), at(`${day}T23:00:00Z`))).toBe(540);
      expect(iso(addWorkingMinutes(berlin, at(`${day}T00:00:00Z`), 540))).toBe(iso(at(`${day}T18:00:00${offset}`)));
      expect(isWorkingTime(berlin, nine)).toBe(true);
      expect(isWorkingTime(berlin, new Date(nine.getTime() - 1))).toBe(false);
    }
  });

  it('gives a whole day the hours its clocks show: 23 in spring, 25 in autumn', () => {
    const allDay = calendar('America/New_York', weekdays('00:00', '24:00', [0]));
    const whole = (day: string) =>
      workingMinutesBetween(
        allDay,
        new Date(Date.parse(`${day}T00:00:00Z`)),
        new Date(Date.parse(`${day}T00:00:00Z`) + 2 * msPerDay),
      );
    expect(whole('2026-03-08')).toBe(1380);
    expect(whole('2026-11-01')).toBe(1500);
    expect(whole('2026-03-15')).toBe(1440);
    const lordHowe = calendar('Australia/Lord_Howe', weekdays('00:00', '24:00', [0]));
    const wholeThere = (day: string) =>
      workingMinutesBetween(
        lordHowe,
        new Date(Date.parse(`${day}T00:00:00Z`) - msPerDay),
        new Date(Date.parse(`${day}T00:00:00Z`) + msPerDay),
      );
    expect(wholeThere('2026-10-04')).toBe(1410);
    expect(wholeThere('2026-04-05')).toBe(1470);
  });

  it('opens after the gap for a time the clocks skip, and at the first of two readings', () => {
    const newYork = (workingHours: WorkingHours[]) => calendar('America/New_York', workingHours);
    const day = (from: string, to: string) => newYork([{ day: 0, from, to }]);
    // 2026-03-08: 02:00 EST becomes 03:00 EDT.
    expect(iso(addWorkingMinutes(day('02:30', '04:00'), at('2026-03-08T00:00:00-05:00'), 1))).toBe(
      iso(at('2026-03-08T03:01:00-04:00')),
    );
    expect(workingMinutesBetween(day('02:30', '04:00'), at('2026-03-07T00:00:00Z'), at('2026-03-09T00:00:00Z'))).toBe(
      60,
    );
    expect(workingMinutesBetween(day('02:10', '02:50'), at('2026-03-07T00:00:00Z'), at('2026-03-09T00:00:00Z'))).toBe(
      0,
    );
    // 2026-11-01: 02:00 EDT becomes 01:00 EST; 01:00-01:30 is the first half hour of the first 01:00.
    expect(iso(addWorkingMinutes(day('01:00', '01:30'), at('2026-11-01T00:00:00-04:00'), 30))).toBe(
      iso(at('2026-11-01T01:30:00-04:00')),
    );
    expect(workingMinutesBetween(day('01:30', '03:00'), at('2026-10-31T00:00:00Z'), at('2026-11-02T00:00:00Z'))).toBe(
      150,
    );
  });

  it('finds each kind of unusable week and names the field', () => {
    const ok = { day: 1, from: '09:00', to: '12:00' };
    expect(calendarProblem([ok, { day: 1, from: '12:00', to: '24:00' }])).toBeUndefined();
    expect(calendarProblem([])).toEqual({ code: 'noWorkingHours', path: ['workingHours'] });
    expect(calendarProblem([ok, { day: 7, from: '09:00', to: '10:00' }])).toEqual({
      code: 'badDay',
      path: ['workingHours', 1, 'day'],
    });
    for (const [from, to, field] of [
      ['9:00', '10:00', 'from'],
      ['24:00', '24:00', 'to'],
      ['09:00', '24:01', 'to'],
      ['09:60', '10:00', 'from'],
      ['09:00', '1000', 'to'],
    ] as const) {
      const problem = calendarProblem([{ day: 2, from, to }]);
      expect(problem?.path).toEqual(['workingHours', 0, field]);
      expect(problem?.code).toBe(from === '24:00' ? 'endBeforeStart' : 'badTime');
    }
    expect(calendarProblem([{ day: 2, from: '18:00', to: '09:00' }])).toEqual({
      code: 'endBeforeStart',
      path: ['workingHours', 0, 'to'],
    });
    expect(calendarProblem([{ day: 2, from: '09:00', to: '09:00' }])?.code).toBe('endBeforeStart');
    expect(calendarProblem([ok, { day: 1, from: '11:00', to: '13:00' }])).toEqual({
      code: 'overlap',
      path: ['workingHours', 1, 'from'],
    });
    expect(calendarProblem([ok, { day: 1, from: '08:00', to: '09:30' }])).toEqual({
      code: 'overlap',
      path: ['workingHours', 1, 'to'],
    });
    // The same hours on another day are no overlap.
    expect(calendarProblem([ok, { day: 2, from: '09:00', to: '12:00' }])).toBeUndefined();
  });

  it('refuses to count on a calendar without working time', () => {
    const start = at('2026-03-06T09:00:00Z');
    expect(() => addWorkingMinutes(calendar('UTC', []), start, 1)).toThrow(/noWorkingHours/);
    expect(() => workingMinutesBetween(calendar('UTC', []), start, start)).toThrow(/noWorkingHours/);
    expect(() => isWorkingTime(calendar('UTC', [{ day: 1, from: '10:00', to: '09:00' }]), start)).toThrow(
      /endBeforeStart/,
    );
    const closed = Array.from({ length: 4 * 366 }, (_, i) => new Date(start.getTime() + i * msPerDay));
    const shut = calendar(
      'UTC',
      weekdays('09:00', '18:00'),
      closed.map((d) => d.toISOString().slice(0, 10)),
    );
    expect(() => addWorkingMinutes(shut, start, 1)).toThrow(/No working time/);
    expect(workingMinutesBetween(shut, start, closed.at(-1)!)).toBe(0);
  });
});
