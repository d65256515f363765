import { describe, expect, it } from 'vitest';
import { computeFlightHash } from './flight-hash';
import { matchFlight, parseRef, priceChangedMessage, refOf } from './trips';

const flight = (over: Partial<{ flight_number: string; departure_time: string; lowest_price: number | null }> = {}) => {
  const f = {
    departure_time: '2026-04-02T06:15:00',
    arrival_time: '2026-04-02T08:45:00',
    duration: 150,
    stops: 0,
    destination: 'MCO',
    flight_number: 'F9 1234',
    lowest_price: 31 as number | null,
    ...over,
  };
  return { ...f, flightHash: computeFlightHash(f) };
};

describe('flight references (decision 197)', () => {
  it('round-trip through the link form, connections included', () => {
    const f = flight({ flight_number: 'F9 2001 / F9 2002', lowest_price: 49.5 });
    expect(refOf(f)).toBe('F9 2001 / F9 2002~2026-04-02T06:15:00~49.50');
    expect(parseRef(refOf(f))).toEqual({ flightNumber: 'F9 2001 / F9 2002', departureTime: '2026-04-02T06:15:00', price: 49.5 });
    expect(parseRef('F9 1~2026-04-02T06:15~')).toEqual({ flightNumber: 'F9 1', departureTime: '2026-04-02T06:15', price: null });
    expect(parseRef('<script>~x~1')).toBeNull();
  });

  it('finds by hash first, else the same numbers at the same minute with the price change, else nothing', () => {
    const now = flight({ lowest_price: 45 });
    const then = flight({ lowest_price: 31 });
    const other = flight({ flight_number: 'F9 999', lowest_price: 20 });
    expect(matchFlight([other, now], now.flightHash, parseRef(refOf(then)))).toEqual({ flight: now, priceChange: null });
    expect(matchFlight([other, now], then.flightHash, parseRef(refOf(then)))).toEqual({ flight: now, priceChange: { from: 31, to: 45 } });
    expect(matchFlight([other, now], then.flightHash, null)).toBeNull();
    expect(matchFlight([other], then.flightHash, parseRef(refOf(then)))).toBeNull();
    // No fare left: not bookable, so gone.
    expect(matchFlight([flight({ lowest_price: null })], then.flightHash, parseRef(refOf(then)))).toBeNull();
  });

  it('words the change in dollars and cents', () => {
    expect(priceChangedMessage({ from: 31, to: 45.5 })).toBe('The price changed from $31.00 to $45.50');
  });
});
