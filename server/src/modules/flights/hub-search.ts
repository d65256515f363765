import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { HUB_LIMITS, type HubConnection, type HubSearchResponse } from '@gowild/contract/hub-search';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { Clock } from '../../lib/clock';
import type { FlightQuery } from '../../providers/flights/flights.provider';
import type { UpstreamGateway } from './upstream/upstream-gateway';

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
  hubsChecked: number;
  hubsFailed: number;
  /** Destinations with at least one connection. */
  destinationsFound: number;
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

  const instant = (localIso: string, code: string) => {
    const tz = deps.timeZoneOf(code);
    return tz ? localToUtcMs(localIso, tz) : Date.parse(`${localIso.slice(0, 19)}Z`);
  };

  async function run(plan: HubPlan, opts: { signal?: AbortSignal } = {}): Promise<HubRun> {
    const originSet = new Set(plan.origins);
    const destinationSet = plan.destinations ? new Set(plan.destinations) : null;
    const secondDates = plan.overnight ? [plan.date, addDays(plan.date, 1)] : [plan.date];

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

    const firstLegs = new Map<string, Flight[]>(); // hub → GoWild first flights landing there
    const secondLegs = new Map<string, Flight[]>(); // hub → GoWild second flights leaving it
    const failed: string[] = [];
    const asked = new Set<string>();
    const hubsFailed = new Set<string>();
    const hubsAnswered = new Set<string>();
    let secondCount = 0;
    let truncated = false;
    let queries = 0;

    // One pool for both rounds: first-leg queries queued up front, second-leg ones appended as hubs qualify.
    const queue: { q: FlightQuery; first: boolean }[] = firstQueries.map((q) => ({ q, first: true }));
    const handle = async ({ q, first }: { q: FlightQuery; first: boolean }) => {
      queries++;
      const r = await gateway.fetch(q);
      if (opts.signal?.aborted) return;
      if (r.status === 'failed') {
        failed.push(`${q.origin}-${q.destination}${first ? '' : `-${q.date}`}`);
        if (first) hubsFailed.add(q.destination);
        return;
      }
      if (first) {
        hubsAnswered.add(q.destination);
        const landing = r.flights.filter((f) => goWild(f) !== null && airportsOf(f).at(-1) === q.destination);
        if (landing.length === 0) return;
        const hub = q.destination;
        const known = firstLegs.get(hub);
        firstLegs.set(hub, [...(known ?? []), ...landing]);
        if (known) return; // second legs already queued by another origin's flights
        for (const date of secondDates) {
          for (const d of targetsFrom(hub)) {
            const key = `${hub}-${d}-${date}`;
            if (asked.has(key)) continue;
            if (secondCount >= HUB_LIMITS.maxSecondLegQueries) {
              truncated = true;
              continue;
            }
            asked.add(key);
            secondCount++;
            queue.push({ q: { origin: hub, destination: d, date }, first: false });
          }
        }
      } else {
        const leaving = r.flights.filter((f) => goWild(f) !== null && airportsOf(f)[0] === q.origin);
        secondLegs.set(q.origin, [...(secondLegs.get(q.origin) ?? []), ...leaving]);
      }
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
              failed.push(`${item.q.origin}-${item.q.destination}`);
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

    // Pair the legs: per hub, each GoWild first flight with each GoWild second flight that leaves safely after it.
    const minMs = plan.minLayoverMinutes * 60_000;
    const byPair = new Map<string, HubConnection[]>();
    for (const [hub, firsts] of firstLegs) {
      const seconds = secondLegs.get(hub) ?? [];
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
          const c: HubConnection = {
            hub,
            destination,
            first: a,
            second: b,
            layover_minutes: Math.round((leaves - landed) / 60_000),
            overnight,
            total_go_wild: total,
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
    const connections = [...byPair.values()]
      .flatMap((list) => list.sort(better).slice(0, HUB_LIMITS.perHubAndDestination))
      .sort(better)
      .slice(0, HUB_LIMITS.maxConnections);

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
        hubs_checked: hubs.size,
        hubs_with_go_wild: firstLegs.size,
        connections: connections.length,
        queries,
        search_timestamp: clock.now().toISOString(),
      },
      ...(failed.length > 0 ? { partial: true, failed: [...new Set(failed)].sort() } : {}),
      ...(truncated ? { truncated: true } : {}),
      demo: deps.demo,
    };
    return {
      response,
      allFailed: firstQueries.length > 0 && hubsAnswered.size === 0,
      hubsChecked: hubs.size,
      hubsFailed: [...hubsFailed].filter((h) => !hubsAnswered.has(h)).length,
      destinationsFound: new Set(connections.map((c) => c.destination)).size,
    };
  }

  return { run };
}
export type HubSearch = ReturnType<typeof createHubSearch>;
