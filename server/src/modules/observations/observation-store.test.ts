import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createObservationStore } from './observation-store';
import { observationMetrics } from './observations.metrics';
import type { RibbonFigure } from './ribbon-fares';

/** A repository that notes each batch it is given, and each batch of ribbon figures (`failRibbons`: refuses them). */
function notingRepository(opts: { failRibbons?: boolean } = {}) {
  const batches: string[][] = [];
  const ribbons: string[][] = [];
  return {
    batches,
    ribbons,
    repository: {
      recordMany: async (answers: readonly { destination: string }[]) => {
        batches.push(answers.map((a) => a.destination));
        return { inserted: answers.length, seenAgain: 0 };
      },
      recordRibbons: async (figures: readonly RibbonFigure[]) => {
        if (opts.failRibbons) throw new Error('relation "ribbon_fares" does not exist');
        ribbons.push(figures.map((f) => `${f.destination} ${f.date} ${f.cents}`));
        // One figure seen before, unchanged; the rest new.
        return { new: figures.length - 1, changed: 0, seenAgain: 1, late: 0 };
      },
      latest: async () => new Map(),
    },
  };
}
const query = (destination: string) => ({ origin: 'DEN', destination, date: '2026-12-01' });
const at = new Date('2026-11-30T12:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('the observation store writes a search’s answers together (decision 236)', () => {
  it('writes the answers of a search in one batch when its last airline query ends', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = createObservationStore({ repository, metrics: observationMetrics(new Registry()), writeDelayMs: 5000 });
    // A search's three queries: answers queue while any of them is at the airline.
    const queries = [store.begin(), store.begin(), store.begin()];
    store.record(query('MCO'), [], at);
    queries[0]!();
    await vi.advanceTimersByTimeAsync(300);
    store.record(query('LAS'), [], at);
    queries[1]!();
    queries[1]!(); // said twice, counted once
    store.record(query('ATL'), [], at);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([]);
    queries[2]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['MCO', 'LAS', 'ATL']]);
  });

  it('under a load that never goes quiet, writes once the longest wait is over', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = createObservationStore({ repository, metrics: observationMetrics(new Registry()), writeDelayMs: 5000 });
    const busy = store.begin();
    store.record(query('ATL'), [], at);
    await vi.advanceTimersByTimeAsync(4999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['ATL']]);
    // An answer queued while nothing is at the airline (a sweep's last one already ended) is written at once.
    busy();
    store.record(query('PHX'), [], at);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['ATL'], ['PHX']]);
  });

  it('writes at once with no delay, and a flush does not wait for the delay (shutdown)', async () => {
    const now = notingRepository();
    const atOnce = createObservationStore({ repository: now.repository, metrics: observationMetrics(new Registry()) });
    atOnce.record(query('MCO'), [], at);
    await atOnce.flush();
    expect(now.batches).toEqual([['MCO']]);

    const later = notingRepository();
    const delayed = createObservationStore({
      repository: later.repository,
      metrics: observationMetrics(new Registry()),
      writeDelayMs: 60_000,
    });
    const atTheAirline = delayed.begin();
    delayed.record(query('LAS'), [], at);
    delayed.record(query('ATL'), [], at);
    await delayed.flush(1000);
    atTheAirline();
    expect(later.batches).toEqual([['LAS', 'ATL']]);
    expect(delayed.pending()).toBe(0);
  });
});

describe('the observation store keeps each answer’s ribbon with it (decision 243)', () => {
  const week = (destination: string, fares: Record<string, number>) => [
    { origin: 'DEN', destination, days: Object.entries(fares).map(([date, lowestFare]) => ({ date, lowestFare })) },
  ];
  const metric = async (registry: Registry, name: string) =>
    Object.fromEntries(
      ((await registry.getSingleMetric(name)?.get())?.values ?? []).map((v) => [v.labels.result ?? v.labels.reason, v.value]),
    );

  it('writes the figures of a batch’s ribbons after its answers, all but the searched date, and counts them', async () => {
    const registry = new Registry();
    const noted = notingRepository();
    const store = createObservationStore({ repository: noted.repository, metrics: observationMetrics(registry), writeDelayMs: 5000 });
    const ended = store.begin();
    store.record(query('MCO'), [], at, week('MCO', { '2026-11-30': 59, '2026-12-01': 49, '2026-12-02': 79.5 }));
    store.record(query('LAS'), [], at);
    ended();
    await store.flush();
    expect(noted.batches).toEqual([['MCO', 'LAS']]);
    // 2026-12-01 is the searched date: its answer is kept, with every fare.
    expect(noted.ribbons).toEqual([['MCO 2026-11-30 5900', 'MCO 2026-12-02 7950']]);
    expect(await metric(registry, 'observations_ribbon_figures_total')).toEqual({ new: 1, changed: 0, seen_again: 1, late: 0 });
  });

  it('keeps the answers when the ribbons cannot be written, and counts the figures dropped, as when the queue is full', async () => {
    const registry = new Registry();
    const warned: string[] = [];
    const noted = notingRepository({ failRibbons: true });
    const store = createObservationStore({
      repository: noted.repository,
      metrics: observationMetrics(registry),
      queueMax: 1,
      writeDelayMs: 5000,
      log: { warn: (_fields, message) => warned.push(message) },
    });
    const ended = store.begin();
    store.record(query('MCO'), [], at, week('MCO', { '2026-12-02': 79, '2026-12-03': 89 }));
    store.record(query('ATL'), [], at, week('ATL', { '2026-12-02': 99, '2026-12-03': 109, '2026-12-04': 119 }));
    ended();
    await store.flush();
    expect(noted.batches).toEqual([['MCO']]);
    expect(await metric(registry, 'observations_ribbon_figures_total')).toEqual({ dropped: 5 });
    expect(await metric(registry, 'observations_dropped_total')).toEqual({ queue_full: 1 });
    expect(warned).toEqual(['observations: writing ribbon fares failed; searches go on without them']);
  });
});

describe('the observation store’s look-ups (answer at once)', () => {
  it('answers from an answer still waiting to be written, newer than the database’s, without reading it', async () => {
    const reads: string[][] = [];
    const old = new Date('2026-11-30T08:00:00Z');
    const repository = {
      ...notingRepository().repository,
      latest: async (keys: readonly { destination: string }[]) => {
        reads.push(keys.map((k) => k.destination));
        return new Map(keys.map((k) => [`DEN-${k.destination}-2026-12-01`, { flights: [], checkedAt: old }]));
      },
    };
    const store = createObservationStore({ repository, metrics: observationMetrics(new Registry()), writeDelayMs: 5000 });
    const ended = store.begin();
    store.record(query('MCO'), [], at);
    expect(await store.latest(query('MCO'))).toEqual({ flights: [], checkedAt: at.getTime() });
    expect(reads).toEqual([]);
    ended();
    await store.flush();
    // Written: the database answers again.
    expect(await store.latest(query('MCO'))).toEqual({ flights: [], checkedAt: old.getTime() });
    expect(reads).toEqual([['MCO']]);
  });

  it('reads a key once when a search and the gateway ask for it in the same turn', async () => {
    const reads: string[][] = [];
    const repository = {
      ...notingRepository().repository,
      latest: async (keys: readonly { destination: string }[]) => {
        reads.push(keys.map((k) => k.destination));
        return new Map();
      },
    };
    const store = createObservationStore({ repository, metrics: observationMetrics(new Registry()) });
    await Promise.all([store.latest(query('MCO')), store.latest(query('LAS')), store.latest(query('MCO'))]);
    expect(reads).toEqual([['MCO', 'LAS']]);
  });
});
