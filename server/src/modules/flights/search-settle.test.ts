import { request } from 'node:http';
import { type Flight, SEARCH_MESSAGES, type SearchStreamEvent } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { buildTestApp } from '../../test/build-test-app';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import { fixedCallerGate } from '../../test/search-gates';
import { searchCounts } from '../accounts/accounts.module';
import { createFlightsEngine } from './flights.module';

/**
 * When a search counts (docs/product/accounts-and-plans.md#when-a-search-counts; decisions 055, 056) and what a
 * shutdown does to the searches in flight (decision 057), through the flight routes, on a fake airline that answers,
 * fails or hangs per destination.
 */

// 06:00 in Denver; every test searches its own date, so neither the cache nor coalescing carries over.
const NOW = new Date('2026-04-01T12:00:00Z');
const DESTINATIONS = ['LAS', 'MCO', 'ATL', 'PHX', 'SEA', 'MIA', 'BOS'];
const network = DESTINATIONS.map((destination) => ({ origin: 'DEN', destination }));
const reference = {
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
    flightHash: `h${q.destination}${price}`,
  }) as Flight;

type Answer = FlightFetchResult | 'hang';
const flights = (q: FlightQuery): Answer => ({ kind: 'flights', flights: [flightTo(q, 80), flightTo(q, 120)] });
const serverError: Answer = { kind: 'server-error', status: 503 };

/** A fake airline: `answer` says per query what it does; a hanging query waits until its request is aborted. */
function fakeAirline() {
  const state = {
    answer: (_q: FlightQuery): Answer => 'hang',
    calls: [] as { query: FlightQuery; signal: AbortSignal }[],
  };
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: (query, signal) => {
      state.calls.push({ query, signal });
      const a = state.answer(query);
      if (a !== 'hang') return Promise.resolve(a);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    },
  };
  return { state, provider };
}

/** The engine on the fake airline, aborted by `shutdown` as the composition root does. No retries, no time-out in a test's life. */
async function engineOn(provider: FlightProvider, shutdown: AbortController) {
  return createFlightsEngine({
    config: testConfig({ UPSTREAM_RETRIES: '0', UPSTREAM_TIMEOUT_MS: '600000' }),
    clock: manualClock(NOW),
    metrics: new Registry(),
    reference,
    provider,
    stopping: shutdown.signal,
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A GET over a real connection that the test can drop, reading NDJSON events as they come. */
function openRequest(base: URL, path: string, headers: Record<string, string>) {
  const events: SearchStreamEvent[] = [];
  let buffer = '';
  const req = request({ host: base.hostname, port: base.port, path, headers }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        events.push(JSON.parse(buffer.slice(0, i)) as SearchStreamEvent);
        buffer = buffer.slice(i + 1);
      }
    });
  });
  req.on('error', () => {});
  req.end();
  return { events, leave: () => req.destroy() };
}

