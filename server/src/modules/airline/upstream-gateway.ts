import type { Clock } from '../../lib/clock';
import { exponentialBackoff } from '../../lib/upstream/backoff';
import { createLatencyTracker } from '../../lib/upstream/latency-tracker';
import type { RequestBudget } from '../../lib/upstream/request-budget';
import { createSemaphore } from '../../lib/upstream/semaphore';
import { type FlightProvider, type FlightQuery, type MalformedFlight, flightQueryKey } from '../../providers/flights/flights.provider';
import type { FlightCache } from './flight-cache';
import type { AirlineMetrics } from './airline.metrics';
import type { FetchOptions, GatewayLog, GatewayResult, UpstreamRequest } from './gateway-types';
import type { SharedUpstream } from './shared-upstream';
import { createGatewayBreaker } from './stages/breaker';
import { type BudgetLimits, createBudget } from './stages/budget';
import { cacheStage, createAnswerStore } from './stages/cache';
import { coalesceStage } from './stages/coalesce';
import { fairQueueStage } from './stages/fair-queue';
import { type HedgeSettings, hedgeStage } from './stages/hedge';
import { createPace, paceStage } from './stages/pace';
import { type ObservationBridge, observeStage, withObservations } from './stages/observe';
import { type EarlyCutSettings, providerStage } from './stages/provider';
import { retryStage } from './stages/retry';
import type { RouteSchedules } from './route-schedules';
import { salesClosedStage } from './stages/sales-closed';
import { scheduleFilter } from './stages/schedule';
import { travellerFirst } from './stages/traveller-first';

export type { FetchOptions, GatewayCaller, GatewayLog, GatewayResult } from './gateway-types';
export type { BudgetLimits } from './stages/budget';

export interface GatewayOptions {
  provider: FlightProvider;
  cache: FlightCache;
  clock: Clock;
  metrics: AirlineMetrics;
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
  /**
   * Extra attempts after a 5xx, a timeout or a dropped connection, or after a 429 once Retry-After has passed; at
   * once while failures are independent, after a back-off while they come together (decision 162). A traveller's
   * query whose retries all failed gets up to as many last chances, from a budget of about a tenth of the queries.
   */
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
   * The early cut (decision 220): an attempt whose site has not begun answering (no first HTTP answer) past the p95
   * of the first answers of good attempts (times `margin`, 1.2; never sooner than `minDelayMs`, 150) is cut as a
   * time-out and retried at once, when the first answer normally comes at most half-way through a whole answer.
   * Starts once `minSamples` (20) good attempts have been timed; `false` turns it off. Not for background work.
   */
  earlyCut?: false | { minSamples?: number; minDelayMs?: number; margin?: number };
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
   * Each user's share of the airline (decision 117): requests a minute by plan, counted in `store` (memory, or
   * Redis shared by every process). Without it, no budget.
   */
  budget?: { store: RequestBudget; limits: BudgetLimits };
  /**
   * The observation store (decisions 180-181): every airline answer is kept there, and its latest answer for a query
   * stands in for the flight cache when that has nothing fresh. Without it, neither.
   */
  observations?: ObservationBridge;
  /**
   * The airline's route schedules (decision 242): a query on a day the route does not fly is answered "no flights"
   * with no airline request, and a route's schedule is asked for (background lane) when not known. Without it, or
   * when the airline publishes none, every query asks the airline.
   */
  schedules?: RouteSchedules;
  /**
   * Injected for tests: waiting (backoff, Retry-After, rate limit, hedge delay, shared polling), the jitter source,
   * and the monotonic milliseconds that pace requests, pauses and the breaker cooldown (the clock above is for cache
   * ages only, so a test that freezes business time does not freeze the airline etiquette).
   */
  sleep?: (ms: number) => Promise<void>;
  monotonic?: () => number;
  random?: () => number;
}

/** The latency-sized policies' settings with their defaults: hedging (decision 059) and the early cut (decision 220). */
function latencySettings(opts: Pick<GatewayOptions, 'hedge' | 'earlyCut'>) {
  const hedgeSettings: HedgeSettings = { minSamples: 20, minDelayMs: 100, margin: 1.2, budget: 0.1, ...(opts.hedge || {}) };
  const cutSettings: EarlyCutSettings = { minSamples: 20, minDelayMs: 150, margin: 1.2, ...(opts.earlyCut || {}) };
  return { hedgeSettings, cutSettings };
}

