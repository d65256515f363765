import { type Flight, type SearchStreamEvent, airlineShareMessage } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import type { FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { buildTestApp } from '../../test/build-test-app';
import { fixedCallerGate } from '../../test/search-gates';
import { createFlightsEngine } from './flights.module';

/**
 * A user's share of the airline (decision 117) as the search routes say it: a search that runs out midway lists
 * the destinations it could not check, in words with when to try again; one that would start with nothing left is
 * refused with 429 and Retry-After.
 */
const NOW = new Date('2026-04-01T12:00:00Z');
const DESTINATIONS = ['LAS', 'PHX', 'SLC', 'MCO', 'ATL'];
const reference = {
  isBlackout: () => false,
  destinationsFrom: (o: string) => (o === 'DEN' ? DESTINATIONS : []),
  originsTo: (d: string) => (DESTINATIONS.includes(d) ? ['DEN'] : []),
};
const flightTo = (q: FlightQuery) =>
  ({
    origin: q.origin,
    destination: q.destination,
    departure_time: `${q.date}T08:00:00`,
    arrival_time: `${q.date}T10:00:00`,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: 'F9 1',
    segments: [],
    fares: { go_wild: null, standard: { total: 99, available_seats: 3 }, discount_den: null },
    booking_links: { go_wild: null, standard: 'https://booking.flyfrontier.com/x', discount_den: null },
    lowest_go_wild_price: null,
    lowest_price: 99,
    flightHash: `h-${q.destination}`,
  }) as Flight;

let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
const asked: string[] = [];
beforeAll(async () => {
  const clock = manualClock(NOW);
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: async (q) => (asked.push(q.destination), { kind: 'flights', flights: [flightTo(q)] }),
  };
  const flights = await createFlightsEngine({
    config: testConfig({ UPSTREAM_RETRIES: '0', AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '3' }),
    clock,
    metrics: new Registry(),
    reference,
    provider,
  });
  ({ app } = await buildTestApp({ deps: { clock, flights, searchGate: fixedCallerGate({ userId: 'ann', isPremium: true }).gate } }));
});
afterAll(async () => {
  await app.close();
});

describe("search routes over the user's airline share", () => {
  it('marks the destinations a streamed search could not check, then refuses the next search with 429 until the minute renews', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/flights/search/stream?origin=DEN&date=2026-04-02' });
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as SearchStreamEvent);
    const destinations = events.filter((e) => e.type === 'destination');
    expect(destinations).toHaveLength(5);
    const unchecked = destinations.filter((e) => e.over_budget).map((e) => e.code);
    expect(unchecked).toHaveLength(2);
    expect(asked).toHaveLength(3);
    expect(destinations.filter((e) => e.over_budget).every((e) => e.failed)).toBe(true);
    const summary = events.at(-1);
    expect(summary?.type).toBe('summary');
    if (summary?.type !== 'summary') return;
    expect(summary.partial).toBe(true);
    expect(summary.over_budget?.codes.sort()).toEqual(unchecked.sort());
    const wait = summary.over_budget!.retry_after_seconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(summary.over_budget?.message).toBe(airlineShareMessage(wait, true));

    const refused = await app.inject({ method: 'GET', url: '/api/flights/search?origin=DEN&date=2026-04-03' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      message: airlineShareMessage(Number(refused.headers['retry-after'])),
      code: 'RATE_LIMITED',
    });
    // Refused before it started: the airline was not asked.
    expect(asked).toHaveLength(3);
  });
});
