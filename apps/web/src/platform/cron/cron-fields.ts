// The cron text of a Quartz expression (`sec min hour day month week [year]`) and the editor's fields, both ways.
// Whether the whole text is a valid schedule is the shared `validateQuartzCron`'s call; this maps what it can to
// fields and keeps any other part as written (`custom`), so nothing the user typed is lost.

import { defaultCron } from '@casedesk/shared';

/** Spec section 9: the default cron (`* * * * * ?`), the shared one the server also defaults to. */
export { defaultCron };

export const cronFieldNames = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronFieldName = (typeof cronFieldNames)[number];

export type CronField =
  | { mode: 'every' }
  /** `?` in day or week; the year left out. */
  | { mode: 'unspecified' }
  | { mode: 'range'; from: number; to: number }
  | { mode: 'step'; start: number; every: number }
  | { mode: 'list'; values: number[] }
  /** Day: `L`. */
  | { mode: 'lastDay' }
  /** Day: `LW`. */
  | { mode: 'lastWorkday' }
  /** Day: `15W`. */
  | { mode: 'nearestWorkday'; day: number }
  /** Week: `MON#2`, the nth weekday of the month. */
  | { mode: 'nthWeekday'; weekday: number; nth: number }
  /** Week: `FRIL`, the last such weekday of the month. */
  | { mode: 'lastWeekday'; weekday: number }
  /** A part the fields cannot show (e.g. `1-5,30`), kept as typed. */
  | { mode: 'custom'; text: string };

export type CronMode = CronField['mode'];
export type CronFields = Record<CronFieldName, CronField>;

/** Quartz numbers the week 1 (Sunday) to 7 (Saturday); the text uses the names, which no reader can misread. */
export const weekdayNames = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Spec section 5 and 9: seconds and minutes 0-59, hours 0-23, day 1-31, month 1-12, week-of-month 1-4, year this year + 10. */
export function fieldBounds(name: CronFieldName, thisYear = new Date().getFullYear()): { min: number; max: number } {
  switch (name) {
    case 'second':
    case 'minute':
      return { min: 0, max: 59 };
    case 'hour':
      return { min: 0, max: 23 };
    case 'day':
      return { min: 1, max: 31 };
    case 'month':
      return { min: 1, max: 12 };
    case 'week':
      return { min: 1, max: 7 };
    case 'year':
      return { min: thisYear, max: thisYear + 10 };
  }
}
export const weekOfMonthBounds = { min: 1, max: 4 };

/** The modes each field's tab offers, in the order shown. */
export const fieldModes: Record<CronFieldName, CronMode[]> = {
  second: ['every', 'range', 'step', 'list'],
  minute: ['every', 'range', 'step', 'list'],
  hour: ['every', 'range', 'step', 'list'],
  day: ['every', 'unspecified', 'range', 'step', 'nearestWorkday', 'lastDay', 'lastWorkday', 'list'],
  month: ['every', 'range', 'step', 'list'],
  week: ['every', 'unspecified', 'range', 'nthWeekday', 'lastWeekday', 'list'],
  year: ['unspecified', 'every', 'range', 'list'],
};

/** A number of the field, or for week and month also its English name (`MON`, `JAN`). */
function valueOf(name: CronFieldName, token: string): number | null {
  const upper = token.toUpperCase();
  if (name === 'week' && weekdayNames.includes(upper as (typeof weekdayNames)[number])) {
    return weekdayNames.indexOf(upper as (typeof weekdayNames)[number]) + 1;
  }
  if (name === 'month' && monthNames.includes(upper)) return monthNames.indexOf(upper) + 1;
  if (!/^\d+$/.test(token)) return null;
  const value = Number(token);
  // The year's bounds move with the calendar: any four-digit year is read, the editor offers this year + 10.
  if (name === 'year') return value >= 1970 && value <= 2199 ? value : null;
  const { min, max } = fieldBounds(name);
  return value >= min && value <= max ? value : null;
}

const textOf = (name: CronFieldName, value: number) => (name === 'week' ? weekdayNames[value - 1]! : String(value));

