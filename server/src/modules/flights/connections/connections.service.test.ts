import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../../lib/reference-data/airports';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import type { GatewayResult } from '../upstream/gateway-types';
import { createConnections } from './connections.service';
import { planConnections } from './connections.plan';
import type { RouteDayAnswer } from './network-day';

const DATE = '2027-03-10';
let seq = 0;
function flight(from: string, to: string, dep: string, arr: string, price = 15.41): Flight {
  const n = `F9 ${2000 + seq++}`;
  return {
    origin: from,
    destination: to,
    departure_time: `${DATE}T${dep}:00`,
    arrival_time: `${DATE}T${arr}:00`,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: n,
    segments: [
      {
        departure_airport: from,
        arrival_airport: to,
        departure_time: `${DATE}T${dep}:00`,
        arrival_time: `${DATE}T${arr}:00`,
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
function setup(live: (q: FlightQuery) => Flight[] | 'fail') {
  const denAtl = flight('DEN', 'ATL', '06:00', '11:00');
  const atlMco = flight('ATL', 'MCO', '12:40', '14:10');
  const denDfw = flight('DEN', 'DFW', '07:00', '10:00');
  const dfwMco = flight('DFW', 'MCO', '12:00', '15:30');
  const kept: RouteDayAnswer[] = [
    { origin: 'DEN', destination: 'ATL', date: DATE, flights: [denAtl], checkedAt: 0 },
    { origin: 'ATL', destination: 'MCO', date: DATE, flights: [atlMco], checkedAt: 0 },
    { origin: 'DEN', destination: 'DFW', date: DATE, flights: [denDfw], checkedAt: 0 },
    { origin: 'DFW', destination: 'MCO', date: DATE, flights: [dfwMco], checkedAt: 0 },
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
    { origin: 'DEN', destination: 'MCO', date: DATE, via: [], avoid: [] },
    {
      minTransferMinutes: 90,
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