/** Counts and logs the flights of a page that did not read and were left out (decision 061). */
function malformedNoter(metrics: AirlineMetrics, log: () => GatewayLog | undefined) {
  return (key: string, malformed: MalformedFlight[]) => {
    for (const m of malformed) {
      metrics.malformedFlights.inc({ field: m.field });
      log()?.warn(
        { query: key, field: m.field, detail: m.detail },
        `airline page for ${key}: left out a flight whose ${m.field} did not read`,
      );
    }
  };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one way to the airline (docs/product/providers.md#upstream-gateway; decisions 012, 058-061, 115-117), as a
 * pipeline of stages, outermost first; each stage is a function of the next (./stages):
 *
 * - cache: a fresh answer costs nothing; a stale one within the keep window stands in when the airline fails;
 * - sales closed: today's query whose latest kept answer's flights have all stopped selling is answered "no flights"
 *   with no request and no budget spent (decision 327);
 * - schedule: a day the route does not fly by the airline's schedule is answered "no flights" with no request and no
 *   budget spent; an unknown route's schedule is asked for in the background (decision 242);
 * - budget: each user's share of airline requests a minute (decision 117);
 * - coalesce: one airline request per (route, date) in flight, across processes with Redis (decision 060);
 * - observe: every airline answer kept as an observation, off the request path (decision 180);
 * - retry: bounded retries for 5xx and time-outs only, at once unless failures come together, then with a jittered
 *   back-off, and last chances from a small budget; Retry-After honoured (decision 162);
 * - breaker: a circuit breaker on sustained bot blocks, shared across processes, one trial when half-open;
 * - traveller first: background work goes a tenth of the slots at a time while travellers ask the airline in any
 *   process (decision 252);
 * - fair queue: the global concurrency cap, served round-robin per user, travellers before background (decision 116);
 *   a user asking more than the slots at once ranks after every other from the start (decision 250);
 * - pace: the adaptive request rate and the Retry-After pause for everyone (decision 058);
 * - hedge: a second attempt for an attempt past the observed p95 (decisions 059, 162);
 * - provider: one HTTP attempt under a time-out, cut early when the site has not begun answering past the p95 of its
 *   first answers, so that the retry goes out at once (decision 220).
 *
 * A new concern (a transport choice, a priority lane) is a new stage placed in this list.
 */
export function createUpstreamGateway(opts: GatewayOptions) {
  const { provider, clock, metrics, shared } = opts;
  let log: GatewayLog | undefined = opts.log;
  const sleep = opts.sleep ?? realSleep;
  const monotonic = opts.monotonic ?? (() => performance.now());
  const retryMaxMs = opts.retryMaxMs ?? 2000;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? opts.timeoutMs;
  const { hedgeSettings, cutSettings } = latencySettings(opts);
  let hedging = opts.hedge === false ? undefined : hedgeSettings;
  let cutting = opts.earlyCut === false ? undefined : cutSettings;
  // Whole answers' times, first answers' times, and attempts under way whose site has begun answering.
  const [latency, firstAnswers, answering] = [createLatencyTracker(), createLatencyTracker(), { count: 0 }];

  const pace = createPace({ rps: opts.rps, rpsFloor: opts.rpsFloor, rpsStep: opts.rpsStep, metrics, monotonic, sleep });
  // A user who has recently started a second's worth of the airline's rate, and more than one request per slot, is in
  // a sustained burst: even alone, they leave half the pacer's bucket for whoever arrives next (decision 161). A user
  // asking more than the slots at once (more than one search) is in a burst from the start: half the bucket and a
  // quarter of the slots stay free for the next arrival (decision 250).
  const slots = createSemaphore(opts.concurrency, {
    gate: pace.start,
    sustainedUse: Math.max(opts.rps, opts.concurrency),
    burstDemand: opts.concurrency,
    now: monotonic,
  });
  const breaker = createGatewayBreaker({
    threshold: opts.breakerThreshold,
    cooldownMs: opts.breakerCooldownMs,
    timeoutMs: opts.timeoutMs,
    metrics,
    monotonic,
    sleep,
    stopping: opts.stopping,
    shared,
    pollMs: opts.sharedPollMs ?? 20,
    syncMs: opts.sharedSyncMs ?? 250,
    answering: () => answering.count,
  });
  // The flight cache, with the latest kept observation behind it (decision 181).
  const store = withObservations(createAnswerStore(opts.cache, clock, opts.freshSeconds, opts.staleSeconds), {
    observations: opts.observations,
    cache: opts.cache,
  });
  const budget = opts.budget ? createBudget(opts.budget.store, opts.budget.limits) : undefined;
  // The airline's schedules (decision 242), when it publishes them; asked with a page request's manners.
  const schedule = scheduleFilter(opts, { breaker, slots, pace, store, metrics, log: () => log });

  const noteMalformed = malformedNoter(metrics, () => log);

  // No cut or hedge while failures come together (decisions 162, 220): it would add to the airline's trouble, or ours.
  const calm = () => breaker.calm() && pace.calm() && !breaker.failingTogether();
  // The pipeline, innermost first.
  const send = providerStage({
    provider,
    timeoutMs: opts.timeoutMs,
    stopping: opts.stopping,
    latency,
    firstAnswers,
    metrics,
    monotonic,
    sleep,
    answering,
    calm,
    earlyCut: () => cutting,
    watch: opts.observations?.begin?.bind(opts.observations),
  });
  const hedged = hedgeStage(send, {
    latency,
    metrics,
    sleep,
    settings: () => hedging,
    slots,
    start: pace.start,
    calm,
  });
  const paced = paceStage(hedged, pace, opts.stopping);
  const queued = travellerFirst({ concurrency: opts.concurrency, shared, monotonic }).stage(fairQueueStage(paced, slots));
  const guarded = breaker.stage(queued);
  const retried = retryStage(guarded, {
    retries: opts.retries,
    backoff: exponentialBackoff({ baseMs: opts.retryBaseMs ?? 250, maxMs: retryMaxMs, random: opts.random }),
    failingTogether: breaker.failingTogether,
    lastChanceBudget: 0.1,
    maxRetryAfterMs,
    timeoutMs: opts.timeoutMs,
    sleep,
    stopping: opts.stopping,
    noteMalformed,
  });
  const observed = opts.observations ? observeStage(retried, { observations: opts.observations, clock }) : retried;
  const coalesced = coalesceStage(observed, {
    store,
    metrics,
    monotonic,
    sleep,
    shared,
    pollMs: opts.sharedPollMs ?? 20,
    // The longest one query can keep the airline busy (every attempt timing out, every backoff at its cap, one
    // Retry-After): the most another process waits for it. A claim whose process died ends much sooner (decision 060).
    // The attempts: the first, the retries and as many last chances (decision 162).
    claimMs: opts.timeoutMs * (2 * opts.retries + 1) + retryMaxMs * 2 * opts.retries + maxRetryAfterMs + 1000,
  });
  const budgeted = budget ? budget.stage(coalesced.lookup) : coalesced.lookup;
  const closed = salesClosedStage(schedule.stage(budgeted), { store, clock, metrics });
  const cached = cacheStage(closed, { store, metrics, inFlight: coalesced.inFlight });

  return {
    provider,
    breakerState: () => breaker.state(),
    inFlight: () => coalesced.size(),
    /** The p95 of first answers and of whole answers (ms; undefined before any): what the early cut and hedges go by. */
    latencyP95: () => ({ firstAnswer: firstAnswers.p95(1), answer: latency.p95(1) }),
    /** The request rate the airline currently gets (requests a second). */
    requestRate: () => pace.rate(),
    /** Turns hedging and the early cut on or off while running (the search benchmark compares them in one run). */
    setHedging(on: boolean, cut = on) {
      hedging = on ? hedgeSettings : undefined;
      cutting = cut ? cutSettings : undefined;
    },
    /** The schedule filter's switch, and the days without service a sweep asks about (decision 242). */
    ...schedule.controls,
    /** Where operator-facing lines go (set once the app's logger exists). */
    useLog(next: GatewayLog) {
      log = next;
    },
    /**
     * What the caller has left of this minute's airline budget, and when it renews (Infinity: no budget). A search
     * that would start with nothing left is refused before it starts (decision 117).
     */
    budgetLeft: (caller: FetchOptions['caller']) =>
      budget && caller ? budget.left(caller) : Promise.resolve({ left: Infinity, retryAfterSeconds: 0 }),

    /** One query's answer: fresh cache, the airline, or (when the airline fails) a stale entry. Never throws. */
    fetch(query: FlightQuery, options: FetchOptions = {}): Promise<GatewayResult> {
      const req: UpstreamRequest = {
        key: flightQueryKey(query),
        query,
        caller: options.caller,
        lane: options.lane ?? 'traveller',
        hedges: options.hedge === false ? 0 : 1,
      };
      return cached(req);
    },
  };
}
export type UpstreamGateway = ReturnType<typeof createUpstreamGateway>;
