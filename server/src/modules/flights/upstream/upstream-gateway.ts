import type { Flight } from '@gowild/contract/flights';
import type { Clock } from '../../../lib/clock';
import { type FlightFetchResult, type FlightProvider, type FlightQuery, flightQueryKey } from '../../../providers/flights/flights.provider';
import type { FlightCache } from '../flight-cache';
import type { FlightMetrics } from '../flights.metrics';
import { createCircuitBreaker } from './circuit-breaker';
import { createRequestPacer } from './request-pacer';
import { createSemaphore } from './semaphore';

/** Why a query has no fresh airline answer. */
type FailureReason =
  | 'blocked'
  | 'throttled'
  | 'server-error'
  | 'http-error'
  | 'timeout'
  | 'network-error'
  | 'page-changed'
  | 'breaker-open'
  /** The process is shutting down (`stopping`): the request was aborted or never made. */
  | 'shutdown';

type GatewayResult =
  | { status: 'ok'; flights: Flight[]; source: 'upstream' | 'cache'; ageSeconds: number }
  /** The airline failed; this is the last good answer, `ageSeconds` old. */
  | { status: 'stale'; flights: Flight[]; ageSeconds: number; reason: FailureReason }
  | { status: 'failed'; reason: FailureReason; detail?: string };

export interface GatewayOptions {
  provider: FlightProvider;
  cache: FlightCache;
  clock: Clock;
  metrics: FlightMetrics;
  freshSeconds: number;
  /** How long past fresh an entry may still be served when the airline fails. */
  staleSeconds: number;
  /** Airline requests in flight at once, across all searches. */
  concurrency: number;
  /** Airline requests started per second (token bucket holding one second's worth). */
  rps: number;
  timeoutMs: number;
  /** Extra attempts after a 5xx, a timeout or a dropped connection, or after a 429 once Retry-After has passed. */
  retries: number;
  /** Consecutive blocks that open the breaker. */
  breakerThreshold: number;
  breakerCooldownMs: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Longest Retry-After a query waits for before giving up (default: timeoutMs). */
  maxRetryAfterMs?: number;
  /**
   * The app-wide shutdown signal (deps.ts): when it fires, airline requests in flight are aborted, and none is retried
   * or started (docs/decisions/057).
   */
  stopping?: AbortSignal;
  /**
   * Injected for tests: waiting (backoff, Retry-After, rate limit), the jitter source, and the monotonic
   * milliseconds that pace requests, pauses and the breaker cooldown (the clock above is for cache ages only,
   * so a test that freezes business time does not freeze the airline etiquette).
   */
  sleep?: (ms: number) => Promise<void>;
  monotonic?: () => number;
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type UpstreamOutcome = { ok: true; flights: Flight[] } | { ok: false; reason: FailureReason; detail?: string };

function outcomeLabel(r: FlightFetchResult | { kind: 'timeout' | 'network-error' }): string {
  switch (r.kind) {
    case 'flights':
      return r.flights.length > 0 ? 'ok' : 'no_flights';
    case 'blocked':
      return r.reason === 'throttled' ? 'throttled' : 'blocked';
    default:
      return r.kind.replace('-', '_');
  }
}

/**
 * The one way to the airline (docs/product/providers.md#upstream-gateway; decision 012): cache with a fresh time and a stale-if-error
 * window, coalescing of identical queries in flight, a global concurrency cap and request rate, a timeout per
 * attempt, bounded retries with jitter for 5xx and timeouts only, Retry-After honoured for everyone, and a
 * circuit breaker on sustained blocks.
 */
export function createUpstreamGateway(opts: GatewayOptions) {
  const { provider, cache, clock, metrics } = opts;
  const sleep = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  const monotonic = opts.monotonic ?? (() => performance.now());
  const freshMs = opts.freshSeconds * 1000;
  const keepMs = (opts.freshSeconds + opts.staleSeconds) * 1000;
  const retryBaseMs = opts.retryBaseMs ?? 250;
  const retryMaxMs = opts.retryMaxMs ?? 2000;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? opts.timeoutMs;
  const slots = createSemaphore(opts.concurrency);
  const pacer = createRequestPacer(opts.rps, monotonic, sleep);
  const breakerValue = { closed: 0, 'half-open': 1, open: 2 } as const;
  const breaker = createCircuitBreaker(opts.breakerThreshold, opts.breakerCooldownMs, monotonic, (s) =>
    metrics.breakerState.set(breakerValue[s]),
  );
  metrics.breakerState.set(0);
  const inflight = new Map<string, Promise<UpstreamOutcome>>();
  /** A 429 pauses every request until its Retry-After has passed: the airline throttles the client, not a route. */
  let pausedUntil = 0;
  /** Airline requests in flight, each as the function that cuts it short: the shutdown cuts them all. */
  const attempts = new Set<() => void>();
  opts.stopping?.addEventListener('abort', () => [...attempts].forEach((cut) => cut()), { once: true });

  async function attempt(query: FlightQuery): Promise<FlightFetchResult | { kind: 'timeout' } | { kind: 'network-error'; detail: string }> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // Cut short by the time-out, or by the shutdown (then callUpstream reports 'shutdown', not a time-out).
    let cut = () => {};
    const timedOut = new Promise<{ kind: 'timeout' }>((resolve) => {
      cut = () => {
        controller.abort();
        resolve({ kind: 'timeout' });
      };
      timer = setTimeout(cut, opts.timeoutMs);
    });
    if (opts.stopping?.aborted) cut();
    else attempts.add(cut);
    try {
      return await Promise.race([provider.fetchFlights(query, controller.signal), timedOut]);
    } catch (err) {
      return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', detail: (err as Error).message };
    } finally {
      clearTimeout(timer);
      attempts.delete(cut);
    }
  }

