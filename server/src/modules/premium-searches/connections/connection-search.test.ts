import { CONNECTION_SORTS, type ConnectionSort } from '@gowild/contract/connections';
import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../../lib/reference-data/airports';
import { type Chain, type ChainRules, chainOf, compareChains, searchChains } from './connection-search';
import { type Leg, type NetworkDay, type RouteDayAnswer, buildNetworkDay } from './network-day';
import { emulatorNetworkDay, testDates } from './test-network';

const timeZoneOf = (code: string) => findAirport(code)?.timezone;
const DATE = '2027-03-10';
const NEXT = '2027-03-11';

let seq = 0;
/** A GoWild flight from → to, local times at each end. */
function flight(from: string, to: string, dep: string, arr: string, price = 20, seats: number | null = 5): Flight {
  const n = `F9 ${1000 + seq++}`;
  return {
    origin: from,
    destination: to,
    departure_time: `${dep}:00`,
    arrival_time: `${arr}:00`,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: n,
    segments: [{ departure_airport: from, arrival_airport: to, departure_time: `${dep}:00`, arrival_time: `${arr}:00`, flight_number: n }],
    fares: { go_wild: { total: price, available_seats: seats, fare_type: 'standard' }, standard: { total: 99 }, discount_den: null },
    booking_links: { go_wild: null, standard: null, discount_den: null },
    lowest_go_wild_price: price,
    lowest_price: price,
    flightHash: n,
  };
}

function dayOf(flights: Flight[]): NetworkDay {
  const byRoute = new Map<string, RouteDayAnswer>();
  for (const f of flights) {
    const key = `${f.origin}-${f.destination}-${f.departure_time.slice(0, 10)}`;
    const a = byRoute.get(key) ?? {
      origin: f.origin,
      destination: f.destination,
      date: f.departure_time.slice(0, 10),
      flights: [],
      checkedAt: 0,
    };
    a.flights.push(f);
    byRoute.set(key, a);
  }
  return buildNetworkDay(DATE, byRoute.values(), { timeZoneOf, onSale: () => true });
}

const rules = (over: Partial<ChainRules> = {}): ChainRules => ({
  origins: ['DEN'],
  targets: new Set(['MCO']),
  date: DATE,
  maxFlights: 3,
  minConnectionMs: 90 * 60_000,
  maxLayoverMs: 720 * 60_000,
  overnight: true,
  via: new Set(),
  avoid: new Set(),
  maxDurationMs: null,
  arriveBy: null,
  ...over,
});
const route = (c: Chain) => [c.legs[0]!.from, ...c.legs.map((l) => l.to)].join('-');

describe('the graph search on a small network', () => {
  // DEN → MCO nonstop late; DEN → ATL → MCO; DEN → ORD → ATL → MCO; an overnight at LAS; a short connection at DFW.
  const day = dayOf([
    flight('DEN', 'MCO', `${DATE}T17:00`, `${DATE}T22:30`, 15.41, 2),
    flight('DEN', 'ATL', `${DATE}T06:00`, `${DATE}T11:00`, 15.41, 9),
    flight('ATL', 'MCO', `${DATE}T12:30`, `${DATE}T14:00`, 15.41, 9),
    flight('ATL', 'MCO', `${DATE}T12:00`, `${DATE}T13:30`, 15.41, 9), // 60 min after landing: too short
    flight('DEN', 'ORD', `${DATE}T06:30`, `${DATE}T10:00`, 15.41, 9),
    flight('ORD', 'ATL', `${DATE}T11:30`, `${DATE}T14:20`, 15.41, 9),
    flight('ATL', 'MCO', `${DATE}T16:00`, `${DATE}T17:30`, 15.41, 1),
    flight('DEN', 'LAS', `${DATE}T20:00`, `${DATE}T21:00`, 15.41, 9),
    flight('LAS', 'MCO', `${NEXT}T07:00`, `${NEXT}T14:30`, 48.69, 9),
    flight('DEN', 'DFW', `${DATE}T07:00`, `${DATE}T10:00`, 15.41, 9),
    flight('DFW', 'MCO', `${DATE}T11:00`, `${DATE}T14:30`, 15.41, 9),
    flight('ORD', 'DEN', `${DATE}T12:00`, `${DATE}T13:30`, 15.41, 9), // back to the origin: never part of a chain
  ]);

  it('ranks by earliest arrival, keeps the minimum connection, and finds chains of one to three flights', () => {
    const { ranked } = searchChains(day, rules(), 'arrival', 50);
    // The later ATL → MCO lands with the three-flight chain: fewer flights first.
    expect(ranked.map(route)).toEqual(['DEN-ATL-MCO', 'DEN-ATL-MCO', 'DEN-ORD-ATL-MCO', 'DEN-MCO', 'DEN-LAS-MCO']);
    expect(ranked[0]!.legs[1]!.flight.departure_time).toBe(`${DATE}T12:30:00`);
  });

  it('orders by fewest flights, shortest time, lowest price or most seats', () => {
    expect(route(searchChains(day, rules(), 'flights', 50).ranked[0]!)).toBe('DEN-MCO');
    expect(route(searchChains(day, rules(), 'duration', 50).ranked[0]!)).toBe('DEN-MCO');
    expect(searchChains(day, rules(), 'price', 50).ranked.at(-1)!.price).toBeCloseTo(15.41 + 48.69, 2);
    expect(route(searchChains(day, rules(), 'seats', 50).ranked[0]!)).toBe('DEN-ATL-MCO');
  });

  it('leaves out overnights when asked, and flights past the maximum layover or the flights allowed', () => {
    expect(searchChains(day, rules({ overnight: false }), 'arrival', 50).ranked.map(route)).not.toContain('DEN-LAS-MCO');
    expect(searchChains(day, rules({ maxLayoverMs: 300 * 60_000 }), 'arrival', 50).ranked.map(route)).not.toContain('DEN-LAS-MCO');
    expect(searchChains(day, rules({ maxFlights: 2 }), 'arrival', 50).ranked.map(route)).not.toContain('DEN-ORD-ATL-MCO');
    expect(searchChains(day, rules({ maxFlights: 1 }), 'arrival', 50).ranked.map(route)).toEqual(['DEN-MCO']);
    expect(searchChains(day, rules({ minConnectionMs: 45 * 60_000 }), 'arrival', 50).ranked.map(route)).toContain('DEN-DFW-MCO');
  });

  it('filters by hubs to use or avoid, total time and arrival', () => {
    expect(searchChains(day, rules({ via: new Set(['ORD']) }), 'arrival', 50).ranked.map(route)).toEqual(['DEN-ORD-ATL-MCO']);
    expect(searchChains(day, rules({ avoid: new Set(['ATL']) }), 'arrival', 50).ranked.map(route)).toEqual(['DEN-MCO', 'DEN-LAS-MCO']);
    expect(searchChains(day, rules({ maxDurationMs: 7 * 3600_000 }), 'arrival', 50).ranked.map(route)).toEqual(['DEN-ATL-MCO', 'DEN-MCO']);
    const by = Date.parse(`${DATE}T19:00:00Z`); // 15:00 in Orlando
    expect(searchChains(day, rules({ arriveBy: () => by }), 'arrival', 50).ranked.map(route)).toEqual(['DEN-ATL-MCO']);
  });

  it('anywhere: each destination once, by its best chain, never back to the origin', () => {
    const { ranked } = searchChains(day, rules({ targets: null }), 'arrival', 50);
    const ends = ranked.map((c) => c.legs.at(-1)!.to);
    expect(new Set(ends).size).toBe(ends.length);
    expect(ends).not.toContain('DEN');
    expect(ranked.find((c) => c.legs.at(-1)!.to === 'MCO')!.legs.map((l) => l.to)).toEqual(['ATL', 'MCO']);
  });
});

