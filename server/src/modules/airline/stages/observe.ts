import { AsyncLocalStorage } from 'node:async_hooks';
import type { Flight } from '@gowild/contract/flights';
import type { Clock } from '../../../lib/clock';
import type { FlightQuery, RouteRibbon } from '../../../providers/flights/flights.provider';
import type { CachedFlights, FlightCache } from '../flight-cache';
import type { Lookup } from '../gateway-types';
import type { AnswerStore } from './cache';

/** One airline attempt as the observation store follows it (decision 330). */
export interface AttemptWatch {
  /** The site has begun answering (its first HTTP answer, the redirect): the page itself is the airline's time away. */
  answering(): void;
  /** The attempt is over, whatever its outcome. */
  end(): void;
}

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
  /**
   * An airline attempt starts; what is returned is told when its site begins answering and when it ends (the store
   * writes while every page is the airline's time away, decisions 236, 295, 330). Called by the provider stage.
   */
  begin?(): AttemptWatch;
  /**
   * Since when (epoch ms, the gateway's clock) every answer kept in the store has gone through this process's gateway:
   * the store is the only writer of its database (the embedded one, which one process owns), so a kept answer
   * checked since then was put in this process's flight cache as it was kept. Absent or undefined when other
   * processes keep answers too (PostgreSQL: the worker's sweeps, other API processes).
   */
  soleWriterSince?(): number | undefined;
}

/**
 * The observe stage, just inside coalescing: every answer the airline gives (one per request made, whoever asked: a
 * traveller's search, a sweep, the alert checker) is handed to the observation store, with its page's ribbon, which
 * keeps them without holding up the answer.
 */
export function observeStage(next: Lookup, deps: { observations: ObservationBridge; clock: Clock }): Lookup {
  return async (req) => {
    const r = await next(req);
    if (r.ok) deps.observations.record(req.query, r.flights, deps.clock.now(), r.ribbon);
    return r;
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
 *
 * The look-up before the airline is asked is skipped when no kept answer can be fresh without the cache having it
 * (decision 295): this process is the only writer since an instant older than the fresh time, and the cache has let
 * nothing go since then either. On the embedded database that look-up ran on the API's own thread ahead of every
 * cold query, for nothing. When the airline fails, the stale stand-in is still looked up.
 */
export function withObservations(store: AnswerStore, deps: { observations?: ObservationBridge; cache: FlightCache }): AnswerStore {
  const { observations, cache } = deps;

  /** Whether a kept answer may be fresh while the cache holds nothing fresh for its query. */
  const mayBeFresher = (): boolean => {
    const since = observations?.soleWriterSince?.();
    const lost = cache.lostAt?.();
    if (since === undefined || lost === undefined) return true;
    // An answer kept at the later of the two instants would be the youngest the cache may lack.
    return store.isFresh({ fetchedAt: Math.max(since, lost), flights: [] });
  };

  /** The cache's entry, or the latest observation when it is newer. */
  async function withLatest(key: string, cached: CachedFlights | undefined): Promise<CachedFlights | undefined> {
    const query = observations ? queryOfKey(key) : undefined;
    const seen = query ? await observations?.latest(query) : undefined;
    if (!seen || (cached && cached.fetchedAt >= seen.checkedAt)) return cached;
    const entry: CachedFlights = { fetchedAt: seen.checkedAt, flights: seen.flights };
    if (store.isFresh(entry)) {
      observations?.served();
      void cache.set(key, entry, Math.max(1, store.keepMs - store.ageMs(entry)));
    }
    return entry;
  }

  return {
    ...store,
    async get(key: string) {
      if (liveKeys.getStore() === key) return undefined;
      const cached = await store.get(key);
      if (!observations) return cached;
      if (cached && store.isFresh(cached)) return cached;
      if (!mayBeFresher()) return cached;
      return withLatest(key, cached);
    },
    async getStale(key: string) {
      // A live re-check that fails says so rather than standing in an older answer.
      if (liveKeys.getStore() === key) return undefined;
      return withLatest(key, await store.getStale(key));
    },
  };
}

/** The query of a flight query key (`DEN-MCO-2026-12-01`, flightQueryKey). */
function queryOfKey(key: string): FlightQuery | undefined {
  const m = /^([A-Z0-9]{3})-([A-Z0-9]{3})-(\d{4}-\d{2}-\d{2})$/.exec(key);
  return m ? { origin: m[1] as string, destination: m[2] as string, date: m[3] as string } : undefined;
}
