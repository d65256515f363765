import { normalizeAirportInput } from '@gowild/contract/city-groups';
import { isIsoDate } from '@gowild/contract/dates';
import { parseRef } from '@gowild/contract/trips';
import type { Direction } from './search-button';

export type Screen = 'search' | 'departure_flights' | 'return_flights';

/** The page state the query string mirrors (docs/product/search.md#links-and-the-query-string). */
export interface SearchLink {
  origin: string;
  destination: string;
  date: string;
  direction: Direction;
  screen: Screen;
  /** Hash of the selected departure flight. */
  flight: string;
  /** Its flight numbers, time and price (`flight_ref`), so a fare that moves still finds it (decision 197); '' when absent. */
  flightRef?: string;
}

export const LINK_MESSAGES = {
  invalid: 'Invalid URL parameters for search.',
  outboundMissing: 'Invalid URL: Missing origin or date for outbound search',
  inboundMissing: 'Invalid URL: Missing destination or date for inbound search',
} as const;

export type ParsedLink = { kind: 'none' } | { kind: 'invalid'; message: string } | { kind: 'link'; link: SearchLink };

const KEYS = ['origin', 'destination', 'date', 'direction', 'screen', 'flight'] as const;

/** Reads a search link. A page with none of the six parameters is not a link; anything malformed says why. */
export function parseSearchLink(params: URLSearchParams): ParsedLink {
  if (!KEYS.some((k) => params.has(k))) return { kind: 'none' };
  const direction = params.get('direction') ?? 'outbound';
  const screen = params.get('screen') ?? 'departure_flights';
  const date = params.get('date')?.trim() ?? '';
  const flight = params.get('flight')?.trim() ?? '';
  // A reference that does not read is left out: the hash alone is the link the spec defines.
  const rawRef = params.get('flight_ref')?.trim() ?? '';
  const flightRef = flight && parseRef(rawRef) ? rawRef : '';
  if (direction !== 'outbound' && direction !== 'inbound') return { kind: 'invalid', message: LINK_MESSAGES.invalid };
  if (screen !== 'departure_flights' && screen !== 'return_flights') return { kind: 'invalid', message: LINK_MESSAGES.invalid };
  if (date && !isIsoDate(date)) return { kind: 'invalid', message: LINK_MESSAGES.invalid };
  if (flight && !/^[A-Za-z0-9_-]{1,128}$/.test(flight)) return { kind: 'invalid', message: LINK_MESSAGES.invalid };
  const origin = normalizeAirportInput(params.get('origin') ?? '');
  const destination = normalizeAirportInput(params.get('destination') ?? '');
  if (direction === 'outbound' && (!origin || !date)) return { kind: 'invalid', message: LINK_MESSAGES.outboundMissing };
  if (direction === 'inbound' && (!destination || !date)) return { kind: 'invalid', message: LINK_MESSAGES.inboundMissing };
  // Return flights exist for the outbound direction only (docs/product/search.md#return-flights).
  if (screen === 'return_flights' && direction !== 'outbound') return { kind: 'invalid', message: LINK_MESSAGES.invalid };
  return {
    kind: 'link',
    link: {
      origin: direction === 'inbound' ? '' : origin,
      destination,
      date,
      direction,
      screen,
      flight,
      ...(flightRef ? { flightRef } : {}),
    },
  };
}

/** The query string for a state; the search screen and the default direction are left out. */
export function buildSearchQuery(link: Partial<SearchLink>): string {
  const p = new URLSearchParams();
  if (link.origin && link.direction !== 'inbound') p.set('origin', link.origin);
  if (link.destination) p.set('destination', link.destination);
  if (link.date) p.set('date', link.date);
  if (link.direction === 'inbound') p.set('direction', 'inbound');
  if (link.screen && link.screen !== 'search') p.set('screen', link.screen);
  if (link.flight && link.screen === 'return_flights') {
    p.set('flight', link.flight);
    if (link.flightRef) p.set('flight_ref', link.flightRef);
  }
  return p.toString();
}
