import { describe, expect, it } from 'vitest';
import { previewAmounts } from './money';

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
});
