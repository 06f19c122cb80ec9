import { z } from 'zod';
import { defineMessages, keyed } from './message-keys.js';

/**
 * Exact decimals for money and quantities (contract 15): they travel as decimal strings ("19.99"; a JSON number
 * is accepted on input) and are computed as scaled bigints, never as floating point.
 */
export const decimalMessages = defineMessages('decimal', {
  notANumber: 'Enter a number, e.g. 1234.56.',
  negative: 'The number must not be negative.',
  notCurrency: 'Enter an ISO 4217 currency code, e.g. USD, EUR or CNY.',
  tooManyDecimals: keyed(
    'decimal.tooManyDecimals',
    ['scale'],
    (scale: number) => `At most ${scale} decimal places are allowed.`,
  ),
  tooLarge: keyed(
    'decimal.tooLarge',
    ['digits'],
    (digits: number) => `The number is too large (at most ${digits} digits before the decimal point).`,
  ),
  aboveMax: keyed('decimal.aboveMax', ['max'], (max: string) => `The number must not be above ${max}.`),
} as const);

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/** The value in units of 10^-scale ("12.5", 2 → 1250n); throws on text that is not a plain decimal. */
export function toUnits(value: string, scale: number): bigint {
  const match = decimalPattern.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  // Digits beyond the scale are cut only when they are zeros ("1.50" at scale 1); callers validate first.
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > scale) throw new Error(`more than ${scale} decimals: ${value}`);
  const units = BigInt(whole! + kept.padEnd(scale, '0'));
  return sign ? -units : units;
}

/** Units of 10^-scale back to text with exactly `scale` decimals (1250n, 2 → "12.50"). */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return negative ? `-${text}` : text;
}

/** Divides rounding half away from zero (the commercial rounding invoices use). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** a × b rounded half away from zero to `scale` decimals: a line's amount is quantity × unit price. */
export function multiplyDecimals(a: string, aScale: number, b: string, bScale: number, scale: number): string {
  const product = toUnits(a, aScale) * toUnits(b, bScale);
  return fromUnits(divideRounded(product * 10n ** BigInt(scale), 10n ** BigInt(aScale + bScale)), scale);
}

/** value × percent / 100, rounded half away from zero to `scale` decimals (tax from a rate). */
export function percentOf(value: string, percent: string, scale: number): string {
  return multiplyDecimals(value, scale, divideByHundred(percent), 4, scale);
}

const divideByHundred = (percent: string) => fromUnits(toUnits(percent, 2), 4);

/** The exact sum, with `scale` decimals. */
export const sumDecimals = (values: readonly string[], scale: number): string =>
  fromUnits(
    values.reduce((sum, v) => sum + toUnits(v, scale), 0n),
    scale,
  );

/** Compares two decimals: -1, 0 or 1. */
export const compareDecimals = (a: string, b: string, scale: number): number => {
  const d = toUnits(a, scale) - toUnits(b, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

export type DecimalOptions = {
  /** Decimal places kept (more refused; fewer padded). */
  scale: number;
  /** Digits allowed before the point (a 20-digit number is refused, not rounded). */
  digits: number;
  /** Negative values allowed (e.g. a credit line); default false. */
  negative?: boolean;
  /** An upper bound, as decimal text (a percent is capped at "100"). */
  max?: string;
};

/**
 * A decimal field: accepts "19.9", 19.9 or " 19.90 ", answers "19.90" (exactly `scale` decimals). Numbers are
 * read through their shortest text, so 0.1 stays 0.1. Refusals say which rule was broken (message keys
 * `decimal.*`, so the web shows them in the user's language).
 */
export function decimalSchema(options: DecimalOptions) {
  const { scale, digits } = options;
  return z.union([z.string(), z.number()]).transform((input, ctx): string => {
    const text = typeof input === 'number' ? (Number.isFinite(input) ? numberText(input) : '') : input.trim();
    const match = decimalPattern.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: decimalMessages.notANumber });
      return z.NEVER;
    }
    const [, sign, whole, fraction = ''] = match;
    if (fraction.replace(/0+$/, '').length > scale) {
      ctx.addIssue({ code: 'custom', message: decimalMessages.tooManyDecimals(scale) });
      return z.NEVER;
    }
    if (whole!.replace(/^0+(?=\d)/, '').length > digits) {
      ctx.addIssue({ code: 'custom', message: decimalMessages.tooLarge(digits) });
      return z.NEVER;
    }
    const units = toUnits(text, scale);
    if (sign && units !== 0n && !options.negative) {
      ctx.addIssue({ code: 'custom', message: decimalMessages.negative });
      return z.NEVER;
    }
    if (options.max !== undefined && units > toUnits(options.max, scale)) {
      ctx.addIssue({ code: 'custom', message: decimalMessages.aboveMax(options.max) });
      return z.NEVER;
    }
    return fromUnits(units, scale);
  });
}

/** A JSON number's plain decimal text (no exponent): 1e21 → "1000000000000000000000". */
function numberText(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  const [mantissa, exponentText] = text.toLowerCase().split('e') as [string, string];
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace('-', '').split('.') as [string, string?];
  const digitsAll = whole + fraction;
  const point = whole.length + exponent;
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digitsAll}`
      : point >= digitsAll.length
        ? digitsAll + '0'.repeat(point - digitsAll.length)
        : `${digitsAll.slice(0, point)}.${digitsAll.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

/** Money: two decimals, up to 13 digits before the point (numeric(15,2) in the database). */
export const moneySchema = decimalSchema({ scale: 2, digits: 13 });
/** A line's quantity: three decimals (hours, kilograms), up to 9 digits. */
export const quantitySchema = decimalSchema({ scale: 3, digits: 9 });
/** A unit price: four decimals (unit prices are often quoted finer than a cent), up to 11 digits. */
export const unitPriceSchema = decimalSchema({ scale: 4, digits: 11 });
/** A percent (tax rate): two decimals, 0 to 100 (the spec's percent formatter caps at 100). */
export const percentSchema = decimalSchema({ scale: 2, digits: 3, max: '100' });

/** ISO 4217 codes this runtime knows (Node and current browsers list them through Intl). */
const currencyCodes: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [],
);
export const currencySchema = z
  .string()
  .trim()
  .transform((c) => c.toUpperCase())
  .refine((c) => /^[A-Z]{3}$/.test(c) && (currencyCodes.size === 0 || currencyCodes.has(c)), {
    message: decimalMessages.notCurrency,
  });
