import { daysBetween } from '@gowild/contract/dates';
import { localDate } from '@gowild/contract/local-time';
import { findAirport, isDomesticRoute } from './reference-data/airports';

/**
 * The airline's GoWild booking window (docs/product/search.md#booking-windows): domestic seats go on sale the day
 * before departure, international ones 10 days before; US territories count as domestic. Days are counted from
 * today at the origin airport, as the airline counts them.
 */
export const GOWILD_WINDOW_DAYS = { domestic: 1, international: 10 } as const;

/** Today (YYYY-MM-DD) at an airport; UTC for a code the reference data does not know. */
export function todayAtAirport(code: string, now: Date): string {
  const zone = findAirport(code)?.timezone;
  return zone ? localDate(now, zone) : now.toISOString().slice(0, 10);
}

/** Days before departure at which GoWild seats on this route go on sale. */
export function goWildWindowDays(origin: string, destination: string): number {
  return isDomesticRoute(origin, destination) ? GOWILD_WINDOW_DAYS.domestic : GOWILD_WINDOW_DAYS.international;
}

/** True when GoWild seats for this route and local departure date can be on sale at `now` (today through the window's end). */
export function isGoWildWindowOpen(origin: string, destination: string, date: string, now: Date): boolean {
  const daysOut = daysBetween(todayAtAirport(origin, now), date);
  return daysOut >= 0 && daysOut <= goWildWindowDays(origin, destination);
}
