import { describe, expect, it } from 'vitest';
import { distanceMiles, formatMiles } from './distance';

describe('distanceMiles', () => {
  it('uses an Earth radius of 3959 miles', () => {
    // One degree of latitude is 3959 · π / 180 ≈ 69.1 miles.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((3959 * Math.PI) / 180, 6);
  });

  it('measures Denver to Las Vegas at about 628 miles, the same both ways, and zero to itself', () => {
    const den = { lat: 39.8617, lng: -104.6731 };
    const las = { lat: 36.084, lng: -115.1537 };
    expect(distanceMiles(den, las)).toBeGreaterThan(620);
    expect(distanceMiles(den, las)).toBeLessThan(635);
    expect(distanceMiles(las, den)).toBeCloseTo(distanceMiles(den, las), 9);
    expect(distanceMiles(den, den)).toBe(0);
  });

  it('stays finite for antipodes', () => {
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(3959 * Math.PI, 6);
  });
});

describe('formatMiles', () => {
  it('writes whole miles, rounded, with thousands separators', () => {
    expect(formatMiles(23.6)).toBe('24 mi');
    expect(formatMiles(60)).toBe('60 mi');
    expect(formatMiles(0)).toBe('0 mi');
    expect(formatMiles(1203.5)).toBe('1,204 mi');
  });

  it('writes the places asked for as toFixed does, without separators', () => {
    expect(formatMiles(0.42, 1)).toBe('0.4 mi');
    expect(formatMiles(3, 1)).toBe('3.0 mi');
    // 1.45 is stored a hair under 1.45: toFixed writes 1.4 (Intl would round the decimal text up to 1.5).
    expect(formatMiles(1.45, 1)).toBe('1.4 mi');
    expect(formatMiles(1234.56, 1)).toBe('1234.6 mi');
  });
});
