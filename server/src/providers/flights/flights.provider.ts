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
 * One day of a results page's 7-day strip (the "ribbon"): the route's lowest fare that day as the airline showed it
 * beside the searched date (on the real page the lowest Discount Den fare; never a GoWild figure).
 */
export interface RibbonDay {
  /** Travel date, YYYY-MM-DD. */
  date: string;
  /** USD, the whole fare one adult pays. */
  lowestFare: number;
}

/** The ribbon of one journey of a page: a route (origin to destination) and the days it showed a fare for. */
export interface RouteRibbon {
  origin: string;
  destination: string;
  days: RibbonDay[];
}

/**
 * What one query came back with. Only `flights` is an answer; an empty list is a real "no flights".
 * A provider resolves with one of these; it rejects only when no HTTP answer came at all (network, abort).
 */
export type FlightFetchResult =
  /**
   * `malformed`: flights of the page that did not read and were left out (the answer is incomplete). `ribbon`: the
   * week of lowest fares the page showed around the date, per journey (absent when the page had none).
   */
  | { kind: 'flights'; flights: Flight[]; malformed?: MalformedFlight[]; ribbon?: RouteRibbon[] }
  | { kind: 'blocked'; status: number; reason: BlockReason; retryAfterMs?: number }
  | { kind: 'server-error'; status: number }
  | { kind: 'http-error'; status: number }
  | { kind: 'page-changed'; detail: string };

/** The airline's route network as it publishes it (`/Resource/GetMarkets`): directed routes, sorted. */
export type MarketsFetchResult =
  { kind: 'markets'; routes: { origin: string; destination: string }[] } | Exclude<FlightFetchResult, { kind: 'flights' }>;

/**
 * `/Flight/RetrieveSchedule` for one route: the days it does not fly (`disabledDates`, YYYY-MM-DD) up to the last day
 * the airline sells (`lastAvailableDate`, YYYY-MM-DD, or null when it did not say).
 */
export type ScheduleFetchResult =
  { kind: 'schedule'; lastAvailableDate: string | null; disabledDates: string[] } | Exclude<FlightFetchResult, { kind: 'flights' }>;

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
  /** The days a route does not fly (`/Flight/RetrieveSchedule`), when the source publishes them. */
  fetchSchedule?(route: { origin: string; destination: string }, signal: AbortSignal): Promise<ScheduleFetchResult>;
}
