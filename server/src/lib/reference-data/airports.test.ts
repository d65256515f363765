import { describe, expect, it } from 'vitest';
import { countryName, POSTAL_COUNTRIES } from './airport-names';
import { findAirport, isDomesticRoute, listAirports } from './airports';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

  // docs/product/search.md#reference-data: one style for every airport, so 'Burbank (BUR)' never sits beside
  // 'Los Angeles, CA (LAX)', nor 'Cancun, MX' beside 'Puerto Vallarta, Mexico'.
  it('names every airport in one style: City, ST (XXX) at home, City, Country (XXX) abroad', () => {
    for (const a of listAirports()) {
      const place = POSTAL_COUNTRIES.has(a.countryCode) ? '[A-Z]{2}' : escape(countryName(a.countryCode));
      expect(a.cityAndCode, a.stationCode).toMatch(new RegExp(`^${escape(a.city)}, ${place} \\(${a.stationCode}\\)$`));
    }
    expect(findAirport('BUR')!.cityAndCode).toBe('Burbank, CA (BUR)');
    expect(findAirport('CUN')!.cityAndCode).toBe('Cancun, Mexico (CUN)');
    expect(findAirport('PVR')!.cityAndCode).toBe('Puerto Vallarta, Mexico (PVR)');
    expect(findAirport('SJU')!.cityAndCode).toBe('San Juan, PR (SJU)');
  });

  // An airport renamed years ago must not be offered under its old name (a rental desk at 'McCarran' in 2026).
  it("uses airports' current names", () => {
    const current: Record<string, string> = {
      LAS: 'Harry Reid International Airport', // McCarran until December 2021
      BUR: 'Hollywood Burbank Airport', // Bob Hope Airport until 2017
      CMH: 'John Glenn Columbus International Airport', // Port Columbus until 2016
      PNS: 'Pensacola International Airport', // Pensacola Regional until 2018
      XNA: 'Northwest Arkansas National Airport', // Northwest Arkansas Regional until 2019
    };
    for (const [code, name] of Object.entries(current)) expect(findAirport(code)!.name, code).toBe(name);
    const names = listAirports().map((a) => a.name);
    expect(names.filter((n) => /McCarran|Bob Hope|Port Columbus/.test(n))).toEqual([]);
  });

  it('spells each city one way', () => {
    const byCity = new Map<string, Set<string>>();
    for (const a of listAirports()) {
      const key = a.city
        .toLowerCase()
        .replace(/^saint /, 'st. ')
        .replace(/ city$/, '');
      byCity.set(key, (byCity.get(key) ?? new Set()).add(a.city));
    }
    const clashes = [...byCity.values()].filter((names) => names.size > 1).map((names) => [...names]);
    expect(clashes).toEqual([]);
  });
});
