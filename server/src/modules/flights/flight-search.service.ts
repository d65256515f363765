import type { Fare, Flight, FlightSearchResponse } from '@gowild/contract/flights';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../accounts/accounts.module';
import type { FlightQuery } from '../../providers/flights/flights.provider';
import type { FlightMetrics } from './flights.metrics';
import type { SearchPlan } from './flight-search.plan';
import type { UpstreamGateway } from './upstream/upstream-gateway';

/** One result key (a destination, or an origin for inbound) once all its queries are answered. */
interface GroupDone {
  code: string;
  flights: Flight[];
  done: number;
  total: number;
  failed: boolean;
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
}

/** Seat counts are a premium entitlement (docs/product/search.md#seat-counts): everyone else gets fares without them. */
function presentFlight(flight: Flight, caller: Pick<Caller, 'isPremium'>): Flight {
  if (caller.isPremium) return flight;
  const strip = (f: Fare | null): Fare | null => (f ? { total: f.total } : null);
  return {
    ...flight,
    fares: { go_wild: strip(flight.fares.go_wild), standard: strip(flight.fares.standard), discount_den: strip(flight.fares.discount_den) },
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

/**
 * Fans a search plan out through the gateway, `max_workers` queries at a time, and assembles the answer
 * (docs/product/search.md#the-answer). Destinations appear in `flights` only when they have flights; those whose
 * queries failed are listed in `failed` with `partial: true`; answers served from a stale cache are listed in `stale`
 * with their age; those whose airline page held flights that did not read are listed in `incomplete` with how many.
 */
export function createFlightSearchService(deps: { gateway: UpstreamGateway; clock: Clock; metrics: FlightMetrics; demo: boolean }) {
  const { gateway, clock, metrics } = deps;

  async function run(
    plan: SearchPlan,
    caller: Pick<Caller, 'isPremium'>,
    opts: { signal?: AbortSignal; onGroup?: (g: GroupDone) => void } = {},
  ): Promise<SearchRun> {
    const started = performance.now();
    const startedAt = clock.now().getTime();
    let oldestAgeSeconds = -1;
    const groupOf = (q: FlightQuery) => (plan.direction === 'inbound' ? q.origin : q.destination);
    const groups = new Map(plan.codes.map((c) => [c, { pending: 0, flights: [] as Flight[], failed: false, staleAge: -1, dropped: 0 }]));
    for (const q of plan.queries) (groups.get(groupOf(q)) as { pending: number }).pending++;
    let done = 0;
    let answered = 0;

    await runPool(
      plan.queries,
      plan.search_parameters.max_workers,
      async (q) => {
        const result = await gateway.fetch(q);
        // Stopped meanwhile: the search has been answered without this query; it must not change that answer.
        if (opts.signal?.aborted) return;
        const code = groupOf(q);
        const g = groups.get(code);
        if (!g) return;
        if (result.status === 'failed') g.failed = true;
        else {
          answered++;
          if (result.status === 'ok') oldestAgeSeconds = Math.max(oldestAgeSeconds, result.ageSeconds);
          for (const f of result.flights) g.flights.push(presentFlight(f, caller));
          if (result.status === 'stale') g.staleAge = Math.max(g.staleAge, result.ageSeconds);
          g.dropped += result.dropped ?? 0;
        }
        if (--g.pending === 0) {
          g.flights.sort(byLowestFare);
          done++;
          opts.onGroup?.({ code, flights: g.flights, done, total: plan.codes.length, failed: g.failed });
        }
      },
      opts.signal,
    );

    const flights: Record<string, Flight[]> = {};
    const failed: string[] = [];
    const stale: Record<string, number> = {};
    const incomplete: Record<string, number> = {};
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
    }
    const resultsFound = Object.keys(flights).length;
    const allFailed = plan.queries.length > 0 && answered === 0;
    const count = plan.direction === 'inbound' ? { total_origins: resultsFound } : { total_destinations: resultsFound };
    const response: FlightSearchResponse = {
      flights,
      search_parameters: plan.search_parameters,
      summary: { ...count, total_flights: totalFlights, search_timestamp: clock.now().toISOString() },
      ...(failed.length > 0 ? { partial: true, failed } : {}),
      ...(Object.keys(stale).length > 0 ? { stale } : {}),
      ...(Object.keys(incomplete).length > 0 ? { incomplete } : {}),
      demo: deps.demo,
    };
    metrics.searchDuration.observe(
      { kind: plan.kind, result: allFailed ? 'failed' : failed.length > 0 ? 'partial' : 'complete' },
      (performance.now() - started) / 1000,
    );
    return { response, allFailed, cutShort, resultsFound, totalFlights, startedAt, oldestAgeSeconds };
  }

  return { run };
}
export type FlightSearchService = ReturnType<typeof createFlightSearchService>;
