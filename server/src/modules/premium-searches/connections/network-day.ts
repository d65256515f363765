import type { Flight } from '@gowild/contract/flights';
import { localToUtcMs } from '@gowild/contract/local-time';

/**
 * A network day: every GoWild flight the kept answers hold for a date and the next day, as the graph search reads
 * them (docs/product/connections.md#how-it-searches). Times are instants (epoch ms), worked out once when the day is
 * built, so the search compares numbers; the airport-local days are kept for the overnight rule.
 */
export interface Leg {
  /** Index in `NetworkDay.legs`. */
  i: number;
  from: string;
  to: string;
  depMs: number;
  arrMs: number;
  /** Local departure day at `from` and arrival day at `to` (YYYY-MM-DD). */
  depDay: string;
  arrDay: string;
  /** Every airport the booking touches in order (its own stops included). */
  airports: string[];
  price: number;
  /** GoWild seats left, when the airline said. */
  seats: number | null;
  flight: Flight;
  /** The answer's route-day key (ORIGIN-DEST-DATE) and when the airline gave it. */
  routeDay: string;
  checkedAt: number;
}

export interface NetworkDay {
  date: string;
  legs: Leg[];
  /** Legs leaving each airport, by departure instant. */
  byFrom: Map<string, Leg[]>;
  /** The same legs' departure instants, for binary search. */
  depTimes: Map<string, Float64Array>;
  /** Route-days with a kept answer. */
  observed: number;
}

/** One kept (or live) answer of a route-day. */
export interface RouteDayAnswer {
  origin: string;
  destination: string;
  date: string;
  flights: Flight[];
  checkedAt: number;
}

export const routeDayKey = (a: { origin: string; destination: string; date: string }) => `${a.origin}-${a.destination}-${a.date}`;

function airportsOf(f: Flight): string[] {
  if (f.segments.length === 0) return [f.origin, f.destination];
  return [f.segments[0]!.departure_airport, ...f.segments.map((s) => s.arrival_airport)];
}

/** A local time at an airport as an instant; UTC when the airport's zone is unknown. */
export function instantAt(timeZoneOf: (code: string) => string | undefined) {
  return (localIso: string, code: string): number => {
    const tz = timeZoneOf(code);
    return tz ? localToUtcMs(localIso, tz) : Date.parse(`${localIso.slice(0, 19)}Z`);
  };
}

/**
 * Builds the network day from its route-days' answers: only flights with a GoWild fare, leaving the route's origin
 * and landing at its destination (an answer may hold a nearby airport's flights), still on sale at `now` (the
 * airline's sales close, decision 151).
 */
export function buildNetworkDay(
  date: string,
  answers: Iterable<RouteDayAnswer>,
  deps: { timeZoneOf: (code: string) => string | undefined; onSale: (f: Flight) => boolean },
): NetworkDay {
  const instant = instantAt(deps.timeZoneOf);
  const legs: Leg[] = [];
  let observed = 0;
  for (const a of answers) {
    observed++;
    for (const f of a.flights) {
      const gw = f.fares.go_wild;
      if (!gw || !(gw.total >= 0)) continue;
      const airports = airportsOf(f);
      if (airports[0] !== a.origin || airports.at(-1) !== a.destination) continue;
      if (!deps.onSale(f)) continue;
      legs.push({
        i: legs.length,
        from: a.origin,
        to: a.destination,
        depMs: instant(f.departure_time, a.origin),
        arrMs: instant(f.arrival_time, a.destination),
        depDay: f.departure_time.slice(0, 10),
        arrDay: f.arrival_time.slice(0, 10),
        airports,
        price: gw.total,
        seats: gw.available_seats ?? null,
        flight: f,
        routeDay: routeDayKey(a),
        checkedAt: a.checkedAt,
      });
    }
  }
  const byFrom = new Map<string, Leg[]>();
  for (const l of legs) {
    const list = byFrom.get(l.from);
    if (list) list.push(l);
    else byFrom.set(l.from, [l]);
  }
  const depTimes = new Map<string, Float64Array>();
  for (const [from, list] of byFrom) {
    list.sort((x, y) => x.depMs - y.depMs || x.i - y.i);
    depTimes.set(
      from,
      Float64Array.from(list, (l) => l.depMs),
    );
  }
  return { date, legs, byFrom, depTimes, observed };
}

/** First index in the sorted `times` whose value is at least `t`. */
export function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
