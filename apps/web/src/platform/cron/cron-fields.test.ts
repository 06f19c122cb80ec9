// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextFireTimes, validateQuartzCron } from '@casedesk/shared';
import {
  cronShortcuts,
  defaultCron,
  fieldInMode,
  formatCron,
  parseCron,
  parseField,
  withField,
  type CronField,
  type CronFields,
} from './cron-fields';

const fieldsOf = (text: string): CronFields => {
  const parsed = parseCron(text);
  if (!parsed.ok) throw new Error(`not parsed: ${text}`);
  return parsed.fields;
};

describe('cron text to fields and back', () => {
  it('reads the default as "every" in each field, the week unspecified and no year', () => {
    expect(fieldsOf(defaultCron)).toEqual({
      second: { mode: 'every' },
      minute: { mode: 'every' },
      hour: { mode: 'every' },
      day: { mode: 'every' },
      month: { mode: 'every' },
      week: { mode: 'unspecified' },
      year: { mode: 'unspecified' },
    });
  });

  it('reads every mode of every field', () => {
    const fields = fieldsOf('5-10 0/15 1,3,23 15W 2-4 ? 2027-2030');
    expect(fields.second).toEqual({ mode: 'range', from: 5, to: 10 });
    expect(fields.minute).toEqual({ mode: 'step', start: 0, every: 15 });
    expect(fields.hour).toEqual({ mode: 'list', values: [1, 3, 23] });
    expect(fields.day).toEqual({ mode: 'nearestWorkday', day: 15 });
    expect(fields.month).toEqual({ mode: 'range', from: 2, to: 4 });
    expect(fields.year).toEqual({ mode: 'range', from: 2027, to: 2030 });
    expect(fieldsOf('0 0 0 L * ?').day).toEqual({ mode: 'lastDay' });
    expect(fieldsOf('0 0 0 LW * ?').day).toEqual({ mode: 'lastWorkday' });
    expect(fieldsOf('0 0 0 ? * MON#2').week).toEqual({ mode: 'nthWeekday', weekday: 2, nth: 2 });
    expect(fieldsOf('0 0 0 ? * 6L').week).toEqual({ mode: 'lastWeekday', weekday: 6 });
    expect(fieldsOf('0 0 0 ? * FRIL').week).toEqual({ mode: 'lastWeekday', weekday: 6 });
    expect(fieldsOf('0 0 0 ? * MON-FRI').week).toEqual({ mode: 'range', from: 2, to: 6 });
    expect(fieldsOf('0 0 0 ? JAN,MAR *').month).toEqual({ mode: 'list', values: [1, 3] });
    expect(fieldsOf('*/2 * * * * ?').second).toEqual({ mode: 'step', start: 0, every: 2 });
  });

  it('keeps what the fields cannot show as typed, and writes it back unchanged', () => {
    const text = '1-5,30 * * 32 * ? 2027/2';
    const fields = fieldsOf(text);
    expect(fields.second).toEqual({ mode: 'custom', text: '1-5,30' });
    // Day 32 is out of range (spec: day 1-31): not a day the fields offer.
    expect(fields.day).toEqual({ mode: 'custom', text: '32' });
    expect(fields.year).toEqual({ mode: 'step', start: 2027, every: 2 });
    expect(formatCron(fields)).toBe(text);
    expect(parseField('second', '60')).toEqual({ mode: 'custom', text: '60' });
    expect(parseField('hour', '24')).toEqual({ mode: 'custom', text: '24' });
    expect(parseField('minute', 'a')).toEqual({ mode: 'custom', text: 'a' });
    expect(parseField('second', '10-5')).toEqual({ mode: 'custom', text: '10-5' });
    expect(parseField('week', 'MON#5')).toEqual({ mode: 'custom', text: 'MON#5' });
    expect(parseField('hour', '?')).toEqual({ mode: 'custom', text: '?' });
  });

  it('writes each shortcut back as the same text', () => {
    for (const text of [...Object.values(cronShortcuts), defaultCron, '0 0/5 8-18 ? * MON-FRI 2027']) {
      expect(formatCron(fieldsOf(text))).toBe(text);
    }
  });

  it('writes weekdays by name, so no reader confuses Quartz 1 = Sunday with 1 = Monday', () => {
    expect(formatCron(fieldsOf('0 0 0 ? * 1,7'))).toBe('0 0 0 ? * SUN,SAT');
    expect(formatCron(fieldsOf('0 0 0 ? * 2#1'))).toBe('0 0 0 ? * MON#1');
  });

  it('refuses fewer than 6 parts (the spec resets those to the default) and more than 7', () => {
    expect(parseCron('* * * * *')).toEqual({ ok: false, reason: 'tooShort' });
    expect(parseCron('')).toEqual({ ok: false, reason: 'tooShort' });
    expect(parseCron('* * * * * ? 2027 x')).toEqual({ ok: false, reason: 'tooLong' });
    expect(parseCron('  0   0 0  * *  ?  ').ok).toBe(true);
  });
});

