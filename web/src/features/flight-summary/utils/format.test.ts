import { describe, expect, it } from 'vitest';
import type { Flight } from '@gowild/contract/flights';
import {
  bookingLinkFor,
  calendarDaysBetween,
  flightPrice,
  formatDollars,
  formatStay,
  formatTripDuration,
  localToEpochMs,
  roundUpToHour,
  totalPrice,
} from './format';

const H = 3_600_000;
const fares = (g: number | null, s: number | null, d: number | null): Pick<Flight, 'fares'> => ({
  fares: {
    go_wild: g === null ? null : { total: g },
    standard: s === null ? null : { total: s },
    discount_den: d === null ? null : { total: d },
  },
});

describe('summary formatting (section 9)', () => {
  it('formats trip durations as Xd Yh, Xd, Yh, < 1h, or 0d when negative', () => {
    expect(formatTripDuration(2 * 24 * H + 5 * H + 50 * 60_000)).toBe('2d 5h');
    expect(formatTripDuration(3 * 24 * H)).toBe('3d');
    expect(formatTripDuration(7 * H + 59 * 60_000)).toBe('7h');
    expect(formatTripDuration(59 * 60_000)).toBe('< 1h');
    expect(formatTripDuration(0)).toBe('< 1h');
    expect(formatTripDuration(-H)).toBe('0d');
  });
  it('counts the stay in whole calendar days', () => {
    expect(formatStay(calendarDaysBetween('2026-04-02T23:50:00', '2026-04-03T06:00:00'))).toBe('1d');
    expect(formatStay(calendarDaysBetween('2026-04-02T09:00:00', '2026-04-02T21:00:00'))).toBe('< 1d');
    expect(formatStay(calendarDaysBetween('2026-04-02T09:00:00', '2026-04-09T07:00:00'))).toBe('7d');
  });
  it('prices each flight by the first available of GoWild, Standard, Discount Den, else 0, to 2 decimals', () => {
    expect(flightPrice(fares(29.5, 99, 79))).toBe(29.5);
    expect(flightPrice(fares(null, 99, 79))).toBe(99);
    expect(flightPrice(fares(-1, null, 79.99))).toBe(79.99);
    expect(flightPrice(fares(null, null, null))).toBe(0);
    expect(totalPrice(fares(0.1, null, null), fares(0.2, null, null))).toBe(0.3);
    expect(formatDollars(totalPrice(fares(29.5, 99, 79), fares(null, 118, null)))).toBe('$147.50');
    expect(formatDollars(1234)).toBe('$1,234.00');
  });
  it('rounds the arrival up to the next full hour unless already on it', () => {
    expect(roundUpToHour('2026-04-02T14:05:00')).toBe('2026-04-02T15:00:00');
    expect(roundUpToHour('2026-04-02T14:00:00')).toBe('2026-04-02T14:00:00');
    expect(roundUpToHour('2026-04-02T23:30:00')).toBe('2026-04-03T00:00:00');
    expect(roundUpToHour('2026-04-02T14:00:01')).toBe('2026-04-02T15:00:00');
  });
  it('turns airport-local times into instants with the airport time zone', () => {
    // 08:00 in Denver (UTC-6 in April) and 14:00 in New York (UTC-4) are the same instant... plus 2 h.
    const den = localToEpochMs('2026-04-02T08:00:00', 'America/Denver');
    const nyc = localToEpochMs('2026-04-02T14:00:00', 'America/New_York');
    expect(den).toBe(Date.UTC(2026, 3, 2, 14, 0));
    expect(nyc - den).toBe(4 * H);
    // Across the spring-forward night in New York.
    expect(localToEpochMs('2026-03-08T03:30:00', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
    expect(localToEpochMs('2026-01-05T10:00:00', undefined)).toBe(Date.UTC(2026, 0, 5, 10));
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
