import { type Fare, type Flight, type FlightSearchResponse, airlineShareMessage } from '@gowild/contract/flights';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../accounts/accounts.module';
import type { FlightQuery } from '../../providers/flights/flights.provider';
import type { SearchMetrics } from './flights.metrics';
import type { OnSale } from './on-sale';
import type { SearchPlan } from './flight-search.plan';
import { type GatewayCaller, type ObservationBridge, type UpstreamGateway, fetchLive } from '../airline/airline.module';
import { flightQueryKey } from '../../providers/flights/flights.provider';

/** One result key (a destination, or an origin for inbound) once all its queries are answered. */
export interface GroupDone {
  code: string;
  flights: Flight[];
  done: number;
  total: number;
  failed: boolean;
  /** Not checked: the user's airline share for this minute ran out (decision 117). */
  overBudget: boolean;
  /** When the oldest airline answer of this code was fetched (ISO instant); absent when none was had. */
  checkedAt?: string;
}

export interface SearchRun {
  response: FlightSearchResponse;
  /** There were queries and none of them got an answer, fresh or stale: the search could not run. */
  allFailed: boolean;
  /** The signal stopped the search before every destination was checked (those left are listed as failed). */
  cutShort: boolean;
  resultsFound: number;
  totalFlights: number;
  /** When the run started (epoch ms on the app clock) and the age of its oldest fresh airline answer, or -1: how long the answer stays fresh (decision 063). */
  startedAt: number;
  oldestAgeSeconds: number;
  /** Epoch ms when the first flight of the answer stops selling (decision 151): a kept answer must not outlive it. */
  firstSalesCloseAt?: number;
}

/** Seat counts are a premium entitlement (docs/product/search.md#seat-counts): everyone else gets fares without them. */
function presentFlight(flight: Flight, caller: Pick<Caller, 'isPremium'>): Flight {
  if (caller.isPremium) return flight;
  const strip = (f: Fare | null): Fare | null => (f ? { total: f.total } : null);
  const goWild = flight.fares.go_wild;
  // The fare's kind is not a seat count: everyone sees it.
  const strippedGoWild = goWild ? { total: goWild.total, ...(goWild.fare_type ? { fare_type: goWild.fare_type } : {}) } : null;
  return {
    ...flight,
    fares: { go_wild: strippedGoWild, standard: strip(flight.fares.standard), discount_den: strip(flight.fares.discount_den) },
  };
}

/** Lowest fare first; flights with no fare on sale last; then by departure. */
function byLowestFare(a: Flight, b: Flight): number {
  const pa = a.lowest_price ?? Number.POSITIVE_INFINITY;
  const pb = b.lowest_price ?? Number.POSITIVE_INFINITY;
  return pa - pb || a.departure_time.localeCompare(b.departure_time);
}

/**
 * Runs `work` over `items` with at most `limit` at once. When the signal fires it starts nothing more and returns at
 * once, without waiting for the work in progress (which goes on in the background, unobserved).
 */
