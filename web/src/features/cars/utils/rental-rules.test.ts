import { describe, expect, it } from 'vitest';
import { isValidCdp, parseDriverAge, returnIsAfterPickup } from './rental-rules';

describe('rental panel rules', () => {
  it('accepts a driver age from 18 to 99 only', () => {
    expect(['18', '25', '99', ' 40 '].map(parseDriverAge)).toEqual([18, 25, 99, 40]);
    expect(['17', '100', '', '2', '25.5', 'x'].map(parseDriverAge)).toEqual([null, null, null, null, null, null]);
  });
  it('accepts an empty CDP code or 1 to 10 digits', () => {
    expect(['', '1', '1234567890'].every(isValidCdp)).toBe(true);
    expect(['12345678901', 'ABC', '12 3'].some(isValidCdp)).toBe(false);
  });
  it('needs the return after the pick-up', () => {
    expect(returnIsAfterPickup('2026-07-20', '12:00', '2026-07-20', '13:00')).toBe(true);
    expect(returnIsAfterPickup('2026-07-20', '12:00', '2026-07-20', '12:00')).toBe(false);
    expect(returnIsAfterPickup('2026-07-20', '12:00', '2026-07-19', '18:00')).toBe(false);
  });
});
