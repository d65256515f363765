import { CONNECTION_MESSAGES, itineraryId } from '@gowild/contract/connections';
import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../../lib/reference-data/airports';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import type { GatewayResult } from '../../airline/airline.module';
import { createConnections, overnightCostText } from './connections.service';
import { type ConnectionsInput, planConnections } from './connections.plan';
import type { RouteDayAnswer } from './network-day';

const DATE = '2027-03-10';
let seq = 0;
function flight(from: string, to: string, dep: string, arr: string, price = 15.41, day = DATE): Flight {
  const n = `F9 ${2000 + seq++}`;
  return {
    origin: from,
    destination: to,
    departure_time: `${day}T${dep}:00`,
    arrival_time: `${day}T${arr}:00`,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: n,
    segments: [
      {
        departure_airport: from,
        arrival_airport: to,
        departure_time: `${day}T${dep}:00`,
        arrival_time: `${day}T${arr}:00`,
        flight_number: n,
      },
    ],
    fares: { go_wild: { total: price, available_seats: 4, fare_type: 'standard' }, standard: null, discount_den: null },
    booking_links: { go_wild: null, standard: null, discount_den: null },
    lowest_go_wild_price: price,
    lowest_price: price,
    flightHash: n,
  };
}

/** DEN → ATL → MCO (arrives first) and DEN → DFW → MCO (later), kept; the airline has since sold ATL → MCO's GoWild. */
function setup(
  live: (q: FlightQuery) => Flight[] | 'fail',
  opts: { input?: Partial<ConnectionsInput>; minTransferMinutes?: number; more?: RouteDayAnswer[] } = {},
) {
  const denAtl = flight('DEN', 'ATL', '06:00', '11:00');
  const atlMco = flight('ATL', 'MCO', '12:40', '14:10');
  const denDfw = flight('DEN', 'DFW', '07:00', '10:00');
  const dfwMco = flight('DFW', 'MCO', '12:00', '15:30');
  const kept: RouteDayAnswer[] = [
    { origin: 'DEN', destination: 'ATL', date: DATE, flights: [denAtl], checkedAt: 0 },
    { origin: 'ATL', destination: 'MCO', date: DATE, flights: [atlMco], checkedAt: 0 },
    { origin: 'DEN', destination: 'DFW', date: DATE, flights: [denDfw], checkedAt: 0 },
    { origin: 'DFW', destination: 'MCO', date: DATE, flights: [dfwMco], checkedAt: 0 },
    ...(opts.more ?? []),
  ];
  const asked: string[] = [];
  const connections = createConnections({
    reader: { answers: async () => kept },
    gateway: {
      fetch: async (q: FlightQuery): Promise<GatewayResult> => {
        asked.push(`${q.origin}-${q.destination}-${q.date}`);
        const flights = live(q);
        if (flights === 'fail') return { status: 'failed', reason: 'server-error' };
        return { status: 'ok', flights, source: 'upstream', ageSeconds: 0 };
      },
    },
    fetchLive: (_key, fetch) => fetch(),
    clock: { now: () => new Date(`${DATE}T00:00:00Z`) } as never,
    demo: true,
    timeZoneOf: (c) => findAirport(c)?.timezone,
    isOnSale: () => true,
    // Every end route-day is kept: nothing to fill.
    destinationsFrom: (o) => (o === 'DEN' ? ['ATL', 'DFW'] : []),
    originsTo: () => [],
    routeCount: () => 4,
  });
  const plan = planConnections(
    { origin: 'DEN', destination: 'MCO', date: DATE, via: [], avoid: [], ...opts.input },
    {
      minTransferMinutes: opts.minTransferMinutes ?? 90,
      planOutbound: () =>
        ({
          search_parameters: { origin: 'DEN', origin_airports: ['DEN'], destination: 'MCO', date: DATE, max_workers: 1 },
        }) as never,
    },
  );
  return { connections, plan, asked, flights: { denAtl, atlMco, denDfw, dfwMco } };
}

describe('live confirmation', () => {
  it('drops an itinerary whose flight lost its GoWild seats and confirms the next one, within the live budget', async () => {
    const { connections, plan, asked, flights } = setup((q) => {
      if (q.origin === 'ATL') return [{ ...flights.atlMco, fares: { ...flights.atlMco.fares, go_wild: null } }];
      if (q.destination === 'ATL') return [flights.denAtl];
      return q.origin === 'DEN' ? [flights.denDfw] : [flights.dfwMco];
    });
    const run = await connections.run(plan);
    const [best] = run.response.itineraries;
    expect(best!.stops.map((s) => s.airport)).toEqual(['DFW']);
    expect(best!.status).toBe('confirmed');
    expect(run.response.itineraries).toHaveLength(1);
    // The first round confirmed both itineraries' route-days at once (4 ≤ 6); the ATL one is gone.
    expect(run.response.summary.dropped_after_check).toBe(1);
    expect(asked.length).toBeLessThanOrEqual(6);
    expect(run.response.summary.live_checks).toBe(asked.length);
  });

  it('a failed live check leaves the itinerary as observed, and says which route-day failed', async () => {
    const { connections, plan } = setup(() => 'fail');
    const run = await connections.run(plan);
    expect(run.response.itineraries[0]!.status).toBe('observed');
    expect(run.response.failed).toContain(`ATL-MCO-${DATE}`);
  });
});

