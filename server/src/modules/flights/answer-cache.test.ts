import type { Flight } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { buildTestApp } from '../../test/build-test-app';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import type { Caller, SearchGate, SearchOutcome } from '../accounts/accounts.module';
import { createAnswerCache } from './answer-cache';
import type { SearchPlan } from './flight-search.plan';
import type { SearchRun } from './flight-search.service';
import { createFlightsEngine } from './flights.module';

const NOW = new Date('2026-04-01T12:00:00Z');
const FRESH_SECONDS = 60;
/** A loaded CI machine can take a while to start an app. */
const BUILD_TIMEOUT = 90_000;

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
    fares: { go_wild: { total: price - 20, available_seats: 2 }, standard: { total: price, available_seats: 3 }, discount_den: null },
    booking_links: { go_wild: null, standard: 'https://booking.flyfrontier.com/x', discount_den: null },
    lowest_go_wild_price: price - 20,
    lowest_price: price - 20,
    flightHash: `h${q.destination}${price}`,
  }) as Flight;

const premium: Caller = { userId: 'p1', email: 'p1@example.com', isPremium: true, isAdmin: false };
const free: Caller = { userId: 'f1', email: 'f1@example.com', isPremium: false, isAdmin: false };

describe('the answer cache on the search routes (fake airline)', () => {
  const clock = manualClock(NOW);
  const registry = new Registry();
  let caller = premium;
  const completed: SearchOutcome[] = [];
  let cancelled = 0;
  const gate: SearchGate = {
    admit: async () => ({
      caller,
      settle: async (o) => {
        completed.push(o);
        return { charged: true };
      },
      cancel: async () => void cancelled++,
    }),
  };
  const asked: FlightQuery[] = [];
  let answer: (q: FlightQuery) => FlightFetchResult = (q) => ({ kind: 'flights', flights: [flightTo(q, 120)] });
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: async (q) => {
        asked.push(q);
        return answer(q);
      },
    };
    const flights = createFlightsEngine({
      config: testConfig({ UPSTREAM_RETRIES: '0', FLIGHT_CACHE_TTL_SECONDS: String(FRESH_SECONDS) }),
      clock,
      metrics: registry,
      reference,
      provider,
    });
    ({ app } = await buildTestApp({ deps: { clock, flights, searchGate: gate } }));
  }, BUILD_TIMEOUT);
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    caller = premium;
    answer = (q) => ({ kind: 'flights', flights: [flightTo(q, 120)] });
  });
  const search = (query: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN&${query}`, headers });
  const timestampOf = (body: string) => (JSON.parse(body) as { summary: { search_timestamp: string } }).summary.search_timestamp;
  const hits = async () => (await registry.getSingleMetricAsString('flight_answer_cache_total')).match(/result="hit"} (\d+)/)?.[1] ?? '0';

  it('serves the same search again from the kept answer: the same bytes and timestamp, the gate settled each time', async () => {
    const first = await search('date=2026-04-02');
    expect(first.statusCode).toBe(200);
    const askedBefore = asked.length;
    const completedBefore = completed.length;
    const hitsBefore = Number(await hits());
    clock.advance(5_000);
    const again = await search('date=2026-04-02');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(timestampOf(again.body)).toBe(timestampOf(first.body));
    expect(asked.length).toBe(askedBefore);
    expect(Number(await hits())).toBe(hitsBefore + 1);
    // The quota and the search log still see every request: the ticket is completed with the same outcome.
    expect(completed.slice(completedBefore)).toEqual([completed[completedBefore - 1]]);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('never hands a premium answer to a free caller: seat counts stay with premium', async () => {
    const paid = await search('date=2026-04-03');
    expect(paid.body).toContain('available_seats');
    caller = free;
    const unpaid = await search('date=2026-04-03');
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.body).not.toContain('available_seats');
    expect(unpaid.headers.etag).not.toBe(paid.headers.etag);
    // The free view is kept too, for free callers only.
    clock.advance(1_000);
    const unpaidAgain = await search('date=2026-04-03');
    expect(unpaidAgain.headers.etag).toBe(unpaid.headers.etag);
    caller = premium;
    expect((await search('date=2026-04-03')).headers.etag).toBe(paid.headers.etag);
  });

  it('keys on the whole query: another date or max_workers is another answer', async () => {
    const base = await search('date=2026-04-04');
    clock.advance(1_000);
    const workers = await search('date=2026-04-04&max_workers=2');
    expect(JSON.parse(workers.body).search_parameters.max_workers).toBe(2);
    expect(timestampOf(workers.body)).not.toBe(timestampOf(base.body));
    const otherDay = await search('date=2026-04-05');
    expect(JSON.parse(otherDay.body).search_parameters.date).toBe('2026-04-05');
    expect(timestampOf(otherDay.body)).not.toBe(timestampOf(base.body));
  });

  it('expires when the flight cache stops being fresh, and never later than its oldest airline answer', async () => {
    const first = await search('date=2026-04-06');
    clock.advance((FRESH_SECONDS - 2) * 1000);
    expect((await search('date=2026-04-06')).headers.etag).toBe(first.headers.etag);
    clock.advance(2_000);
    const refreshed = await search('date=2026-04-06');
    expect(timestampOf(refreshed.body)).not.toBe(timestampOf(first.body));
    expect(refreshed.headers.etag).not.toBe(first.headers.etag);

    // ATL's airline answer is 30 s old when the whole search is assembled: the answer goes when ATL's does.
    await app.inject({ method: 'GET', url: '/api/flights/single?origin=DEN&destination=ATL&date=2026-04-07' });
    clock.advance(30_000);
    const mixed = await search('date=2026-04-07');
    clock.advance((FRESH_SECONDS - 32) * 1000);
    expect((await search('date=2026-04-07')).headers.etag).toBe(mixed.headers.etag);
    clock.advance(1_000);
    expect(timestampOf((await search('date=2026-04-07')).body)).not.toBe(timestampOf(mixed.body));
  });

  it('keeps only whole answers: a partial one is assembled again', async () => {
    answer = (q) => (q.destination === 'MCO' ? { kind: 'server-error', status: 503 } : { kind: 'flights', flights: [flightTo(q, 99)] });
    const partial = await search('date=2026-04-08');
    expect(JSON.parse(partial.body).partial).toBe(true);
    const askedBefore = asked.length;
    clock.advance(1_000);
    const again = await search('date=2026-04-08');
    expect(asked.slice(askedBefore).map((q) => q.destination)).toEqual(['MCO']);
    expect(timestampOf(again.body)).not.toBe(timestampOf(partial.body));
  });

  it('answers 304 to If-None-Match with the current ETag, and the search still counts', async () => {
    const first = await search('date=2026-04-09');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const before = completed.length;
    const notModified = await search('date=2026-04-09', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(completed.length).toBe(before + 1);
    expect((await search('date=2026-04-09', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    const changed = await search('date=2026-04-09', { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
    expect(cancelled).toBe(0);
  });
});

describe('the answer cache behind the real search gate (emulator)', () => {
  it(
    'still counts each distinct cached search against the free quota, lets a repeat through free, and logs them all off the request path',
    async () => {
      const { app, deps } = await buildAccountsTestApp({
        env: { FREE_SEARCHES_PER_DAY: '3', SEARCH_LOG_FLUSH_MS: '60000' },
        deps: { clock: manualClock(NOW) },
      });
      try {
        const { headers, user } = await signInAs(app, deps, 'free');
        const url = (date: string) => `/api/flights/search?origin=DEN&date=${date}`;
        const first = await app.inject({ method: 'GET', url: url('2026-04-02'), headers });
        expect(first.statusCode).toBe(200);
        expect(first.body).not.toContain('available_seats');
        // The same search again comes from the answer cache and, paid for today, costs nothing (decision 100).
        const repeat = await app.inject({ method: 'GET', url: url('2026-04-02'), headers });
        expect(repeat.headers.etag).toBe(first.headers.etag);
        const notModified = await app.inject({
          method: 'GET',
          url: url('2026-04-02'),
          headers: { ...headers, 'if-none-match': first.headers.etag as string },
        });
        expect(notModified.statusCode).toBe(304);
        expect((await app.inject({ method: 'GET', url: url('2026-04-03'), headers })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: url('2026-04-04'), headers })).statusCode).toBe(200);
        const refused = await app.inject({ method: 'GET', url: url('2026-04-05'), headers });
        expect(refused.statusCode).toBe(429);
        const usage = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
        expect(usage.json()).toMatchObject({ search_limit: 3, searches_remaining: 0 });

        const logged = async () => (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === user!.id);
        // Queued, not yet written: the answers did not wait for the search log.
        expect(await logged()).toHaveLength(0);
        const queued = deps.searchLog.pending();
        expect(queued).toBeGreaterThanOrEqual(4);
        // Graceful shutdown writes them (the accounts module's close runs before the database closes).
        await deps.modules.find((m) => m.name === 'accounts')!.close!();
        const rows = await logged();
        expect(rows).toHaveLength(queued);
        expect(rows.every((r) => r.originAirport === 'DEN' && r.searchType === 'search')).toBe(true);
        // Exactly the three distinct searches were charged; the repeats were not.
        expect(
          rows
            .filter((r) => r.charged)
            .map((r) => r.searchDate)
            .sort(),
        ).toEqual(['2026-04-02', '2026-04-03', '2026-04-04']);
      } finally {
        await app.close();
      }
    },
    BUILD_TIMEOUT,
  );
});

describe('createAnswerCache', () => {
  const plan = (date: string): SearchPlan => ({
    kind: 'search',
    direction: 'outbound',
    queries: [],
    codes: ['LAS'],
    search_parameters: { origin: 'DEN', origin_airports: ['DEN'], destination: null, date, max_workers: 50 },
  });
  const run = (over: Partial<SearchRun> = {}, response: Partial<SearchRun['response']> = {}): SearchRun => ({
    response: {
      flights: {},
      search_parameters: plan('2026-04-02').search_parameters,
      summary: { total_destinations: 0, total_flights: 0, search_timestamp: NOW.toISOString() },
      demo: false,
      ...response,
    },
    allFailed: false,
    cutShort: false,
    resultsFound: 0,
    totalFlights: 0,
    startedAt: NOW.getTime(),
    oldestAgeSeconds: 0,
    ...over,
  });

  it('keeps an answer for the fresh time less its oldest airline answer, and only whole ones', () => {
    const clock = manualClock(NOW);
    const cache = createAnswerCache({ clock, freshSeconds: 600, maxBytes: 1 << 20, metrics: new Registry() });
    const kept = cache.keep(plan('2026-04-02'), premium, run({ oldestAgeSeconds: 100 }), '{"a":1}');
    // 600 s fresh, less 100 s of age, less one second for the rounding of ages.
    expect(kept.expiresAt).toBe(NOW.getTime() + 499_000);
    expect(cache.lookup(plan('2026-04-02'), premium)).toBe(kept);
    expect(cache.lookup(plan('2026-04-02'), free)).toBeUndefined();
    clock.advance(498_999);
    expect(cache.lookup(plan('2026-04-02'), premium)).toBe(kept);
    clock.advance(1);
    expect(cache.lookup(plan('2026-04-02'), premium)).toBeUndefined();

    for (const [i, r] of [
      run({}, { partial: true, failed: ['LAS'] }),
      run({}, { stale: { LAS: 700 } }),
      run({ allFailed: true }),
      run({ oldestAgeSeconds: -1 }),
      run({ oldestAgeSeconds: 599, startedAt: clock.now().getTime() }),
    ].entries()) {
      const date = `2026-05-0${i + 1}`;
      cache.keep(plan(date), premium, r, '{}');
      expect(cache.lookup(plan(date), premium)).toBeUndefined();
    }
  });

  it('keeps nothing when the flight cache keeps nothing fresh, or when switched off', () => {
    for (const opts of [
      { freshSeconds: 0, maxBytes: 1 << 20 },
      { freshSeconds: 600, maxBytes: 0 },
    ]) {
      const cache = createAnswerCache({ clock: manualClock(NOW), metrics: new Registry(), ...opts });
      cache.keep(plan('2026-04-02'), premium, run(), '{}');
      expect(cache.lookup(plan('2026-04-02'), premium)).toBeUndefined();
    }
  });
});
