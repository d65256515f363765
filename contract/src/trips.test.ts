import { describe, expect, it } from 'vitest';
import { computeFlightHash } from './flight-hash';
import { matchFlight, parseRef, priceChangedMessage, refOf } from './trips';

type Fares = { go_wild: number | null; standard: number | null; discount_den: number | null };
const fare = (total: number | null) => (total === null ? null : { total, available_seats: null });

/** A flight whose price is `lowest_price` as its only (Standard) fare, unless `fares` says otherwise. */
const flight = (over: Partial<{ flight_number: string; departure_time: string; lowest_price: number | null; fares: Fares }> = {}) => {
  const { fares: given, ...rest } = over;
  const lowest = rest.lowest_price === undefined ? 31 : rest.lowest_price;
  const totals = given ?? { go_wild: null, standard: lowest, discount_den: null };
  const prices = Object.values(totals).filter((t): t is number => t !== null);
  const f = {
    departure_time: '2026-04-02T06:15:00',
    arrival_time: '2026-04-02T08:45:00',
    duration: 150,
    stops: 0,
    destination: 'MCO',
    flight_number: 'F9 1234',
    ...rest,
    lowest_price: prices.length ? Math.min(...prices) : null,
    fares: { go_wild: fare(totals.go_wild), standard: fare(totals.standard), discount_den: fare(totals.discount_den) },
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

  it('speaks of the price the summary charges, not the cheapest fare, when GoWild sells out (issue 31, defect 1)', () => {
    // Chosen at GoWild $94.41; now GoWild is gone and the summary charges Standard $198 (Discount Den is $161).
    const then = flight({ fares: { go_wild: 94.41, standard: 198, discount_den: 161 } });
    const now = flight({ fares: { go_wild: null, standard: 198, discount_den: 161 } });
    expect(refOf(then)).toBe('F9 1234~2026-04-02T06:15:00~94.41');
    expect(matchFlight([now], then.flightHash, parseRef(refOf(then)))?.priceChange).toEqual({ from: 94.41, to: 198 });
    // The cheapest fare moved but the summary's price did not: nothing to say.
    const cheaperDen = flight({ fares: { go_wild: 94.41, standard: 198, discount_den: 90 } });
    expect(matchFlight([cheaperDen], 'old', parseRef(refOf(then)))?.priceChange).toBeNull();
  });

  it('words the change in dollars and cents', () => {
    expect(priceChangedMessage({ from: 31, to: 45.5 })).toBe('The price changed from $31.00 to $45.50');
  });
});
