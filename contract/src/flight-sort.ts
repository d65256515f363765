import { hasGoWild, lowestFare } from './flight-format';
import type { Flight } from './flights';

/**
 * The orders a flight list offers (docs/product/search.md#sorting; decision 095). The default is what a pass holder
 * looks for first: flights with GoWild seats, then the cheapest, then the earliest.
 */
export const FLIGHT_SORT_KEYS = ['gowild_first', 'cheapest', 'earliest', 'shortest'] as const;
export type FlightSortKey = (typeof FLIGHT_SORT_KEYS)[number];
export const DEFAULT_FLIGHT_SORT: FlightSortKey = 'gowild_first';

export const FLIGHT_SORT_LABELS: Record<FlightSortKey, string> = {
  gowild_first: 'GoWild first',
  cheapest: 'Cheapest',
  earliest: 'Earliest departure',
  shortest: 'Shortest',
};

type Sortable = Pick<Flight, 'fares' | 'departure_time' | 'duration'>;

// A flight with no fare on sale goes after every priced one, whatever the order.
const byPrice = (a: Sortable, b: Sortable) => {
  const pa = lowestFare(a);
  const pb = lowestFare(b);
  if (pa === null || pb === null) return pa === pb ? 0 : pa === null ? 1 : -1;
  return pa - pb;
};
// Airport-local 'YYYY-MM-DDTHH:mm:ss' strings order as written.
const byDeparture = (a: Sortable, b: Sortable) => (a.departure_time < b.departure_time ? -1 : a.departure_time > b.departure_time ? 1 : 0);
const byGoWild = (a: Sortable, b: Sortable) => Number(hasGoWild(b)) - Number(hasGoWild(a));
const byDuration = (a: Sortable, b: Sortable) => a.duration - b.duration;

const CHAINS: Record<FlightSortKey, ((a: Sortable, b: Sortable) => number)[]> = {
  gowild_first: [byGoWild, byPrice, byDeparture],
  cheapest: [byPrice, byDeparture],
  earliest: [byDeparture, byPrice],
  shortest: [byDuration, byPrice, byDeparture],
};

/** Compares two flights under `key`; ties fall through to the next rule of the order. */
export function compareFlights(key: FlightSortKey): (a: Sortable, b: Sortable) => number {
  const chain = CHAINS[key];
  return (a, b) => {
    for (const cmp of chain) {
      const c = cmp(a, b);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** A sorted copy. */
export function sortFlights<T extends Sortable>(flights: readonly T[], key: FlightSortKey = DEFAULT_FLIGHT_SORT): T[] {
  return [...flights].sort(compareFlights(key));
}

export function isFlightSortKey(value: string): value is FlightSortKey {
  return (FLIGHT_SORT_KEYS as readonly string[]).includes(value);
}
