import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import type { GatewayResult } from '../../airline/airline.module';
import { type HubPlan, createHubSearch } from './hub-search';

/** A flight with a GoWild fare (or none), airport-local times, nonstop unless `via` is given. */
function flight(from: string, to: string, dep: string, arr: string, goWild: number | null = 19, via?: string): Flight {
  const segments = via
    ? [
        { departure_airport: from, arrival_airport: via, departure_time: dep, arrival_time: dep, flight_number: 'F9 1' },
        { departure_airport: via, arrival_airport: to, departure_time: arr, arrival_time: arr, flight_number: 'F9 2' },
      ]
    : [{ departure_airport: from, arrival_airport: to, departure_time: dep, arrival_time: arr, flight_number: 'F9 1' }];
  return {
    origin: from,
    destination: to,
    departure_time: dep,
    arrival_time: arr,
    total_trip_time: '02:00',
    duration: 120,
    stops: via ? 1 : 0,
    flight_number: 'F9 1',
    segments,
    fares: { go_wild: goWild === null ? null : { total: goWild }, standard: { total: 99 }, discount_den: null },
    booking_links: { go_wild: null, standard: null, discount_den: null },
    lowest_go_wild_price: goWild,
    lowest_price: goWild ?? 99,
    flightHash: `${from}${to}${dep}`,
  };
}

const D = '2026-03-02';
const D1 = '2026-03-03';
// All airports on one zone (UTC) so the layover arithmetic in the test is plain.
const ROUTES: Record<string, string[]> = {
  AAA: ['HUB', 'HB2', 'BBB'],
  HUB: ['CCC', 'AAA', 'BBB'],
  HB2: ['CCC'],
  BBB: [],
  CCC: [],
};

function setup(flights: Record<string, Flight[]>, failing: string[] = []) {
  const asked: FlightQuery[] = [];
  const gateway = {
    fetch: async (q: FlightQuery): Promise<GatewayResult> => {
      asked.push(q);
      await new Promise((r) => setTimeout(r, 1));
      const key = `${q.origin}-${q.destination}-${q.date}`;
      if (failing.includes(key)) return { status: 'failed', reason: 'server-error' };
      return { status: 'ok', flights: flights[key] ?? [], source: 'upstream', ageSeconds: 0 };
    },
  };
  const hub = createHubSearch({
    gateway,
    clock: manualClock(new Date(`${D}T00:00:00Z`)),
    demo: true,
    destinationsFrom: (o) => ROUTES[o] ?? [],
    timeZoneOf: () => 'UTC',
  });
  return { hub, asked };
}

const plan = (over: Partial<HubPlan> = {}): HubPlan => ({
  origin: 'AAA',
  origins: ['AAA'],
  destination: 'CCC',
  destinations: ['CCC'],
  date: D,
  minLayoverMinutes: 120,
  overnight: true,
  maxWorkers: 10,
  ...over,
});

