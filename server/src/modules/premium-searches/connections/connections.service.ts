import {
  CONNECTION_LIMITS,
  CONNECTION_MESSAGES,
  type ConnectionLeg,
  type ConnectionStop,
  type ConnectionsResponse,
  type Itinerary,
} from '@gowild/contract/connections';
import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { GOWILD_PRICE_FIGURES } from '@gowild/contract/gowild-fare';
import { goWildRouteKind, goWildTripOpening } from '@gowild/contract/gowild-window';
import type { Clock } from '../../../lib/clock';
import { findAirport } from '../../../lib/reference-data/airports';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import type { GatewayCaller, UpstreamGateway } from '../../airline/airline.module';
import { type Chain, type ChainRules, searchChains } from './connection-search';
import type { ConnectionsPlan } from './connections.plan';
import { type Leg, type NetworkDay, type RouteDayAnswer, buildNetworkDay, instantAt, routeDayKey } from './network-day';
import type { NetworkDayReader } from './network-day.repository';

/** How long a network day's kept answers are reused before they are read again (ms). */
const NETWORK_DAY_KEEP_MS = 30_000;
/** How long a day read before may answer while it is read again. */
const NETWORK_DAY_STALE_MS = 5 * 60_000;
/** Route-days at the search's two ends asked live when no answer is kept for them (a day the sweep has not reached). */
const FILL_LIMIT = 30;

export interface ConnectionsRun {
  response: ConnectionsResponse;
  /** Every live request failed and nothing was kept: nothing could be checked. */
  allFailed: boolean;
  cutShort: boolean;
  /** Airline requests this search asked the gateway for (live checks and fills). */
  liveRequests: number;
  destinationsFound: number;
  destinationsPlanned: number;
}

interface ConnectionsDeps {
  reader: NetworkDayReader;
  gateway: Pick<UpstreamGateway, 'fetch'>;
  /** A gateway fetch as a live re-check (the flights module's `fetchLive`, decision 183). */
  fetchLive<T>(key: string, fetch: () => Promise<T>): Promise<T>;
  clock: Clock;
  demo: boolean;
  timeZoneOf(code: string): string | undefined;
  /** Still on sale at `now` (decision 151). */
  isOnSale(f: Flight, now: Date): boolean;
  /** Routes out of an airport, from the reference data (the route-days a fill may ask). */
  destinationsFrom(origin: string): readonly string[];
  originsTo(destination: string): readonly string[];
  routeCount(): number;
}

interface RunOptions {
  signal?: AbortSignal;
  gatewayCaller?: GatewayCaller;
}

/** What the live requests of one search gave: answers by route-day, and what failed. */
interface Live {
  answers: Map<string, RouteDayAnswer>;
  failed: Set<string>;
  requests: number;
}

const queryOf = (key: string): FlightQuery => ({ origin: key.slice(0, 3), destination: key.slice(4, 7), date: key.slice(8) });

/** Asks the route-days live, in parallel, through the gateway (budget, pacing, breaker: every stage but the cache). */
async function askLive(
  deps: Pick<ConnectionsDeps, 'gateway' | 'fetchLive' | 'clock'>,
  keys: string[],
  live: Live,
  opts: RunOptions,
): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      if (opts.signal?.aborted) return;
      live.requests++;
      const q = queryOf(key);
      const r = await deps
        .fetchLive(key, () => deps.gateway.fetch(q, { caller: opts.gatewayCaller, lane: 'traveller' }))
        .catch(() => ({ status: 'failed' as const }));
      if (r.status === 'ok') live.answers.set(key, { ...q, flights: r.flights, checkedAt: deps.clock.now().getTime() });
      else live.failed.add(key);
    }),
  );
}

