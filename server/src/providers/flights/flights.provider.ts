import type { Flight } from '@gowild/contract/flights';

/** One airline query: every itinerary from one airport to another on one local date (YYYY-MM-DD). */
export interface FlightQuery {
  origin: string;
  destination: string;
  date: string;
}

export function flightQueryKey(q: FlightQuery): string {
  return `${q.origin}-${q.destination}-${q.date}`;
}

/**
 * Why the airline refused to answer. All of these mean "back off", none of them means "no flights": `throttled`
 * (429) and `not-acceptable` (406, on bursts) are back-pressure that slows the request rate; the others are bot
 * blocks that count toward the circuit breaker (decision 058).
 */
export type BlockReason = 'perimeterx' | 'captcha' | 'forbidden' | 'not-acceptable' | 'throttled';

/** A flight of a well-formed page that did not read: the field that failed (e.g. `legs.departureDate`) and why. */
export interface MalformedFlight {
  field: string;
  detail: string;
}

/**
 * What one query came back with. Only `flights` is an answer; an empty list is a real "no flights".
 * A provider resolves with one of these; it rejects only when no HTTP answer came at all (network, abort).
 */
export type FlightFetchResult =
  /** `malformed`: flights of the page that did not read and were left out (the answer is incomplete). */
  | { kind: 'flights'; flights: Flight[]; malformed?: MalformedFlight[] }
  | { kind: 'blocked'; status: number; reason: BlockReason; retryAfterMs?: number }
  | { kind: 'server-error'; status: number }
  | { kind: 'http-error'; status: number }
  | { kind: 'page-changed'; detail: string };

/** The airline's route network as it publishes it (`/Resource/GetMarkets`): directed routes, sorted. */
export type MarketsFetchResult =
  { kind: 'markets'; routes: { origin: string; destination: string }[] } | Exclude<FlightFetchResult, { kind: 'flights' }>;

/**
 * What an attempt tells the gateway while it runs (decision 220): `firstAnswer` when the site's first HTTP answer of
 * the attempt arrived (the InternalSelect redirect), before the results page. A provider that cannot tell says nothing.
 */
export interface FetchProgress {
  firstAnswer(): void;
}

export interface FlightProvider {
  readonly name: string;
  /** True when the data is generated (emulator), so answers can be labelled demo. */
  readonly demo: boolean;
  fetchFlights(query: FlightQuery, signal: AbortSignal, progress?: FetchProgress): Promise<FlightFetchResult>;
  /** The route network, when the source publishes one (the operator's `routes:refresh`). */
  fetchMarkets?(signal: AbortSignal): Promise<MarketsFetchResult>;
}
