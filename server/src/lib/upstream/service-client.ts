import type { Clock } from '../clock';
import { createCircuitBreaker } from './circuit-breaker';
import { createRequestPacer } from './request-pacer';
import { exponentialBackoff } from './backoff';
import { createSemaphore } from './semaphore';
import { type TimedOutcome, withTimeout } from './timeout';

/**
 * How an outside service failed, as its adapter reads the answer: `retryable` (5xx, a dropped connection: worth
 * another attempt), `refused` (the service will not serve us now: over quota, not subscribed; no retry, and it counts
 * toward opening the breaker at once), `invalid` (an answer we cannot read: no retry).
 */
export type OutsideServiceFailure = 'retryable' | 'refused' | 'invalid';

/** Thrown by an adapter when the outside service did not give a usable answer. */
export class OutsideServiceError extends Error {
  constructor(
    message: string,
    public readonly failure: OutsideServiceFailure,
  ) {
    super(message);
    this.name = 'OutsideServiceError';
  }
}

/** Why a call has no answer: the service failed (after retries), took too long, the breaker is open, or we are stopping. */
export class ServiceUnavailableError extends Error {
  constructor(
    message: string,
    public readonly reason: 'failed' | 'timeout' | 'breaker-open' | 'shutdown',
  ) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

export type ServiceClientEvent = 'hit' | 'miss' | 'coalesced' | 'ok' | 'retry' | 'failed' | 'breaker-open';

export interface ServiceClientOptions {
  /** For messages: 'hotels', 'cars'. */
  name: string;
  /** Cache ages (business time, so a test clock moves them). */
  clock: Clock;
  /** How long an answer is served from the cache. */
  freshMs: number;
  maxEntries?: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Requests started per second (token bucket, one second's worth). */
  rps: number;
  timeoutMs: number;
  /** Extra attempts after a retryable failure or a time-out. */
  retries: number;
  /** Failed calls in a row (or one refusal) that open the breaker, and how long it stays open before one trial call. */
  breakerThreshold: number;
  breakerCooldownMs: number;
  /** The app-wide shutdown signal: calls in flight are aborted and none is retried or started. */
  stopping?: AbortSignal;
  onEvent?: (event: ServiceClientEvent) => void;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  monotonic?: () => number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The small client every outside service but the airline goes through (decisions 080, 115): hotels, cars, weather,
 * geolocation. Built from the same policies as the airline gateway (lib/upstream: time-out, back-off, breaker,
 * concurrency limit, pacer): answers cached per key for a few minutes, identical calls in flight coalesced, a
 * cap on calls in flight and on their rate, a time-out per attempt, bounded retries with jitter, and a circuit
 * breaker that fails calls at once while the service is down (one trial call after the cooldown).
 */
export function createServiceClient(opts: ServiceClientOptions) {
  const sleep = opts.sleep ?? realSleep;
  const monotonic = opts.monotonic ?? (() => performance.now());
  const backoff = exponentialBackoff({ baseMs: opts.retryBaseMs ?? 200, maxMs: opts.retryMaxMs ?? 1500, random: opts.random });
  const emit = opts.onEvent ?? (() => {});
  const maxEntries = opts.maxEntries ?? 2000;
  const cache = new Map<string, { at: number; value: unknown }>();
  const inflight = new Map<string, Promise<unknown>>();
  const slots = createSemaphore(opts.concurrency);
  const pacer = createRequestPacer(opts.rps, monotonic, sleep);
  const breaker = createCircuitBreaker(opts.breakerThreshold, opts.breakerCooldownMs, monotonic);
  const unavailable = (reason: ServiceUnavailableError['reason'], detail: string) =>
    new ServiceUnavailableError(`${opts.name}: ${detail}`, reason);

  function remember(key: string, value: unknown) {
    cache.delete(key);
    cache.set(key, { at: opts.clock.now().getTime(), value });
    // Oldest first: a Map keeps insertion order, and a kept key is re-inserted above.
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  }

  async function callUpstream<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      if (opts.stopping?.aborted) throw unavailable('shutdown', 'stopping');
      await slots.acquire();
      let admission = breaker.admit();
      while (admission === 'wait') {
        slots.release();
        await breaker.settled();
        await slots.acquire();
        admission = breaker.admit();
      }
      if (admission === 'reject') {
        slots.release();
        emit('breaker-open');
        throw unavailable('breaker-open', 'circuit open after repeated failures');
      }
      const wasProbe = admission === 'probe';
      let result: TimedOutcome<T>;
      try {
        await pacer.take();
        result = await withTimeout(work, opts.timeoutMs, [opts.stopping]);
      } finally {
        slots.release();
      }
      if (result.ok) {
        breaker.record('success', wasProbe);
        emit('ok');
        return result.value;
      }
      if (opts.stopping?.aborted) {
        breaker.record('neutral', wasProbe);
        throw unavailable('shutdown', 'stopping');
      }
      const error = result.cause === 'timeout' ? new Error(`no answer in ${opts.timeoutMs} ms`) : result.error;
      const failure = error instanceof OutsideServiceError ? error.failure : result.cause === 'timeout' ? 'timeout' : 'retryable';
      const detail = error instanceof Error ? error.message : String(error);
      if ((failure === 'retryable' || failure === 'timeout') && tries < opts.retries) {
        breaker.record('neutral', wasProbe);
        emit('retry');
        await sleep(backoff(tries));
        continue;
      }
      // A refusal opens the breaker at once (asking again will not help); other failures count toward the threshold.
      if (failure === 'refused') for (let i = 0; i < opts.breakerThreshold; i++) breaker.record('block', wasProbe && i === 0);
      else breaker.record('block', wasProbe);
      emit('failed');
      throw unavailable(failure === 'timeout' ? 'timeout' : 'failed', detail);
    }
  }

  return {
    breakerState: () => breaker.state(),
    /**
     * The answer for `key`: from the cache while fresh, else from `work` (joined with an identical call in flight).
     * Throws ServiceUnavailableError when the service gives no answer; nothing failed is cached.
     */
    async call<T>(key: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const kept = cache.get(key);
      if (kept && opts.clock.now().getTime() - kept.at <= opts.freshMs) {
        emit('hit');
        return kept.value as T;
      }
      const pending = inflight.get(key);
      if (pending) {
        emit('coalesced');
        return pending as Promise<T>;
      }
      emit('miss');
      const started = callUpstream(work)
        .then((value) => {
          remember(key, value);
          return value;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, started);
      return started;
    },
  };
}
export type ServiceClient = ReturnType<typeof createServiceClient>;
