import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A failed airline request as the process that made it tells the processes that waited for it. */
export interface SharedFailure {
  reason: string;
  detail?: string;
}

/** The circuit breaker as every process sees it. `remainingMs`: cooldown left while open. */
export type SharedBreakerView =
  { state: 'closed' } | { state: 'open'; remainingMs: number; openedAt?: number } | { state: 'half-open'; probing: boolean };

/**
 * What API processes share about the airline (docs/ARCHITECTURE.md#running-several-api-processes; decision 060): who
 * is asking the airline for a (route, date) right now, and the circuit breaker. Every call degrades to "unknown"
 * (`unavailable`, `undefined`, false) when the store cannot be reached; the gateway then behaves per process.
 */
export interface SharedUpstream {
  /**
   * Claims the one airline request for `key`: `mine` (ask the airline, then `finish`), `taken` (wait), or
   * `unavailable`. A claim lives a few seconds and is renewed while its process works, so a process that dies
   * stops holding the others up within seconds.
   */
  claim(key: string): Promise<'mine' | 'taken' | 'unavailable'>;
  /** Ends a claim; a failure is kept briefly so the processes waiting for this request fail alike without asking again. */
  finish(key: string, failure?: SharedFailure): Promise<void>;
  /** Whether the request for `key` is still claimed, and its failure when it failed; undefined when unknown. */
  peek(key: string): Promise<{ held: boolean; failure?: SharedFailure } | undefined>;
  readBreaker(): Promise<SharedBreakerView | undefined>;
  /** Opens the shared breaker for `cooldownMs` (and ends any probe); false when it could not be written. */
  openBreaker(cooldownMs: number): Promise<boolean>;
  closeBreaker(): Promise<boolean>;
  /** Takes the single trial request of a half-open breaker for every process; undefined when unknown. */
  claimProbe(ttlMs: number): Promise<boolean | undefined>;
  releaseProbe(): Promise<void>;
  /** Says that travellers are asking the airline in this process, for the next `ttlMs` (decision 252). */
  noteTravellers(ttlMs: number): Promise<void>;
  /** Whether travellers are asking the airline in any process; undefined when unknown. */
  travellersSearching(): Promise<boolean | undefined>;
}

interface RedisSharedOptions {
  prefix?: string;
  /** How long a claim lives unless renewed; it is renewed every third of that (ms, default 3000). */
  claimTtlMs?: number;
  /** A store call slower than this counts as unreachable (ms). */
  commandTimeoutMs?: number;
  /** After a failure the store is left alone this long, so a dead Redis costs nothing per request (ms). */
  retryAfterMs?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
}

/** Deletes a key only while it still holds our token: a claim that expired and was taken over is not ours to end. */
const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends a claim only while it is still ours. */
const RENEW_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** How long a failed request's outcome stays readable by the processes that waited for it. */
const FAILURE_KEEP_MS = 5_000;
/** An open breaker's marker outlives any cooldown, so a half-open breaker is not forgotten; a good probe deletes it. */
const TRIPPED_KEEP_MS = 24 * 3_600_000;

/**
 * Runs one store call with a time limit; undefined when the store is down or slow. After a failure the store is
 * left alone for `pauseMs`, so a dead Redis costs nothing per request. (The route schedules use it too.)
 */
export function storeGuard(opts: { timeoutMs: number; pauseMs: number; now: () => number; onError: (err: unknown) => void }) {
  let downUntil = 0;
  return async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (opts.now() < downUntil) return undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        work(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`shared upstream state: no answer in ${opts.timeoutMs} ms`)), opts.timeoutMs);
        }),
      ]);
    } catch (err) {
      downUntil = opts.now() + opts.pauseMs;
      opts.onError(err);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

const parseFailure = (raw: string | null | undefined): SharedFailure | undefined => {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as SharedFailure;
  } catch {
    return undefined;
  }
};