/** The rules of docs/product/connections.md#the-rules that need a flight of the next day or a setting of the server. */
describe('the self-transfer rules', () => {
  const NEXT = '2027-03-11';
  /** DEN → ATL late, ATL → MCO the next morning on an Early Booking fare (its own window not open yet). */
  const overnight = () => {
    const late = flight('DEN', 'ATL', '16:00', '21:00', 15.41);
    const morning = { ...flight('ATL', 'MCO', '07:00', '08:30', 64.41, NEXT) };
    morning.fares = { ...morning.fares, go_wild: { total: 64.41, available_seats: 2, fare_type: 'early_booking' } };
    const more: RouteDayAnswer[] = [
      { origin: 'DEN', destination: 'ATL', date: DATE, flights: [late], checkedAt: 0 },
      { origin: 'ATL', destination: 'MCO', date: NEXT, flights: [morning], checkedAt: 0 },
    ];
    return { late, morning, more };
  };

  it('marks an overnight connection (+1 day) with the Early Booking charge, each flight with its own window and fare kind', async () => {
    const { late, morning, more } = overnight();
    const { connections, plan } = setup((q) => (q.date === NEXT ? [morning] : q.destination === 'ATL' ? [late] : []), {
      more,
      input: { sort: 'price' },
    });
    const run = await connections.run(plan);
    const chain = run.response.itineraries.find((i) => i.legs[0]!.flight.flight_number === late.flight_number)!;
    expect(chain.overnight).toBe(true);
    expect(chain.arrival_time.slice(0, 10)).toBe(NEXT);
    expect(chain.stops).toEqual([
      {
        airport: 'ATL',
        minutes: 600,
        overnight: true,
        overnight_cost: { text: overnightCostText('ATL'), early_booking_charge_usd: { from: 29, to: 99 } },
      },
    ]);
    expect(chain.stops[0]!.overnight_cost!.text).toContain('Early Booking charge ($29 to $99)');
    // Each flight's window at its own departure airport: midnight the day before it leaves (MST, then EST).
    expect(chain.legs.map((l) => [l.opens_at, l.opens_time_zone, l.fare_kind])).toEqual([
      ['2027-03-09T07:00:00.000Z', 'America/Denver', 'standard'],
      ['2027-03-10T05:00:00.000Z', 'America/New_York', 'early_booking'],
    ]);
    // The total price is the flights' own totals, the Early Booking charge in the second.
    expect(chain.total_price).toBeCloseTo(79.82, 2);
  });

  it('leaves the overnight out when the traveller turns overnights off', async () => {
    const { morning, more } = overnight();
    // The live checks fail: the kept answers stand.
    const { connections, plan } = setup(() => 'fail', { more, input: { overnight: false } });
    const run = await connections.run(plan);
    expect(run.response.itineraries.length).toBeGreaterThan(0);
    expect(run.response.itineraries.some((i) => i.overnight || i.legs.some((l) => l.flight.flight_number === morning.flight_number))).toBe(
      false,
    );
  });

  it("the server's minimum connection is the default and the floor: a traveller may raise it, never lower it", async () => {
    // DEN → ATL lands 11:00, ATL → MCO leaves 12:40: 100 minutes, a connection at 90 and none at 120.
    const at = async (minTransferMinutes: number, input: Partial<ConnectionsInput> = {}) => {
      const { connections, plan } = setup(() => 'fail', { minTransferMinutes, input });
      const run = await connections.run(plan);
      return {
        hubs: run.response.itineraries.map((i) => i.stops.map((s) => s.airport).join()),
        min: run.response.search_parameters.min_connection_minutes,
      };
    };
    expect(await at(90)).toEqual({ hubs: ['ATL', 'DFW'], min: 90 });
    expect(await at(120)).toEqual({ hubs: ['DFW'], min: 120 });
    expect(await at(90, { min_connection: 120 })).toEqual({ hubs: ['DFW'], min: 120 });
    expect(() => setup(() => 'fail', { minTransferMinutes: 120, input: { min_connection: 90 } })).toThrow(
      CONNECTION_MESSAGES.minConnectionTooLow(120),
    );
  });

  it('a share link survives fare moves: the itinerary named by its flights is found again, confirmed, at its new price', async () => {
    // The airline now sells the DFW flights dearer, with fewer seats: the same flights at the same times.
    const moved = (f: Flight): Flight => ({
      ...f,
      fares: { ...f.fares, go_wild: { total: 49.99, available_seats: 1, fare_type: 'standard' } },
    });
    const { connections, plan, flights } = setup((q) => {
      if (q.destination === 'ATL') return [flights.denAtl];
      if (q.origin === 'ATL') return [flights.atlMco];
      return q.origin === 'DEN' ? [moved(flights.denDfw)] : [moved(flights.dfwMco)];
    });
    // The link was shared while the kept fares were $15.41 each: its id names flight numbers and departures only.
    const id = itineraryId([flights.denDfw, flights.dfwMco]);
    expect(id).not.toContain('15.41');
    const run = await connections.run({ ...plan, pick: id });
    const found = run.response.itineraries.find((i) => i.id === id)!;
    expect(found.status).toBe('confirmed');
    expect(found.total_price).toBeCloseTo(99.98, 2);
    expect(found.seats).toBe(1);
  });
});
