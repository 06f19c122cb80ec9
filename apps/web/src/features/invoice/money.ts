import { fromUnits, multiplyDecimals, percentOf, toUnits } from '@casedesk/shared';

/** Decimal text with thousands separators, exactly `scale` decimals ("1234.5" → "1,234.50"); never via floats. */
export function formatAmount(text: string | null | undefined, scale = 2): string {
  if (text === null || text === undefined || text === '') return '';
  let units: bigint;
  try {
    units = toUnits(roundText(text, scale), scale);
  } catch {
    return text;
  }
  const plain = fromUnits(units, scale);
  const negative = plain.startsWith('-');
  const [whole, fraction] = plain.replace('-', '').split('.') as [string, string?];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A decimal's text cut to `scale` decimals when the extra digits are zeros ("12.500" → "12.50"). */
function roundText(text: string, scale: number): string {
  const [whole, fraction = ''] = text.trim().split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept.length <= scale ? `${whole}${kept ? `.${kept}` : ''}` : text;
}

/** A value as the schema would read it, or null when it is not a plain non-negative decimal within `scale`. */
function decimalOrNull(value: unknown, scale: number): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  try {
    return fromUnits(toUnits(text, scale), scale);
  } catch {
    return null;
  }
}

export type PreviewLine = { quantity?: unknown; unitPrice?: unknown };
export type AmountPreview = {
  lines: (string | null)[];
  subtotalAmount: string;
  taxAmount: string;
  totalAmount: string;
};

/**
 * The amounts as the server will compute them (the same shared helpers: line = quantity × unit price rounded to
 * cents, tax on the subtotal, total = subtotal + tax); a line not yet valid counts as nothing.
 */
export function previewAmounts(lines: readonly (PreviewLine | undefined)[], taxRate: unknown): AmountPreview {
  const amounts = lines.map((line) => {
    const quantity = decimalOrNull(line?.quantity, 3);
    const unitPrice = decimalOrNull(line?.unitPrice, 4);
    return quantity === null || unitPrice === null ? null : multiplyDecimals(quantity, 3, unitPrice, 4, 2);
  });
  const subtotal = amounts.reduce((sum, amount) => sum + (amount === null ? 0n : toUnits(amount, 2)), 0n);
  const subtotalAmount = fromUnits(subtotal, 2);
  const rate = decimalOrNull(taxRate, 2) ?? '0.00';
  const taxAmount = percentOf(subtotalAmount, rate, 2);
  return {
    lines: amounts,
    subtotalAmount,
    taxAmount,
    totalAmount: fromUnits(subtotal + toUnits(taxAmount, 2), 2),
  };
}
