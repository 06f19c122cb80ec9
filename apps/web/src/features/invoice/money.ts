import { fromUnits, multiplyDecimals, percentOf, toUnits } from '@casedesk/shared';

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
