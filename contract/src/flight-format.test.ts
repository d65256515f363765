import { formatDollars, formatWholeDollars } from './money';
import { describe, expect, it } from 'vitest';
import {
  arrivalDayOffset,
  arrivesNextDay,
  bookingLinkFor,
  daysAtDestination,
  daysAtDestinationLabel,
  flightPrice,
  flightPriceFare,
  formatDuration,
  formatLocalTime,
  formatMinutesOfDay,
  formatStay,
  formatStops,
  formatTripDuration,
  highestFare,
  lowestFare,
  minutesOfDay,
  roundUpToHour,
  seatsLabel,
  stopAirports,
  totalPrice,
} from './flight-format';
import type { Flight } from './flights';

const H = 3_600_000;
const fares = (g: number | null, s: number | null, d: number | null): Pick<Flight, 'fares'> => ({
  fares: {
    go_wild: g === null ? null : { total: g },
    standard: s === null ? null : { total: s },
    discount_den: d === null ? null : { total: d },
  },
});
const times = (departure_time: string, arrival_time: string) => ({ departure_time, arrival_time });

describe('flight prices', () => {
  it('prices each flight by the first available of GoWild, Standard, Discount Den, else 0, to 2 decimals', () => {
    expect(flightPrice(fares(29.5, 99, 79))).toBe(29.5);
    expect(flightPrice(fares(null, 99, 79))).toBe(99);
    expect(flightPrice(fares(-1, null, 79.99))).toBe(79.99);
    expect(flightPrice(fares(null, null, null))).toBe(0);
    expect(flightPriceFare(fares(0, 0, 54))).toBe('discount_den');
    expect(flightPriceFare(fares(null, null, null))).toBeNull();
    expect(totalPrice(fares(0.1, null, null), fares(0.2, null, null))).toBe(0.3);
    expect(formatDollars(totalPrice(fares(29.5, 99, 79), fares(null, 118, null)))).toBe('$147.50');
    expect(formatDollars(1234)).toBe('$1,234.00');
  });
  it('takes the cheapest and dearest fares on sale, ignoring missing and non-positive ones', () => {
    expect(lowestFare(fares(-1, 99, 79))).toBe(79);
    expect(lowestFare(fares(null, null, null))).toBeNull();
    expect(highestFare(fares(29, 99, 0))).toBe(99);
    expect(highestFare(fares(null, null, null))).toBe(0);
  });
  it('shows result prices in whole dollars', () => {
    expect(formatWholeDollars(28.6)).toBe('$29');
    expect(formatWholeDollars(1234)).toBe('$1,234');
  });
  it('shows seat counts to premium users only', () => {
    expect(seatsLabel({ total: 29, available_seats: 3 }, true)).toBe('3 seats left');
    expect(seatsLabel({ total: 29, available_seats: 1 }, true)).toBe('1 seat left');
    expect(seatsLabel({ total: 29, available_seats: null }, true)).toBe('Seats available');
    expect(seatsLabel({ total: 29, available_seats: 3 }, false)).toBeNull();
  });
  it('books the fare the flight is priced at, not a GoWild link with no GoWild fare', () => {
    const links = { go_wild: 'https://airline/gw', standard: 'https://airline/std', discount_den: 'https://airline/dd' };
    expect(bookingLinkFor({ ...fares(null, 69, 54), booking_links: links })).toBe('https://airline/std');
    expect(bookingLinkFor({ ...fares(16, 68, 57), booking_links: links })).toBe('https://airline/gw');
    expect(bookingLinkFor({ ...fares(0, 0, 54), booking_links: links })).toBe('https://airline/dd');
    // Nothing on sale: any link there is, so the traveller can still look.
    expect(bookingLinkFor({ ...fares(null, null, null), booking_links: { ...links, go_wild: null } })).toBe('https://airline/std');
  });
});

