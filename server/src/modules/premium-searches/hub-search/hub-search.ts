import { addDays } from '@gowild/contract/dates';
import { type Flight, airlineShareMessage } from '@gowild/contract/flights';
import { HUB_LIMITS, type HubConnection, type HubSearchResponse } from '@gowild/contract/hub-search';
import { goWildRouteKind, goWildTripOpening } from '@gowild/contract/gowild-window';
import { localToUtcMs } from '@gowild/contract/local-time';
import { findAirport } from '../../../lib/reference-data/airports';
import type { Clock } from '../../../lib/clock';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import { createOnSale } from '../../flights/flights.module';
import type { GatewayCaller, UpstreamGateway } from '../../airline/airline.module';

/** A validated hub search (docs/product/search.md#via-a-hub). */
export interface HubPlan {
  origin: string;
  origins: string[];
  /** Null for anywhere. */
  destination: string | null;
  destinations: string[] | null;
  date: string;
  minLayoverMinutes: number;
  overnight: boolean;
  /** Airline queries in flight at once, shared by both rounds. */
  maxWorkers: number;
}

export interface HubRun {
  response: HubSearchResponse;
  /** Every first-leg query failed: nothing could be checked. */
  allFailed: boolean;
  /** The signal stopped it before every query was asked. */
  cutShort: boolean;
  hubsChecked: number;
  hubsFailed: number;
  /** Destinations with at least one connection. */
  destinationsFound: number;
}

export interface HubRunOptions {
  /** Stops scheduling airline queries (the client left, or the app is closing). */
  signal?: AbortSignal;
  /** Who is searching, for the airline gateway. */
  gatewayCaller?: GatewayCaller;
}

/** What the two rounds of airline queries found. */
interface Legs {
  /** Hub → GoWild first flights landing there. */
  firstLegs: Map<string, Flight[]>;
  /** Hub → GoWild second flights leaving it. */
  secondLegs: Map<string, Flight[]>;
  failed: string[];
  hubsFailed: Set<string>;
  hubsAnswered: Set<string>;
  truncated: boolean;
  queries: number;
  cutShort: boolean;
  /** Legs not asked: the caller's airline share for this minute ran out (decision 117). */
  overBudget: string[];
  retryAfterSeconds: number;
}

interface HubSearchDeps {
  gateway: Pick<UpstreamGateway, 'fetch'>;
  clock: Clock;
  demo: boolean;
  destinationsFrom(origin: string): readonly string[];
  timeZoneOf(code: string): string | undefined;
}

/** The airports a flight touches, in order (its segments, or its two ends). */
function airportsOf(f: Flight): string[] {
  if (f.segments.length === 0) return [f.origin, f.destination];
  return [f.segments[0]!.departure_airport, ...f.segments.map((s) => s.arrival_airport)];
}

const goWild = (f: Flight) => f.fares.go_wild?.total ?? null;

/** A local time at an airport as an instant (epoch ms); UTC when the airport's zone is unknown. */
type Instant = (localIso: string, code: string) => number;

/** The places worth a second flight from each hub, and the first-leg queries to the hubs that fly on to one. */
function routesOf(
  deps: Pick<HubSearchDeps, 'destinationsFrom'>,
  plan: HubPlan,
): { targetsFrom: (hub: string) => string[]; firstQueries: FlightQuery[]; hubs: Set<string> } {
  const originSet = new Set(plan.origins);
  const destinationSet = plan.destinations ? new Set(plan.destinations) : null;
  // "Anywhere" looks beyond the origins' own routes: places a nonstop already reaches are the ordinary search.
  const direct = new Set(plan.origins.flatMap((o) => deps.destinationsFrom(o)));
  const targetsFrom = (hub: string): string[] =>
    deps.destinationsFrom(hub).filter((d) => !originSet.has(d) && d !== hub && (destinationSet ? destinationSet.has(d) : !direct.has(d)));
  const firstQueries: FlightQuery[] = [];
  const hubs = new Set<string>();
  for (const o of plan.origins) {
    for (const h of deps.destinationsFrom(o)) {
      if (originSet.has(h) || destinationSet?.has(h)) continue;
      // A hub is worth a first flight only when it flies on to somewhere wanted.
      if (targetsFrom(h).length === 0) continue;
      firstQueries.push({ origin: o, destination: h, date: plan.date });
      hubs.add(h);
    }
  }
  return { targetsFrom, firstQueries, hubs };
}

/**
 * Asks the airline for both rounds through one pool of `maxWorkers`: first-leg queries queued up front, second-leg
 * ones appended as hubs qualify (a hub with a GoWild first flight landing there).
 */