export function createRedisSharedUpstream(redis: Redis, opts: RedisSharedOptions = {}): SharedUpstream {
  const prefix = opts.prefix ?? 'gw:upstream:';
  const timeoutMs = opts.commandTimeoutMs ?? 250;
  const pauseMs = opts.retryAfterMs ?? 5_000;
  const now = opts.now ?? Date.now;
  const onError = opts.onError ?? (() => {});
  const claimTtlMs = opts.claimTtlMs ?? 3000;
  const tokens = new Map<string, string>();
  const guarded = storeGuard({ timeoutMs, pauseMs, now, onError });
  let renewing: NodeJS.Timeout | undefined;
  /** Renews every claim this process holds, in one round trip, while it holds any. */
  const renewClaims = () => {
    if (tokens.size === 0) {
      clearInterval(renewing);
      renewing = undefined;
      return;
    }
    void guarded(async () => {
      const batch = redis.pipeline();
      for (const [key, token] of tokens) batch.eval(RENEW_IF_OURS, 1, k.lock(key), token, claimTtlMs);
      await batch.exec();
    });
  };
  const k = {
    lock: (key: string) => `${prefix}lock:${key}`,
    failed: (key: string) => `${prefix}failed:${key}`,
    tripped: `${prefix}breaker:tripped`,
    cooldown: `${prefix}breaker:cooldown`,
    probe: `${prefix}breaker:probe`,
    travellers: `${prefix}travellers`,
  };
  const probeToken = randomUUID();
  return {
    async claim(key) {
      const token = randomUUID();
      const got = await guarded(async () => {
        const set = await redis.set(k.lock(key), token, 'PX', claimTtlMs, 'NX');
        if (set === 'OK') await redis.del(k.failed(key));
        return set === 'OK';
      });
      if (got === undefined) return 'unavailable';
      if (got) {
        tokens.set(key, token);
        if (!renewing) {
          renewing = setInterval(renewClaims, Math.max(10, Math.floor(claimTtlMs / 3)));
          renewing.unref();
        }
      }
      return got ? 'mine' : 'taken';
    },
    async finish(key, failure) {
      const token = tokens.get(key);
      tokens.delete(key);
      if (!token) return;
      await guarded(async () => {
        if (failure) await redis.set(k.failed(key), JSON.stringify(failure), 'PX', FAILURE_KEEP_MS);
        await redis.eval(RELEASE_IF_OURS, 1, k.lock(key), token);
      });
    },
    async peek(key) {
      const got = await guarded(() => redis.mget(k.lock(key), k.failed(key)));
      if (!got) return undefined;
      return { held: got[0] !== null, failure: parseFailure(got[1]) };
    },
    async readBreaker() {
      const got = await guarded(async () => {
        const [tripped, cooldown, probe] = await Promise.all([redis.get(k.tripped), redis.pttl(k.cooldown), redis.exists(k.probe)]);
        return { tripped, cooldown, probe };
      });
      if (!got) return undefined;
      if (got.tripped === null) return { state: 'closed' };
      if (got.cooldown > 0) {
        const openedAt = Number(got.tripped);
        return { state: 'open', remainingMs: got.cooldown, ...(Number.isFinite(openedAt) ? { openedAt } : {}) };
      }
      return { state: 'half-open', probing: got.probe > 0 };
    },
    async openBreaker(cooldownMs) {
      const ok = await guarded(async () => {
        await redis
          .multi()
          .set(k.tripped, String(now()), 'PX', TRIPPED_KEEP_MS)
          .set(k.cooldown, '1', 'PX', Math.max(1, Math.ceil(cooldownMs)))
          .del(k.probe)
          .exec();
        return true;
      });
      return ok === true;
    },
    async closeBreaker() {
      const ok = await guarded(async () => {
        await redis.del(k.tripped, k.cooldown, k.probe);
        return true;
      });
      return ok === true;
    },
    async claimProbe(ttlMs) {
      return guarded(async () => (await redis.set(k.probe, probeToken, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK');
    },
    async releaseProbe() {
      await guarded(() => redis.eval(RELEASE_IF_OURS, 1, k.probe, probeToken));
    },
    async noteTravellers(ttlMs) {
      await guarded(() => redis.set(k.travellers, '1', 'PX', Math.max(1, Math.ceil(ttlMs))));
    },
    async travellersSearching() {
      const n = await guarded(() => redis.exists(k.travellers));
      return n === undefined ? undefined : n > 0;
    },
  };
}
