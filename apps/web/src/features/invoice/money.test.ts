import { describe, expect, it } from 'vitest';
import { formatAmount, previewAmounts } from './money';

describe('invoice amounts preview', () => {
  it('computes like the server: lines to cents half away from zero, tax once on the subtotal', () => {
    const preview = previewAmounts(
      [
        { quantity: '3', unitPrice: '0.3333' },
        { quantity: '1', unitPrice: '1.005' },
        { quantity: '2.5', unitPrice: '80' },
      ],
      '7.25',
    );
    expect(preview).toEqual({
      lines: ['1.00', '1.01', '200.00'],
      subtotalAmount: '202.01',
      taxAmount: '14.65',
      totalAmount: '216.66',
    });
  });

  it('counts a line not yet valid as nothing and sums many lines without drift', () => {
    const preview = previewAmounts(
      [
        { quantity: '1', unitPrice: 'abc' },
        { quantity: '-1', unitPrice: '2' },
        ...Array(500).fill({ quantity: '1', unitPrice: '0.1' }),
      ],
      '',
    );
    expect(preview.lines.slice(0, 2)).toEqual([null, null]);
    expect(preview).toMatchObject({ subtotalAmount: '50.00', taxAmount: '0.00', totalAmount: '50.00' });
  });

  it('formats with thousands separators and fixed decimals, never through floating point', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('9999999999999.99')).toBe('9,999,999,999,999.99');
    expect(formatAmount('0')).toBe('0.00');
    expect(formatAmount('2.500', 3)).toBe('2.500');
    expect(formatAmount('-12.3')).toBe('-12.30');
    expect(formatAmount(null)).toBe('');
  });
});
