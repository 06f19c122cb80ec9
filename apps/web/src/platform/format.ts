import i18n from 'i18next';

/**
 * Dates, times, numbers and money as a person reads them, one rule per language, every screen the same
 * (docs/architecture.md, "Formats"): Intl with the language's locale; dates with the month's name
 * ("Dec 1, 2026" / "2026年12月1日"), so day and month are never confused; times 12-hour in English, 24-hour in
 * Chinese; decimals exact (Intl reads the decimal text, never a float).
 */
const locales = { en: 'en-US', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;

type Language = keyof typeof locales;

const currentLanguage = (): Language => {
  const language = i18n.language;
  return language === 'zh-cn' || language === 'zh-tw' ? language : 'en';
};

/** The Intl locale of a language (the current one by default). */
export const localeOf = (language: string = currentLanguage()): string => locales[language as Language] ?? locales.en;

/**
 * Intl's formatters, made once per locale and options: making one costs far more than formatting with it, and a
 * list formats hundreds of cells per render (issue 35: a warm ticket list spent ~35 ms making formatters).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  formatter(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  formatter(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const listFormat = (locale: string, options: Intl.ListFormatOptions) =>
  formatter(`list ${locale} ${JSON.stringify(options)}`, () => new Intl.ListFormat(locale, options));

export type DateInput = string | number | Date | { toDate(): Date } | null | undefined;

/** What a date is shown as when there is none. */
export const noValue = '—';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** The instant of a value; a plain date ("2026-12-01") is that calendar day wherever the browser is. */
function toDate(value: Exclude<DateInput, null | undefined>): { date: Date; calendarDay: boolean } {
  if (typeof value === 'string' && dateOnly.test(value))
    return { date: new Date(`${value}T00:00:00Z`), calendarDay: true };
  if (typeof value === 'string' || typeof value === 'number') return { date: new Date(value), calendarDay: false };
  if (value instanceof Date) return { date: value, calendarDay: false };
  return { date: value.toDate(), calendarDay: false };
}

export type DateTimeOptions = {
  /** Seconds too (logs, job runs, fire times). */
  seconds?: boolean;
  /** The weekday too (a fire time). */
  weekday?: boolean;
  /** The clock of this zone rather than the browser's (a job fires in the server's zone). */
  timeZone?: string;
  language?: string;
};

function formatWith(value: DateInput, options: Intl.DateTimeFormatOptions, language?: string): string {
  if (value === null || value === undefined || value === '') return noValue;
  const { date, calendarDay } = toDate(value);
  if (Number.isNaN(date.getTime())) return noValue;
  const locale = localeOf(language);
  const zoned = calendarDay ? { ...options, timeZone: 'UTC' } : options;
  try {
    return dateTimeFormat(locale, zoned).format(date);
  } catch {
    // A zone this browser does not know: the browser's own clock, rather than nothing.
    const { timeZone: _zone, ...rest } = zoned;
    return dateTimeFormat(locale, rest).format(date);
  }
}

const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/** A calendar day: "Dec 1, 2026", "2026年12月1日". */
export const formatDate = (value: DateInput, options: Pick<DateTimeOptions, 'weekday' | 'language'> = {}): string =>
  formatWith(value, { ...day, ...(options.weekday ? { weekday: 'short' } : {}) }, options.language);

/** A moment: "Dec 1, 2026, 6:07 PM", "2026年12月1日 18:07", "2026年12月1日 09:07" (seconds: "6:07:53 PM", "18:07:53"). */
export function formatDateTime(value: DateInput, options: DateTimeOptions = {}): string {
  const chinese = localeOf(options.language).startsWith('zh');
  return formatWith(
    value,
    {
      ...day,
      ...(options.weekday ? { weekday: 'short' } : {}),
      // Chinese clocks read 24-hour with two digits ("09:13") in both scripts (ICU differs between them otherwise).
      hour: chinese ? '2-digit' : 'numeric',
      minute: '2-digit',
      ...(options.seconds ? { second: '2-digit' } : {}),
      ...(chinese ? { hourCycle: 'h23' } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    },
    options.language,
  );
}

/** A day of a chart's axis or a short list: "Dec 1", "12月1日". */
export const formatMonthDay = (value: DateInput, language?: string): string =>
  formatWith(value, { month: 'short', day: 'numeric' }, language);

/** The day of the week alone: "Tuesday", "星期二". */
export const formatWeekday = (value: DateInput, language?: string): string =>
  formatWith(value, { weekday: 'long' }, language);

/** The time of day alone: "6:07 PM", "18:07", "09:07". */
export const formatTime = (value: DateInput, language?: string): string =>
  formatWith(
    value,
    localeOf(language).startsWith('zh')
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { hour: 'numeric', minute: '2-digit' },
    language,
  );

/** A number with a unit in the language's words, short: "850 ms", "12.3 sec"; "850毫秒", "12.3秒". */
export const formatUnit = (value: number, unit: string, language?: string): string =>
  numberFormat(localeOf(language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);

/** A length of time in the language's units: "42 sec", "2 min 5 sec"; "42秒", "2分钟5秒"; "1 小時 3 分鐘". */
export function formatDuration(seconds: number | null | undefined, language?: string): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return noValue;
  const whole = Math.max(0, Math.round(seconds));
  const locale = localeOf(language);
  const parts: [string, number][] = [
    ['hour', Math.floor(whole / 3600)],
    ['minute', Math.floor((whole % 3600) / 60)],
    ['second', whole % 60],
  ];
  const shown = parts.filter(([, n], i) => n > 0 || (i === 2 && whole === 0));
  return listFormat(locale, { type: 'unit', style: 'narrow' }).format(
    shown.map(([unit, n]) => formatUnit(n, unit, language)),
  );
}

/**
 * A span of minutes as a countdown shows it, narrow and in at most two units: "2h 15m", "1d 4h", "45m";
 * "2小时15分钟", "1天4小时"; "2 小時 15 分鐘". A week or more is whole days ("361d"); under a minute reads as one
 * minute (a clock never shows "0m left").
 */
export function formatSpan(minutes: number, language?: string): string {
  const whole = Math.max(1, Math.round(Math.abs(minutes)));
  const parts: [string, number][] = [
    ['day', Math.floor(whole / 1440)],
    ['hour', Math.floor((whole % 1440) / 60)],
    ['minute', whole % 60],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  const shown = parts.slice(first, whole >= 7 * 1440 ? first + 1 : first + 2).filter(([, n]) => n > 0);
  const locale = localeOf(language);
  const unit = (n: number, name: string) =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(n);
  return listFormat(locale, { type: 'unit', style: 'narrow' }).format(shown.map(([name, n]) => unit(n, name)));
}

/**
 * Working time (a report's medians, time held): hours and minutes only, since a working day is no 24 hours:
 * "52h 15m", "45m", "0m"; "52小时15分钟"; null reads as no value.
 */
export function formatWorkingTime(minutes: number | null | undefined, language?: string): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return noValue;
  const whole = Math.max(0, Math.round(minutes));
  const parts: [string, number][] = [
    ['hour', Math.floor(whole / 60)],
    ['minute', whole % 60],
  ];
  const shown = parts.filter(([name, n]) => n > 0 || (name === 'minute' && whole === 0));
  const locale = localeOf(language);
  const unit = (n: number, name: string) =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(n);
  // ICU's narrow list glues Traditional Chinese units ("4 小時21 分鐘"); its short list spaces them as the units are.
  const style = locale === 'zh-TW' ? 'short' : 'narrow';
  return listFormat(locale, { type: 'unit', style }).format(shown.map(([name, n]) => unit(n, name)));
}

/** A share of 0–1 as a percentage with at most one decimal: "87.5%"; null reads as no value. */
export const formatPercent = (share: number | null | undefined, language?: string): string =>
  share === null || share === undefined || !Number.isFinite(share)
    ? noValue
    : numberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(share);

type Numeric = number | bigint | string;

/** Number text Intl reads exactly (a decimal string stays a string, so "12345678901234.56" keeps its cents). */
const exact = (value: Numeric): number | bigint | Intl.StringNumericLiteral =>
  typeof value === 'string' ? (value.trim() as Intl.StringNumericLiteral) : value;

const readable = (value: Numeric | null | undefined): value is Numeric =>
  value !== null && value !== undefined && !(typeof value === 'string' && !/^\s*-?\d+(\.\d+)?\s*$/.test(value));

/** A count or a whole number with the language's grouping: "1,234". */
export const formatNumber = (value: Numeric | null | undefined, language?: string): string =>
  readable(value) ? numberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(exact(value)) : noValue;

/**
 * A quantity, a unit price or a rate: as many decimals as it needs and no trailing zeros ("3.000" → "3",
 * "12.4900" → "12.49"), grouped.
 */
export const formatDecimal = (value: Numeric | null | undefined, language?: string): string =>
  readable(value) ? numberFormat(localeOf(language), { maximumFractionDigits: 4 }).format(exact(value)) : noValue;

export const formatQuantity = formatDecimal;

/**
 * Money: always two decimals, grouped; with a currency, Intl's currency style places its sign the same way on every
 * screen ("$1,234.50", "US$1,234.50", "¥1,234.50").
 */
export function formatMoney(amount: Numeric | null | undefined, currency?: string | null, language?: string): string {
  if (!readable(amount)) return noValue;
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const locale = localeOf(language);
  if (currency) {
    try {
      return numberFormat(locale, { style: 'currency', currency, ...digits }).format(exact(amount));
    } catch {
      // Not an ISO code Intl knows: the number with the code after it.
      return `${numberFormat(locale, digits).format(exact(amount))} ${currency}`;
    }
  }
  return numberFormat(locale, digits).format(exact(amount));
}

/** The language's grouping and decimal signs ("," and "." in English and Chinese). */
function separators(language?: string): { group: string; decimal: string } {
  const parts = numberFormat(localeOf(language)).formatToParts(11111.1);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

const escape = (sign: string) => sign.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A decimal typed as the person writes it ("1,234.56", full-width "１，２３４．５") as the plain text the schemas
 * and the server take ("1234.56"). Grouping is read only where it groups thousands ("1,23" is no number); text
 * that is no number comes back trimmed, for the schema to refuse it in the person's language.
 */
export function readDecimalInput(text: string, language?: string): string {
  const { group, decimal } = separators(language);
  // Full-width digits and signs (a Chinese input method) read as their ASCII forms.
  const typed = text
    .trim()
    .replace(/[\uFF0C\uFF0D\uFF0E\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  // A space-like group sign (French) is typed as any space.
  const groupSign = /\s/.test(group) ? '[\\s\\u00A0\\u202F]' : escape(group);
  const grouped = new RegExp(`^(-?)(\\d{1,3}(?:${groupSign}\\d{3})*|\\d+)(?:${escape(decimal)}(\\d+))?$`).exec(typed);
  if (!grouped) return text.trim();
  const [, sign = '', whole = '', fraction] = grouped;
  return `${sign}${whole.replace(/\D/g, '')}${fraction === undefined ? '' : `.${fraction}`}`;
}