async function fetchLegs(
  gateway: HubSearchDeps['gateway'],
  plan: HubPlan,
  routes: ReturnType<typeof routesOf>,
  opts: HubRunOptions,
  /** Still on sale now: a flight leaving within the hour is not (decision 151), nor is a trip through it. */
  onSale: (f: Flight) => boolean,
): Promise<Legs> {
  const secondDates = plan.overnight ? [plan.date, addDays(plan.date, 1)] : [plan.date];
  const legs: Legs = {
    firstLegs: new Map(),
    secondLegs: new Map(),
    failed: [],
    hubsFailed: new Set(),
    hubsAnswered: new Set(),
    truncated: false,
    queries: 0,
    cutShort: false,
    overBudget: [],
    retryAfterSeconds: 0,
  };
  const asked = new Set<string>();
  let secondCount = 0;
  const queue: { q: FlightQuery; first: boolean }[] = routes.firstQueries.map((q) => ({ q, first: true }));

  const queueSecondLegs = (hub: string) => {
    for (const date of secondDates) {
      for (const d of routes.targetsFrom(hub)) {
        const key = `${hub}-${d}-${date}`;
        if (asked.has(key)) continue;
        if (secondCount >= HUB_LIMITS.maxSecondLegQueries) {
          legs.truncated = true;
          continue;
        }
        asked.add(key);
        secondCount++;
        queue.push({ q: { origin: hub, destination: d, date }, first: false });
      }
    }
  };
  const handle = async ({ q, first }: { q: FlightQuery; first: boolean }) => {
    legs.queries++;
    const r = await gateway.fetch(q, { caller: opts.gatewayCaller, lane: 'traveller' });
    if (opts.signal?.aborted) return;
    if (r.status === 'failed') {
      const route = `${q.origin}-${q.destination}${first ? '' : `-${q.date}`}`;
      legs.failed.push(route);
      if (r.reason === 'over-budget') {
        legs.overBudget.push(route);
        legs.retryAfterSeconds = Math.max(legs.retryAfterSeconds, r.retryAfterSeconds ?? 60);
      }
      if (first) legs.hubsFailed.add(q.destination);
      return;
    }
    if (!first) {
      const leaving = r.flights.filter((f) => goWild(f) !== null && airportsOf(f)[0] === q.origin && onSale(f));
      legs.secondLegs.set(q.origin, [...(legs.secondLegs.get(q.origin) ?? []), ...leaving]);
      return;
    }
    legs.hubsAnswered.add(q.destination);
    const landing = r.flights.filter((f) => goWild(f) !== null && airportsOf(f).at(-1) === q.destination && onSale(f));
    if (landing.length === 0) return;
    const hub = q.destination;
    const known = legs.firstLegs.get(hub);
    legs.firstLegs.set(hub, [...(known ?? []), ...landing]);
    // Second legs already queued by another origin's flights.
    if (!known) queueSecondLegs(hub);
  };
  await new Promise<void>((resolve) => {
    let active = 0;
    const pump = () => {
      if (opts.signal?.aborted && active === 0) return resolve();
      while (!opts.signal?.aborted && active < plan.maxWorkers && queue.length > 0) {
        const item = queue.shift()!;
        active++;
        void handle(item)
          .catch(() => {
            legs.failed.push(`${item.q.origin}-${item.q.destination}`);
          })
          .finally(() => {
            active--;
            pump();
          });
      }
      if (active === 0 && (queue.length === 0 || opts.signal?.aborted)) resolve();
    };
    pump();
  });
  legs.cutShort = opts.signal?.aborted ?? false;
  return legs;
}

/** Pairs the legs: per hub, each GoWild first flight with each GoWild second flight that leaves safely after it. */
/** When a ticket's standard GoWild window opens: every segment's, at its departure airport (decision 175). */
function opensAt(flight: Flight, timeZoneOf: (code: string) => string | undefined): { at: string; timeZone: string } {
  const kind = goWildRouteKind(findAirport(flight.origin)?.countryCode, findAirport(flight.destination)?.countryCode);
  const segments = flight.segments.map((s) => ({ departure_time: s.departure_time, timeZone: timeZoneOf(s.departure_airport) }));
  const opening = goWildTripOpening(
    kind,
    segments.length > 0 ? segments : [{ departure_time: flight.departure_time, timeZone: timeZoneOf(flight.origin) }],
  );
  return { at: opening.at.toISOString(), timeZone: opening.timeZone };
}