async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++] as T);
  };
  const all = Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (!signal) return void (await all);
  if (signal.aborted) return;
  let onAbort = () => {};
  const stopped = new Promise<void>((resolve) => {
    onAbort = resolve;
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([all, stopped]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** One result key answered at once from its latest observations, older than the fresh time: being confirmed. */
export interface GroupObserved {
  code: string;
  flights: Flight[];
  /** Groups confirmed so far (this one is not), and how many there are. */
  done: number;
  total: number;
  /** When the oldest of its observations was checked (ISO instant). */
  checkedAt: string;
}

interface RunOptions {
  signal?: AbortSignal;
  onGroup?: (g: GroupDone) => void;
  /**
   * Answer at once (docs/product/search.md#answer-at-once): each code whose every query has an observation, one of
   * them older than the fresh time, is handed on from its observations before the airline is asked; `onGroup`
   * follows with the live answer.
   */
  onObserved?: (g: GroupObserved) => void;
  gatewayCaller?: GatewayCaller;
  /** A live re-check: ask the airline even when a fresh answer is kept (premium, decision 183). */
  live?: boolean;
}

/** One code's answers as they come in. */
interface Group {
  pending: number;
  flights: Flight[];
  failed: boolean;
  overBudget: boolean;
  staleAge: number;
  dropped: number;
  /** Epoch ms of its oldest airline answer (Infinity until one). */
  checkedAt: number;
}

/** The answer's parts from every code's group (docs/product/search.md#the-answer). */
function collect(groups: Map<string, Group>) {
  const flights: Record<string, Flight[]> = {};
  const failed: string[] = [];
  const stale: Record<string, number> = {};
  const incomplete: Record<string, number> = {};
  const overBudget: string[] = [];
  const checkedAt: Record<string, string> = {};
  let totalFlights = 0;
  let cutShort = false;
  for (const [code, g] of groups) {
    if (g.pending > 0) cutShort = true;
    if (g.flights.length > 0) {
      flights[code] = g.flights;
      totalFlights += g.flights.length;
    }
    if (g.failed || g.pending > 0) failed.push(code);
    if (g.staleAge >= 0) stale[code] = g.staleAge;
    if (g.dropped > 0) incomplete[code] = g.dropped;
    if (g.overBudget) overBudget.push(code);
    if (Number.isFinite(g.checkedAt)) checkedAt[code] = new Date(g.checkedAt).toISOString();
  }
  return { flights, failed, stale, incomplete, overBudget, checkedAt, totalFlights, cutShort };
}

/** The JSON answer of a run from its codes' groups (docs/product/search.md#the-answer). */
function responseOf(
  plan: SearchPlan,
  parts: Omit<ReturnType<typeof collect>, 'cutShort'>,
  extra: { retryAfterSeconds: number; demo: boolean; now: Date },
): FlightSearchResponse {
  const { flights, failed, stale, incomplete, overBudget, checkedAt, totalFlights } = parts;
  const resultsFound = Object.keys(flights).length;
  const count = plan.direction === 'inbound' ? { total_origins: resultsFound } : { total_destinations: resultsFound };
  return {
    flights,
    search_parameters: plan.search_parameters,
    summary: { ...count, total_flights: totalFlights, search_timestamp: extra.now.toISOString() },
    ...(failed.length > 0 ? { partial: true, failed } : {}),
    ...(Object.keys(stale).length > 0 ? { stale } : {}),
    ...(Object.keys(incomplete).length > 0 ? { incomplete } : {}),
    ...(Object.keys(checkedAt).length > 0 ? { checked_at: checkedAt } : {}),
    ...(overBudget.length > 0
      ? {
          over_budget: {
            codes: overBudget,
            retry_after_seconds: extra.retryAfterSeconds,
            message: airlineShareMessage(extra.retryAfterSeconds, true),
          },
        }
      : {}),
    demo: extra.demo,
  };
}

/**
 * Reads the latest observation of every query of the plan (the store batches them into one read) and hands each code
 * on as soon as its own are read, when every one of its queries has one and some are older than the fresh time
 * (fresh ones are the gateway's own answer, at once) and its live answer has not come first. Never throws.
 */
function answerAtOnce(
  plan: SearchPlan,
  deps: { observations: Pick<ObservationBridge, 'latest'>; freshMs: number; now: () => number },
  groupOf: (q: FlightQuery) => string,
  present: (flights: readonly Flight[]) => Flight[],
  state: { pending(code: string): boolean; done(): number },
  onObserved: (g: GroupObserved) => void,
  signal?: AbortSignal,
): void {
  const byCode = new Map<string, FlightQuery[]>();
  for (const q of plan.queries) byCode.set(groupOf(q), [...(byCode.get(groupOf(q)) ?? []), q]);
  for (const [code, queries] of byCode) {
    void Promise.all(queries.map((q) => deps.observations.latest(q).catch(() => undefined))).then((seen) => {
      if (signal?.aborted || !state.pending(code) || seen.some((a) => a === undefined)) return;
      const answers = seen as { flights: Flight[]; checkedAt: number }[];
      const oldest = Math.min(...answers.map((a) => a.checkedAt));
      if (deps.now() - oldest <= deps.freshMs) return;
      onObserved({
        code,
        flights: present(answers.flatMap((a) => a.flights)),
        done: state.done(),
        total: plan.codes.length,
        checkedAt: new Date(oldest).toISOString(),
      });
    });
  }
}

/**
 * Fans a search plan out through the gateway, `max_workers` queries at a time, and assembles the answer
 * (docs/product/search.md#the-answer). Destinations appear in `flights` only when they have flights; those whose
 * queries failed are listed in `failed` with `partial: true`; answers served from a stale cache are listed in `stale`
 * with their age; those whose airline page held flights that did not read are listed in `incomplete` with how many.
 */
export function createFlightSearchService(deps: {
  gateway: UpstreamGateway;
  clock: Clock;
  metrics: SearchMetrics;
  demo: boolean;
  /** The airline's sales close: flights leaving within the hour are left out (decision 151). */
  onSale: OnSale;
  /**
   * Told of every traveller's search as it starts (its (route, date) queries), for the sweep's demand (decision 226).
   * Must not throw nor wait: the search does not wait for it.
   */
  onSearch?: (queries: readonly FlightQuery[]) => void;
  /** The kept observations, for answering at once (`onObserved`), and the flight cache's fresh time they are judged by. */
  observations?: Pick<ObservationBridge, 'latest'>;
  freshSeconds?: number;
}) {
  const { gateway, clock, metrics, onSale } = deps;

  /** The flights of an answer a traveller may be shown, in order: on sale now, seat counts for premium only. */
  const presentAll = (flights: readonly Flight[], caller: Pick<Caller, 'isPremium'>) => {
    const now = clock.now();
    return flights
      .filter((f) => onSale.isOnSale(f, now))
      .map((f) => presentFlight(f, caller))
      .sort(byLowestFare);
  };

  async function run(plan: SearchPlan, caller: Pick<Caller, 'isPremium'>, opts: RunOptions = {}): Promise<SearchRun> {
    deps.onSearch?.(plan.queries);
    const started = performance.now();
    const startedAt = clock.now().getTime();
    let oldestAgeSeconds = -1;
    let firstSalesCloseAt = Number.POSITIVE_INFINITY;
    const groupOf = (q: FlightQuery) => (plan.direction === 'inbound' ? q.origin : q.destination);
    const groups = new Map<string, Group>(
      plan.codes.map((c) => [
        c,
        { pending: 0, flights: [], failed: false, overBudget: false, staleAge: -1, dropped: 0, checkedAt: Infinity },
      ]),
    );
    let retryAfterSeconds = 0;
    for (const q of plan.queries) (groups.get(groupOf(q)) as { pending: number }).pending++;
    let done = 0;
    let answered = 0;
    let stored = 0; // queries answered fresh without the airline (flight cache or kept observations)
    if (opts.onObserved && deps.observations && !opts.live) {
      const { observations } = deps;
      const freshMs = (deps.freshSeconds ?? 0) * 1000;
      const state = { pending: (code: string) => (groups.get(code)?.pending ?? 0) > 0, done: () => done };
      const present = (flights: readonly Flight[]) => presentAll(flights, caller);
      const now = () => clock.now().getTime();
      answerAtOnce(plan, { observations, freshMs, now }, groupOf, present, state, opts.onObserved, opts.signal);
    }

    await runPool(
      plan.queries,
      plan.search_parameters.max_workers,
      async (q) => {
        const ask = () => gateway.fetch(q, { caller: opts.gatewayCaller, lane: 'traveller' });
        const result = await (opts.live ? fetchLive(flightQueryKey(q), ask) : ask());
        // Stopped meanwhile: the search has been answered without this query; it must not change that answer.
        if (opts.signal?.aborted) return;
        const code = groupOf(q);
        const g = groups.get(code);
        if (!g) return;
        if (result.status === 'failed') {
          g.failed = true;
          if (result.reason === 'over-budget') {
            g.overBudget = true;
            retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds ?? 60);
          }
        } else {
          answered++;
          if (result.status === 'ok') oldestAgeSeconds = Math.max(oldestAgeSeconds, result.ageSeconds);
          if (result.status === 'ok' && result.source === 'cache') stored++;
          g.checkedAt = Math.min(g.checkedAt, clock.now().getTime() - result.ageSeconds * 1000);
          // An answer may be older than the hour before departure (the gateway's cache): checked on the clock now.
          const now = clock.now();
          for (const f of result.flights) {
            if (!onSale.isOnSale(f, now)) continue;
            g.flights.push(presentFlight(f, caller));
            firstSalesCloseAt = Math.min(firstSalesCloseAt, onSale.closesAt(f) ?? Number.POSITIVE_INFINITY);
          }
          if (result.status === 'stale') g.staleAge = Math.max(g.staleAge, result.ageSeconds);
          g.dropped += result.dropped ?? 0;
        }
        if (--g.pending === 0) {
          g.flights.sort(byLowestFare);
          done++;
          opts.onGroup?.({
            code,
            flights: g.flights,
            done,
            total: plan.codes.length,
            failed: g.failed,
            overBudget: g.overBudget,
            ...(Number.isFinite(g.checkedAt) ? { checkedAt: new Date(g.checkedAt).toISOString() } : {}),
          });
        }
      },
      opts.signal,
    );

    const { flights, failed, stale, incomplete, overBudget, checkedAt, totalFlights, cutShort } = collect(groups);
    if (plan.queries.length > 0 && stored === plan.queries.length) metrics.searchesWithoutAirline.inc();
    const resultsFound = Object.keys(flights).length;
    const allFailed = plan.queries.length > 0 && answered === 0;
    const response = responseOf(
      plan,
      { flights, failed, stale, incomplete, overBudget, checkedAt, totalFlights },
      { retryAfterSeconds, demo: deps.demo, now: clock.now() },
    );
    metrics.searchDuration.observe(
      { kind: plan.kind, result: allFailed ? 'failed' : failed.length > 0 ? 'partial' : 'complete' },
      (performance.now() - started) / 1000,
    );
    return {
      response,
      allFailed,
      cutShort,
      resultsFound,
      totalFlights,
      startedAt,
      oldestAgeSeconds,
      ...(Number.isFinite(firstSalesCloseAt) ? { firstSalesCloseAt } : {}),
    };
  }

  return { run };
}
export type FlightSearchService = ReturnType<typeof createFlightSearchService>;
