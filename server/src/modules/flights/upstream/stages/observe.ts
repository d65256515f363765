import { AsyncLocalStorage } from 'node:async_hooks';
import type { Flight } from '@gowild/contract/flights';
import type { Clock } from '../../../../lib/clock';
import type { FlightQuery, RouteRibbon } from '../../../../providers/flights/flights.provider';
import type { CachedFlights, FlightCache } from '../../flight-cache';
import type { Lookup } from '../gateway-types';
import type { AnswerStore } from './cache';

/**
 * Where the gateway keeps every airline answer and finds the latest one again (the observations module's store,
 * decisions 180-181). Both sides are built never to delay or fail a search: `record` only queues, and `latest`
 * answers within a bounded wait or not at all.
 */
export interface ObservationBridge {
  /**
   * Keeps an airline answer for later (a bounded queue written off the request path), with the week of lowest fares
   * its page showed around the date when it had one (`ribbon`, decision 243), kept with it.
   */
  record(query: FlightQuery, flights: Flight[], at: Date, ribbon?: readonly RouteRibbon[]): void;
  /** The latest kept answer for the query (epoch ms of the check), or undefined when none or the store is away. */
  latest(query: FlightQuery): Promise<{ flights: Flight[]; checkedAt: number } | undefined>;
  /** A query answered from a kept answer within the flight cache's fresh time: no airline request. */
  served(): void;
  /** An airline query starts; the function returned says it ended (the store writes between queries, decision 236). */
  begin?(): () => void;
}

/**
 * The observe stage, just inside coalescing: every answer the airline gives (one per request made, whoever asked: a
 * traveller's search, a sweep, the alert checker) is handed to the observation store, with its page's ribbon, which
 * keeps them without holding up the answer.
 */
export function observeStage(next: Lookup, deps: { observations: ObservationBridge; clock: Clock }): Lookup {
  return async (req) => {
    const ended = deps.observations.begin?.();
    try {
      const r = await next(req);
      if (r.ok) deps.observations.record(req.query, r.flights, deps.clock.now(), r.ribbon);
      return r;
    } finally {
      ended?.();
    }
  };
}

/** The query keys the current async context asks live: neither the flight cache nor an observation may answer them. */
const liveKeys = new AsyncLocalStorage<string>();

/**
 * Runs `fetch` (a gateway fetch of the query `key`) as a live re-check (docs/product/observations.md#freshness): the
 * airline is asked even when a fresh answer is kept, through every other stage (budget, queue, pace, breaker); when
 * it fails, the re-check says so rather than standing in an older answer.
 */
export function fetchLive<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  return liveKeys.run(key, fetch);
}

/**
 * The answer store with kept observations behind the flight cache: when the cache has nothing fresh for a query (an
 * answer fetched by another process's sweep, or one the cache has let go), the latest observation stands in for
 * it, judged fresh or stale by the same clock. A fresh one is copied into the cache for the searches that follow.
 */
export function withObservations(store: AnswerStore, deps: { observations?: ObservationBridge; cache: FlightCache }): AnswerStore {
  const { observations, cache } = deps;
  return {
    ...store,
    async get(key: string) {
      if (liveKeys.getStore() === key) return undefined;
      const cached = await store.get(key);
      if (!observations) return cached;
      if (cached && store.isFresh(cached)) return cached;
      const query = queryOfKey(key);
      const seen = query ? await observations.latest(query) : undefined;
      if (!seen || (cached && cached.fetchedAt >= seen.checkedAt)) return cached;
      const entry: CachedFlights = { fetchedAt: seen.checkedAt, flights: seen.flights };
      if (store.isFresh(entry)) {
        observations.served();
        void cache.set(key, entry, Math.max(1, store.keepMs - store.ageMs(entry)));
      }
      return entry;
    },
  };
}

/** The query of a flight query key (`DEN-MCO-2026-12-01`, flightQueryKey). */
function queryOfKey(key: string): FlightQuery | undefined {
  const m = /^([A-Z0-9]{3})-([A-Z0-9]{3})-(\d{4}-\d{2}-\d{2})$/.exec(key);
  return m ? { origin: m[1] as string, destination: m[2] as string, date: m[3] as string } : undefined;
}