describe('flight durations and stops', () => {
  it('formats flight times, stops and the airports stopped at', () => {
    expect(formatDuration(376)).toBe('6h 16m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(-5)).toBe('0m');
    expect(formatStops(0)).toBe('Nonstop');
    expect(formatStops(1)).toBe('1 stop');
    expect(formatStops(2)).toBe('2 stops');
    const seg = (from: string, to: string) => ({
      departure_airport: from,
      arrival_airport: to,
      departure_time: '',
      arrival_time: '',
      flight_number: '',
    });
    expect(stopAirports({ segments: [seg('DEN', 'ATL'), seg('ATL', 'MCO')] })).toEqual(['ATL']);
    expect(stopAirports({ segments: [seg('DEN', 'LAS')] })).toEqual([]);
  });
  it('formats trip durations as Xd Yh, Xd, Yh, < 1h, or 0d when negative', () => {
    expect(formatTripDuration(2 * 24 * H + 5 * H + 50 * 60_000)).toBe('2d 5h');
    expect(formatTripDuration(3 * 24 * H)).toBe('3d');
    expect(formatTripDuration(7 * H + 59 * 60_000)).toBe('7h');
    expect(formatTripDuration(59 * 60_000)).toBe('< 1h');
    expect(formatTripDuration(0)).toBe('< 1h');
    expect(formatTripDuration(-H)).toBe('0d');
  });
  it('counts the stay in whole calendar days at the destination', () => {
    expect(daysAtDestination('2026-04-02T23:30:00', '2026-04-03T06:00:00')).toBe(1);
    expect(daysAtDestination('2026-04-02T09:00:00', '2026-04-02T20:00:00')).toBe(0);
    expect(daysAtDestination('2026-04-05T09:00:00', '2026-04-02T20:00:00')).toBe(0);
    expect(formatStay(daysAtDestination('2026-04-02T23:50:00', '2026-04-03T06:00:00'))).toBe('1d');
    expect(formatStay(daysAtDestination('2026-04-02T09:00:00', '2026-04-02T21:00:00'))).toBe('< 1d');
    expect(formatStay(daysAtDestination('2026-04-02T09:00:00', '2026-04-09T07:00:00'))).toBe('7d');
    expect(daysAtDestinationLabel(0)).toBe('Same day');
    expect(daysAtDestinationLabel(1)).toBe('1 day at destination');
    expect(daysAtDestinationLabel(4)).toBe('4 days at destination');
  });
});

describe('airport-local times', () => {
  it('shows airport-local times as given, never shifted', () => {
    expect(formatLocalTime('2026-04-02T06:15:00')).toBe('6:15 AM');
    expect(formatLocalTime('2026-04-02T00:05:00')).toBe('12:05 AM');
    expect(formatLocalTime('2026-04-02T12:00:00')).toBe('12:00 PM');
    expect(formatLocalTime('2026-04-02T23:59')).toBe('11:59 PM');
    expect(formatLocalTime('soon')).toBe('soon');
  });
  it('labels the departure-time window and reads minutes after midnight', () => {
    expect(formatMinutesOfDay(0)).toBe('12:00 AM');
    expect(formatMinutesOfDay(810)).toBe('1:30 PM');
    expect(formatMinutesOfDay(1440)).toBe('11:59 PM');
    expect(minutesOfDay('2026-04-02T13:30:00')).toBe(810);
    expect(minutesOfDay('no time')).toBe(0);
  });
  it('marks arrivals on a later local day', () => {
    expect(arrivesNextDay(times('2026-04-02T22:00:00', '2026-04-03T05:10:00'))).toBe(true);
    expect(arrivesNextDay(times('2026-04-02T08:00:00', '2026-04-02T09:00:00'))).toBe(false);
    expect(arrivalDayOffset(times('2026-04-02T23:00:00', '2026-04-04T01:00:00'))).toBe(2);
    expect(arrivalDayOffset(times('2026-04-02T08:00:00', '2026-04-02T09:00:00'))).toBe(0);
  });
  it('rounds the arrival up to the next full hour unless already on it', () => {
    expect(roundUpToHour('2026-04-02T14:05:00')).toBe('2026-04-02T15:00:00');
    expect(roundUpToHour('2026-04-02T14:00:00')).toBe('2026-04-02T14:00:00');
    expect(roundUpToHour('2026-04-02T23:30:00')).toBe('2026-04-03T00:00:00');
    expect(roundUpToHour('2026-04-02T14:00:01')).toBe('2026-04-02T15:00:00');
  });
});
