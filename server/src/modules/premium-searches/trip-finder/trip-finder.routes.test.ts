import { addDays, todayUtc } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { localToUtcMs } from '@gowild/contract/local-time';
import { TRIP_FINDER_MESSAGES, type TripFinderResponse, tripFinderResponseSchema } from '@gowild/contract/trip-finder';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { findAirport } from '../../../lib/reference-data/airports';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import { testFlight } from '../../../test/alerts';
import { buildTestApp } from '../../../test/build-test-app';
import { buildAccountsTestApp, signInAs } from '../../../test/factories';
import { fixedCallerGate } from '../../../test/search-gates';
import { createFlightsEngine } from '../../flights/flights.module';
import type { ObservationBridge } from '../../airline/airline.module';

/**
 * GET /api/flights/trips (docs/product/trip-finder.md): premium only through the real search gate, its input refused
 * in words, pairs by the stay rule against the emulated airline; then, on a scripted airline, a search answered from
 * kept observations asks the airline nothing, and the caller's airline budget is spent and refused as in any search.
 */
describe('GET /api/flights/trips on the emulated airline', () => {
  let app: FastifyInstance;
  let deps: AppDeps;
  let premium: Record<string, string>;
  const day = todayUtc(process.env.TEST_NOW ? new Date(process.env.TEST_NOW) : new Date());
  // 06:00 in Denver: tomorrow's GoWild seats are on sale (domestic window), later days' not yet.
  const NOW = `${day}T12:00:00.000Z`;
  const tomorrow = addDays(day, 1);

  beforeAll(async () => {
    ({ app, deps } = await buildAccountsTestApp({ env: { TEST_NOW: NOW } }));
    premium = (await signInAs(app, deps, 'premium')).headers;
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });
  const trips = (query: string, headers = premium) => app.inject({ method: 'GET', url: `/api/flights/trips?${query}`, headers });

  it('is for premium users: visitors 401, free users 403 with the premium text, before the query is read', async () => {
    expect((await trips('', {})).statusCode).toBe(401);
    const free = await signInAs(app, deps, 'free');
    const res = await trips(`origin=DEN&from=${tomorrow}`, free.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: TRIP_FINDER_MESSAGES.premiumRequired, code: 'PREMIUM_REQUIRED' });
  });

  it('refuses what cannot be searched with 400 and the reason', async () => {
    const cases: [string, string][] = [
      [`from=${tomorrow}`, 'Origin airport is required'],
      ['origin=DEN', TRIP_FINDER_MESSAGES.fromInvalid],
      ['origin=DEN&from=tomorrow', TRIP_FINDER_MESSAGES.fromInvalid],
      [`origin=ZZZ&from=${tomorrow}`, 'Unknown airport code: ZZZ'],
      [`origin=DEN&from=${addDays(day, -3)}`, 'Departure date cannot be in the past'],
      [`origin=DEN&from=${addDays(day, 360)}&days=14`, 'Departure date must be within the next 365 days'],
      [`origin=DEN&from=${tomorrow}&days=15`, TRIP_FINDER_MESSAGES.daysInvalid],
      [`origin=DEN&from=${tomorrow}&days=0`, TRIP_FINDER_MESSAGES.daysInvalid],
      [`origin=DEN&from=${tomorrow}&min_nights=5&max_nights=2`, TRIP_FINDER_MESSAGES.nightsOrder],
      [`origin=DEN&from=${tomorrow}&min_nights=0`, TRIP_FINDER_MESSAGES.nightsInvalid],
      [`origin=DEN&from=${tomorrow}&max_nights=2.5`, TRIP_FINDER_MESSAGES.nightsInvalid],
      [`origin=DEN&from=${tomorrow}&day_trip=true&min_hours=30`, TRIP_FINDER_MESSAGES.hoursInvalid],
      [`origin=DEN&from=${tomorrow}&day_trip=true&min_nights=2`, TRIP_FINDER_MESSAGES.dayTripWithNights],
    ];
    for (const [q, message] of cases) {
      const res = await trips(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json().error, q).toBe(message);
    }
  });

  it('answers destinations with pairs by the stay rule, best first, each return with its window', async () => {
    const res = await trips(`origin=DEN&from=${tomorrow}&days=2&min_nights=1&max_nights=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = tripFinderResponseSchema.parse(res.json());
    expect(body.search_parameters).toMatchObject({ origin: 'DEN', from: tomorrow, to: addDays(tomorrow, 1), days: 2, min_nights: 1 });
    expect(body.destinations.length).toBeGreaterThan(0);
    expect(body.sources.live).toBeGreaterThan(0);
    expect(body.sources.from_stored + body.sources.live + body.sources.failed).toBe(body.sources.answers);
    const at = (local: string, code: string) => localToUtcMs(local, findAirport(code)!.timezone);
    for (const d of body.destinations) {
      for (const p of d.pairs) {
        expect(p.outbound.origin).toBe('DEN');
        expect(p.outbound.destination).toBe(d.destination);
        expect(p.return.origin).toBe(d.destination);
        expect(p.return.destination).toBe('DEN');
        expect([tomorrow, addDays(tomorrow, 1)]).toContain(p.outbound.departure_time.slice(0, 10));
        expect(p.nights).toBeGreaterThanOrEqual(1);
        expect(p.nights).toBeLessThanOrEqual(2);
        expect(p.outbound.fares.go_wild).not.toBeNull();
        expect(at(p.return.departure_time, d.destination)).toBeGreaterThan(at(p.outbound.arrival_time, d.destination));
        expect(p.return_open).toBe(Date.parse(NOW) >= Date.parse(p.return_opens_at));
        if (p.return_open) expect(p.return_price).not.toBeNull();
      }
    }
    // Both fares known come before a return not open yet, destination by destination.
    const known = body.destinations.map((d) => d.pairs[0]!.total_price !== null);
    expect(known).toEqual([...known].sort((a, b) => Number(b) - Number(a)));
  }, 60_000);
});

describe('GET /api/flights/trips: observations and the airline budget', () => {
  const NOW = new Date('2026-04-01T12:00:00Z');
  const D1 = '2026-04-02';
  const clock = manualClock(NOW);
  const asked: FlightQuery[] = [];
  const flightsFor = (q: FlightQuery): Flight[] =>
    q.origin === 'DEN'
      ? [testFlight(q, { go_wild: 19, standard: 99 }, { departs: '08:00', arrives: '09:30' })]
      : [testFlight(q, { go_wild: 24, standard: 99 }, { departs: '18:00', arrives: '21:00' })];
  /** Kept answers: `kept` decides which queries have one, checked `ageMs` ago. */
  let kept: (q: FlightQuery) => boolean = () => false;
  const ageMs = 3 * 60_000;
  let served = 0;
  const observations: ObservationBridge = {
    record: () => {},
    latest: async (q) => (kept(q) ? { flights: flightsFor(q), checkedAt: clock.now().getTime() - ageMs } : undefined),
    served: () => {
      served++;
    },
  };
  const network: Record<string, string[]> = { DEN: ['LAS', 'MCO'], LAS: ['DEN'], MCO: ['DEN'] };
  let app: FastifyInstance;
  const gate = fixedCallerGate();

  beforeAll(async () => {
    const flights = createFlightsEngine({
      config: testConfig({ UPSTREAM_RETRIES: '0', AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '6' }),
      clock,
      metrics: new Registry(),
      reference: { destinationsFrom: (o) => network[o] ?? [], originsTo: () => [] },
      provider: {
        name: 'scripted',
        demo: false,
        fetchFlights: async (q) => {
          asked.push(q);
          return { kind: 'flights', flights: flightsFor(q) };
        },
      },
      observations,
      gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
    });
    ({ app } = await buildTestApp({ deps: { clock, flights, searchGate: gate.gate } }));
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });
  const trips = (query: string) => app.inject({ method: 'GET', url: `/api/flights/trips?${query}` });

  it('answers from fresh kept observations with no airline request, and says so', async () => {
    kept = () => true;
    const res = await trips(`origin=DEN&from=${D1}&days=2&min_nights=1&max_nights=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TripFinderResponse;
    expect(asked).toEqual([]);
    // 2 routes x 2 days out, then 2 destinations x 3 return dates (1 or 2 nights after each arrival).
    expect(body.sources).toEqual({ answers: 10, from_stored: 10, live: 0, failed: 0, stored_share: 1, stored_max_age_seconds: 180 });
    expect(served).toBe(10);
    expect(body.destinations.map((d) => d.destination).sort()).toEqual(['LAS', 'MCO']);
    // Same fares everywhere: the longest stay wins, then the earliest departure.
    expect(body.destinations[0]!.pairs.map((p) => [p.outbound.departure_time.slice(0, 10), p.nights])).toEqual([
      [D1, 2],
      [addDays(D1, 1), 2],
      [D1, 1],
    ]);
    expect(body.destinations[0]!.pairs[0]).toMatchObject({ total_price: 43, return_open: false });
    expect(gate.outcomes.at(-1)).toMatchObject({ end: 'complete', destinations: 2, checked: 2, failed: 0, resultsFound: 2 });
  });

  it('asks the airline for what is not kept fresh, within the budget, and refuses 429 once it is spent', async () => {
    // Outbounds kept, returns not: 6 return queries fit in the 6 a minute.
    kept = (q) => q.origin === 'DEN';
    const first = await trips(`origin=DEN&from=${D1}&days=2&min_nights=1&max_nights=2`);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as TripFinderResponse;
    expect(asked).toHaveLength(6);
    expect(body.sources).toMatchObject({ answers: 10, from_stored: 4, live: 6, stored_share: 0.4 });
    expect(body.partial).toBeUndefined();
    // Nothing kept now, and the minute's share is used up: refused before any airline request.
    kept = () => false;
    const refused = await trips(`origin=DEN&from=${addDays(D1, 3)}&days=1`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(asked).toHaveLength(6);
    // A search answered whole from kept observations still runs with the share spent.
    kept = () => true;
    expect((await trips(`origin=DEN&from=${addDays(D1, 3)}&days=1`)).statusCode).toBe(200);
    expect(asked).toHaveLength(6);
  });
});

describe('GET /api/flights/trips: a day trip, and a share that runs out midway', () => {
  const NOW = new Date('2026-04-01T12:00:00Z');
  const D1 = '2026-04-02';
  const clock = manualClock(NOW);
  const asked: FlightQuery[] = [];
  let app: FastifyInstance;
  const gate = fixedCallerGate();

  beforeAll(async () => {
    const flights = createFlightsEngine({
      // Three airline requests a minute for this caller: the fourth route-day is not asked.
      config: testConfig({ UPSTREAM_RETRIES: '0', AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '3' }),
      clock,
      metrics: new Registry(),
      reference: { destinationsFrom: (o) => (o === 'DEN' ? ['LAS', 'MCO'] : []), originsTo: () => [] },
      provider: {
        name: 'scripted',
        demo: false,
        fetchFlights: async (q) => {
          asked.push(q);
          // Out in the morning, back in the evening (Las Vegas) or after lunch (Orlando): 8 h 30 min and 4 h 30 min there.
          return q.origin === 'DEN'
            ? { kind: 'flights', flights: [testFlight(q, { go_wild: 19 }, { departs: '07:00', arrives: '08:30' })] }
            : {
                kind: 'flights',
                flights: [
                  testFlight(
                    q,
                    { go_wild: 24 },
                    q.origin === 'LAS' ? { departs: '17:00', arrives: '20:00' } : { departs: '13:00', arrives: '15:00' },
                  ),
                ],
              };
        },
      },
      gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
    });
    ({ app } = await buildTestApp({ deps: { clock, flights, searchGate: gate.gate } }));
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });

  it('pairs a day trip with the hours asked for, and names the route-days the share left unasked', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/flights/trips?origin=DEN&from=${D1}&days=1&day_trip=true&min_hours=4` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TripFinderResponse;
    // Two ways out, then the ways back the same day: the third request is LAS or MCO, the fourth over the share.
    expect(asked).toHaveLength(3);
    expect(body.partial).toBe(true);
    expect(body.failed).toHaveLength(1);
    expect(body.over_budget?.codes).toEqual(body.failed);
    expect(body.sources).toMatchObject({ answers: 4, live: 3, failed: 1, from_stored: 0 });
    // Whichever way back was asked before the share ran out gives the one destination, with its own stay.
    expect(body.destinations).toHaveLength(1);
    const [only] = body.destinations;
    expect(only!.pairs[0]).toMatchObject({ nights: null, stay_minutes: only!.destination === 'LAS' ? 510 : 270, total_price: 43 });
    expect(body.search_parameters).toMatchObject({ day_trip: true, min_hours: 4, min_nights: null, max_nights: null });
    expect(gate.outcomes.at(-1)).toMatchObject({ end: 'partial', destinations: 2, failed: 0, resultsFound: 1 });
  });
});