describe('a free user who leaves a search', () => {
  const airline = fakeAirline();
  const shutdown = new AbortController();
  let app: Awaited<ReturnType<typeof buildAccountsTestApp>>['app'];
  let deps: AppDeps;
  let base: URL;
  beforeAll(async () => {
    ({ app, deps } = await buildAccountsTestApp({
      deps: { clock: manualClock(NOW), flights: await engineOn(airline.provider, shutdown), shutdown },
    }));
    base = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });

  const remaining = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).json().searches_remaining as number;
  const logsOf = async (userId: string) => (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === userId);
  const callsFor = (date: string) => airline.state.calls.filter((c) => c.query.date === date).length;

  it('pays for a streamed search left after several destinations with flights, logged as abandoned', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    // Three destinations answer at once; the other four hang, so the search cannot end before the client leaves.
    airline.state.answer = (q) => (['LAS', 'MCO', 'ATL'].includes(q.destination) ? flights(q) : 'hang');
    const stream = openRequest(base, '/api/flights/search/stream?origin=DEN&date=2026-04-02', headers);
    await until(() => stream.events.filter((e) => e.type === 'destination').length === 3, 'three destination events');
    stream.leave();
    await until(async () => (await logsOf(user!.id)).length === 1, 'the search log line');

    expect(await remaining(headers)).toBe(2);
    expect(await logsOf(user!.id)).toMatchObject([
      {
        outcome: 'abandoned',
        charged: true,
        destinationsTotal: 7,
        destinationsChecked: 3,
        destinationsFailed: 0,
        resultsFound: 3,
        totalFlights: 6,
      },
    ]);
  });

  it('gets a streamed search back when it leaves before any destination, and the search is still logged', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    airline.state.answer = () => 'hang';
    const stream = openRequest(base, '/api/flights/search/stream?origin=DEN&date=2026-04-03', headers);
    await until(() => stream.events.length === 1 && callsFor('2026-04-03') === 7, 'the start event and every airline query');
    stream.leave();
    await until(async () => (await logsOf(user!.id)).length === 1, 'the search log line');

    expect(await remaining(headers)).toBe(3);
    expect(await logsOf(user!.id)).toMatchObject([
      { outcome: 'abandoned', charged: false, destinationsTotal: 7, destinationsChecked: 0, resultsFound: 0, totalFlights: 0 },
    ]);
  });

  it('gets a JSON search back when it leaves before the answer, and the search is still logged', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    airline.state.answer = (q) => (q.destination === 'LAS' ? flights(q) : 'hang');
    const json = openRequest(base, '/api/flights/search?origin=DEN&date=2026-04-04', headers);
    await until(() => callsFor('2026-04-04') === 7, 'every airline query');
    json.leave();
    await until(async () => (await logsOf(user!.id)).length === 1, 'the search log line');

    expect(await remaining(headers)).toBe(3);
    expect(await logsOf(user!.id)).toMatchObject([{ outcome: 'abandoned', charged: false, destinationsChecked: 0, resultsFound: 0 }]);
  });
});

describe('a free user whose search is mostly failures', () => {
  const airline = fakeAirline();
  const shutdown = new AbortController();
  let app: Awaited<ReturnType<typeof buildAccountsTestApp>>['app'];
  let deps: AppDeps;
  beforeAll(async () => {
    ({ app, deps } = await buildAccountsTestApp({
      deps: { clock: manualClock(NOW), flights: await engineOn(airline.provider, shutdown), shutdown },
    }));
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });

  const remaining = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).json().searches_remaining as number;
  const logsOf = async (userId: string) => (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === userId);
  /** LAS answers; `failing` destinations fail (the airline's 503); the rest answer too. */
  const failing = (codes: string[]) => (q: FlightQuery) => (codes.includes(q.destination) ? serverError : flights(q));

  it('is answered, flagged partial, and not charged when 6 of 7 destinations failed (JSON)', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    airline.state.answer = failing(DESTINATIONS.filter((c) => c !== 'LAS'));
    const res = await app.inject({ method: 'GET', url: '/api/flights/search?origin=DEN&date=2026-04-05', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.partial).toBe(true);
    expect(body.failed).toHaveLength(6);
    expect(Object.keys(body.flights)).toEqual(['LAS']);

    expect(await remaining(headers)).toBe(3);
    expect(await logsOf(user!.id)).toMatchObject([
      { outcome: 'partial', charged: false, destinationsTotal: 7, destinationsChecked: 7, destinationsFailed: 6, resultsFound: 1 },
    ]);
  });

  it('is not charged on the stream either, which ends with its partial summary', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    airline.state.answer = failing(['MCO', 'ATL', 'PHX', 'SEA']);
    const res = await app.inject({ method: 'GET', url: '/api/flights/search/stream?origin=DEN&date=2026-04-06', headers });
    const last = JSON.parse(res.body.trim().split('\n').at(-1) ?? '{}');
    expect(last).toMatchObject({ type: 'summary', partial: true });
    expect(last.failed).toHaveLength(4);

    expect(await remaining(headers)).toBe(3);
    expect(await logsOf(user!.id)).toMatchObject([{ outcome: 'partial', charged: false, destinationsFailed: 4 }]);
  });

  it('is charged when no more than half failed', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    airline.state.answer = failing(['MCO', 'ATL', 'PHX']);
    const res = await app.inject({ method: 'GET', url: '/api/flights/search?origin=DEN&date=2026-04-07', headers });
    expect(res.json().failed).toHaveLength(3);

    expect(await remaining(headers)).toBe(2);
    expect(await logsOf(user!.id)).toMatchObject([{ outcome: 'partial', charged: true, destinationsFailed: 3 }]);
  });

  it('is not charged, and logged as failed, when every destination failed', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    airline.state.answer = () => serverError;
    const res = await app.inject({ method: 'GET', url: '/api/flights/search?origin=DEN&date=2026-04-08', headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UPSTREAM_FAILED' });

    expect(await remaining(headers)).toBe(3);
    expect(await logsOf(user!.id)).toMatchObject([{ outcome: 'failed', charged: false, destinationsFailed: 7, resultsFound: 0 }]);
  });
});

