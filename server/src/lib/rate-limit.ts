import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from './clock';
import { tooManyRequests } from './http-error';

/** A fixed-window counter: how many hits the key has had in its current window, and when that window ends. */
interface WindowCount {
  count: number;
  /** Milliseconds until the window (and the count) resets; 0 when there is no window open. */
  resetMs: number;
}

/**
 * Counters behind the account rate limits (login, register, forgot-password). In memory for one process; in Redis
 * when the app is scaled out, so every process sees the same counts (decision 022).
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit and returns the count including it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current count without adding to it. */
  peek(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

/** One limit: at most `limit` hits per `windowMs` for a key. */
export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** Memory store. Bounded, so a flood of distinct keys (spoofed addresses, random e-mails) cannot exhaust memory. */
export function createMemoryRateLimitStore(clock: Clock = systemClock, maxKeys = 100_000): RateLimitStore {
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: maxKeys });
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= clock.now().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      const w = live(key) ?? { count: 0, resetAt: now + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, resetMs: w.resetAt - now };
    },
    async peek(key) {
      const w = live(key);
      return w ? { count: w.count, resetMs: w.resetAt - clock.now().getTime() } : { count: 0, resetMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// INCR and PEXPIRE in one script, so a crash between them cannot leave a counter that never expires.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

/** Redis store; windows run on Redis's clock, shared by every process. */
export function createRedisRateLimitStore(redis: Redis, prefix = 'gw:rl:'): RateLimitStore {
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetMs: Math.max(0, ttl) };
    },
    async peek(key) {
      const replies = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec();
      const count = replies?.[0]?.[1] as string | null | undefined;
      const ttl = Number(replies?.[1]?.[1] ?? 0);
      return count ? { count: Number(count), resetMs: Math.max(0, ttl) } : { count: 0, resetMs: 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Redis while it is reachable, `fallback` (this process's memory) while it is not (decision 050): a limit that counts
 * per process for a while is better than every limited route answering 500. `available` skips Redis at once while
 * its client is disconnected; a command that fails anyway falls back too. `onFallback` counts each call served from
 * memory (the `rate_limit_fallback_total` metric). Counts made in memory during an outage are not carried to Redis.
 */
export function createFallbackRateLimitStore(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  opts: { available: () => boolean; onFallback?: () => void },
): RateLimitStore {
  async function use<T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (opts.available()) {
      try {
        return await call(primary);
      } catch {
        // Served from memory below, like any other moment Redis is away.
      }
    }
    opts.onFallback?.();
    return call(fallback);
  }
  return {
    kind: primary.kind,
    hit: (key, windowMs) => use((s) => s.hit(key, windowMs)),
    peek: (key) => use((s) => s.peek(key)),
    async reset(key) {
      await fallback.reset(key);
      if (!opts.available()) return opts.onFallback?.();
      await primary.reset(key).catch(() => opts.onFallback?.());
    },
  };
}

/** Memory without Redis; with Redis, Redis falling back to memory while it is unreachable. */
export function createRateLimitStore(opts: { redis?: Redis; clock?: Clock; prefix?: string; onFallback?: () => void }): RateLimitStore {
  const memory = createMemoryRateLimitStore(opts.clock);
  const redis = opts.redis;
  if (!redis) return memory;
  return createFallbackRateLimitStore(createRedisRateLimitStore(redis, opts.prefix), memory, {
    available: () => redis.status === 'ready',
    onFallback: opts.onFallback,
  });
}

/** Throws 429 (with Retry-After) when the key has already used up the rule, without counting this call. */
export async function assertUnderLimit(store: RateLimitStore, rule: RateRule, key: string, message: string): Promise<void> {
  const w = await store.peek(`${rule.name}:${key}`);
  if (w.count >= rule.limit) throw tooManyRequests(message, w.resetMs / 1000);
}

/** Counts one hit and throws 429 (with Retry-After) when it goes over the rule. */
export async function consumeLimit(store: RateLimitStore, rule: RateRule, key: string, message: string): Promise<void> {
  const w = await store.hit(`${rule.name}:${key}`, rule.windowMs);
  if (w.count > rule.limit) throw tooManyRequests(message, w.resetMs / 1000);
}

/** Counts one hit without refusing (failures recorded after the fact, e.g. a wrong password). */
export async function recordHit(store: RateLimitStore, rule: RateRule, key: string): Promise<void> {
  await store.hit(`${rule.name}:${key}`, rule.windowMs);
}

export async function resetLimit(store: RateLimitStore, rule: RateRule, key: string): Promise<void> {
  await store.reset(`${rule.name}:${key}`);
}