/** The plan as the graph search reads it: minutes as milliseconds, an arrive-by time as an instant at each destination. */
export function rulesOf(plan: ConnectionsPlan, instant: (localIso: string, code: string) => number): ChainRules {
  return {
    origins: plan.origins,
    targets: plan.destinations ? new Set(plan.destinations) : null,
    date: plan.date,
    maxFlights: plan.maxFlights,
    minConnectionMs: plan.minConnectionMinutes * 60_000,
    maxLayoverMs: plan.maxLayoverMinutes * 60_000,
    overnight: plan.overnight,
    via: new Set(plan.via),
    avoid: new Set(plan.avoid),
    maxDurationMs: plan.maxDurationMinutes === null ? null : plan.maxDurationMinutes * 60_000,
    arriveBy: plan.arriveBy ? (destination) => instant(`${plan.arriveBy}:00`, destination) : null,
  };
}

/**
 * The route-days at the search's ends with no kept answer: the legs that can start a chain (out of the origins on
 * the date) and, to a destination, end one (into it, the date and the next). Hub-to-hub legs are never filled.
 */
function missingEnds(
  deps: Pick<ConnectionsDeps, 'destinationsFrom' | 'originsTo'>,
  plan: ConnectionsPlan,
  answers: Map<string, RouteDayAnswer>,
): string[] {
  const keys: string[] = [];
  for (const o of plan.origins)
    for (const d of deps.destinationsFrom(o)) keys.push(routeDayKey({ origin: o, destination: d, date: plan.date }));
  for (const d of plan.destinations ?? [])
    for (const date of plan.overnight ? [plan.date, addDays(plan.date, 1)] : [plan.date])
      for (const o of deps.originsTo(d)) keys.push(routeDayKey({ origin: o, destination: d, date }));
  return [...new Set(keys)].filter((k) => !answers.has(k)).slice(0, FILL_LIMIT);
}

/** The route-days of the chosen chains (a share link's pick first, then the best), as many as the live budget holds. */
function toConfirm(ranked: Chain[], pick: string | null, asked: ReadonlySet<string>, budget: number): string[] {
  const chosen = [...ranked.filter((c) => c.id === pick), ...ranked.filter((c) => c.id !== pick)];
  const keys: string[] = [];
  for (const c of chosen) {
    const needed = [...new Set(c.legs.map((l) => l.routeDay))].filter((k) => !asked.has(k) && !keys.includes(k));
    if (keys.length + needed.length > budget) break;
    keys.push(...needed);
  }
  return keys;
}

/**
 * GoWild connections of up to three flights (docs/product/connections.md; decision 263): the kept answers of the
 * date and its next day are read once (and kept for NETWORK_DAY_KEEP_MS), the graph search finds every chain that
 * meets the rules, and the chosen itineraries' route-days are asked of the airline live, at most
 * CONNECTION_LIMITS.liveChecks in all, before they are shown as confirmed. A live answer replaces the kept one and the
 * search runs again on it, so an itinerary whose flight lost its GoWild seats gives its place to the next.
 */
