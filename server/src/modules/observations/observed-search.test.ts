import { addDays, todayUtc } from '@gowild/contract/dates';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { manualClock } from '../../lib/clock';
import type { FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { testFlight } from '../../test/alerts';
import { createTestDatabase } from '../../test/database';
import { createFlightsEngine } from '../flights/flights.module';
import { createObservationStore } from './observation-store';
import { observationMetrics } from './observations.metrics';
import { createObservationsRepository } from './observations.repository';

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