/** One part of the text as a field; what does not fit a mode is `custom`. */
export function parseField(name: CronFieldName, text: string): CronField {
  const part = text.trim();
  const custom: CronField = { mode: 'custom', text: part };
  if (part === '*') return { mode: 'every' };
  if (part === '?') return name === 'day' || name === 'week' ? { mode: 'unspecified' } : custom;
  if (name === 'day') {
    const upper = part.toUpperCase();
    if (upper === 'L') return { mode: 'lastDay' };
    if (upper === 'LW') return { mode: 'lastWorkday' };
    const workday = /^(\d+)W$/i.exec(part);
    if (workday) {
      const day = valueOf('day', workday[1]!);
      return day === null ? custom : { mode: 'nearestWorkday', day };
    }
  }
  if (name === 'week') {
    const nth = /^(\w+)#(\d)$/.exec(part);
    if (nth) {
      const weekday = valueOf('week', nth[1]!);
      const n = Number(nth[2]);
      return weekday === null || n < weekOfMonthBounds.min || n > weekOfMonthBounds.max
        ? custom
        : { mode: 'nthWeekday', weekday, nth: n };
    }
    const last = /^(\w+?)L$/i.exec(part);
    if (last) {
      const weekday = valueOf('week', last[1]!);
      return weekday === null ? custom : { mode: 'lastWeekday', weekday };
    }
  }
  const range = /^(\w+)-(\w+)$/.exec(part);
  if (range) {
    const from = valueOf(name, range[1]!);
    const to = valueOf(name, range[2]!);
    return from === null || to === null || from > to ? custom : { mode: 'range', from, to };
  }
  const step = /^(\*|\w+)\/(\d+)$/.exec(part);
  if (step) {
    const start = step[1] === '*' ? fieldBounds(name).min : valueOf(name, step[1]!);
    const every = Number(step[2]);
    return start === null || every < 1 ? custom : { mode: 'step', start, every };
  }
  const values = part.split(',').map((token) => valueOf(name, token));
  if (values.every((v): v is number => v !== null)) {
    return { mode: 'list', values: [...new Set(values)].sort((a, b) => a - b) };
  }
  return custom;
}

/** A field as its part of the text; `null` for a year left out. */
export function formatField(name: CronFieldName, field: CronField): string | null {
  switch (field.mode) {
    case 'every':
      return '*';
    case 'unspecified':
      return name === 'year' ? null : '?';
    case 'range':
      return `${textOf(name, field.from)}-${textOf(name, field.to)}`;
    case 'step':
      return `${textOf(name, field.start)}/${field.every}`;
    case 'list':
      return field.values.length ? field.values.map((v) => textOf(name, v)).join(',') : '*';
    case 'lastDay':
      return 'L';
    case 'lastWorkday':
      return 'LW';
    case 'nearestWorkday':
      return `${field.day}W`;
    case 'nthWeekday':
      return `${textOf('week', field.weekday)}#${field.nth}`;
    case 'lastWeekday':
      return `${textOf('week', field.weekday)}L`;
    case 'custom':
      return field.text;
  }
}

export type ParsedCron = { ok: true; fields: CronFields } | { ok: false; reason: 'tooShort' | 'tooLong' };

export const cronParts = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/** The text as fields: 6 parts, or 7 with the year. Fewer than 6 is the spec's "reset to the default" case. */
export function parseCron(text: string): ParsedCron {
  const parts = cronParts(text);
  if (parts.length < 6) return { ok: false, reason: 'tooShort' };
  if (parts.length > 7) return { ok: false, reason: 'tooLong' };
  const fields = Object.fromEntries(
    cronFieldNames.map((name, index) => {
      const part = parts[index];
      return [name, part === undefined ? { mode: 'unspecified' } : parseField(name, part)];
    }),
  ) as CronFields;
  return { ok: true, fields };
}

export function formatCron(fields: CronFields): string {
  return cronFieldNames
    .map((name) => formatField(name, fields[name]))
    .filter((part): part is string => part !== null)
    .join(' ');
}

/**
 * Sets one field. Quartz wants exactly one of day and week to be `?`: choosing a day leaves the week unspecified and
 * the other way round, and unspecifying one makes the other "every".
 */
export function withField(fields: CronFields, name: CronFieldName, field: CronField): CronFields {
  const next = { ...fields, [name]: field };
  const other = name === 'day' ? 'week' : name === 'week' ? 'day' : null;
  if (other) {
    if (field.mode !== 'unspecified') next[other] = { mode: 'unspecified' };
    else if (next[other].mode === 'unspecified') next[other] = { mode: 'every' };
  }
  return next;
}

/** The field in a mode, filled with sensible first values (or the ones it has). */
export function fieldInMode(name: CronFieldName, mode: CronMode, current: CronField): CronField {
  if (current.mode === mode) return current;
  const { min, max } = fieldBounds(name);
  switch (mode) {
    case 'every':
    case 'unspecified':
    case 'lastDay':
    case 'lastWorkday':
      return { mode };
    case 'range':
      return { mode, from: min, to: Math.min(min + 1, max) };
    case 'step':
      return { mode, start: min, every: 1 };
    case 'list':
      return { mode, values: [min] };
    case 'nearestWorkday':
      return { mode, day: 1 };
    case 'nthWeekday':
      return { mode, weekday: 2, nth: 1 };
    case 'lastWeekday':
      return { mode, weekday: 6 };
    case 'custom':
      return { mode, text: formatField(name, current) ?? '*' };
  }
}

/** Spec section 9: the shortcuts, as Quartz text. */
export const cronShortcuts = {
  everyMinute: '0 * * * * ?',
  everyHour: '0 0 * * * ?',
  dailyMidnight: '0 0 0 * * ?',
  firstOfMonth: '0 0 0 1 * ?',
  lastDayOfMonth: '0 0 0 L * ?',
  sundayMidnight: '0 0 0 ? * SUN',
} as const;
export type CronShortcut = keyof typeof cronShortcuts;
