import { request } from 'node:http';
import { addDays } from '@gowild/contract/dates';
import { type Flight, SEARCH_MAX_DAYS_AHEAD, SEARCH_MESSAGES, flightSchema, searchStreamEventSchema } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import { type Caller, type SearchGate, type SearchKind, type SearchOutcome, searchCounts } from '../accounts/accounts.module';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { buildTestApp } from '../../test/build-test-app';
import { fixedCallerGate } from '../../test/search-gates';
import { createFlightsEngine } from './flights.module';

// 06:00 in Denver: tomorrow's flights are on sale, with GoWild seats (domestic window) on some of them.
const NOW = new Date('2026-04-01T12:00:00Z');
const TOMORROW = '2026-04-02';

/** A gate that lets everyone in as `caller` and records what the routes asked of it (and whether each search counted). */
function recordingGate(caller: Partial<Caller> = {}) {
  const kinds: SearchKind[] = [];
  const settled: (SearchOutcome & { charged: boolean })[] = [];
  let cancelled = 0;
  const who: Caller = { userId: 'u1', email: 'u1@example.com', isPremium: true, isAdmin: false, ...caller };
  const gate: SearchGate = {
    admit: async (_req, kind) => {
      kinds.push(kind);
      // As the real gate: the first of settle or cancel takes effect, later calls do nothing.
      let done: { charged: boolean } | null = null;
      return {
        caller: who,
        settle: async (o) => {
          if (done) return done;
          done = { charged: searchCounts(o) };
          settled.push({ ...o, ...done });
          return done;
        },
        cancel: async () => {
          if (done) return;
          done = { charged: false };
          cancelled++;
        },
      };
    },
  };
  return { gate, kinds, settled, cancelled: () => cancelled };
}

const allFares = (flights: Record<string, Flight[]>) =>
  Object.values(flights).flatMap((fs) => fs.flatMap((f) => Object.values(f.fares).filter(Boolean)));

