import type { Flight } from '@gowild/contract/flights';
import type { Clock } from '../../../lib/clock';
import {
  type FlightFetchResult,
  type FlightProvider,
  type FlightQuery,
  type MalformedFlight,
  flightQueryKey,
} from '../../../providers/flights/flights.provider';
import type { CachedFlights, FlightCache } from '../flight-cache';
import type { FlightMetrics } from '../flights.metrics';
import { type Admission, createCircuitBreaker } from '../../../lib/upstream/circuit-breaker';
import { createLatencyTracker } from '../../../lib/upstream/latency-tracker';
import { createRequestPacer } from '../../../lib/upstream/request-pacer';
import { createSemaphore } from '../../../lib/upstream/semaphore';
import type { SharedUpstream } from './shared-upstream';

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

/** `dropped`: flights of the airline's page that did not read and were left out (present only when some were). */
export type GatewayResult =
  | { status: 'ok'; flights: Flight[]; source: 'upstream' | 'cache'; ageSeconds: number; dropped?: number }
  /** The airline failed; this is the last good answer, `ageSeconds` old. */
  | { status: 'stale'; flights: Flight[]; ageSeconds: number; reason: FailureReason; dropped?: number }
  | { status: 'failed'; reason: FailureReason; detail?: string };

/** Where the gateway writes what an operator should see (the app's logger once the routes are registered). */
export interface GatewayLog {
  warn(fields: object, message: string): void;
}

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
  /** Airline requests started per second (token bucket holding one second's worth): the ceiling of the adaptive rate. */
  rps: number;
  /** The lowest rate back-pressure (429, 406) may bring the request rate to (default: `rps`, no adaptation). */
  rpsFloor?: number;
  /** Requests a second the rate recovers per good answer after back-pressure (default 1). */
  rpsStep?: number;
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
   * Hedged requests (decision 059): a request still unanswered past the observed p95 latency (times `margin`, 1.2)
   * gets one second attempt. `false` turns it off. Hedging starts once `minSamples` (20) answers have been timed, never
   * earlier than `minDelayMs` (100), and spends a budget that grows by `budget` (0.1) per request, so hedges stay near
   * a tenth of the requests however slow the airline (or this process) gets.
   */
  hedge?: false | { minSamples?: number; minDelayMs?: number; margin?: number; budget?: number };
  /**
   * The app-wide shutdown signal (deps.ts): when it fires, airline requests in flight are aborted, and none is retried
   * or started (docs/decisions/057).
   */
  stopping?: AbortSignal;
  /**
   * State shared with the other API processes (Redis; decision 060): one airline request per (route, date) across
   * processes, and one circuit breaker. Without it (or while it is unreachable) both are per process.
   */
  shared?: SharedUpstream;
  /** How often a waiting process looks at the shared state again (ms, default 20). */
  sharedPollMs?: number;
  /** How long this process trusts its copy of the shared breaker before reading it again (ms, default 250). */
  sharedSyncMs?: number;
  log?: GatewayLog;
  /**
   * Injected for tests: waiting (backoff, Retry-After, rate limit, hedge delay, shared polling), the jitter source,
   * and the monotonic milliseconds that pace requests, pauses and the breaker cooldown (the clock above is for cache
   * ages only, so a test that freezes business time does not freeze the airline etiquette).
   */
  sleep?: (ms: number) => Promise<void>;
  monotonic?: () => number;
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type UpstreamOutcome = { ok: true; flights: Flight[]; dropped: number } | { ok: false; reason: FailureReason; detail?: string };

type AttemptResult = FlightFetchResult | { kind: 'timeout' } | { kind: 'network-error'; detail: string } | { kind: 'cancelled' };

function outcomeLabel(r: AttemptResult): string {
  switch (r.kind) {
    case 'flights':
      return r.flights.length > 0 ? 'ok' : 'no_flights';
    case 'blocked':
      return r.reason === 'throttled' ? 'throttled' : r.reason === 'not-acceptable' ? 'not_acceptable' : 'blocked';
    default:
      return r.kind.replace('-', '_');
  }
}