/**
 * The brute force the graph search is checked against: every sequence of one to three legs, each leaving where the
 * last landed, with every rule checked here on its own terms (no time index, no reachability), ranked by the same order.
 */
function bruteForce(day: NetworkDay, r: ChainRules, sort: ConnectionSort): Chain | undefined {
  const from = new Map<string, Leg[]>();
  for (const l of day.legs) from.set(l.from, [...(from.get(l.from) ?? []), l]);
  const ok = (legs: Leg[]) => {
    const first = legs[0]!;
    const last = legs.at(-1)!;
    if (!r.origins.includes(first.from) || first.depDay !== r.date || !r.targets!.has(last.to)) return false;
    const airports = [first.airports[0]!, ...legs.flatMap((l) => l.airports.slice(1))];
    if (new Set(airports).size !== airports.length) return false;
    const inner = airports.slice(1, -1);
    if (inner.some((a) => r.origins.includes(a) || r.targets!.has(a) || r.avoid.has(a))) return false;
    for (let k = 1; k < legs.length; k++) {
      const gap = legs[k]!.depMs - legs[k - 1]!.arrMs;
      if (gap < r.minConnectionMs || gap > r.maxLayoverMs) return false;
      if (!r.overnight && legs[k]!.depDay > legs[k - 1]!.arrDay) return false;
    }
    return true;
  };
  const all: Chain[] = [];
  // Only chains leaving an origin can pass `ok`: starting anywhere else would only be rejected there (and made the
  // test take a minute on a loaded machine: 100 runs over every chain of the whole network).
  for (const a of day.legs.filter((l) => r.origins.includes(l.from))) {
    if (ok([a])) all.push(chainOf([a]));
    for (const b of from.get(a.to) ?? []) {
      if (ok([a, b])) all.push(chainOf([a, b]));
      for (const c of from.get(b.to) ?? []) if (ok([a, b, c])) all.push(chainOf([a, b, c]));
    }
  }
  return all.sort(compareChains(sort))[0];
}

describe('the graph search against a brute force, on a network day of the emulated airline', () => {
  const { now, date } = testDates();
  const at = new Date(now);
  // The committed network's 882 routes, the date and the next, as a full sweep keeps them.
  const day = buildNetworkDay(date, emulatorNetworkDay(date, at), {
    timeZoneOf,
    onSale: () => true,
  });

  it('finds the same best itinerary for 20 sampled pairs, in every order', () => {
    const airports = [...new Set(day.legs.map((l) => l.from))].sort();
    // A fixed sample (a linear congruential walk), so a failure names the same pairs every run.
    let x = 7;
    const pick = () => airports[(x = (x * 1103515245 + 12345) % 2 ** 31) % airports.length]!;
    const pairs: [string, string][] = [];
    while (pairs.length < 20) {
      const [o, d] = [pick(), pick()];
      if (o !== d) pairs.push([o, d]);
    }
    let withItinerary = 0;
    let threeFlights = 0;
    for (const [o, d] of pairs) {
      const r = rules({ origins: [o], targets: new Set([d]), date });
      for (const sort of CONNECTION_SORTS) {
        const expected = bruteForce(day, r, sort);
        const got = searchChains(day, r, sort, 1).ranked[0];
        expect(got?.id, `${o}-${d} by ${sort}`).toBe(expected?.id);
      }
      const best = searchChains(day, r, 'arrival', 1).ranked[0];
      if (best) withItinerary++;
      if (best?.legs.length === 3) threeFlights++;
    }
    // The sample is worth checking: most pairs have an itinerary, some of three flights.
    expect(withItinerary).toBeGreaterThanOrEqual(15);
    expect(threeFlights).toBeGreaterThan(0);
  });
});
