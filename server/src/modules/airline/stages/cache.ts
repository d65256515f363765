import type { Clock } from '../../../lib/clock';
import type { CachedFlights, FlightCache } from '../flight-cache';
import type { AirlineMetrics } from '../airline.metrics';
import type { GatewayResult, Lookup, UpstreamRequest } from '../gateway-types';

/** The flight cache as the gateway keeps it: fresh for `freshSeconds`, kept `staleSeconds` longer for failures. */
export function createAnswerStore(cache: FlightCache, clock: Clock, freshSeconds: number, staleSeconds: number) {
  const freshMs = freshSeconds * 1000;
  const keepMs = (freshSeconds + staleSeconds) * 1000;
  const ageMs = (e: CachedFlights) => clock.now().getTime() - e.fetchedAt;
  return {
    /** The entry to answer from when fresh (the observations behind it may be skipped when they cannot be fresher). */
    get: (key: string) => cache.get(key),
    /** The entry to stand in when the airline fails: the newest kept, fresh or not. */
    getStale: (key: string) => cache.get(key),
    ageMs,
    keepMs,
    isFresh: (e: CachedFlights) => ageMs(e) <= freshMs,
    /** Keeps a fresh airline answer (before the shared claim ends, so the processes waiting for it find it). */
    async remember(key: string, flights: CachedFlights['flights'], dropped: number) {
      const entry: CachedFlights = { fetchedAt: clock.now().getTime(), flights };
      if (dropped > 0) entry.dropped = dropped;
      await cache.set(key, entry, keepMs);
    },
  };
}
export type AnswerStore = ReturnType<typeof createAnswerStore>;

const droppedOf = (n: number | undefined) => (n && n > 0 ? { dropped: n } : {});

/**
 * The cache stage: a fresh answer costs nothing (no budget, no queue); otherwise the stages below, and when they
 * fail, a stale answer within the keep window. Never throws.
 */
export function cacheStage(
  next: Lookup,
  deps: { store: AnswerStore; metrics: AirlineMetrics; inFlight: (key: string) => boolean },
): (req: UpstreamRequest) => Promise<GatewayResult> {
  const { store, metrics } = deps;
  return async (req) => {
    let entry = deps.inFlight(req.key) ? undefined : await store.get(req.key);
    if (entry && store.isFresh(entry)) {
      metrics.cacheHits.inc();
      return {
        status: 'ok',
        flights: entry.flights,
        source: 'cache',
        ageSeconds: Math.round(store.ageMs(entry) / 1000),
        ...droppedOf(entry.dropped),
      };
    }
    metrics.cacheMisses.inc();
    const r = await next(req);
    if (r.ok) {
      // An answer that asked nothing of the airline (its schedule, or a day whose sales have closed): to the callers,
      // like a kept one (decisions 242, 327).
      const source = r.withoutRequest ? 'cache' : 'upstream';
      return { status: 'ok', flights: r.flights, source, ageSeconds: 0, ...droppedOf(r.dropped) };
    }
    entry ??= await store.getStale(req.key);
    const age = entry ? store.ageMs(entry) : Infinity;
    if (entry && age <= store.keepMs) {
      metrics.cacheStale.inc();
      return { status: 'stale', flights: entry.flights, ageSeconds: Math.round(age / 1000), reason: r.reason, ...droppedOf(entry.dropped) };
    }
    const retry = r.retryAfterMs === undefined ? {} : { retryAfterSeconds: Math.max(1, Math.ceil(r.retryAfterMs / 1000)) };
    return { status: 'failed', reason: r.reason, detail: r.detail, ...retry };
  };
}
