import { describe, expect, it } from 'vitest';
import { distanceMiles } from './distance';

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
