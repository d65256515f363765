import type { Airport } from './reference';

/**
 * How a traveller finds an airport by typing (docs/product/search.md#airport-pickers, docs/product/maps.md): every
 * word typed must appear in the airport's text, in any order, ignoring case. The search page's pickers and the
 * route map's search box use this one rule (decision 125).
 */

/** The words of what was typed, lower-case; none for blank input. */
export function queryWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether `text` (already lower-case) holds every word of `query`. A blank query matches everything. */
export function matchesQuery(text: string, query: string): boolean {
  return queryWords(query).every((w) => text.includes(w));
}

/** What an airport is found by: its code, city and name. */
export function airportSearchText(a: Pick<Airport, 'stationCode' | 'city' | 'name'>): string {
  return `${a.stationCode} ${a.city} ${a.name}`.toLowerCase();
}

/** Airports whose code, city or name hold every word typed, the exact code first; none for blank input. */
export function findAirports<A extends Pick<Airport, 'stationCode' | 'city' | 'name'>>(
  airports: readonly A[],
  query: string,
  limit = 8,
): A[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const q = words.join(' ');
  const hits = airports.filter((a) => matchesQuery(airportSearchText(a), query));
  const exact = (a: A) => Number(a.stationCode.toLowerCase() === q);
  hits.sort((a, b) => exact(b) - exact(a));
  return hits.slice(0, limit);
}
