import { addDays } from '@gowild/contract/dates';
import { type Flight, airlineShareMessage } from '@gowild/contract/flights';
import type { GoWildRouteKind } from '@gowild/contract/gowild-window';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { TripDestination, TripFinderResponse, TripSources } from '@gowild/contract/trip-finder';
import type { Clock } from '../../../lib/clock';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import type { OnSale } from '../../flights/flights.module';
import { pairTrips, rankDestinations } from './trip-finder.pair';
import type { TripPlan } from './trip-finder.plan';
import type { GatewayCaller, ObservationBridge, UpstreamGateway } from '../../airline/airline.module';

export interface TripFinderRun {
  response: TripFinderResponse;
  /** Every answer the search needed failed: nothing could be checked. */
  allFailed: boolean;
  cutShort: boolean;
  /** Destinations set out to check, those whose every outbound query failed, and those with a trip. */
  destinations: number;
  destinationsFailed: number;
  destinationsFound: number;
}

interface TripFinderDeps {
  gateway: Pick<UpstreamGateway, 'fetch'>;
  /** The observation store's reader (decisions 180-181); absent when none is wired (then everything goes to the gateway). */
  observations?: Pick<ObservationBridge, 'latest' | 'served'>;
  /** How long a kept answer counts as fresh (the flight cache's fresh time). */
  freshSeconds: number;
  clock: Clock;
  demo: boolean;
  onSale: OnSale;
  timeZoneOf(code: string): string | undefined;
  kindOf(origin: string, destination: string): GoWildRouteKind;
}

const keyOf = (q: FlightQuery) => `${q.origin}-${q.destination}-${q.date}`;

/** The (route, date) answers of one search, as they were got. */
interface Answers {
  flights: Map<string, Flight[]>;
  stored: number;
  live: number;
  failed: string[];
  overBudget: string[];
  retryAfterSeconds: number;
  maxStoredAgeSeconds: number | null;
}

/** The answer: the ranked destinations, what was asked, where the answers came from, what failed. */
function responseOf(
  plan: TripPlan,
  destinations: TripDestination[],
  pairCount: number,
  got: Answers,
  now: Date,
  demo: boolean,
): TripFinderResponse {
  const rule = plan.rule;
  const answered = got.stored + got.live;
  const sources: TripSources = {
    answers: answered + got.failed.length,
    from_stored: got.stored,
    live: got.live,
    failed: got.failed.length,
    stored_share: answered === 0 ? 0 : Math.round((got.stored / answered) * 1000) / 1000,
    stored_max_age_seconds: got.maxStoredAgeSeconds,
  };
  return {
    destinations,
    search_parameters: {
      origin: plan.origin,
      origin_airports: plan.origins,
      from: plan.from,
      to: plan.to,
      days: plan.days,
      day_trip: rule.dayTrip,
      min_nights: rule.dayTrip ? null : rule.minNights,
      max_nights: rule.dayTrip ? null : rule.maxNights,
      min_hours: rule.dayTrip ? rule.minHours : null,
    },
    sources,
    summary: {
      destinations: destinations.length,
      pairs: pairCount,
      search_timestamp: now.toISOString(),
    },
    ...(got.failed.length > 0 ? { partial: true, failed: [...new Set(got.failed)].sort() } : {}),
    ...(got.overBudget.length > 0
      ? {
          over_budget: {
            codes: [...new Set(got.overBudget)].sort(),
            retry_after_seconds: got.retryAfterSeconds,
            message: airlineShareMessage(got.retryAfterSeconds, true),
          },
        }
      : {}),
    demo,
  };
}

/** The outbound answers read from kept observations before the run: the fresh ones, and the queries still to ask. */
export interface TripPrepared {
  fresh: Map<string, { flights: Flight[]; ageSeconds: number }>;
  /** Outbound queries no fresh observation answers: the run asks the gateway for them. */
  missing: number;
}

/**
 * The trip finder (docs/product/trip-finder.md, decisions 215-219): every outbound (route, date) of the range, then
 * the way back from each destination with a GoWild way out on the dates its stay allows, paired and ranked. Each
 * (route, date) is answered from the latest kept observation when it is within the fresh time (no airline request),
 * else through the flight gateway (its cache, the caller's airline budget, the fair queue, the breaker).
 */
