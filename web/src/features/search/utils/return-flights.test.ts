import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { defaultReturnDate, mergeReturnFlights, returnOrigins } from './return-flights';

describe('return flights', () => {
  it('searches every airport of the destination city', () => {
    expect(returnOrigins('LAS')).toEqual(['LAS']);
    expect(returnOrigins('LGA')).toEqual(['JFK', 'LGA', 'EWR']);
    expect(returnOrigins('CITY:CHI')).toEqual(['ORD', 'MDW']);
  });
  it('drops failed searches and flights leaving before the outbound arrival, and orders by departure', () => {
    const early = buildFlight({ departure_time: '2026-04-02T07:00:00', flightHash: 'early' });
    const later = buildFlight({ departure_time: '2026-04-05T10:00:00', flightHash: 'later' });
    const sameAsArrival = buildFlight({ departure_time: '2026-04-02T09:00:00', flightHash: 'same' });
    expect(mergeReturnFlights([[later, early], null, [sameAsArrival, later]], '2026-04-02T09:00:00').map((f) => f.flightHash)).toEqual([
      'same',
      'later',
    ]);
  });
  it('defaults the return date to the arrival date (plus the trip duration), never earlier', () => {
    expect(defaultReturnDate('2026-04-02T23:30:00', null)).toBe('2026-04-02');
    expect(defaultReturnDate('2026-04-02T23:30:00', 5)).toBe('2026-04-07');
    expect(defaultReturnDate('2026-04-02T23:30:00', null, '2026-04-01')).toBe('2026-04-02');
    expect(defaultReturnDate('2026-04-02T23:30:00', null, '2026-04-09')).toBe('2026-04-09');
  });
});
