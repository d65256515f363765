import { CITY_GROUPS, expandAirportInput } from '@gowild/contract/city-groups';
import { addDays } from '@gowild/contract/dates';
import { localDatePart } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';

/**
 * docs/product/search.md#return-flights: the airports to fly back from, one single-route search each. A destination airport
 * that belongs to a city group brings the city's other airports along (land at JFK, fly home from LGA); a
 * destination value (CITY:XXX or a code list) expands to its airports.
 */
export function returnOrigins(destination: string): string[] {
  const codes = expandAirportInput(destination);
  const out: string[] = [];
  for (const code of codes) {
    const group = CITY_GROUPS.find((g) => g.airports.includes(code));
    for (const c of group ? group.airports : [code]) if (!out.includes(c)) out.push(c);
  }
  return out;
}

/**
 * Merges the answers of the per-airport searches (failed ones dropped), keeps flights departing at or after the
 * outbound arrival (docs/product/search.md#return-flights), removes duplicates, and orders them by departure.
 */
export function mergeReturnFlights(answers: readonly (Flight[] | null)[], outboundArrival: string | null): Flight[] {
  const seen = new Set<string>();
  const out: Flight[] = [];
  for (const list of answers) {
    if (!list) continue;
    for (const f of list) {
      // Both times are wall-clock times at the destination city, so they compare as strings.
      if (outboundArrival && f.departure_time < outboundArrival) continue;
      if (seen.has(f.flightHash)) continue;
      seen.add(f.flightHash);
      out.push(f);
    }
  }
  return out.sort((a, b) => a.departure_time.localeCompare(b.departure_time));
}

/**
 * docs/product/search.md#return-flights: the return date defaults to the departure flight's arrival date (or that plus
 * the trip duration the traveller asked for) and is never earlier than the arrival date.
 */
export function defaultReturnDate(outboundArrival: string, tripDays: number | null, current?: string): string {
  const arrival = localDatePart(outboundArrival);
  if (current && current >= arrival) return current;
  return tripDays ? addDays(arrival, tripDays) : arrival;
}
