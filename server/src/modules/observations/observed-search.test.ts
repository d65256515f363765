import { addDays, todayUtc } from '@gowild/contract/dates';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { manualClock } from '../../lib/clock';
import type { FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { testFlight } from '../../test/alerts';
import { createTestDatabase } from '../../test/database';
import { createFlightsEngine, createMemoryFlightCache } from '../flights/flights.module';
import { createObservationStore } from './observation-store';
import { observationMetrics } from './observations.metrics';
import { createObservationsRepository } from './observations.repository';
import { createObservationsService } from './observations.service';

/**
 * Decision 181: a search whose every (route, date) was kept within the flight cache's fresh time asks the airline
 * nothing, even in another process (its own empty flight cache) than the one that fetched it.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 90_000);
afterAll(async () => {
  await database.close();
});

/** An airline that counts what it is asked. */
function countingAirline() {
  const asked: FlightQuery[] = [];
  const provider: FlightProvider = {
    name: 'counting',
    demo: true,
    async fetchFlights(q) {
      asked.push(q);
      return { kind: 'flights', flights: [testFlight(q, { go_wild: 29, standard: 99 })] };
    },
  };
  return { provider, asked };
}

/** One API process: its own airline client, flight cache (memory) and metrics, on the shared database. */
function apiProcess(clock: ReturnType<typeof manualClock>, registry = new Registry()) {
  const airline = countingAirline();
  const repository = createObservationsRepository(database.db);
  const store = createObservationStore({ repository, metrics: observationMetrics(registry) });
  const engine = createFlightsEngine({
    config: testConfig({ FLIGHT_CACHE_TTL_SECONDS: '900' }),
    clock,
    metrics: registry,
    reference: { destinationsFrom: (o) => (o === 'DEN' ? ['LAS', 'MCO', 'ATL'] : []), originsTo: () => [] },
    provider: airline.provider,
    observations: store,
    gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
  });
  const metric = async (name: string) => (await registry.getSingleMetric(name)?.get())?.values[0]?.value ?? 0;
  return { airline, store, engine, metric };
}

describe('a search served from kept observations', () => {
  it('makes no airline request while every answer is fresh, says when each was checked, and asks again once stale', async () => {
    const clock = manualClock(new Date());
    const date = addDays(todayUtc(clock.now()), 2);
    const sweeper = apiProcess(clock);
    const plan = sweeper.engine.planOutbound({ origin: 'DEN', date });
    const first = await sweeper.engine.search.run(plan, { isPremium: true });
    expect(sweeper.airline.asked).toHaveLength(3);
    await sweeper.store.flush();
    const fetchedAt = clock.now().toISOString();

    clock.advance(12 * 60_000);
    const api = apiProcess(clock);
    const served = await api.engine.search.run(api.engine.planOutbound({ origin: 'DEN', date }), { isPremium: true });
    expect(api.airline.asked).toEqual([]);
    expect(served.response.flights).toEqual(first.response.flights);
    expect(served.response.checked_at).toEqual({ LAS: fetchedAt, MCO: fetchedAt, ATL: fetchedAt });
    expect(await api.metric('flight_searches_without_airline_total')).toBe(1);
    expect(await api.metric('flight_queries_from_observations_total')).toBe(3);

    // Past the fresh time (15 minutes here), the airline is asked again, and the answer is checked now.
    clock.advance(4 * 60_000);
    const later = apiProcess(clock);
    const again = await later.engine.search.run(later.engine.planOutbound({ origin: 'DEN', date }), { isPremium: true });
    expect(later.airline.asked).toHaveLength(3);
    expect(again.response.checked_at?.LAS).toBe(clock.now().toISOString());
    expect(await later.metric('flight_searches_without_airline_total')).toBe(0);
  });

  it('asks the airline as before when the store cannot be read, and never fails a search for a write fault', async () => {
    const clock = manualClock(new Date());
    const registry = new Registry();
    const metrics = observationMetrics(registry);
    const broken = {
      recordMany: async () => {
        throw new Error('connection refused');
      },
      recordRibbons: async () => {
        throw new Error('connection refused');
      },
      latest: async () => {
        throw new Error('connection refused');
      },
    };
    const store = createObservationStore({ repository: broken, metrics, queueMax: 1 });
    const airline = countingAirline();
    const engine = createFlightsEngine({
      config: testConfig(),
      clock,
      metrics: registry,
      reference: { destinationsFrom: () => ['LAS', 'MCO', 'ATL'], originsTo: () => [] },
      provider: airline.provider,
      observations: store,
      gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
    });
    const run = await engine.search.run(engine.planOutbound({ origin: 'DEN', date: addDays(todayUtc(clock.now()), 1) }), {
      isPremium: false,
    });
    await store.flush();
    expect(run.response.partial).toBeUndefined();
    expect(Object.keys(run.response.flights)).toHaveLength(3);
    expect(airline.asked).toHaveLength(3);
    const dropped = (await registry.getSingleMetric('observations_dropped_total')?.get())?.values ?? [];
    // Every answer lost, and counted: refused by the database, or past the queue's bound.
    expect(dropped.reduce((n, v) => n + v.value, 0)).toBe(3);
    expect(dropped.some((v) => v.labels.reason === 'write_failed')).toBe(true);
    expect((await registry.getSingleMetric('observations_read_failures_total')?.get())?.values[0]?.value).toBe(3);
  });
});

/**
 * An API process on the embedded database (decision 295): its store is the database's only writer since it started,
 * so it looks kept answers up before asking the airline only while one kept before its start may still be fresh, or
 * after its flight cache let an entry go. Its own answers are in its cache already.
 */
function embeddedProcess(clock: ReturnType<typeof manualClock>, opts: { failing?: boolean; cacheEntries?: number } = {}) {
  const registry = new Registry();
  const asked: FlightQuery[] = [];
  const lookUps: string[][] = [];
  const provider: FlightProvider = {
    name: 'counting',
    demo: true,
    async fetchFlights(q) {
      asked.push(q);
      if (opts.failing) throw new Error('connect ECONNREFUSED');
      return { kind: 'flights', flights: [testFlight(q, { go_wild: 29, standard: 99 })] };
    },
  };
  const repository = createObservationsRepository(database.db);
  const counted = {
    ...repository,
    latest: (keys: Parameters<typeof repository.latest>[0]) => {
      lookUps.push(keys.map((k) => k.destination));
      return repository.latest(keys);
    },
  };
  const store = createObservationStore({
    repository: counted,
    metrics: observationMetrics(registry),
    soleWriter: { since: clock.now().getTime(), newestBefore: repository.newestCheck().then((d) => d?.getTime()) },
  });
  const engine = createFlightsEngine({
    config: testConfig({ FLIGHT_CACHE_TTL_SECONDS: '900', FLIGHT_CACHE_STALE_SECONDS: '3600', UPSTREAM_RETRIES: '0' }),
    clock,
    metrics: registry,
    reference: { destinationsFrom: (o) => (o === 'SLC' ? ['LAS', 'MCO', 'ATL'] : []), originsTo: () => [] },
    provider,
    observations: store,
    ...(opts.cacheEntries ? { cache: createMemoryFlightCache(opts.cacheEntries, () => clock.now().getTime()) } : {}),
    gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
  });
  const search = async (date: string) => {
    const run = await engine.search.run(engine.planOutbound({ origin: 'SLC', date }), { isPremium: true });
    await store.flush();
    return run;
  };
  return { asked, lookUps, search };
}

describe('on the embedded database, the only writer of its kept answers (decision 295)', () => {
  it('looks kept answers up only while one kept before its start may be fresh; a failing airline still gets one in its place', async () => {
    const clock = manualClock(new Date());
    const [day1, day2, day3] = [addDays(todayUtc(clock.now()), 3), addDays(todayUtc(clock.now()), 4), addDays(todayUtc(clock.now()), 5)];
    const before = embeddedProcess(clock);
    await before.search(day1);
    await before.search(day3);
    expect(before.asked).toHaveLength(6);

    // Restarted a minute later: what the last run kept is still fresh, and serves the search.
    clock.advance(60_000);
    const api = embeddedProcess(clock);
    await api.search(day1);
    expect(api.asked).toEqual([]);
    expect(api.lookUps.flat().sort()).toEqual(['ATL', 'LAS', 'MCO']);

    // Past a fresh time (15 minutes) after the start, nothing kept can be fresh without this process's cache having
    // it: a cold search goes straight to the airline.
    clock.advance(16 * 60_000);
    api.lookUps.length = 0;
    await api.search(day2);
    expect(api.asked.map((q) => q.destination).sort()).toEqual(['ATL', 'LAS', 'MCO']);
    expect(api.lookUps).toEqual([]);

    // The airline fails: the kept answers of the last run (33 minutes old, within the hour kept) stand in, looked up
    // only then.
    const failing = embeddedProcess(clock, { failing: true });
    clock.advance(16 * 60_000);
    const stale = await failing.search(day3);
    expect(failing.asked).toHaveLength(3);
    expect(failing.lookUps.flat().sort()).toEqual(['ATL', 'LAS', 'MCO']);
    expect(Object.keys(stale.response.flights).sort()).toEqual(['ATL', 'LAS', 'MCO']);
    expect(Object.keys(stale.response.stale ?? {}).sort()).toEqual(['ATL', 'LAS', 'MCO']);
  });

  it('looks kept answers up again for a fresh time after its flight cache let an entry go', async () => {
    const clock = manualClock(new Date());
    const date = addDays(todayUtc(clock.now()), 6);
    // A cache of two entries: the third answer of a search pushes one out.
    const api = embeddedProcess(clock, { cacheEntries: 2 });
    clock.advance(16 * 60_000);
    await api.search(date);
    expect(api.asked).toHaveLength(3);
    expect(api.lookUps).toEqual([]);
    // The answer let go is still fresh in the store: the search finds it there, and asks the airline for none.
    clock.advance(60_000);
    await api.search(date);
    expect(api.asked).toHaveLength(3);
    expect(api.lookUps.flat()).toHaveLength(1);
  });
});

describe('a route searched once, with its page’s ribbon (decision 243)', () => {
  it('keeps the week around the date as ribbon figures: the grid and the price history show them, labelled', async () => {
    const clock = manualClock(new Date('2026-12-01T15:00:00Z'));
    const date = '2026-12-10';
    const asked: FlightQuery[] = [];
    // The page's week: the route's lowest fare on the 3 days either side; the searched day's figure is its answer's.
    const week = (q: FlightQuery) =>
      [-3, -2, -1, 0, 1, 2, 3].map((i) => ({ date: addDays(q.date, i), lowestFare: i === 0 ? 79 : 100 + 10 * i }));
    const provider: FlightProvider = {
      name: 'ribbon',
      demo: false,
      async fetchFlights(q) {
        asked.push(q);
        return {
          kind: 'flights',
          flights: [testFlight(q, { go_wild: 29, standard: 99, discount_den: 79 })],
          ribbon: [{ origin: q.origin, destination: q.destination, days: week(q) }],
        };
      },
    };
    const registry = new Registry();
    const repository = createObservationsRepository(database.db);
    const store = createObservationStore({ repository, metrics: observationMetrics(registry) });
    const engine = createFlightsEngine({
      config: testConfig(),
      clock,
      metrics: registry,
      reference: { destinationsFrom: (o) => (o === 'SEA' ? ['PHX'] : []), originsTo: () => [] },
      provider,
      observations: store,
      gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
    });
    await engine.search.run(engine.planOutbound({ origin: 'SEA', date }), { isPremium: true });
    await store.flush();
    expect(asked).toHaveLength(1);
    const figures = (await registry.getSingleMetric('observations_ribbon_figures_total')?.get())?.values ?? [];
    expect(figures.find((v) => v.labels.result === 'new')?.value).toBe(6);

    clock.advance(2 * 3_600_000);
    const service = createObservationsService({
      repository,
      clock,
      reference: { destinationsFrom: (o) => (o === 'SEA' ? ['PHX'] : []), isBlackout: () => false },
      readAirports: (raw) => ({ normalized: raw, airports: [raw] }),
      demo: () => false,
      metrics: observationMetrics(registry),
    });
    const grid = await service.grid({ origin: 'SEA', from: '2026-12-06', days: 7 }, true);
    const cells = grid.destinations[0]!.cells;
    expect(cells.map((c) => [c.date, c.lowest_fare, c.lowest_fare_source])).toEqual([
      ['2026-12-06', null, null],
      ['2026-12-07', 70, 'ribbon'],
      ['2026-12-08', 80, 'ribbon'],
      ['2026-12-09', 90, 'ribbon'],
      ['2026-12-10', 79, 'answer'],
      ['2026-12-11', 110, 'ribbon'],
      ['2026-12-12', 120, 'ribbon'],
    ]);
    // A day only a ribbon showed: its lowest fare and when it was seen; GoWild unknown, never checked.
    expect(cells[1]).toEqual({
      date: '2026-12-07',
      go_wild_offered: null,
      lowest_go_wild: null,
      lowest_fare: 70,
      lowest_fare_source: 'ribbon',
      lowest_fare_seen_at: '2026-12-01T15:00:00.000Z',
      seats: null,
      checked_at: null,
    });
    expect(cells[4]).toMatchObject({ go_wild_offered: true, lowest_go_wild: 29, checked_at: '2026-12-01T15:00:00.000Z' });

    const history = await service.priceHistory({ origin: 'SEA', destination: 'PHX', date: '2026-12-11' });
    expect(history.points).toEqual([
      { observed_at: '2026-12-01T15:00:00.000Z', standard: null, discount_den: null, source: 'ribbon', lowest_fare: 110 },
    ]);
    const filled = (await registry.getSingleMetric('observations_ribbon_filled_total')?.get())?.values ?? [];
    expect(Object.fromEntries(filled.map((v) => [v.labels.figure, v.value]))).toEqual({ grid_cell: 5, history_point: 1 });
  });
});

describe('the observation write queue', () => {
  it('is bounded: past its bound an answer is dropped and counted, the caller never waits', async () => {
    const registry = new Registry();
    let release = () => {};
    const written: string[] = [];
    const slow = {
      recordMany: (answers: readonly { destination: string }[]) =>
        new Promise<{ inserted: number; seenAgain: number }>((resolve) => {
          written.push(...answers.map((a) => a.destination));
          release = () => resolve({ inserted: 1, seenAgain: 0 });
        }),
      recordRibbons: async () => ({ new: 0, changed: 0, seenAgain: 0, late: 0 }),
      latest: async () => new Map(),
    };
    const store = createObservationStore({ repository: slow, metrics: observationMetrics(registry), queueMax: 1 });
    const q = (destination: string) => ({ origin: 'DEN', destination, date: '2026-12-01' });
    store.record(q('LAS'), [], new Date());
    store.record(q('MCO'), [], new Date());
    store.record(q('ATL'), [], new Date());
    expect(store.pending()).toBe(1);
    release();
    await new Promise((r) => setImmediate(r));
    release();
    await store.flush();
    expect(written).toEqual(['LAS', 'MCO']);
    const dropped = (await registry.getSingleMetric('observations_dropped_total')?.get())?.values ?? [];
    expect(dropped).toEqual([expect.objectContaining({ labels: { reason: 'queue_full' }, value: 1 })]);
  });
});