describe('flight search API through the emulator', () => {
  const clock = manualClock(NOW);
  const gate = recordingGate();
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let deps: Awaited<ReturnType<typeof buildTestApp>>['deps'];
  beforeAll(async () => {
    ({ app, deps } = await buildTestApp({ deps: { clock, searchGate: gate.gate } }));
  });
  afterAll(async () => {
    await app.close();
  });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('searches every destination out of an origin, sorted by lowest fare, in the documented answer shape', async () => {
    const res = await get(`/api/flights/search?origin=%20den%20&date=${TOMORROW}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.search_parameters).toEqual({ origin: 'DEN', origin_airports: ['DEN'], destination: null, date: TOMORROW, max_workers: 50 });
    const codes = Object.keys(body.flights);
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) expect(deps.reference.destinationsFrom('DEN')).toContain(code);
    expect(body.summary).toEqual({
      total_destinations: codes.length,
      total_flights: Object.values(body.flights).flat().length,
      search_timestamp: NOW.toISOString(),
    });
    expect(body.demo).toBe(true);
    expect(body.partial).toBeUndefined();
    for (const flights of Object.values(body.flights) as Flight[][]) {
      expect(flights.length).toBeGreaterThan(0);
      for (const f of flights) expect(flightSchema.safeParse(f).success).toBe(true);
      const prices = flights.map((f) => f.lowest_price ?? Infinity);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
    expect(allFares(body.flights).some((f) => f && f.available_seats !== undefined)).toBe(true);
    expect(gate.kinds.at(-1)).toBe('search');
    const destinations = deps.reference.destinationsFrom('DEN').length;
    expect(gate.settled.at(-1)).toEqual({
      origin: 'DEN',
      destination: null,
      date: TOMORROW,
      end: 'complete',
      destinations,
      checked: destinations,
      failed: 0,
      resultsFound: codes.length,
      totalFlights: body.summary.total_flights,
      charged: true,
    });
  });

  it('searches a city: CITY:NYC stands for its airports, which are not destinations of each other', async () => {
    const res = await get(`/api/flights/search?origin=city:nyc&date=${TOMORROW}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.search_parameters).toMatchObject({ origin: 'CITY:NYC', origin_airports: ['JFK', 'LGA', 'EWR'] });
    expect(Object.keys(body.flights).length).toBeGreaterThan(0);
    for (const code of ['JFK', 'LGA', 'EWR']) expect(body.flights[code]).toBeUndefined();
    const origins = new Set((Object.values(body.flights) as Flight[][]).flat().map((f) => f.origin));
    for (const o of origins) expect(['JFK', 'LGA', 'EWR']).toContain(o);
  });

  it('accepts a comma list of origins', async () => {
    const body = (await get(`/api/flights/search?origin=den,las&date=${TOMORROW}&max_workers=500`)).json();
    expect(body.search_parameters).toMatchObject({ origin: 'DEN,LAS', origin_airports: ['DEN', 'LAS'], max_workers: 50 });
    expect(body.flights.LAS).toBeUndefined();
  });

  it('searches a single route with /single and with /search?destination=', async () => {
    for (const url of [
      `/api/flights/single?origin=DEN&destination=las&date=${TOMORROW}`,
      `/api/flights/search?origin=DEN&destination=LAS&date=${TOMORROW}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body.flights)).toEqual(['LAS']);
      expect(body.search_parameters.destination).toBe('LAS');
      expect(gate.kinds.at(-1)).toBe('single');
    }
  });

  it('searches inbound: every origin into the destination', async () => {
    const res = await get(`/api/flights/inbound?destination=LAS&date=${TOMORROW}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.search_parameters).toMatchObject({ origin: 'Inbound to LAS', destination: 'LAS', date: TOMORROW, max_workers: 10 });
    expect(body.search_parameters.origin_airports.sort()).toEqual([...deps.reference.originsTo('LAS')].sort());
    expect(body.summary.total_origins).toBe(Object.keys(body.flights).length);
    expect(body.summary.total_destinations).toBeUndefined();
    for (const [origin, flights] of Object.entries(body.flights) as [string, Flight[]][])
      for (const f of flights) expect([f.origin, f.destination]).toEqual([origin, 'LAS']);
    expect(gate.kinds.at(-1)).toBe('inbound');
    // The search log keeps what was asked: no origin (not the display text 'Inbound to LAS'), the destination LAS.
    expect(gate.settled.at(-1)).toMatchObject({ origin: null, destination: 'LAS' });
  });

  it('defaults the inbound date to today at the destination', async () => {
    const body = (await get('/api/flights/inbound?destination=LAS')).json();
    expect(body.search_parameters.date).toBe('2026-04-01');
  });

  // The query schema states what a value must look like (VALIDATION_FAILED); the search checks what needs data
  // (BAD_REQUEST). Both answer with the documented text.
  it.each([
    ['/api/flights/search?date=2026-04-02', SEARCH_MESSAGES.originRequired, 'VALIDATION_FAILED'],
    ['/api/flights/search?origin=%20%20&date=2026-04-02', SEARCH_MESSAGES.originRequired, 'VALIDATION_FAILED'],
    ['/api/flights/search?origin=,%20,&date=2026-04-02', SEARCH_MESSAGES.originRequired, 'VALIDATION_FAILED'],
    ['/api/flights/search?origin=DEN', SEARCH_MESSAGES.dateRequired, 'VALIDATION_FAILED'],
    ['/api/flights/search?origin=DEN&date=%20', SEARCH_MESSAGES.dateRequired, 'VALIDATION_FAILED'],
    ['/api/flights/single?origin=DEN&date=2026-04-02', SEARCH_MESSAGES.destinationRequired, 'VALIDATION_FAILED'],
    ['/api/flights/inbound?date=2026-04-02', SEARCH_MESSAGES.destinationRequired, 'VALIDATION_FAILED'],
    ['/api/flights/search?origin=XYZ&date=2026-04-02', 'Unknown airport code: XYZ', 'BAD_REQUEST'],
    ['/api/flights/search?origin=city:atlantis&date=2026-04-02', 'Unknown city: CITY:ATLANTIS', 'BAD_REQUEST'],
    ['/api/flights/search?origin=DEN&date=2026-13-01', SEARCH_MESSAGES.dateInvalid, 'BAD_REQUEST'],
    ['/api/flights/search?origin=DEN&date=04/02/2026', SEARCH_MESSAGES.dateInvalid, 'VALIDATION_FAILED'],
    ['/api/flights/search?origin=DEN&date=2026-03-31', SEARCH_MESSAGES.datePast, 'BAD_REQUEST'],
    ['/api/flights/search?origin=DEN&date=2027-04-02', SEARCH_MESSAGES.dateTooFar, 'BAD_REQUEST'],
    ['/api/flights/single?origin=DEN&destination=den&date=2026-04-02', SEARCH_MESSAGES.sameOriginDestination, 'BAD_REQUEST'],
  ])('answers %s with a 400: %s', async (url, message, code) => {
    const cancelledBefore = gate.cancelled();
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, error: message, code });
    // The gate's reservation is given back: bad input does not cost a search.
    expect(gate.cancelled()).toBe(cancelledBefore + 1);
  });

  it('searches up to a year ahead: the last day of the window is answered, the next one refused', async () => {
    // Today in Denver is 2026-04-01; SEARCH_MAX_DAYS_AHEAD (365) days later is the last date a search may ask for.
    const last = addDays('2026-04-01', SEARCH_MAX_DAYS_AHEAD);
    const ok = await get(`/api/flights/single?origin=DEN&destination=MCO&date=${last}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().search_parameters).toMatchObject({ origin: 'DEN', destination: 'MCO', date: last });
    const beyond = await get(`/api/flights/single?origin=DEN&destination=MCO&date=${addDays(last, 1)}`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe(SEARCH_MESSAGES.dateTooFar);
  });

  it('checks the caller before the query: a visitor with a malformed query hears 401', async () => {
    const { app: guarded } = await buildTestApp({ deps: { clock } });
    try {
      for (const url of ['/api/flights/search?max_workers=abc', '/api/flights/inbound', '/api/flights/single?origin=DEN&origin=LAS']) {
        const res = await guarded.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().message).toBe(SEARCH_MESSAGES.loginRequired);
      }
    } finally {
      await guarded.close();
    }
  });

  it('states the query rules in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    const params = (path: string) =>
      Object.fromEntries(
        (doc.paths[path].get.parameters as { name: string; required?: boolean; schema: { pattern?: string } }[]).map((p) => [p.name, p]),
      );
    const search = params('/api/flights/search');
    expect(search.origin).toMatchObject({ required: true, schema: { pattern: expect.any(String) } });
    expect(search.date).toMatchObject({ required: true, schema: { pattern: '^\\d{4}-\\d{2}-\\d{2}$' } });
    expect(search.destination?.required).toBeFalsy();
    expect(params('/api/flights/single').destination).toMatchObject({ required: true });
    const inbound = params('/api/flights/inbound');
    expect(inbound.destination).toMatchObject({ required: true });
    expect(inbound.date?.required).toBeFalsy();
  });

  it('accepts today at a western origin while it is already tomorrow in UTC', async () => {
    clock.set(new Date('2026-04-02T05:00:00Z')); // 23:00 on Apr 1 in Denver
    try {
      expect((await get('/api/flights/search?origin=DEN&destination=LAS&date=2026-04-01')).statusCode).toBe(200);
      expect((await get('/api/flights/search?origin=MCO&destination=LAS&date=2026-04-01')).statusCode).toBe(400);
    } finally {
      clock.set(NOW);
    }
  });

  it('streams NDJSON: start, one event per destination as it completes, then the summary', async () => {
    const res = await get(`/api/flights/search/stream?origin=DEN&date=${TOMORROW}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => searchStreamEventSchema.parse(JSON.parse(line)));
    const [start, ...rest] = events;
    const summary = rest.pop();
    // The start says what the summary says at the end: demo data, so a link's early view can label it at once.
    expect(start).toMatchObject({ type: 'start', total: deps.reference.destinationsFrom('DEN').length, demo: true });
    expect(rest.every((e) => e.type === 'destination')).toBe(true);
    expect(rest.map((e) => (e.type === 'destination' ? e.done : 0))).toEqual(rest.map((_, i) => i + 1));
    expect(summary).toMatchObject({ type: 'summary', demo: true });
    const withFlights = rest.filter((e) => e.type === 'destination' && e.flights.length > 0).length;
    expect(summary?.type === 'summary' && summary.summary.total_destinations).toBe(withFlights);
  });

  it('streams inbound searches too', async () => {
    const res = await get(`/api/flights/inbound/stream?destination=LAS&date=${TOMORROW}`);
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => searchStreamEventSchema.parse(JSON.parse(line)));
    expect(events[0]).toMatchObject({ type: 'start', search_parameters: { origin: 'Inbound to LAS' } });
    expect(events.at(-1)).toMatchObject({ type: 'summary' });
  });

  it('exposes the engine metrics on /metrics', async () => {
    const text = (await get('/metrics')).body;
    expect(text).toMatch(/flight_upstream_requests_total\{outcome="ok"\} \d+/);
    expect(text).toMatch(/flight_cache_hits_total \d+/);
    expect(text).toMatch(/flight_search_duration_seconds_bucket\{le="[^"]+",kind="search",result="complete"\}/);
    expect(text).toContain('flight_breaker_state 0');
  });
});

