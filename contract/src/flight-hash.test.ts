import { describe, expect, it } from 'vitest';
import { FLIGHT_HASH_LENGTH, computeFlightHash, flightHashText } from './flight-hash';

const flight = {
  departure_time: '2026-04-02T06:15:00',
  arrival_time: '2026-04-02T08:45:00',
  duration: 90,
  stops: 0,
  destination: 'SLC',
  flight_number: 'F9 1234',
  lowest_price: 31,
};

describe('flight hash', () => {
  it('is short, url-safe and stable across releases', () => {
    const hash = computeFlightHash(flight);
    expect(hash).toMatch(new RegExp(`^[0-9a-z]{${FLIGHT_HASH_LENGTH}}$`));
    // Pinned: links and local storage written today must still resolve after a release.
    expect(hash).toBe(computeFlightHash({ ...flight }));
    expect(flightHashText(flight)).toBe('2026-04-02T06:15:00|2026-04-02T08:45:00|90|0|SLC|F9 1234|31.00');
    expect(hash).toBe('18mi2mm1coc');
  });

  it('changes with each input and ignores everything else', () => {
    const base = computeFlightHash(flight);
    for (const change of [
      { departure_time: '2026-04-02T06:20:00' },
      { arrival_time: '2026-04-02T08:50:00' },
      { duration: 95 },
      { stops: 1 },
      { destination: 'LAS' },
      { flight_number: 'F9 1235' },
      { lowest_price: 32 },
      { lowest_price: null },
    ]) {
      expect(computeFlightHash({ ...flight, ...change })).not.toBe(base);
    }
    const withSeats = { ...flight, fares: { go_wild: { total: 31, available_seats: 4 } } };
    expect(computeFlightHash(withSeats)).toBe(base);
  });
});
