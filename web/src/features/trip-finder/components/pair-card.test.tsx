import type { Flight } from '@gowild/contract/flights';
import type { Airport } from '@gowild/contract/reference';
import type { TripPair } from '@gowild/contract/trip-finder';
import { describe, expect, it } from 'vitest';
import { returnWindowText, stayLabel } from './pair-card';

const flight = (origin: string, destination: string, departs: string, goWild: Flight['fares']['go_wild']): Flight =>
  ({
    origin,
    destination,
    departure_time: departs,
    arrival_time: departs,
    flight_number: '1',
    segments: [],
    fares: { go_wild: goWild, standard: null, discount_den: null },
  }) as unknown as Flight;

const pair = (over: Partial<TripPair> = {}): TripPair => ({
  outbound: flight('DEN', 'LAS', '2026-04-02T08:00:00', { total: 15, available_seats: 3 }),
  return: flight('LAS', 'DEN', '2026-04-05T18:00:00', null),
  nights: 3,
  stay_minutes: 3 * 24 * 60 + 8 * 60 + 30,
  outbound_price: 15,
  return_price: null,
  total_price: null,
  // Midnight of the 4th in Las Vegas (UTC-7).
  return_opens_at: '2026-04-04T07:00:00.000Z',
  return_open: false,
  ...over,
});
const airports = new Map([['LAS', { stationCode: 'LAS', timezone: 'America/Los_Angeles' } as Airport]]);

describe('a pair in words', () => {
  it('says the stay in nights and days, or in hours for a day trip', () => {
    expect(stayLabel(pair())).toBe('3 nights · 3d 8h there');
    expect(stayLabel(pair({ nights: 1, stay_minutes: 24 * 60 + 5 }))).toBe('1 night · 1d 0h there');
    expect(stayLabel(pair({ nights: null, stay_minutes: 510 }))).toBe('8h 30m there');
  });

  it('says when the return opens on the clock of the airport it leaves from', () => {
    expect(returnWindowText(pair(), airports)).toBe('Return bookable from Sat, Apr 4 · 12:00 AM LAS time');
    expect(returnWindowText(pair({ return_open: true, return_price: 20, total_price: 35 }), airports)).toBe('Return bookable now');
  });

  it('says a charged GoWild return is sold now, and when the usual fare opens', () => {
    const early = pair({
      return: flight('LAS', 'DEN', '2026-04-05T18:00:00', { total: 94, available_seats: 2, fare_type: 'early_booking' }),
      return_price: 94,
      total_price: 109,
    });
    expect(returnWindowText(early, airports)).toBe(
      'Return bookable now with a GoWild Early Booking fare; the usual GoWild fare opens Sat, Apr 4 · 12:00 AM LAS time',
    );
    const peak = {
      ...early,
      return: flight('LAS', 'DEN', '2026-04-05T18:00:00', { total: 94, available_seats: 2, fare_type: 'peak_day' }),
    };
    expect(returnWindowText(peak, airports)).toBe('Return on a blackout day: bookable now with a GoWild Peak Day fare only');
  });
});
