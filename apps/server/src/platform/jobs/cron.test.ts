import { describe, expect, it } from 'vitest';
import { cronMessages, messageRefOf, nextFireTimes, validateQuartzCron } from '@casedesk/shared';

const from = new Date('2026-11-25T13:00:00Z'); // a Wednesday
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('validateQuartzCron', () => {
  it.each([
    '* * * * * ?',
    '0 0 * * * ?',
    '0 0 0 1 * ?',
    '0 0 0 L * ?',
    '0 0 0 LW * ?',
    '0 0 0 15W * ?',
    '0 0 0 ? * 1',
    '0 0 0 ? * SUN',
    '0 0 0 ? * MON-FRI',
    '0 0 0 ? * 6L',
    '0 0 0 ? * 6#3',
    '0/15 * * * * ?',
    '10-40/10 * * * * ?',
    '0 0 12 1 JAN,JUL ?',
    '0 0 12 * * ? 2030',
    '0 0 12 1 1 ? 2030-2032',
    '  0   0 12 * * ?  ',
  ])('accepts %s', (text) => {
    expect(validateQuartzCron(text, from)).toBeNull();
  });

  it.each([
    ['', 'expression', cronMessages.required],
    ['* * * * *', 'expression', cronMessages.tooFewParts],
    ['0 0 0 1 1 ? 2030 x', 'expression', cronMessages.tooManyParts],
    ['60 * * * * ?', 'second', 'seconds must be 0-59, not 60.'],
    ['a * * * * ?', 'second', 'seconds: "a" is not a valid value.'],
    ['1a * * * * ?', 'second', 'seconds: "1a" is not a valid value.'],
    ['0 60 * * * ?', 'minute', 'minutes must be 0-59, not 60.'],
    ['0 0 24 * * ?', 'hour', 'hours must be 0-23, not 24.'],
    ['0 0 0 32 * ?', 'dayOfMonth', 'day of month must be 1-31, not 32.'],
    ['0 0 0 0 * ?', 'dayOfMonth', 'day of month must be 1-31, not 0.'],
    ['0 0 0 * 13 ?', 'month', 'month must be 1-12, not 13.'],
    ['0 0 0 ? * 8', 'dayOfWeek', 'day of week must be 1-7, not 8.'],
    ['0 0 0 ? * 0', 'dayOfWeek', 'day of week must be 1-7, not 0.'],
    ['0 0 0 ? * 6#6', 'dayOfWeek', 'day of week: "6#6" is not a valid value.'],
    ['0 0 0 1 * MON', 'dayOfWeek', cronMessages.bothDays],
    ['? 0 0 * * *', 'second', 'seconds: ? is allowed only in day of month or day of week.'],
    ['0 30-10 * * * ?', 'minute', 'minutes: the range "30-10" runs backwards.'],
    ['*/0 * * * * ?', 'second', 'seconds: "*/0" is not a valid value.'],
    ['0 0 0 * * ? 1969', 'year', 'year must be 1970-2099, not 1969.'],
    ['0 0 0 30 2 ?', 'expression', cronMessages.neverFires],
    ['0 0 0 * * ? 2020', 'expression', cronMessages.neverFires],
  ])('refuses "%s" in %s: %s', (text, field, message) => {
    expect(validateQuartzCron(text, from)).toEqual({ field, message });
  });

  it('gives built messages a key and values the web can translate', () => {
    validateQuartzCron('0 0 0 32 * ?', from);
    expect(messageRefOf('day of month must be 1-31, not 32.')).toEqual({
      key: 'cron.outOfRange',
      values: { field: 'day of month', value: '32', min: 1, max: 31 },
    });
    expect(messageRefOf(cronMessages.tooFewParts)).toEqual({ key: 'cron.tooFewParts' });
  });
});

