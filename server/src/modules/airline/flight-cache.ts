import type { Flight } from '@gowild/contract/flights';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * One airline answer as stored: the full flights (seat counts included), when they were fetched (epoch ms), and how
 * many flights of the page did not read and were left out (absent when none), so a cached answer stays flagged.
 */
export interface CachedFlights {
  fetchedAt: number;
  flights: Flight[];
  dropped?: number;
}

/**
 * Where airline answers are kept between searches. Freshness is judged by the gateway from `fetchedAt` and its
 * clock; the store only has to keep an entry at least `keepMs` (fresh + stale window) and may drop it after.
 */
export interface FlightCache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<CachedFlights | undefined>;
  set(key: string, value: CachedFlights, keepMs: number): Promise<void>;
  /**
   * When this cache last let an entry go before its keep time to make room (epoch ms, `now`'s clock; -Infinity when
   * never). Absent when it cannot tell (Redis evicts on its own): the gateway then never takes the cache's word that
   * no kept observation is fresher (decision 295).
   */
  lostAt?(): number;
}

/** `now`: the clock `lostAt` is told in (the gateway's, which judges freshness). */
export function createMemoryFlightCache(maxEntries = 20_000, now: () => number = Date.now): FlightCache {
  let lost = Number.NEGATIVE_INFINITY;
  const lru = new LRUCache<string, CachedFlights>({
    max: maxEntries,
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') lost = now();
    },
  });
  return {
    kind: 'memory',
    lostAt: () => lost,
    get: async (key) => lru.get(key),
    set: async (key, value, keepMs) => {
      lru.set(key, value, { ttl: Math.max(1, keepMs) });
    },
  };
}

/**
 * Shared between API processes (docs/ARCHITECTURE.md#running-several-api-processes; decision 012). A Redis failure degrades to a miss, never to a
 * failed search: the airline is still there.
 */
export function createRedisFlightCache(redis: Redis, opts: { prefix?: string; onError?: (err: unknown) => void } = {}): FlightCache {
  const prefix = opts.prefix ?? 'gw:flights:';
  const onError = opts.onError ?? (() => {});
  return {
    kind: 'redis',
    async get(key) {
      try {
        const raw = await redis.get(prefix + key);
        return raw ? (JSON.parse(raw) as CachedFlights) : undefined;
      } catch (err) {
        onError(err);
        return undefined;
      }
    },
    async set(key, value, keepMs) {
      try {
        await redis.set(prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.ceil(keepMs)));
      } catch (err) {
        onError(err);
      }
    },
  };
}
