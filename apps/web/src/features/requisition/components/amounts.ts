import { multiplyDecimals, quantitySchema, sumDecimals, unitPriceSchema } from '@casedesk/shared';

/** quantity × unit price as the server will compute it, or null while either is not a valid number yet. */
export function lineAmount(quantity: unknown, unitPrice: unknown): string | null {
  const q = quantitySchema.safeParse(quantity ?? '');
  const p = unitPriceSchema.safeParse(unitPrice ?? '');
  if (!q.success || !p.success) return null;
  return multiplyDecimals(q.data, 3, p.data, 4, 2);
}

/** The sum of the lines that have an amount. */
export const totalOf = (lines: { quantity?: unknown; unitPrice?: unknown }[] | undefined): string =>
  sumDecimals(
    (lines ?? []).map((l) => lineAmount(l?.quantity, l?.unitPrice)).filter((a): a is string => a !== null),
    2,
  );