describe('hub search', () => {
  it('keeps a second flight leaving at least the minimum layover after the first lands, and not one minute less', async () => {
    const { hub } = setup({
      [`AAA-HUB-${D}`]: [flight('AAA', 'HUB', `${D}T06:00:00`, `${D}T08:00:00`)],
      [`HUB-CCC-${D}`]: [
        flight('HUB', 'CCC', `${D}T09:59:00`, `${D}T11:00:00`), // 119 min: too tight
        flight('HUB', 'CCC', `${D}T10:00:00`, `${D}T12:00:00`, 25), // exactly 120
        flight('HUB', 'CCC', `${D}T15:00:00`, `${D}T17:00:00`, 15), // 420
      ],
    });
    const { response } = await hub.run(plan());
    expect(response.connections.map((c) => [c.layover_minutes, c.total_go_wild, c.overnight, c.separate_tickets])).toEqual([
      [420, 34, false, true],
      [120, 44, false, true],
    ]);
    const tighter = await hub.run(plan({ minLayoverMinutes: 240 }));
    expect(tighter.response.connections.map((c) => c.layover_minutes)).toEqual([420]);
  });

  it('finds overnight connections (second flight the next day) only when asked, and marks them', async () => {
    const flights = {
      [`AAA-HUB-${D}`]: [flight('AAA', 'HUB', `${D}T18:00:00`, `${D}T21:00:00`)],
      [`HUB-CCC-${D1}`]: [flight('HUB', 'CCC', `${D1}T07:00:00`, `${D1}T09:00:00`)],
    };
    const on = await setup(flights).hub.run(plan());
    expect(on.response.connections).toHaveLength(1);
    expect(on.response.connections[0]).toMatchObject({ hub: 'HUB', overnight: true, layover_minutes: 600 });
    // The second ticket opens on its own, at midnight at the hub (decision 175); made-up airports count as
    // international (10 days), on the test's UTC clock.
    expect(on.response.connections[0]?.second_opens_at).toBe('2026-02-21T00:00:00.000Z');
    expect(on.response.connections[0]?.second_opens_time_zone).toBe('UTC');
    const off = setup(flights);
    const r = await off.hub.run(plan({ overnight: false }));
    expect(r.response.connections).toHaveLength(0);
    expect(off.asked.some((q) => q.date === D1)).toBe(false);
  });

  it('needs GoWild on both flights, and never visits an airport twice', async () => {
    const { hub } = setup({
      [`AAA-HUB-${D}`]: [
        flight('AAA', 'HUB', `${D}T06:00:00`, `${D}T08:00:00`),
        flight('AAA', 'HUB', `${D}T05:00:00`, `${D}T07:00:00`, null), // no GoWild fare
      ],
      [`HUB-CCC-${D}`]: [
        flight('HUB', 'CCC', `${D}T12:00:00`, `${D}T14:00:00`, null), // no GoWild fare
        flight('HUB', 'CCC', `${D}T13:00:00`, `${D}T16:00:00`, 10, 'AAA'), // back through the origin: a loop
      ],
    });
    const { response } = await hub.run(plan());
    expect(response.connections).toHaveLength(0);
  });

  it('asks each needed (origin, hub) and (hub, destination) route once, and only for hubs with a GoWild first flight', async () => {
    const { hub, asked } = setup({
      [`AAA-HUB-${D}`]: [flight('AAA', 'HUB', `${D}T06:00:00`, `${D}T08:00:00`)],
      [`AAA-HB2-${D}`]: [flight('AAA', 'HB2', `${D}T06:00:00`, `${D}T08:00:00`, null)],
    });
    const { response } = await hub.run(plan());
    const keys = asked.map((q) => `${q.origin}-${q.destination}-${q.date}`).sort();
    // HB2 had no GoWild first flight: its onward routes are not asked. BBB flies nowhere wanted: not a hub.
    expect(keys).toEqual([`AAA-HB2-${D}`, `AAA-HUB-${D}`, `HUB-CCC-${D}`, `HUB-CCC-${D1}`]);
    expect(response.summary).toMatchObject({ hubs_checked: 2, hubs_with_go_wild: 1, queries: 4 });
  });

  it('for anywhere, goes beyond the origin: no loop back, no place a nonstop already reaches', async () => {
    const { hub, asked } = setup({ [`AAA-HUB-${D}`]: [flight('AAA', 'HUB', `${D}T06:00:00`, `${D}T08:00:00`)] });
    await hub.run(plan({ destination: null, destinations: null }));
    const onward = asked.filter((q) => q.origin === 'HUB').map((q) => q.destination);
    expect(new Set(onward)).toEqual(new Set(['CCC']));
  });

  it('reports failed routes as partial, and all first flights failing as allFailed', async () => {
    const some = await setup({}, [`AAA-HB2-${D}`]).hub.run(plan());
    expect(some.response).toMatchObject({ partial: true, failed: ['AAA-HB2'] });
    expect(some.allFailed).toBe(false);
    const all = await setup({}, [`AAA-HB2-${D}`, `AAA-HUB-${D}`]).hub.run(plan());
    expect(all.allFailed).toBe(true);
  });
});