describe('the app closing with searches in flight', () => {
  it('ends each stream with the restart event, answers JSON 503, aborts the airline requests, and settles by what was sent', async () => {
    const airline = fakeAirline();
    const shutdown = new AbortController();
    const gate = fixedCallerGate({ isPremium: false });
    const { app } = await buildTestApp({
      deps: { clock: manualClock(NOW), flights: await engineOn(airline.provider, shutdown), searchGate: gate.gate, shutdown },
    });
    let closed = false;
    try {
      // LAS and MCO answer on the first date; everything else hangs, as an airline that stopped answering.
      airline.state.answer = (q) => (q.date === '2026-04-02' && ['LAS', 'MCO'].includes(q.destination) ? flights(q) : 'hang');
      const delivered = app.inject({ method: 'GET', url: '/api/flights/search/stream?origin=DEN&date=2026-04-02' });
      const nothing = app.inject({ method: 'GET', url: '/api/flights/search/stream?origin=DEN&date=2026-04-03' });
      const json = app.inject({ method: 'GET', url: '/api/flights/search?origin=DEN&date=2026-04-04' });
      await until(() => airline.state.calls.length === 21, 'every airline query of the three searches');

      await app.close();
      closed = true;

      const restart = {
        type: 'error',
        status: 503,
        code: 'SERVER_RESTARTING',
        message: SEARCH_MESSAGES.serverRestarting,
        error: SEARCH_MESSAGES.serverRestarting,
      };
      const lines = (await delivered).body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as SearchStreamEvent);
      expect(lines.map((e) => e.type)).toEqual(['start', 'destination', 'destination', 'error']);
      expect(lines.at(-1)).toEqual(restart);
      const empty = (await nothing).body.trim().split('\n');
      expect(empty).toHaveLength(2);
      expect(JSON.parse(empty[1]!)).toEqual(restart);
      const res = await json;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVER_RESTARTING', message: SEARCH_MESSAGES.serverRestarting });

      // Every airline request that was waiting was aborted.
      const hanging = airline.state.calls.filter((c) => !(c.query.date === '2026-04-02' && ['LAS', 'MCO'].includes(c.query.destination)));
      expect(hanging).toHaveLength(19);
      for (const c of hanging) expect(c.signal.aborted).toBe(true);

      // Settled before the app finished closing: the stream that delivered flights counts, the other two do not.
      expect(gate.cancelled()).toBe(0);
      const byDate = Object.fromEntries(gate.outcomes.map((o) => [o.date, o]));
      expect(byDate['2026-04-02']).toMatchObject({ end: 'interrupted', checked: 2, resultsFound: 2, totalFlights: 4 });
      expect(byDate['2026-04-03']).toMatchObject({ end: 'interrupted', checked: 0, resultsFound: 0 });
      expect(byDate['2026-04-04']).toMatchObject({ end: 'interrupted', checked: 0, resultsFound: 0 });
      expect(searchCounts(byDate['2026-04-02']!)).toBe(true);
      expect(searchCounts(byDate['2026-04-03']!)).toBe(false);
      expect(searchCounts(byDate['2026-04-04']!)).toBe(false);
    } finally {
      if (!closed) await app.close();
    }
  }, 90_000);
});
