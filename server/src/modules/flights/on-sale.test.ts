import type { Flight } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import type { FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { createPremiumSearches } from '../premium-searches/premium-searches.module';
import { createFlightsEngine } from './flights.module';

/** The airline's sales close in the results (decision 151): an hour before departure, on the departure airport's clock. */

// DEN 08:00 on 2026-04-02 is 14:00 UTC (MDT); sales close at 13:00 UTC.
const LEAVES = Date.parse('2026-04-02T14:00:00Z');
const flight = (q: FlightQuery, time: string, goWild: boolean): Flight =>
  ({
    origin: q.origin,
    destination: q.destination,
    departure_time: `${q.date}T${time}:00`,
    arrival_time: `${q.date}T${time.replace(/^0?(\d+)/, (h) => String(Number(h) + 2).padStart(2, '0'))}:00`,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: `F9 ${time.slice(0, 2)}`,
    segments: [],
    fares: { go_wild: goWild ? { total: 19, available_seats: 2 } : null, standard: { total: 99, available_seats: 3 }, discount_den: null },
    booking_links: { go_wild: null, standard: 'https://booking.flyfrontier.com/x', discount_den: null },
    lowest_go_wild_price: goWild ? 19 : null,
    lowest_price: goWild ? 19 : 99,
    flightHash: `h${q.destination}${time}`,
  }) as Flight;

function setup(minutesBefore: number, times: (q: FlightQuery) => string[] = () => ['08:00', '12:00']) {
  const clock = manualClock(new Date(LEAVES - minutesBefore * 60_000));
  const calls: FlightQuery[] = [];
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: async (q) => {
      calls.push(q);
      return { kind: 'flights', flights: times(q).map((t, i) => flight(q, t, i === 0 || q.origin !== 'DEN' || q.destination !== 'LAS')) };
    },
  };
  const config = testConfig({ UPSTREAM_RETRIES: '0' });
  // DEN flies to LAS and PHX; PHX flies on to LAS (the hub trip below).
  const reference = {
    destinationsFrom: (o: string) => (o === 'DEN' ? ['LAS', 'PHX'] : o === 'PHX' ? ['LAS'] : []),
    originsTo: () => ['DEN'],
  };
  const engine = createFlightsEngine({ config, clock, metrics: new Registry(), reference, provider });
  return { clock, calls, engine, premium: createPremiumSearches({ flights: engine, clock, config }) };
}
const premium = { isPremium: true };
const departures = (flights: Record<string, Flight[]>) => (flights.LAS ?? []).map((f) => f.departure_time.slice(11, 16));

describe('a flight leaving within the hour is not offered', () => {
  it('offers it 61 minutes before departure and not 59 minutes before, also from the gateway cache', async () => {
    const { clock, calls, engine } = setup(61);
    const plan = () => engine.planOutbound({ origin: 'DEN', destination: 'LAS', date: '2026-04-02' });
    const early = await engine.search.run(plan(), premium);
    expect(departures(early.response.flights)).toEqual(['08:00', '12:00']);
    // A kept answer ends when its first flight stops selling, not at the cache's fresh time.
    expect(early.firstSalesCloseAt).toBe(LEAVES - 60 * 60_000);
    expect(engine.answers.keep(plan(), premium, early, '{}').expiresAt).toBe(LEAVES - 60 * 60_000);

    clock.advance(2 * 60_000); // 59 minutes before
    expect(engine.answers.lookup(plan(), premium)).toBeUndefined();
    const late = await engine.search.run(plan(), premium);
    expect(calls).toHaveLength(1); // the same airline answer, from the gateway's cache
    expect(departures(late.response.flights)).toEqual(['12:00']);
    expect(late.response.summary.total_flights).toBe(1);
  });

  it('counts on the departure airport clock: 59 minutes before in Denver is not 59 minutes before in UTC', async () => {
    // 12:59 UTC is 06:59 in Denver: a UTC reading of '08:00' would have closed at 07:00 UTC, long before.
    const { engine } = setup(61);
    const run = await engine.search.run(engine.planOutbound({ origin: 'DEN', destination: 'LAS', date: '2026-04-02' }), premium);
    expect(departures(run.response.flights)).toContain('08:00');
  });

  it('leaves a hub trip out when its first flight leaves within the hour', async () => {
    // DEN 08:00 (14:00 UTC) lands in Phoenix at 10:00 (17:00 UTC); PHX 14:00 leaves four hours later.
    const { clock, premium: searches } = setup(61, (q) => (q.origin === 'PHX' ? ['14:00'] : ['08:00']));
    const hubPlan = () => searches.planHub({ origin: 'DEN', destination: 'LAS', date: '2026-04-02', overnight: false });
    const trips = async () => (await searches.hub.run(hubPlan())).response.connections.map((c) => [c.first.origin, c.hub, c.destination]);
    expect(await trips()).toEqual([['DEN', 'PHX', 'LAS']]);
    clock.advance(2 * 60_000);
    expect(await trips()).toEqual([]);
  });
});
