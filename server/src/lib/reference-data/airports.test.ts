import { describe, expect, it } from 'vitest';
import { findAirport, isDomesticRoute, listAirports } from './airports';

describe('airport reference data', () => {
  it('has plausible coordinates and a real IANA zone for every airport', () => {
    for (const a of listAirports()) {
      expect(a.stationCode).toMatch(/^[A-Z]{3}$/);
      // Frontier flies within the Americas: latitudes between the equator and Alaska, longitudes west of Greenwich.
      expect(a.lat, a.stationCode).toBeGreaterThan(5);
      expect(a.lat, a.stationCode).toBeLessThan(65);
      expect(a.lng, a.stationCode).toBeGreaterThan(-170);
      expect(a.lng, a.stationCode).toBeLessThan(-55);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: a.timezone }), a.stationCode).not.toThrow();
      expect(a.cityAndCode.endsWith(`(${a.stationCode})`)).toBe(true);
    }
  });

  it('places known airports where they are', () => {
    const den = findAirport('den')!;
    expect(den.lat).toBeCloseTo(39.86, 1);
    expect(den.lng).toBeCloseTo(-104.67, 1);
    expect(findAirport('SJU')!.timezone).toBe('America/Puerto_Rico');
  });

  it('treats US territories as domestic and the Caribbean and Mexico as international', () => {
    expect(isDomesticRoute('DEN', 'SJU')).toBe(true);
    expect(isDomesticRoute('DEN', 'CUN')).toBe(false);
    expect(isDomesticRoute('MCO', 'PUJ')).toBe(false);
  });
});