export function createConnections(deps: ConnectionsDeps) {
  const kept = new Map<string, { at: number; answers: Promise<Map<string, RouteDayAnswer>>; refreshing?: boolean }>();
  const instant = instantAt(deps.timeZoneOf);

  /**
   * The kept answers of a date and the next, read once per NETWORK_DAY_KEEP_MS across searches. Past it, searches
   * are answered from the day read before (up to NETWORK_DAY_STALE_MS old) while one read runs behind them, so only
   * the first search of a date waits for the database.
   */
  function answersOf(date: string): Promise<Map<string, RouteDayAnswer>> {
    const now = Date.now();
    const held = kept.get(date);
    if (held && now - held.at < NETWORK_DAY_KEEP_MS) return held.answers;
    const usable = held && now - held.at < NETWORK_DAY_STALE_MS ? held : undefined;
    if (usable?.refreshing) return usable.answers;
    for (const [d, k] of kept) if (now - k.at >= NETWORK_DAY_STALE_MS) kept.delete(d);
    const read = deps.reader.answers([date, addDays(date, 1)]).then((rows) => new Map(rows.map((r) => [routeDayKey(r), r] as const)));
    if (usable) {
      usable.refreshing = true;
      read.then(
        (answers) => kept.set(date, { at: Date.now(), answers: Promise.resolve(answers) }),
        () => (usable.refreshing = false),
      );
      return usable.answers;
    }
    const entry = { at: now, answers: read };
    kept.set(date, entry);
    // A failed read is not kept: the next search reads again.
    read.catch(() => kept.get(date) === entry && kept.delete(date));
    return read;
  }

  async function run(plan: ConnectionsPlan, opts: RunOptions = {}): Promise<ConnectionsRun> {
    const now = deps.clock.now();
    const stored = await answersOf(plan.date);
    const answers = new Map(stored);
    const live: Live = { answers: new Map(), failed: new Set(), requests: 0 };
    const fill = missingEnds(deps, plan, answers);
    if (fill.length > 0) await askLive(deps, fill, live, opts);
    const merged = () => {
      for (const [k, a] of live.answers) answers.set(k, a);
      return buildNetworkDay(plan.date, answers.values(), { timeZoneOf: deps.timeZoneOf, onSale: (f) => deps.isOnSale(f, now) });
    };
    const rules = rulesOf(plan, instant);
    const limit = plan.destinations ? CONNECTION_LIMITS.maxItineraries : CONNECTION_LIMITS.maxDestinations;
    let day = merged();
    let result = searchChains(day, rules, plan.sort, limit);
    const checkedIds = new Set<string>();
    // Two rounds at most: the chosen itineraries' route-days, then, when a check moved the best, the new best's.
    const asked = new Set(live.answers.keys());
    for (let round = 0; round < 2 && !opts.signal?.aborted; round++) {
      const budget = CONNECTION_LIMITS.liveChecks - (live.requests - fill.length);
      const keys = toConfirm(result.ranked, plan.pick, new Set([...asked, ...live.failed]), budget);
      if (keys.length === 0) break;
      for (const c of result.ranked) if (c.legs.every((l) => keys.includes(l.routeDay) || asked.has(l.routeDay))) checkedIds.add(c.id);
      await askLive(deps, keys, live, opts);
      for (const k of keys) asked.add(k);
      day = merged();
      result = searchChains(day, rules, plan.sort, limit);
      if (result.ranked[0]?.legs.every((l) => live.answers.has(l.routeDay))) break;
    }
    const stillThere = new Set(result.ranked.map((c) => c.id));
    const dropped = [...checkedIds].filter((id) => !stillThere.has(id)).length;
    const itineraries = result.ranked.map((c) => itineraryOf(c, live, now));
    const response = responseOf(plan, { day, itineraries, found: result.found, live, dropped, now }, deps);
    const destinationsPlanned = plan.destinations?.length ?? result.ranked.length;
    return {
      response,
      allFailed: stored.size === 0 && live.answers.size === 0 && live.failed.size > 0,
      cutShort: opts.signal?.aborted ?? false,
      liveRequests: live.requests,
      destinationsFound: new Set(itineraries.map((i) => i.destination)).size,
      destinationsPlanned,
    };
  }

  function itineraryOf(c: Chain, live: Live, now: Date): Itinerary {
    const legs = c.legs.map((l) => legOf(l, live, now));
    const first = c.legs[0]!;
    const last = c.legs.at(-1)!;
    const stops = c.legs.slice(1).map((next, k) => stopOf(c.legs[k]!, next));
    return {
      id: c.id,
      origin: first.from,
      destination: last.to,
      legs,
      stops,
      departure_time: first.flight.departure_time,
      arrival_time: last.flight.arrival_time,
      total_minutes: Math.round(c.totalMs / 60_000),
      total_price: c.price,
      seats: c.seats < 0 ? null : c.seats,
      overnight: stops.some((s) => s.overnight),
      status: legs.every((l) => l.confirmed) ? 'confirmed' : 'observed',
      self_transfer: true,
    };
  }

  /** One flight: its fare kind, and its own GoWild window at its own departure airport (decision 175). */
  function legOf(l: Leg, live: Live, now: Date): ConnectionLeg {
    const f = l.flight;
    const kind = goWildRouteKind(findAirport(f.origin)?.countryCode, findAirport(f.destination)?.countryCode);
    const segments = f.segments.length > 0 ? f.segments : [{ departure_time: f.departure_time, departure_airport: f.origin }];
    const opening = goWildTripOpening(
      kind,
      segments.map((s) => ({ departure_time: s.departure_time, timeZone: deps.timeZoneOf(s.departure_airport) })),
    );
    return {
      flight: f,
      fare_kind: f.fares.go_wild?.fare_type ?? null,
      opens_at: opening.at.toISOString(),
      opens_time_zone: opening.timeZone,
      open_now: now.getTime() >= opening.at.getTime(),
      checked_at: new Date(l.checkedAt).toISOString(),
      confirmed: live.answers.has(l.routeDay),
    };
  }

  return { run };
}
export type Connections = ReturnType<typeof createConnections>;

