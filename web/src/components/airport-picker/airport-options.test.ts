import { describe, expect, it } from 'vitest';
import { buildAirport } from '@/test/build-airport';
import { buildAirportOptions, columnsForWidth, describeAirportValue, filterOptions, formatDistance } from './airport-options';

const ap = (stationCode: string, city: string, lat: number, lng: number) => buildAirport(stationCode, city, { lat, lng });
const airports = [
  ap('DEN', 'Denver', 39.86, -104.67),
  ap('JFK', 'New York', 40.64, -73.78),
  ap('LGA', 'New York', 40.78, -73.87),
  ap('LAS', 'Las Vegas', 36.08, -115.15),
];

describe('picker options', () => {
  it('groups city airports in city view and lists airports in airport view', () => {
    const city = buildAirportOptions(airports, 'city');
    expect(city.map((o) => o.value)).toEqual(['DEN', 'LAS', 'CITY:NYC']);
    expect(city.find((o) => o.value === 'CITY:NYC')).toMatchObject({ title: 'New York City', subtitle: 'JFK, LGA' });
    const byAirport = buildAirportOptions(airports, 'airport');
    expect(byAirport.map((o) => o.title)).toEqual(['DEN', 'JFK', 'LAS', 'LGA']);
    expect(byAirport[0]!.subtitle).toBe('Denver');
  });
  it('sorts by nearest distance when the location is known', () => {
    const fromBoulder = (lat: number, lng: number) => Math.hypot(lat - 40.01, lng + 105.27) * 60;
    const opts = buildAirportOptions(airports, 'city', fromBoulder);
    expect(opts.map((o) => o.value)).toEqual(['DEN', 'LAS', 'CITY:NYC']);
    expect(opts[0]!.distance).not.toBeNull();
    expect(formatDistance(23.6)).toBe('24 mi away');
  });
  it('filters by any typed word', () => {
    const opts = buildAirportOptions(airports, 'airport');
    expect(filterOptions(opts, 'vegas').map((o) => o.value)).toEqual(['LAS']);
    expect(filterOptions(opts, 'new york lga').map((o) => o.value)).toEqual(['LGA']);
    expect(filterOptions(opts, '  ')).toHaveLength(4);
  });
  it('shows 2, 3, 4 or 5 cards per row at the documented breakpoints', () => {
    expect([375, 767, 768, 1023, 1024, 1279, 1280, 1920].map(columnsForWidth)).toEqual([2, 2, 3, 3, 4, 4, 5, 5]);
  });
  it('describes a search value: cities by name, known airports by the list, others by code', () => {
    const byCode = new Map(airports.map((a) => [a.stationCode, a]));
    expect(describeAirportValue('DEN', byCode)).toBe('Denver (DEN)');
    expect(describeAirportValue('CITY:NYC,LAS', byCode)).toBe('New York City, Las Vegas (LAS)');
    expect(describeAirportValue('XYZ,', byCode)).toBe('XYZ');
    expect(describeAirportValue('', byCode)).toBe('');
    expect(describeAirportValue('JFK, LGA')).toBe('JFK, LGA');
  });
});
