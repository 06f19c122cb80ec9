import { Cron } from 'croner';
import { defineMessages, keyed } from '../platform/message-keys.js';

/**
 * Quartz cron with seconds (contract section 12, spec sections 5 and 9):
 * `second minute hour day-of-month month day-of-week [year]`, `?` in a day field, ranges, lists, steps
 * (`*\/5`, `0/15`, `10-40/10`), names (JAN-DEC, SUN-SAT), day-of-month `L`, `LW`, `15W`, day-of-week `L`,
 * `6L` (last Friday), `6#3` (third Friday). Day-of-week is Quartz-numbered: 1 = Sunday ... 7 = Saturday.
 * Each field is checked here first, so that a refusal names the field and the value; croner then computes
 * the fire times (it also knows the year field, so the 7th part is not dropped).
 */

export const cronFields = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek', 'year'] as const;
export type CronField = (typeof cronFields)[number];

/** The default of the cron editor (spec section 9): every second. */
export const defaultCron = '* * * * * ?';

const fieldLabels: Record<CronField, string> = {
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  dayOfMonth: 'day of month',
  month: 'month',
  dayOfWeek: 'day of week',
  year: 'year',
};

export const cronMessages = defineMessages('cron', {
  required: 'Enter a cron expression.',
  tooFewParts:
    'A cron expression has 6 or 7 parts (seconds minutes hours day month week [year]); this one has fewer than 6.',
  tooManyParts:
    'A cron expression has 6 or 7 parts (seconds minutes hours day month week [year]); this one has more than 7.',
  bothDays: 'Day of month and day of week cannot both be set: put ? in one of them.',
  neverFires: 'This cron expression never fires.',
  outOfRange: keyed(
    'cron.outOfRange',
    ['field', 'value', 'min', 'max'],
    (field: string, value: string, min: number, max: number) => `${field} must be ${min}-${max}, not ${value}.`,
  ),
  badValue: keyed(
    'cron.badValue',
    ['field', 'value'],
    (field: string, value: string) => `${field}: "${value}" is not a valid value.`,
  ),
  questionMarkOnlyInDays: keyed(
    'cron.questionMarkOnlyInDays',
    ['field'],
    (field: string) => `${field}: ? is allowed only in day of month or day of week.`,
  ),
  reversedRange: keyed(
    'cron.reversedRange',
    ['field', 'value'],
    (field: string, value: string) => `${field}: the range "${value}" runs backwards.`,
  ),
} as const);

/** Why a cron text is refused: the field at fault (or the whole expression) and a message of `cronMessages`. */
export type CronProblem = { field: CronField | 'expression'; message: string };