export function createTripFinder(deps: TripFinderDeps) {
  const instant = (localIso: string, code: string) => {
    const tz = deps.timeZoneOf(code);
    return tz ? localToUtcMs(localIso, tz) : Date.parse(`${localIso.slice(0, 19)}Z`);
  };

  /** The fresh kept answers of `queries` (one batched read of the store). */
  async function freshKept(queries: FlightQuery[]): Promise<TripPrepared['fresh']> {
    const fresh: TripPrepared['fresh'] = new Map();
    if (!deps.observations || queries.length === 0) return fresh;
    const now = deps.clock.now().getTime();
    const seen = await Promise.all(queries.map((q) => deps.observations!.latest(q)));
    seen.forEach((s, i) => {
      if (!s) return;
      const ageMs = now - s.checkedAt;
      if (ageMs < 0 || ageMs > deps.freshSeconds * 1000) return;
      fresh.set(keyOf(queries[i]!), { flights: s.flights, ageSeconds: Math.floor(ageMs / 1000) });
    });
    return fresh;
  }

  const outboundQueries = (plan: TripPlan): FlightQuery[] =>
    plan.outDates.flatMap((date) => plan.routes.map((r) => ({ origin: r.origin, destination: r.destination, date })));

  /** Reads the outbound answers kept fresh, before the run: a search they answer whole asks the airline nothing. */
  async function prepare(plan: TripPlan): Promise<TripPrepared> {
    const queries = outboundQueries(plan);
    const fresh = await freshKept(queries);
    return { fresh, missing: queries.filter((q) => !fresh.has(keyOf(q))).length };
  }

  async function answer(
    queries: FlightQuery[],
    known: TripPrepared['fresh'],
    into: Answers,
    opts: { signal?: AbortSignal; gatewayCaller?: GatewayCaller; maxWorkers: number },
  ): Promise<void> {
    const useStored = (key: string, flights: Flight[], ageSeconds: number) => {
      into.flights.set(key, flights);
      into.stored++;
      into.maxStoredAgeSeconds = Math.max(into.maxStoredAgeSeconds ?? 0, ageSeconds);
    };
    const ask: FlightQuery[] = [];
    for (const q of queries) {
      const kept = known.get(keyOf(q));
      if (kept) {
        useStored(keyOf(q), kept.flights, kept.ageSeconds);
        deps.observations?.served();
      } else ask.push(q);
    }
    for (let i = 0; i < ask.length && !opts.signal?.aborted; i += opts.maxWorkers) {
      const batch = ask.slice(i, i + opts.maxWorkers);
      const results = await Promise.all(batch.map((q) => deps.gateway.fetch(q, { caller: opts.gatewayCaller, lane: 'traveller' })));
      results.forEach((r, j) => {
        const key = keyOf(batch[j]!);
        if (r.status === 'failed') {
          into.failed.push(key);
          if (r.reason === 'over-budget') {
            into.overBudget.push(key);
            into.retryAfterSeconds = Math.max(into.retryAfterSeconds, r.retryAfterSeconds ?? 60);
          }
        } else if (r.status === 'ok' && r.source === 'upstream') {
          into.flights.set(key, r.flights);
          into.live++;
        } else useStored(key, r.flights, r.ageSeconds);
      });
    }
  }

  async function run(
    plan: TripPlan,
    prepared: TripPrepared,
    opts: { signal?: AbortSignal; gatewayCaller?: GatewayCaller } = {},
  ): Promise<TripFinderRun> {
    const now = deps.clock.now();
    const got: Answers = {
      flights: new Map(),
      stored: 0,
      live: 0,
      failed: [],
      overBudget: [],
      retryAfterSeconds: 0,
      maxStoredAgeSeconds: null,
    };
    const ask = { ...opts, maxWorkers: plan.maxWorkers };
    const outQueries = outboundQueries(plan);
    await answer(outQueries, prepared.fresh, got, ask);

    // The ways out: a GoWild fare, still on sale.
    const outs = outQueries.flatMap((q) =>
      (got.flights.get(keyOf(q)) ?? []).filter((f) => f.fares.go_wild !== null && deps.onSale.isOnSale(f, now)),
    );
    // The ways back: from each destination with a way out, on the dates its stay allows after each arrival there.
    const rule = plan.rule;
    const offsets = rule.dayTrip ? [0] : Array.from({ length: rule.maxNights - rule.minNights + 1 }, (_, i) => rule.minNights + i);
    const backQueries = new Map<string, FlightQuery>();
    for (const out of outs) {
      const arrived = out.arrival_time.slice(0, 10);
      for (const n of offsets) {
        const q = { origin: out.destination, destination: out.origin, date: addDays(arrived, n) };
        backQueries.set(keyOf(q), q);
      }
    }
    const backs = [...backQueries.values()];
    await answer(backs, await freshKept(backs), got, ask);
    const returns = backs.flatMap((q) => (got.flights.get(keyOf(q)) ?? []).filter((f) => deps.onSale.isOnSale(f, now)));

    const pairs = pairTrips(outs, returns, plan.rule, { now, instant, timeZoneOf: deps.timeZoneOf, kindOf: deps.kindOf });
    const destinations = rankDestinations(pairs);
    const allDestinations = [...new Set(plan.routes.map((r) => r.destination))];
    const destinationsFailed = allDestinations.filter((d) =>
      outQueries.filter((q) => q.destination === d).every((q) => got.failed.includes(keyOf(q))),
    ).length;
    const response = responseOf(plan, destinations, pairs.length, got, now, deps.demo);
    const { sources } = response;
    const answered = sources.from_stored + sources.live;
    return {
      response,
      allFailed: sources.answers > 0 && answered === 0,
      cutShort: opts.signal?.aborted ?? false,
      destinations: allDestinations.length,
      destinationsFailed,
      destinationsFound: destinations.length,
    };
  }

  return { prepare, run };
}
export type TripFinder = ReturnType<typeof createTripFinder>;