describe('editing one field', () => {
  it('leaves the week unspecified when a day is chosen, and the other way round', () => {
    const daily = fieldsOf('0 0 0 * * ?');
    const onMonday = withField(daily, 'week', { mode: 'list', values: [2] });
    expect(formatCron(onMonday)).toBe('0 0 0 ? * MON');
    const onThe15th = withField(onMonday, 'day', { mode: 'list', values: [15] });
    expect(formatCron(onThe15th)).toBe('0 0 0 15 * ?');
    // Unspecifying both is not Quartz: the other one becomes "every".
    expect(formatCron(withField(onThe15th, 'day', { mode: 'unspecified' }))).toBe('0 0 0 ? * *');
  });

  it('fills a new mode with first values inside the field bounds', () => {
    expect(fieldInMode('hour', 'range', { mode: 'every' })).toEqual({ mode: 'range', from: 0, to: 1 });
    expect(fieldInMode('day', 'step', { mode: 'every' })).toEqual({ mode: 'step', start: 1, every: 1 });
    expect(fieldInMode('year', 'list', { mode: 'unspecified' })).toEqual({
      mode: 'list',
      values: [new Date().getFullYear()],
    });
    const kept: CronField = { mode: 'list', values: [5, 6] };
    expect(fieldInMode('minute', 'list', kept)).toBe(kept);
  });

  it('adds and drops the year part', () => {
    const fields = fieldsOf('0 0 12 * * ?');
    const withYear = withField(fields, 'year', { mode: 'list', values: [2027, 2028] });
    expect(formatCron(withYear)).toBe('0 0 12 * * ? 2027,2028');
    expect(formatCron(withField(withYear, 'year', { mode: 'unspecified' }))).toBe('0 0 12 * * ?');
  });

  it('writes an emptied list as "every" rather than an empty part', () => {
    expect(formatCron(withField(fieldsOf(defaultCron), 'minute', { mode: 'list', values: [] }))).toBe(defaultCron);
  });
});

describe('what the fields write, the shared Quartz check accepts', () => {
  it('accepts every shortcut and every mode the tabs offer', () => {
    const base = fieldsOf(cronShortcuts.dailyMidnight);
    const texts = [
      ...Object.values(cronShortcuts),
      formatCron(withField(base, 'day', { mode: 'nearestWorkday', day: 15 })),
      formatCron(withField(base, 'day', { mode: 'lastWorkday' })),
      formatCron(withField(base, 'week', { mode: 'nthWeekday', weekday: 2, nth: 4 })),
      formatCron(withField(base, 'week', { mode: 'lastWeekday', weekday: 6 })),
      formatCron(withField(base, 'week', { mode: 'range', from: 2, to: 6 })),
      formatCron(withField(base, 'second', { mode: 'step', start: 0, every: 2 })),
      formatCron(withField(base, 'year', { mode: 'range', from: 2030, to: 2036 })),
    ];
    for (const text of texts) expect({ text, problem: validateQuartzCron(text) }).toEqual({ text, problem: null });
  });

  it('reads Quartz weekday numbers as the shared check does: 1 is Sunday', () => {
    const from = new Date('2026-11-25T12:00:00Z'); // a Wednesday
    const [bySunday] = nextFireTimes('0 0 0 ? * 1', 1, { from, timeZone: 'UTC' });
    const [byName] = nextFireTimes(formatCron(fieldsOf('0 0 0 ? * 1')), 1, { from, timeZone: 'UTC' });
    expect(byName).toEqual(bySunday);
    expect(bySunday?.getUTCDay()).toBe(0);
  });
});