describe('seat counts are for premium callers only', () => {
  it('strips available_seats from every fare for a free caller', async () => {
    const free = fixedCallerGate({ isPremium: false });
    const { app } = await buildTestApp({ deps: { clock: manualClock(NOW), searchGate: free.gate } });
    try {
      const body = (await app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN&date=${TOMORROW}` })).json();
      const fares = allFares(body.flights);
      expect(fares.length).toBeGreaterThan(100);
      // A GoWild fare keeps its kind (decision 176): it is not a seat count.
      for (const f of fares) expect(Object.keys(f ?? {}).filter((k) => k !== 'fare_type')).toEqual(['total']);
      const stream = (await app.inject({ method: 'GET', url: `/api/flights/search/stream?origin=DEN&date=${TOMORROW}` })).body;
      expect(stream).not.toContain('available_seats');
    } finally {
      await app.close();
    }
  });
});

describe('partial and failed searches (fake airline)', () => {
  const network = [
    { origin: 'DEN', destination: 'LAS' },
    { origin: 'DEN', destination: 'MCO' },
    { origin: 'DEN', destination: 'ATL' },
  ];
  const reference = {
    routes: () => network,
    isBlackout: () => false,
    destinationsFrom: (o: string) => network.filter((r) => r.origin === o).map((r) => r.destination),
    originsTo: (d: string) => network.filter((r) => r.destination === d).map((r) => r.origin),
  };
  const flightTo = (q: FlightQuery, price: number): Flight =>
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
      fares: { go_wild: null, standard: { total: price, available_seats: 3 }, discount_den: null },
      booking_links: { go_wild: null, standard: 'https://booking.flyfrontier.com/x', discount_den: null },
      lowest_go_wild_price: null,
      lowest_price: price,
      flightHash: `h${price}`,
    }) as Flight;

  // One app for the whole block; each test sets what the airline answers and asks for its own date (no cache carry-over).
  let answer: (q: FlightQuery) => FlightFetchResult = () => ({ kind: 'flights', flights: [] });
  const clock = manualClock(NOW);
  let gate = recordingGate();
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    const provider: FlightProvider = { name: 'fake', demo: false, fetchFlights: async (q) => answer(q) };
    const flights = await createFlightsEngine({
      config: testConfig({ UPSTREAM_RETRIES: '0' }),
      clock,
      metrics: new Registry(),
      reference,
      provider,
    });
    ({ app } = await buildTestApp({ deps: { clock, flights, searchGate: { admit: (req, kind) => gate.gate.admit(req, kind) } } }));
  });
  afterAll(async () => {
    await app.close();
  });
  const search = (date: string, path = 'search') => app.inject({ method: 'GET', url: `/api/flights/${path}?origin=DEN&date=${date}` });

  it('returns what it could, flagged partial, naming the destinations that failed', async () => {
    gate = recordingGate();
    answer = (q) =>
      q.destination === 'MCO'
        ? { kind: 'blocked', status: 403, reason: 'perimeterx' }
        : { kind: 'flights', flights: [flightTo(q, 120), flightTo(q, 80)] };
    const body = (await search('2026-04-03')).json();
    expect(body.partial).toBe(true);
    expect(body.failed).toEqual(['MCO']);
    expect(Object.keys(body.flights).sort()).toEqual(['ATL', 'LAS']);
    expect(body.flights.LAS.map((f: Flight) => f.lowest_price)).toEqual([80, 120]);
    expect(body.demo).toBe(false);
    expect(gate.settled).toMatchObject([{ end: 'partial', destinations: 3, checked: 3, failed: 1, resultsFound: 2, charged: true }]);
  });

  it('leaves out destinations without flights and does not count them as failed', async () => {
    answer = (q) => ({ kind: 'flights', flights: q.destination === 'ATL' ? [] : [flightTo(q, 99)] });
    const body = (await search('2026-04-04')).json();
    expect(Object.keys(body.flights).sort()).toEqual(['LAS', 'MCO']);
    expect(body.partial).toBeUndefined();
    expect(body.summary.total_destinations).toBe(2);
  });

  it('answers 503, logs the search as failed and does not charge it when every airline query failed', async () => {
    gate = recordingGate();
    answer = () => ({ kind: 'server-error', status: 503 });
    const res = await search('2026-04-05');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: SEARCH_MESSAGES.upstreamUnavailable, code: 'UPSTREAM_FAILED' });
    expect(gate.settled).toMatchObject([{ end: 'failed', checked: 3, failed: 3, resultsFound: 0, charged: false }]);
    const stream = await search('2026-04-05', 'search/stream');
    const last = JSON.parse(stream.body.trim().split('\n').at(-1) ?? '{}');
    expect(last).toMatchObject({ type: 'error', status: 503, code: 'UPSTREAM_FAILED' });
    expect(gate.settled).toHaveLength(2);
    expect(gate.settled[1]).toMatchObject({ end: 'failed', charged: false });
    expect(gate.cancelled()).toBe(0);
  });

  it('serves the last good answer with its age when the airline fails after the fresh time', async () => {
    answer = (q) => ({ kind: 'flights', flights: [flightTo(q, 50)] });
    await search('2026-04-06');
    answer = () => ({ kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 60_000 });
    clock.advance(15 * 60_000);
    const body = (await search('2026-04-06')).json();
    expect(body.stale).toEqual({ ATL: 900, LAS: 900, MCO: 900 });
    expect(body.partial).toBeUndefined();
    expect(Object.keys(body.flights)).toHaveLength(3);
  });
});

describe('a client that leaves', () => {
  it('stops asking the airline and gives the search back', async () => {
    const gate = recordingGate();
    const { app, deps } = await buildTestApp({
      env: { EMULATOR_LATENCY_MS: '150' },
      deps: { clock: manualClock(NOW), searchGate: gate.gate },
    });
    try {
      const address = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
      // node:http rather than fetch, to close the connection for certain when leaving.
      const first = await new Promise<string>((resolve, reject) => {
        const req = request(
          { host: address.hostname, port: address.port, path: `/api/flights/search/stream?origin=DEN&date=${TOMORROW}&max_workers=2` },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve(chunk.toString());
              req.destroy();
            });
          },
        );
        req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
        req.end();
      });
      expect(first).toContain('"type":"start"');
      // The route settles the search as soon as it sees the client gone: wait for that, not for a fixed time.
      await vi.waitFor(() => expect(gate.settled).toHaveLength(1), { timeout: 10_000, interval: 20 });
      expect(gate.settled).toMatchObject([{ end: 'abandoned', charged: false }]);
      // Two workers, a few rounds of 150 ms at most before the abort was seen: far fewer than the 70 destinations.
      expect(deps.flights.emulator?.stats.internalSelect).toBeLessThan(12);
    } finally {
      await app.close();
    }
  });
});