/** Back-pressure, not a block: the airline wants fewer requests (429 with Retry-After, 406 on bursts). */
const isThrottle = (r: AttemptResult) => r.kind === 'blocked' && (r.reason === 'throttled' || r.reason === 'not-acceptable');
/** Worth waiting for the other half of a hedge: the answer may still come from it. */
const isRetryable = (r: AttemptResult) =>
  r.kind === 'server-error' || r.kind === 'timeout' || r.kind === 'network-error' || r.kind === 'cancelled';

/**
 * The one way to the airline (docs/product/providers.md#upstream-gateway; decisions 012, 058–061): cache with a
 * fresh time and a stale-if-error window, coalescing of identical queries in flight (across processes with Redis),
 * a global concurrency cap and an adaptive request rate, a timeout per attempt, a hedge for a request past the
 * observed p95, bounded retries with jitter for 5xx and timeouts only, Retry-After honoured for everyone, and a
 * circuit breaker on sustained bot blocks whose half-open trial holds the other requests until it has an outcome.
 */
export function createUpstreamGateway(opts: GatewayOptions) {
  const { provider, cache, clock, metrics, shared } = opts;
  let log: GatewayLog | undefined = opts.log;
  const sleep = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  const monotonic = opts.monotonic ?? (() => performance.now());
  const freshMs = opts.freshSeconds * 1000;
  const keepMs = (opts.freshSeconds + opts.staleSeconds) * 1000;
  const retryBaseMs = opts.retryBaseMs ?? 250;
  const retryMaxMs = opts.retryMaxMs ?? 2000;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? opts.timeoutMs;
  const pollMs = opts.sharedPollMs ?? 20;
  const syncMs = opts.sharedSyncMs ?? 250;
  /**
   * The longest one query can keep the airline busy (every attempt timing out, every backoff at its cap, one
   * Retry-After): the most another process waits for it. A claim whose process died ends much sooner (decision 060).
   */
  const claimMs = opts.timeoutMs * (opts.retries + 1) + retryMaxMs * opts.retries + maxRetryAfterMs + 1000;
  const hedgeSettings = { minSamples: 20, minDelayMs: 100, margin: 1.2, budget: 0.1, ...(opts.hedge || {}) };
  let hedging = opts.hedge === false ? undefined : hedgeSettings;
  /** Hedges allowed now: each first attempt adds `budget` (up to 10), each hedge spends 1, so hedges stay near 10% of requests. */
  let hedgeTokens = 10;
  const latency = createLatencyTracker();
  const slots = createSemaphore(opts.concurrency);
  const pacer = createRequestPacer(opts.rps, monotonic, sleep, {
    floor: opts.rpsFloor,
    step: opts.rpsStep,
    onRate: (r) => metrics.requestRate.set(r),
  });
  metrics.requestRate.set(pacer.rate());
  const breakerValue = { closed: 0, 'half-open': 1, open: 2 } as const;
  const breaker = createCircuitBreaker(opts.breakerThreshold, opts.breakerCooldownMs, monotonic, (s) =>
    metrics.breakerState.set(breakerValue[s]),
  );
  metrics.breakerState.set(0);
  const inflight = new Map<string, Promise<UpstreamOutcome>>();
  /** A 429 pauses every request until its Retry-After has passed: the airline throttles the client, not a route. */
  let pausedUntil = 0;
  const isFresh = (e: CachedFlights) => clock.now().getTime() - e.fetchedAt <= freshMs;

  // ---- The breaker, shared with the other processes when there is a store (decision 060).
  let lastSync = -Infinity;
  /** The shared store knows about this process's open breaker (it wrote it, or took it from there). */
  let sharedKnowsOpen = false;
  /** This process's probe also holds the shared trial. */
  let probeIsShared = false;
  /** Another process holds the shared trial: one request of ours watches it (the others wait on the local probe). */
  let watchingRemoteProbe = false;

  async function publishOpen() {
    if (!shared) return;
    sharedKnowsOpen = await shared.openBreaker(opts.breakerCooldownMs);
    if (!sharedKnowsOpen) metrics.sharedUnavailable.inc();
  }

  /** Takes on the shared breaker's state, read at most every `syncMs`. */
  async function syncBreaker() {
    if (!shared || monotonic() - lastSync < syncMs) return;
    lastSync = monotonic();
    const view = await shared.readBreaker();
    if (!view) return void metrics.sharedUnavailable.inc();
    const local = breaker.state();
    if (view.state === 'closed') {
      if (local === 'closed') return;
      if (sharedKnowsOpen) {
        // Another process's probe succeeded.
        sharedKnowsOpen = false;
        breaker.adopt('closed');
      } else await publishOpen();
    } else {
      sharedKnowsOpen = true;
      if (view.state === 'open') breaker.adopt('open', view.remainingMs);
      else if (local === 'open') breaker.adopt('half-open');
    }
  }

  /**
   * One request's admission. 'wait': wait for this process's probe (`breaker.settled()`) and ask again; 'watch':
   * another process holds the trial, so this request watches it for the others (`watchRemoteProbe`).
   */
  async function admit(): Promise<Admission | 'watch'> {
    await syncBreaker();
    const a = breaker.admit();
    if (a !== 'probe' || !shared) return a;
    const mine = await shared.claimProbe(opts.timeoutMs + 1000);
    if (mine === undefined) metrics.sharedUnavailable.inc();
    probeIsShared = mine === true;
    // Another process holds the trial: this request keeps our local turn and watches theirs.
    return mine === false ? 'watch' : 'probe';
  }

  /** Polls the shared breaker until the other process's probe has an outcome, then hands it to our waiting requests. */
  async function watchRemoteProbe() {
    watchingRemoteProbe = true;
    try {
      for (const deadline = monotonic() + opts.timeoutMs + 1000 + pollMs; monotonic() < deadline;) {
        await sleep(pollMs);
        const view = await shared?.readBreaker();
        if (view?.state === 'closed') return breaker.adopt('closed');
        if (view?.state === 'open') return breaker.adopt('open', view.remainingMs);
        // Unknown (store down), or the trial ended with no verdict or its process died: the next request tries.
        if (!view || !view.probing) break;
      }
      breaker.record('neutral', true);
    } finally {
      watchingRemoteProbe = false;
    }
  }

  async function recordOutcome(result: 'success' | 'block' | 'neutral', wasProbe: boolean) {
    const before = breaker.state();
    breaker.record(result, wasProbe);
    if (!shared) return;
    const after = breaker.state();
    if (wasProbe && probeIsShared) {
      probeIsShared = false;
      if (after === 'closed') {
        sharedKnowsOpen = false;
        if (!(await shared.closeBreaker())) metrics.sharedUnavailable.inc();
      } else if (after === 'open') await publishOpen();
      else await shared.releaseProbe();
    } else if (after === 'open' && before !== 'open') await publishOpen();
  }

  /** A concurrency slot and the breaker's leave, or 'reject' (holding nothing). */
  async function admitted(): Promise<'pass' | 'probe' | 'reject'> {
    for (;;) {
      await slots.acquire();
      const a = await admit();
      if (a === 'pass' || a === 'probe') return a;
      slots.release();
      if (a === 'reject') return a;
      if (a === 'watch') await watchRemoteProbe();
      else await breaker.settled();
    }
  }

  // ---- One HTTP attempt, and its hedge (decision 059).
  async function attempt(query: FlightQuery, cancel: AbortSignal): Promise<AttemptResult> {
    const controller = new AbortController();
    const onCancel = () => controller.abort();
    cancel.addEventListener('abort', onCancel, { once: true });
    // The shutdown cuts every request in flight; callUpstream then reports 'shutdown'.
    opts.stopping?.addEventListener('abort', onCancel, { once: true });
    if (opts.stopping?.aborted) controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<{ kind: 'timeout' }>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ kind: 'timeout' });
      }, opts.timeoutMs);
    });
    const started = monotonic();
    let result: AttemptResult;
    try {
      result = await Promise.race([provider.fetchFlights(query, controller.signal), timedOut]);
    } catch (err) {
      result = !controller.signal.aborted
        ? { kind: 'network-error', detail: (err as Error).message }
        : cancel.aborted
          ? { kind: 'cancelled' }
          : { kind: 'timeout' };
    } finally {
      clearTimeout(timer);
      cancel.removeEventListener('abort', onCancel);
      opts.stopping?.removeEventListener('abort', onCancel);
    }
    if ((cancel.aborted || opts.stopping?.aborted) && result.kind !== 'flights') result = { kind: 'cancelled' };
    // Aborted for the shutdown: not the airline's doing, so not counted as one of its answers.
    if (opts.stopping?.aborted) return result;
    // Only answers tell how long the airline takes; time-outs and cancelled halves would skew the p95.
    if (result.kind !== 'timeout' && result.kind !== 'network-error' && result.kind !== 'cancelled') latency.add(monotonic() - started);
    metrics.upstreamRequests.inc({ outcome: outcomeLabel(result) });
    return result;
  }

  const mayHedgeNow = () => breaker.state() === 'closed' && !pacer.throttled() && pausedUntil <= monotonic() && !watchingRemoteProbe;
  /** Lets answers already received but not yet read (a busy event loop runs timers first) settle before hedging. */
  const afterPendingIo = () => new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)));

  /**
   * The attempt, plus one hedge when it is still unanswered past the observed p95 latency: the hedge waits for a
   * spare slot (behind every ordinary request) and a rate token; the first answer wins and the other is cancelled.
   */
  async function attemptHedged(query: FlightQuery, mayHedge: boolean): Promise<{ result: AttemptResult; hedged: boolean }> {
    const primaryCancel = new AbortController();
    const primary = attempt(query, primaryCancel.signal);
    if (hedging) hedgeTokens = Math.min(10, hedgeTokens + hedging.budget);
    const p95 = hedging && mayHedge ? latency.p95(hedging.minSamples) : undefined;
    if (p95 === undefined || !hedging) return { result: await primary, hedged: false };
    // Past the p95 by a margin, so that the ordinary tail (5% of answers, by definition) is not asked twice.
    const delay = Math.max(hedging.minDelayMs, p95 * hedging.margin);
    const first = await Promise.race([primary, sleep(delay).then(afterPendingIo)]);
    if (first !== undefined || hedgeTokens < 1 || !mayHedgeNow()) return { result: first ?? (await primary), hedged: false };
    hedgeTokens -= 1;

    // `giveUp` ends the hedge's wait for a slot and a token once the first attempt has come back; `hedgeCancel`
    // cancels a hedge that is out, once the race below is decided.
    const giveUp = new AbortController();
    const hedgeCancel = new AbortController();
    void primary.then(() => giveUp.abort());
    let hedged = false;
    const hedge = (async (): Promise<AttemptResult | undefined> => {
      if (!(await slots.acquireSpare(giveUp.signal))) return undefined;
      try {
        if (giveUp.signal.aborted || !mayHedgeNow()) return undefined;
        await pacer.take();
        if (giveUp.signal.aborted) return undefined;
        hedged = true;
        metrics.hedges.inc({ result: 'sent' });
        return await attempt(query, hedgeCancel.signal);
      } finally {
        slots.release();
      }
    })();
    // The first answer wins. A failed first attempt waits for the hedge; a failed hedge ends the wait for the first
    // attempt too (it is past the p95 and a whole round trip more: most likely hung), and the query retries as usual.
    const result = await new Promise<{ result: AttemptResult; by: 'primary' | 'hedge' }>((resolve) => {
      let left = 2;
      let fallback: { result: AttemptResult; by: 'primary' | 'hedge' } | undefined;
      const settle = (by: 'primary' | 'hedge') => (r: AttemptResult | undefined) => {
        left--;
        if (r && (!isRetryable(r) || (by === 'hedge' && r.kind !== 'cancelled'))) return resolve({ result: r, by });
        if (r && r.kind !== 'cancelled') fallback = { result: r, by };
        if (left === 0) resolve(fallback ?? { result: r ?? { kind: 'cancelled' }, by });
      };
      void primary.then(settle('primary'));
      void hedge.then(settle('hedge'));
    });
    primaryCancel.abort();
    giveUp.abort();
    hedgeCancel.abort();
    if (result.by === 'hedge' && result.result.kind === 'flights') metrics.hedges.inc({ result: 'won' });
    return { result: result.result, hedged };
  }

  function noteMalformed(key: string, malformed: MalformedFlight[]) {
    for (const m of malformed) {
      metrics.malformedFlights.inc({ field: m.field });
      log?.warn(
        { query: key, field: m.field, detail: m.detail },
        `airline page for ${key}: left out a flight whose ${m.field} did not read`,
      );
    }
  }

  async function callUpstream(key: string, query: FlightQuery, mayHedge = true): Promise<UpstreamOutcome> {
    let hedgesLeft = mayHedge ? 1 : 0;
    for (let tries = 0; ; tries++) {
      if (opts.stopping?.aborted) return { ok: false, reason: 'shutdown' };
      const pass = await admitted();
      if (pass === 'reject') {
        metrics.breakerRejections.inc();
        return { ok: false, reason: 'breaker-open' };
      }
      let result: AttemptResult;
      try {
        for (let wait = pausedUntil - monotonic(); wait > 0; wait = pausedUntil - monotonic()) await sleep(wait);
        await pacer.take();
        const run = await attemptHedged(query, pass === 'pass' && hedgesLeft > 0);
        result = run.result;
        if (run.hedged) hedgesLeft--;
      } finally {
        slots.release();
      }
      // Aborted for the shutdown: neither held against the airline by the breaker nor retried.
      if (opts.stopping?.aborted) {
        if (pass === 'probe') await recordOutcome('neutral', true);
        return { ok: false, reason: 'shutdown' };
      }
      const wasProbe = pass === 'probe';
      const canRetry = tries < opts.retries;
      switch (result.kind) {
        case 'flights': {
          await recordOutcome('success', wasProbe);
          pacer.speedUp();
          const malformed = result.malformed ?? [];
          if (malformed.length > 0) noteMalformed(key, malformed);
          return { ok: true, flights: result.flights, dropped: malformed.length };
        }
        case 'blocked': {
          if (!isThrottle(result)) {
            await recordOutcome('block', wasProbe);
            return { ok: false, reason: 'blocked', detail: `${result.status} ${result.reason}` };
          }
          // Back-pressure (decision 058): slow down, honour Retry-After for everyone, never open the breaker.
          await recordOutcome('neutral', wasProbe);
          pacer.slowDown();
          const waitMs = result.retryAfterMs ?? 1000;
          pausedUntil = Math.max(pausedUntil, monotonic() + waitMs);
          if (canRetry && waitMs <= maxRetryAfterMs) continue;
          return {
            ok: false,
            reason: 'throttled',
            detail: `${result.status}, retry after ${Math.ceil(waitMs / 1000)} s`,
          };
        }
        case 'server-error':
        case 'timeout':
        case 'network-error':
        case 'cancelled': {
          await recordOutcome('neutral', wasProbe);
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
          return { ok: false, reason: result.kind === 'cancelled' ? 'timeout' : result.kind, detail };
        }
        default:
          await recordOutcome('neutral', wasProbe);
          return { ok: false, reason: result.kind, detail: result.kind === 'page-changed' ? result.detail : `HTTP ${result.status}` };
      }
    }
  }

  /**
   * Another process is asking the airline for this query: wait for its answer to land in the cache, or for its
   * failure. Undefined (ask the airline ourselves) when it ends with neither, the store cannot be read, or it takes
   * longer than any request can.
   */
  async function waitForPeer(key: string): Promise<UpstreamOutcome | undefined> {
    for (const deadline = monotonic() + claimMs + pollMs; monotonic() < deadline;) {
      await sleep(pollMs);
      const seen = await shared?.peek(key);
      if (!seen) {
        metrics.sharedUnavailable.inc();
        return undefined;
      }
      if (seen.failure) return { ok: false, reason: seen.failure.reason as FailureReason, detail: seen.failure.detail };
      if (!seen.held) {
        const entry = await cache.get(key);
        return entry && isFresh(entry) ? { ok: true, flights: entry.flights, dropped: entry.dropped ?? 0 } : undefined;
      }
    }
    return undefined;
  }

  function join(key: string, query: FlightQuery, mayHedge = true): Promise<UpstreamOutcome> {
    const pending = inflight.get(key);
    if (pending) {
      metrics.coalesced.inc();
      return pending;
    }
    const started = (async (): Promise<UpstreamOutcome> => {
      const claim = shared ? await shared.claim(key) : 'unavailable';
      if (shared && claim === 'unavailable') metrics.sharedUnavailable.inc();
      if (claim === 'taken') {
        const peer = await waitForPeer(key);
        if (peer) {
          metrics.coalesced.inc();
          return peer;
        }
      }
      let r: UpstreamOutcome | undefined;
      try {
        r = await callUpstream(key, query, mayHedge);
        if (r.ok) {
          const entry: CachedFlights = { fetchedAt: clock.now().getTime(), flights: r.flights };
          if (r.dropped > 0) entry.dropped = r.dropped;
          await cache.set(key, entry, keepMs);
        }
        return r;
      } finally {
        if (claim === 'mine') await shared?.finish(key, r && !r.ok ? { reason: r.reason, detail: r.detail } : undefined);
      }
    })().finally(() => inflight.delete(key));
    inflight.set(key, started);
    return started;
  }

  const droppedOf = (n: number | undefined) => (n && n > 0 ? { dropped: n } : {});

  return {
    provider,
    breakerState: () => breaker.state(),
    inFlight: () => inflight.size,
    /** The request rate the airline currently gets (requests a second). */
    requestRate: () => pacer.rate(),
    /** Turns hedging on or off while running (the search benchmark compares both in one run). */
    setHedging(on: boolean) {
      hedging = on ? hedgeSettings : undefined;
    },
    /** Where operator-facing lines go (set once the app's logger exists). */
    useLog(next: GatewayLog) {
      log = next;
    },

    /**
     * One query's answer: fresh cache, the airline, or (when the airline fails) a stale entry. Never throws.
     * `hedge: false` for background work (the alert checker), which has no one waiting on its tail latency: its
     * requests never spend the hedge budget, so it sends exactly one request per query the airline answers.
     */
    async fetch(query: FlightQuery, options: { hedge?: boolean } = {}): Promise<GatewayResult> {
      const key = flightQueryKey(query);
      let entry = inflight.has(key) ? undefined : await cache.get(key);
      if (entry && isFresh(entry)) {
        metrics.cacheHits.inc();
        return {
          status: 'ok',
          flights: entry.flights,
          source: 'cache',
          ageSeconds: Math.round((clock.now().getTime() - entry.fetchedAt) / 1000),
          ...droppedOf(entry.dropped),
        };
      }
      metrics.cacheMisses.inc();
      const r = await join(key, query, options.hedge !== false);
      if (r.ok) return { status: 'ok', flights: r.flights, source: 'upstream', ageSeconds: 0, ...droppedOf(r.dropped) };
      entry ??= await cache.get(key);
      const age = entry ? clock.now().getTime() - entry.fetchedAt : Infinity;
      if (entry && age <= keepMs) {
        metrics.cacheStale.inc();
        return {
          status: 'stale',
          flights: entry.flights,
          ageSeconds: Math.round(age / 1000),
          reason: r.reason,
          ...droppedOf(entry.dropped),
        };
      }
      return { status: 'failed', reason: r.reason, detail: r.detail };
    },
  };
}
export type UpstreamGateway = ReturnType<typeof createUpstreamGateway>;
