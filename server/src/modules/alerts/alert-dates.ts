import { todayAt } from '@gowild/contract/local-time';
import { findAirport } from '../../lib/reference-data/airports';

/**
 * Today (YYYY-MM-DD) at an airport, as searches count it: an alert's "tomorrow or later" and "date passed" are
 * reckoned at its origin airport. UTC for a code the reference data does not know.
 */
export function todayAtAirport(code: string, now: Date): string {
  const zone = findAirport(code)?.timezone;
  return todayAt(zone, now);
}