/** The wait between two flights; an overnight one says what booking the next flight costs (providers' Early Booking rule). */
function stopOf(prev: Leg, next: Leg): ConnectionStop {
  const overnight = next.depDay > prev.arrDay;
  const charge = GOWILD_PRICE_FIGURES.earlyBookingChargeUsd;
  return {
    airport: prev.to,
    minutes: Math.round((next.depMs - prev.arrMs) / 60_000),
    overnight,
    ...(overnight && {
      overnight_cost: {
        text: overnightCostText(prev.to),
        early_booking_charge_usd: { from: charge.from, to: charge.to },
      },
    }),
  };
}

/** What an overnight connection costs, in words (docs/product/connections.md#overnight). */
export function overnightCostText(airport: string): string {
  const c = GOWILD_PRICE_FIGURES.earlyBookingChargeUsd;
  return `Overnight at ${airport}: the next flight leaves the next day. Booked as its own GoWild booking once its window opens (midnight at ${airport} the day before it leaves), it is the usual fare; booked earlier, or together with the flight before it, it carries the Early Booking charge ($${c.from} to $${c.to}).`;
}

function responseOf(
  plan: ConnectionsPlan,
  r: { day: NetworkDay; itineraries: Itinerary[]; found: number; live: Live; dropped: number; now: Date },
  deps: Pick<ConnectionsDeps, 'demo' | 'routeCount'>,
): ConnectionsResponse {
  const failed = [...r.live.failed].filter((k) => !r.live.answers.has(k)).sort();
  return {
    itineraries: r.itineraries,
    search_parameters: {
      origin: plan.origin,
      origin_airports: plan.origins,
      destination: plan.destination,
      destination_airports: plan.destinations,
      date: plan.date,
      max_flights: plan.maxFlights,
      min_connection_minutes: plan.minConnectionMinutes,
      max_layover_minutes: plan.maxLayoverMinutes,
      overnight: plan.overnight,
      sort: plan.sort,
      via: plan.via,
      avoid: plan.avoid,
      max_duration_minutes: plan.maxDurationMinutes,
      arrive_by: plan.arriveBy,
    },
    summary: {
      flights_considered: r.day.legs.length,
      route_days_observed: r.day.observed,
      route_days: deps.routeCount() * 2,
      itineraries_found: r.found,
      destinations_reached: new Set(r.itineraries.map((i) => i.destination)).size,
      live_checks: r.live.requests,
      dropped_after_check: r.dropped,
      search_timestamp: r.now.toISOString(),
    },
    notice: CONNECTION_MESSAGES.selfTransfer,
    ...(failed.length > 0 ? { failed } : {}),
    demo: deps.demo,
  };
}