  async function callUpstream(query: FlightQuery): Promise<UpstreamOutcome> {
    for (let tries = 0; ; tries++) {
      await slots.acquire();
      let result: Awaited<ReturnType<typeof attempt>>;
      let pass: 'pass' | 'probe' | 'reject';
      try {
        if (opts.stopping?.aborted) return { ok: false, reason: 'shutdown' };
        pass = breaker.admit();
        if (pass === 'reject') {
          metrics.breakerRejections.inc();
          return { ok: false, reason: 'breaker-open' };
        }
        for (let wait = pausedUntil - monotonic(); wait > 0; wait = pausedUntil - monotonic()) await sleep(wait);
        await pacer.take();
        result = await attempt(query);
      } finally {
        slots.release();
      }
      // Aborted for the shutdown: not the airline's doing, so neither counted nor held against it by the breaker.
      if (opts.stopping?.aborted) return { ok: false, reason: 'shutdown' };
      metrics.upstreamRequests.inc({ outcome: outcomeLabel(result) });
      const wasProbe = pass === 'probe';
      const canRetry = tries < opts.retries;
      switch (result.kind) {
        case 'flights':
          breaker.record('success', wasProbe);
          return { ok: true, flights: result.flights };
        case 'blocked': {
          breaker.record('block', wasProbe);
          if (result.reason !== 'throttled') return { ok: false, reason: 'blocked', detail: `${result.status} ${result.reason}` };
          const waitMs = result.retryAfterMs ?? 1000;
          pausedUntil = Math.max(pausedUntil, monotonic() + waitMs);
          if (canRetry && waitMs <= maxRetryAfterMs) continue;
          return { ok: false, reason: 'throttled', detail: `429, retry after ${Math.ceil(waitMs / 1000)} s` };
        }
        case 'server-error':
        case 'timeout':
        case 'network-error': {
          breaker.record('neutral', wasProbe);
          if (canRetry) {
            const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** tries);
            await sleep(Math.round(ceiling / 2 + random() * (ceiling / 2)));
            continue;
          }
          const detail =
            result.kind === 'server-error'
              ? `HTTP ${result.status}`
              : result.kind === 'network-error'
                ? result.detail
                : `no answer in ${opts.timeoutMs} ms`;
          return { ok: false, reason: result.kind, detail };
        }
        default:
          breaker.record('neutral', wasProbe);
          return { ok: false, reason: result.kind, detail: result.kind === 'page-changed' ? result.detail : `HTTP ${result.status}` };
      }
    }
  }

  function join(key: string, query: FlightQuery): Promise<UpstreamOutcome> {
    const pending = inflight.get(key);
    if (pending) {
      metrics.coalesced.inc();
      return pending;
    }
    const started = callUpstream(query)
      .then(async (r) => {
        if (r.ok) await cache.set(key, { fetchedAt: clock.now().getTime(), flights: r.flights }, keepMs);
        return r;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, started);
    return started;
  }

  return {
    provider,
    breakerState: () => breaker.state(),
    inFlight: () => inflight.size,

    /** One query's answer: fresh cache, the airline, or (when the airline fails) a stale entry. Never throws. */
    async fetch(query: FlightQuery): Promise<GatewayResult> {
      const key = flightQueryKey(query);
      let entry = inflight.has(key) ? undefined : await cache.get(key);
      if (entry && clock.now().getTime() - entry.fetchedAt <= freshMs) {
        metrics.cacheHits.inc();
        return {
          status: 'ok',
          flights: entry.flights,
          source: 'cache',
          ageSeconds: Math.round((clock.now().getTime() - entry.fetchedAt) / 1000),
        };
      }
      metrics.cacheMisses.inc();
      const r = await join(key, query);
      if (r.ok) return { status: 'ok', flights: r.flights, source: 'upstream', ageSeconds: 0 };
      entry ??= await cache.get(key);
      const age = entry ? clock.now().getTime() - entry.fetchedAt : Infinity;
      if (entry && age <= keepMs) {
        metrics.cacheStale.inc();
        return { status: 'stale', flights: entry.flights, ageSeconds: Math.round(age / 1000), reason: r.reason };
      }
      return { status: 'failed', reason: r.reason, detail: r.detail };
    },
  };
}
export type UpstreamGateway = ReturnType<typeof createUpstreamGateway>;
