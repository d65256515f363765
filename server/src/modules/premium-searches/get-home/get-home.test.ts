import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import { createGetHome } from './get-home';
import type { GetHomePlan } from './get-home.plan';
import { createHubSearch } from '../hub-search/hub-search';
import { createOnSale } from '../../flights/flights.module';
import type { GatewayResult } from '../../airline/airline.module';

/** A nonstop with a GoWild fare (or none), UTC airport-local times. */
function flight(from: string, to: string, dep: string, arr: string, goWild: number | null = 19): Flight {
  return {
    origin: from,
    destination: to,
    departure_time: dep,
    arrival_time: arr,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: `F9 ${from}${dep.slice(11, 13)}`,
    segments: [{ departure_airport: from, arrival_airport: to, departure_time: dep, arrival_time: arr, flight_number: 'F9 1' }],
    fares: { go_wild: goWild === null ? null : { total: goWild }, standard: { total: 99 }, discount_den: null },
    booking_links: { go_wild: null, standard: null, discount_den: null },
    lowest_go_wild_price: goWild,
    lowest_price: goWild ?? 99,
    flightHash: `${from}${to}${dep}`,
  };
}

const D = '2026-03-02';
const D1 = '2026-03-03';
/** NEAR is where the traveller is, FAR a drive away; HOM is home; HUB connects NEAR to home. */
const ROUTES: Record<string, string[]> = { NEAR: ['HOM', 'HUB'], FAR: ['HOM'], HUB: ['HOM'], HOM: [] };
const NOW = new Date(`${D}T10:00:00Z`);

function setup(flights: Record<string, Flight[]>) {
  const asked: string[] = [];
  const gateway = {
    fetch: async (q: FlightQuery): Promise<GatewayResult> => {
      asked.push(`${q.origin}-${q.destination}-${q.date}`);
      return { status: 'ok', flights: flights[`${q.origin}-${q.destination}-${q.date}`] ?? [], source: 'upstream', ageSeconds: 0 };
    },
  };
  const clock = manualClock(NOW);
  const timeZoneOf = () => 'UTC';
  const destinationsFrom = (o: string) => ROUTES[o] ?? [];
  const hub = createHubSearch({ gateway, clock, demo: true, destinationsFrom, timeZoneOf });
  const home = createGetHome({ gateway, hub, clock, demo: true, onSale: createOnSale(timeZoneOf), destinationsFrom, timeZoneOf });
  return { home, asked };
}

const plan = (over: Partial<GetHomePlan> = {}): GetHomePlan => ({
  from: 'NEAR',
  location: null,
  home: 'HOM',
  homeAirports: ['HOM'],
  radiusMiles: 60,
  nearby: [
    { code: 'NEAR', miles: 0 },
    { code: 'FAR', miles: 48 },
  ],
  dates: [D, D1],
  maxWorkers: 4,
  ...over,
});

describe('get me home (decisions 199-201)', () => {
  it('lists nonstops from every airport in the drive and self-transfers through a hub, soonest home first, never inside the cut-off', async () => {
    const { home } = setup({
      // Leaves in 30 minutes: sales closed. Leaves in 90: on sale.
      [`NEAR-HOM-${D}`]: [
        flight('NEAR', 'HOM', `${D}T10:30:00`, `${D}T12:30:00`),
        flight('NEAR', 'HOM', `${D}T11:30:00`, `${D}T18:00:00`, null),
      ],
      [`FAR-HOM-${D}`]: [flight('FAR', 'HOM', `${D}T13:00:00`, `${D}T15:00:00`, 25)],
      [`FAR-HOM-${D1}`]: [flight('FAR', 'HOM', `${D1}T07:00:00`, `${D1}T09:00:00`, 25)],
      [`NEAR-HUB-${D}`]: [flight('NEAR', 'HUB', `${D}T12:00:00`, `${D}T13:00:00`, 10)],
      [`HUB-HOM-${D}`]: [
        flight('HUB', 'HOM', `${D}T15:00:00`, `${D}T16:00:00`, 12),
        flight('HUB', 'HOM', `${D}T13:30:00`, `${D}T14:30:00`, 12),
      ],
    });
    const { response } = await home.run(plan());
    const summary = response.options.map((o) => `${o.kind}:${o.from}${o.hub ? `>${o.hub}` : ''}@${o.arrival_time.slice(5, 16)}`);
    expect(summary).toEqual([
      'nonstop:FAR@03-02T15:00',
      // The 13:30 second flight leaves 30 minutes after landing: below the two-hour layover.
      'self_transfer:NEAR>HUB@03-02T16:00',
      'nonstop:NEAR@03-02T18:00',
      'nonstop:FAR@03-03T09:00',
    ]);
    const transfer = response.options[1]!;
    expect(transfer).toMatchObject({ hub: 'HUB', layover_minutes: 120, total_go_wild: 22, drive_miles: 0 });
    expect(response.options[0]).toMatchObject({ drive_miles: 48, total_go_wild: 25 });
    // A flight without a GoWild fare is still a way home, priced by its lowest fare.
    expect(response.options[2]).toMatchObject({ total_go_wild: null, total_lowest: 99 });
    expect(response.options.every((o) => Date.parse(`${o.departure_time}Z`) - NOW.getTime() > 60 * 60_000)).toBe(true);
    expect(response.search_parameters.dates).toEqual([D, D1]);
  });

  it('asks only the routes that exist, from the airports in the plan', async () => {
    const { home, asked } = setup({});
    const { response } = await home.run(plan({ nearby: [{ code: 'FAR', miles: 48 }] }));
    expect(response.options).toEqual([]);
    expect(asked.sort()).toEqual([`FAR-HOM-${D}`, `FAR-HOM-${D1}`]);
  });
});