describe('nextFireTimes', () => {
  it('fires every second by default', () => {
    expect(iso(nextFireTimes('* * * * * ?', 3, { from, timeZone: 'UTC' }))).toEqual([
      '2026-11-25T13:00:01.000Z',
      '2026-11-25T13:00:02.000Z',
      '2026-11-25T13:00:03.000Z',
    ]);
  });

  it('reads the shortcuts as the spec names them', () => {
    const opts = { from, timeZone: 'UTC' };
    expect(iso(nextFireTimes('0 * * * * ?', 2, opts))).toEqual([
      '2026-11-25T13:01:00.000Z',
      '2026-11-25T13:02:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 0 * * * ?', 1, opts))).toEqual(['2026-11-25T14:00:00.000Z']);
    expect(iso(nextFireTimes('0 0 0 * * ?', 1, opts))).toEqual(['2026-11-26T00:00:00.000Z']);
    expect(iso(nextFireTimes('0 0 0 1 * ?', 2, opts))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 0 0 L * ?', 3, opts))).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-31T00:00:00.000Z',
      '2027-01-31T00:00:00.000Z',
    ]);
    // Sunday midnight: Quartz numbers Sunday 1.
    expect(iso(nextFireTimes('0 0 0 ? * 1', 2, opts))).toEqual([
      '2026-11-29T00:00:00.000Z',
      '2026-12-06T00:00:00.000Z',
    ]);
  });

  it('reads Quartz steps, names, last and nth weekdays', () => {
    const opts = { from, timeZone: 'UTC' };
    expect(iso(nextFireTimes('0/20 * * * * ?', 3, opts))).toEqual([
      '2026-11-25T13:00:20.000Z',
      '2026-11-25T13:00:40.000Z',
      '2026-11-25T13:01:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 0 0 ? * 6L', 1, opts))).toEqual(['2026-11-27T00:00:00.000Z']); // last Friday
    expect(iso(nextFireTimes('0 0 0 ? * FRI#3', 1, opts))).toEqual(['2026-12-18T00:00:00.000Z']);
    expect(iso(nextFireTimes('0 0 0 ? * L', 1, opts))).toEqual(['2026-11-28T00:00:00.000Z']); // Saturday
    expect(iso(nextFireTimes('0 0 9 ? * MON-FRI', 3, opts))).toEqual([
      '2026-11-26T09:00:00.000Z',
      '2026-11-27T09:00:00.000Z',
      '2026-11-30T09:00:00.000Z',
    ]);
  });

  it('keeps the year field: fires only in the years it names', () => {
    const times = nextFireTimes('0 0 12 1 1 ? 2028,2030', 5, { from, timeZone: 'UTC' });
    expect(iso(times)).toEqual(['2028-01-01T12:00:00.000Z', '2030-01-01T12:00:00.000Z']);
  });

  it('reads hours in the given time zone', () => {
    expect(iso(nextFireTimes('0 0 2 * * ?', 1, { from, timeZone: 'Asia/Shanghai' }))).toEqual([
      '2026-11-25T18:00:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 0 2 * * ?', 1, { from, timeZone: 'America/New_York' }))).toEqual([
      '2026-11-26T07:00:00.000Z',
    ]);
  });

  it('starts at begin (inclusive) and stops at end (inclusive)', () => {
    const begin = new Date('2026-11-25T14:00:00Z');
    const end = new Date('2026-11-25T14:00:10Z');
    const times = nextFireTimes('*/5 * * * * ?', 10, { from, timeZone: 'UTC', begin, end });
    expect(iso(times)).toEqual(['2026-11-25T14:00:00.000Z', '2026-11-25T14:00:05.000Z', '2026-11-25T14:00:10.000Z']);
    // A begin already passed changes nothing.
    expect(iso(nextFireTimes('0 0 * * * ?', 1, { from, timeZone: 'UTC', begin: new Date(0) }))).toEqual([
      '2026-11-25T14:00:00.000Z',
    ]);
  });

  it('refuses an invalid expression', () => {
    expect(() => nextFireTimes('* * * * *', 1, { from })).toThrow(cronMessages.tooFewParts);
  });
});
