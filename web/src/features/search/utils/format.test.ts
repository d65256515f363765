import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import {
  formatDurationMinutes,
  formatLocalTime,
  formatMinutesOfDay,
  formatStops,
  formatWholeDollars,
  lowestFare,
  seatsLabel,
} from './format';

describe('search result formatting', () => {
  it('shows airport-local times as given, never shifted', () => {
    expect(formatLocalTime('2026-04-02T06:15:00')).toBe('6:15 AM');
    expect(formatLocalTime('2026-04-02T00:05:00')).toBe('12:05 AM');
    expect(formatLocalTime('2026-04-02T12:00:00')).toBe('12:00 PM');
    expect(formatLocalTime('2026-04-02T23:59')).toBe('11:59 PM');
  });
  it('formats durations, stops and whole-dollar prices', () => {
    expect(formatDurationMinutes(376)).toBe('6h 16m');
    expect(formatDurationMinutes(45)).toBe('45m');
    expect(formatDurationMinutes(120)).toBe('2h');
    expect(formatStops(0)).toBe('Nonstop');
    expect(formatStops(1)).toBe('1 stop');
    expect(formatStops(2)).toBe('2 stops');
    expect(formatWholeDollars(28.6)).toBe('$29');
    expect(formatWholeDollars(1234)).toBe('$1,234');
    expect(formatMinutesOfDay(0)).toBe('12:00 AM');
    expect(formatMinutesOfDay(810)).toBe('1:30 PM');
    expect(formatMinutesOfDay(1440)).toBe('11:59 PM');
  });
  it('shows seat counts to premium users only', () => {
    expect(seatsLabel({ total: 29, available_seats: 3 }, true)).toBe('3 seats left');
    expect(seatsLabel({ total: 29, available_seats: 1 }, true)).toBe('1 seat left');
    expect(seatsLabel({ total: 29, available_seats: null }, true)).toBe('Seats available');
    expect(seatsLabel({ total: 29, available_seats: 3 }, false)).toBeNull();
  });
  it('takes the cheapest fare on sale, ignoring missing and non-positive ones', () => {
    expect(lowestFare(buildFlight({ goWild: -1, standard: 99, den: 79 }))).toBe(79);
    expect(lowestFare(buildFlight({ goWild: null, standard: null, den: null }))).toBeNull();
  });
});
