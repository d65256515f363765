import type { Flight } from '@gowild/contract/flights';
import type { Lane } from '../../lib/upstream/semaphore';
import type { FlightFetchResult, FlightQuery, RouteRibbon } from '../../providers/flights/flights.provider';

/** Why a query has no fresh airline answer. */
export type FailureReason =
  | 'blocked'
  | 'throttled'
  | 'server-error'
  | 'http-error'
  | 'timeout'
  | 'network-error'
  | 'page-changed'
  | 'breaker-open'
  /** The caller's airline budget for this minute is spent (decision 117): not asked, `retryAfterSeconds` says when. */
  | 'over-budget'
  /** The process is shutting down (`stopping`): the request was aborted or never made. */
  | 'shutdown';

/** `dropped`: flights of the airline's page that did not read and were left out (present only when some were). */
export type GatewayResult =
  | { status: 'ok'; flights: Flight[]; source: 'upstream' | 'cache'; ageSeconds: number; dropped?: number }
  /** The airline failed; this is the last good answer, `ageSeconds` old. */
  | { status: 'stale'; flights: Flight[]; ageSeconds: number; reason: FailureReason; dropped?: number }
  | { status: 'failed'; reason: FailureReason; detail?: string; retryAfterSeconds?: number };

/** Where the gateway writes what an operator should see (the app's logger once the routes are registered). */
export interface GatewayLog {
  warn(fields: object, message: string): void;
}

/** The traveller a query is asked for: whose airline budget it spends and whose turn it takes in the fair queue. */
export interface GatewayCaller {
  userId: string;
  premium: boolean;
}

export interface FetchOptions {
  /**
   * `false` for background work (the alert checker), which has no one waiting on its tail latency: its requests
   * never spend the hedge budget, so it sends exactly one request per query the airline answers.
   */
  hedge?: boolean;
  /** Absent for work no user asked for: no budget, and one shared turn in the fair queue. */
  caller?: GatewayCaller;
  /** `background` waits in the fair queue until no traveller does (default `traveller`). */
  lane?: Lane;
}

/** One query on its way to the airline. */
export interface UpstreamRequest {
  key: string;
  query: FlightQuery;
  caller?: GatewayCaller;
  lane: Lane;
  /** Hedges this attempt may still send (one per attempt, decision 162; none for background work). */
  hedges: number;
}

/**
 * What the airline stages make of one query: flights, or why not. `ribbon`: the week of lowest fares the page showed
 * around the date, handed on to the observe stage (decision 243); the flight cache does not keep it. `withoutRequest`:
 * no flights, and no request made, because the airline's schedule says the route does not fly that day (decision 242)
 * or because every flight of that day has stopped selling (decision 327).
 */
export type UpstreamOutcome =
  | { ok: true; flights: Flight[]; dropped: number; ribbon?: RouteRibbon[]; withoutRequest?: true }
  | { ok: false; reason: FailureReason; detail?: string; retryAfterMs?: number };

/** One HTTP attempt's result, as the provider stage reads it. */
/** `early`: a time-out by the early cut (decision 220), before the site had begun answering. */
export type AttemptResult =
  FlightFetchResult | { kind: 'timeout'; early?: true } | { kind: 'network-error'; detail: string } | { kind: 'cancelled' };

/** A stage below the breaker: one attempt for the request (`probe`: the half-open breaker's single trial). */
export type Send = (req: UpstreamRequest, probe: boolean) => Promise<AttemptResult>;
/** A stage from the retries up: the query's outcome. */
export type Lookup = (req: UpstreamRequest) => Promise<UpstreamOutcome>;

/** Back-pressure, not a block: the airline wants fewer requests (429 with Retry-After, 406 on bursts). */
export const isThrottle = (r: AttemptResult) => r.kind === 'blocked' && (r.reason === 'throttled' || r.reason === 'not-acceptable');