type FieldRule = { min: number; max: number; names?: readonly string[] };
const rules: Record<CronField, FieldRule> = {
  second: { min: 0, max: 59 },
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  dayOfMonth: { min: 1, max: 31 },
  month: {
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  dayOfWeek: { min: 1, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
  // Quartz's year range.
  year: { min: 1970, max: 2099 },
};

class FieldError extends Error {
  constructor(readonly problem: CronProblem) {
    super(problem.message);
  }
}

/** One value of a field (a number or a name) → its number, or a refusal naming the field. */
function valueOf(field: CronField, text: string): number {
  const rule = rules[field];
  const label = fieldLabels[field];
  const named = rule.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return named + rule.min;
  if (!/^\d+$/.test(text)) throw new FieldError({ field, message: cronMessages.badValue(label, text) });
  const value = Number(text);
  if (value < rule.min || value > rule.max)
    throw new FieldError({ field, message: cronMessages.outOfRange(label, text, rule.min, rule.max) });
  return value;
}

/** One comma-separated item of a field → croner's spelling of it (Quartz `5/15` becomes `5-59/15`). */
function itemOf(field: CronField, item: string): string {
  const rule = rules[field];
  const label = fieldLabels[field];
  const bad = () => new FieldError({ field, message: cronMessages.badValue(label, item) });
  if (item === '*') return '*';

  if (field === 'dayOfMonth') {
    if (item === 'L' || item === 'LW') return item;
    const weekday = /^(\d+)W$/.exec(item);
    if (weekday) return `${valueOf(field, weekday[1]!)}W`;
  }
  if (field === 'dayOfWeek') {
    if (item === 'L') return String(rule.max); // Quartz: L alone in day of week is Saturday
    const last = /^(\w+)L$/.exec(item);
    if (last) return `${valueOf(field, last[1]!)}L`;
    const nth = /^(\w+)#(\w+)$/.exec(item);
    if (nth) {
      const n = Number(nth[2]);
      if (!/^\d+$/.test(nth[2]!) || n < 1 || n > 5) throw bad();
      return `${valueOf(field, nth[1]!)}#${n}`;
    }
  }

  const [range, step, ...extra] = item.split('/');
  if (extra.length > 0 || range === undefined || range === '') throw bad();
  let stepText = '';
  if (step !== undefined) {
    if (!/^\d+$/.test(step) || Number(step) < 1) throw bad();
    stepText = `/${Number(step)}`;
  }
  if (range === '*') return `*${stepText}`;
  const [from, to, ...more] = range.split('-');
  if (more.length > 0 || from === undefined || from === '' || to === '') throw bad();
  const start = valueOf(field, from);
  if (to !== undefined) {
    const end = valueOf(field, to);
    if (end < start) throw new FieldError({ field, message: cronMessages.reversedRange(label, range) });
    return `${start}-${end}${stepText}`;
  }
  // Quartz `start/step` runs from start to the top of the field.
  return step === undefined ? String(start) : `${start}-${rule.max}${stepText}`;
}

function fieldOf(field: CronField, text: string): string {
  if (text === '?') {
    if (field !== 'dayOfMonth' && field !== 'dayOfWeek')
      throw new FieldError({ field, message: cronMessages.questionMarkOnlyInDays(fieldLabels[field]) });
    return '*';
  }
  return text
    .split(',')
    .map((item) => itemOf(field, item))
    .join(',');
}

type Parsed = { pattern: string } | { problem: CronProblem };

const parsedTexts = new Map<string, Parsed>();

/** `parseText`, remembered (bounded) for the texts a scheduler reads again at every fire. */
function parse(text: string): Parsed {
  let parsed = parsedTexts.get(text);
  if (!parsed) {
    parsed = parseText(text);
    if (parsedTexts.size >= builtLimit) parsedTexts.delete(parsedTexts.keys().next().value!);
    parsedTexts.set(text, parsed);
  }
  return parsed;
}

function parseText(text: string): Parsed {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { problem: { field: 'expression', message: cronMessages.required } };
  if (parts.length < 6) return { problem: { field: 'expression', message: cronMessages.tooFewParts } };
  if (parts.length > 7) return { problem: { field: 'expression', message: cronMessages.tooManyParts } };
  const [, , , dayOfMonth, , dayOfWeek] = parts;
  // Quartz refuses both day fields at once; croner would OR them, which surprises everyone.
  if (!['?', '*'].includes(dayOfMonth!) && !['?', '*'].includes(dayOfWeek!))
    return { problem: { field: 'dayOfWeek', message: cronMessages.bothDays } };
  try {
    return { pattern: parts.map((part, i) => fieldOf(cronFields[i]!, part)).join(' ') };
  } catch (error) {
    if (error instanceof FieldError) return { problem: error.problem };
    throw error;
  }
}

// Building a Cron costs about a millisecond (its time-zone formatter above all); a scheduler asks for the
// same few expressions over and over, so they are kept (bounded: the oldest goes first).
const built = new Map<string, Cron>();
const builtLimit = 1000;

function cronOf(pattern: string, timeZone?: string): Cron {
  const key = `${pattern}|${timeZone ?? ''}`;
  let cron = built.get(key);
  if (!cron) {
    // UTC as a fixed offset: croner then skips the time-zone formatter, several times faster.
    const zone = timeZone === 'UTC' || timeZone === 'Etc/UTC' ? { utcOffset: 0 } : { timezone: timeZone };
    cron = new Cron(pattern, { mode: '6-or-7-parts', alternativeWeekdays: true, paused: true, ...zone });
    if (built.size >= builtLimit) built.delete(built.keys().next().value!);
    built.set(key, cron);
  }
  return cron;
}

/**
 * Null when `text` is a Quartz cron that fires at least once from `from` on; otherwise what is wrong and
 * in which field. Used by the shared schema (the server's 400) and by the web cron editor as the user types.
 */
export function validateQuartzCron(text: string, from: Date = new Date()): CronProblem | null {
  const parsed = parse(text);
  if ('problem' in parsed) return parsed.problem;
  let cron: Cron;
  try {
    cron = cronOf(parsed.pattern);
  } catch {
    // A combination our field checks let through (e.g. a step croner cannot apply).
    return { field: 'expression', message: cronMessages.badValue('cron', text.trim()) };
  }
  return cron.nextRun(from) ? null : { field: 'expression', message: cronMessages.neverFires };
}

export type FireTimeOptions = {
  /** IANA zone the expression's hours and days are read in (the server setting basic.timeZone). */
  timeZone?: string;
  /** Fire times strictly after this moment. */
  from: Date;
  /** No fire time before this (inclusive). */
  begin?: Date | null;
  /** No fire time after this (inclusive, as Quartz's end time). */
  end?: Date | null;
};

/** The next `count` fire times of a valid Quartz cron; fewer (or none) when it stops firing or `end` comes. */
export function nextFireTimes(text: string, count: number, options: FireTimeOptions): Date[] {
  const parsed = parse(text);
  if ('problem' in parsed) throw new Error(`Invalid cron "${text}": ${parsed.problem.message}`);
  const cron = cronOf(parsed.pattern, options.timeZone);
  // croner returns times strictly after the date it is given: step back 1 ms so that `begin` itself counts.
  const begin = options.begin ? new Date(options.begin.getTime() - 1) : null;
  const after = begin && begin > options.from ? begin : options.from;
  const times = cron.nextRuns(count, after);
  return options.end ? times.filter((time) => time <= options.end!) : times;
}