function connectionsOf(instant: Instant, plan: HubPlan, legs: Legs, timeZoneOf: (code: string) => string | undefined): HubConnection[] {
  const minMs = plan.minLayoverMinutes * 60_000;
  const byPair = new Map<string, HubConnection[]>();
  for (const [hub, firsts] of legs.firstLegs) {
    const seconds = legs.secondLegs.get(hub) ?? [];
    for (const a of firsts) {
      const landed = instant(a.arrival_time, hub);
      const landedDay = a.arrival_time.slice(0, 10);
      for (const b of seconds) {
        const leaves = instant(b.departure_time, hub);
        if (leaves - landed < minMs) continue;
        const leaveDay = b.departure_time.slice(0, 10);
        const overnight = leaveDay > landedDay;
        if (overnight && !plan.overnight) continue;
        // Same day or the next: a longer stay is a trip of its own, not a connection.
        if (leaveDay > addDays(landedDay, 1)) continue;
        const route = [...airportsOf(a), ...airportsOf(b).slice(1)];
        if (new Set(route).size !== route.length) continue;
        const destination = airportsOf(b).at(-1)!;
        const total = Math.round(((goWild(a) ?? 0) + (goWild(b) ?? 0)) * 100) / 100;
        const opening = opensAt(b, timeZoneOf);
        const c: HubConnection = {
          hub,
          destination,
          first: a,
          second: b,
          layover_minutes: Math.round((leaves - landed) / 60_000),
          overnight,
          total_go_wild: total,
          second_opens_at: opening.at,
          second_opens_time_zone: opening.timeZone,
          separate_tickets: true,
        };
        const key = `${hub}-${destination}`;
        byPair.set(key, [...(byPair.get(key) ?? []), c]);
      }
    }
  }
  const arrival = (c: HubConnection) => instant(c.second.arrival_time, c.destination);
  const better = (x: HubConnection, y: HubConnection) =>
    x.total_go_wild - y.total_go_wild || arrival(x) - arrival(y) || x.layover_minutes - y.layover_minutes;
  return [...byPair.values()]
    .flatMap((list) => list.sort(better).slice(0, HUB_LIMITS.perHubAndDestination))
    .sort(better)
    .slice(0, HUB_LIMITS.maxConnections);
}

/**
 * Two-flight GoWild trips through a hub (decision 102), with the engine's fan-out: one origin search (every route
 * out of the origins) and, as each of its answers arrives, one search per hub that has a GoWild first flight (its
 * routes to the destinations, or anywhere, that day and, for overnight, the next), all through the flight gateway
 * (cache, coalescing, pacing, breaker). Both rounds share one pool of `maxWorkers`, so the answer takes about two
 * airline round trips when the pool is wide enough for the routes asked.
 *
 * A connection: both flights offer a GoWild fare; the second leaves the hub at least `minLayoverMinutes` after the
 * first lands there (same day, or the next day when overnight is on); no airport is visited twice (no loop back to
 * the origin, no hub that is the destination).
 */
export function createHubSearch(deps: HubSearchDeps) {
  const { gateway, clock } = deps;
  const onSale = createOnSale(deps.timeZoneOf);
  const instant: Instant = (localIso, code) => {
    const tz = deps.timeZoneOf(code);
    return tz ? localToUtcMs(localIso, tz) : Date.parse(`${localIso.slice(0, 19)}Z`);
  };

  async function run(plan: HubPlan, opts: HubRunOptions = {}): Promise<HubRun> {
    const routes = routesOf(deps, plan);
    const legs = await fetchLegs(gateway, plan, routes, opts, (f) => onSale.isOnSale(f, clock.now()));
    const connections = connectionsOf(instant, plan, legs, deps.timeZoneOf);
    const response: HubSearchResponse = {
      connections,
      search_parameters: {
        origin: plan.origin,
        origin_airports: plan.origins,
        destination: plan.destination,
        date: plan.date,
        min_layover_minutes: plan.minLayoverMinutes,
        overnight: plan.overnight,
      },
      summary: {
        hubs_checked: routes.hubs.size,
        hubs_with_go_wild: legs.firstLegs.size,
        connections: connections.length,
        queries: legs.queries,
        search_timestamp: clock.now().toISOString(),
      },
      ...(legs.failed.length > 0 ? { partial: true, failed: [...new Set(legs.failed)].sort() } : {}),
      ...(legs.truncated ? { truncated: true } : {}),
      ...(legs.overBudget.length > 0
        ? {
            over_budget: {
              codes: [...new Set(legs.overBudget)].sort(),
              retry_after_seconds: legs.retryAfterSeconds,
              message: airlineShareMessage(legs.retryAfterSeconds, true),
            },
          }
        : {}),
      demo: deps.demo,
    };
    return {
      response,
      allFailed: routes.firstQueries.length > 0 && legs.hubsAnswered.size === 0,
      cutShort: legs.cutShort,
      hubsChecked: routes.hubs.size,
      hubsFailed: [...legs.hubsFailed].filter((h) => !legs.hubsAnswered.has(h)).length,
      destinationsFound: new Set(connections.map((c) => c.destination)).size,
    };
  }

  return { run };
}
export type HubSearch = ReturnType<typeof createHubSearch>;
