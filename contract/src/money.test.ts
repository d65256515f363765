import { describe, expect, it } from 'vitest';
import { formatAmount, formatCents, formatDollars, formatPrice, formatWholeDollars } from './money';

describe('money', () => {
  it('writes an amount with cents only when it has any', () => {
    expect(formatAmount(49)).toBe('49');
    expect(formatAmount(49.9)).toBe('49.90');
    expect(formatAmount(1234.5)).toBe('1234.50');
    expect(formatPrice(5)).toBe('$5');
    expect(formatPrice(4.99)).toBe('$4.99');
  });

  it('writes result prices in whole dollars with thousands separators, never below the price (issue 31, defect 2)', () => {
    expect(formatWholeDollars(29)).toBe('$29');
    expect(formatWholeDollars(28.5)).toBe('$29');
    // The summary says $15.41: the card may not say $15.
    expect(formatWholeDollars(15.41)).toBe('$16');
    expect(formatWholeDollars(15.01)).toBe('$16');
    expect(formatWholeDollars(1234.4)).toBe('$1,235');
    // Float noise is not a cent.
    expect(formatWholeDollars(0.1 + 0.2 + 14.7)).toBe('$15');
    expect(formatWholeDollars(15.000000001)).toBe('$15');
  });

  it('writes summary prices to the cent', () => {
    expect(formatDollars(42.5)).toBe('$42.50');
    expect(formatDollars(1234)).toBe('$1,234.00');
  });

  it('writes a bill in cents of its currency', () => {
    expect(formatCents(500)).toBe('$5');
    expect(formatCents(499, 'USD')).toBe('$4.99');
    expect(formatCents(499, 'eur')).toBe('4.99 EUR');
    expect(formatCents(0)).toBe('$0');
  });
});
