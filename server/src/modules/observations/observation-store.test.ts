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

/** The airline's time for an answer in these tests (ms): past the store's `shadowMs` (100). */
const AIRLINE_MS = 300;

describe('the observation store writes a search’s answers together (decisions 236, 295, 330)', () => {
  /** A store whose schedule is timed by the faked clock. */
  const timedStore = (repository: ReturnType<typeof notingRepository>['repository']) =>
    createObservationStore({
      repository,
      metrics: observationMetrics(new Registry()),
      writeDelayMs: 5000,
      shadowMs: 100,
      monotonic: () => Date.now(),
    });

  it('writes the answers of a search in one batch when its last airline query ends, after that answer has gone on', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = timedStore(repository);
    // A search's three queries: answers queue while any of them is at the airline.
    const queries = [store.begin(), store.begin(), store.begin()];
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('MCO'), [], at);
    queries[0]!.end();
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('LAS'), [], at);
    queries[1]!.end();
    queries[1]!.end(); // said twice, counted once
    store.record(query('ATL'), [], at);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([]);
    queries[2]!.end();
    // Not in the turn of the last answer: the search sends it on first.
    await Promise.resolve();
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['MCO', 'LAS', 'ATL']]);
  });

  it('writes while the airline is asked again: the answers so far, as soon as only queries that have just begun are out', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = timedStore(repository);
    // A search with more queries than it sends at once: three out, a fourth goes out as the first answer comes.
    const first = [store.begin(), store.begin(), store.begin()];
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('MCO'), [], at);
    first[0]!.end();
    const second = store.begin();
    await vi.advanceTimersByTimeAsync(0);
    // Two of the first queries are still out, their answers due at any moment: no write yet.
    expect(batches).toEqual([]);
    store.record(query('LAS'), [], at);
    first[1]!.end();
    store.record(query('ATL'), [], at);
    first[2]!.end();
    await vi.advanceTimersByTimeAsync(0);
    // Only the second round is out, begun a moment ago: its answer is the airline's time away.
    expect(batches).toEqual([['MCO', 'LAS', 'ATL']]);
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('PHX'), [], at);
    second.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['MCO', 'LAS', 'ATL'], ['PHX']]);
  });

  it('writes the last search’s answers once the next search’s queries are out', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = timedStore(repository);
    const one = store.begin();
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('MCO'), [], at);
    one.end();
    // The next search begins in the same turn as the first one's answer went on (a client asking back to back).
    const next = [store.begin(), store.begin()];
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['MCO']]);
    for (const attempt of next) attempt.end();
  });

  it('waits for the redirect of every attempt just begun: a page request that follows it would wait for the write', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = timedStore(repository);
    const one = store.begin();
    one.answering();
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('MCO'), [], at);
    one.end();
    // The next search's attempts begin in the same turn; their site has not begun answering.
    const next = [store.begin(), store.begin()];
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    next[0]!.answering();
    await vi.advanceTimersByTimeAsync(0);
    // One redirect is still due.
    expect(batches).toEqual([]);
    next[1]!.answering();
    next[1]!.answering(); // said twice, counted once
    await vi.advanceTimersByTimeAsync(0);
    // Both pages are now the airline's time away.
    expect(batches).toEqual([['MCO']]);
    for (const attempt of next) attempt.end();
  });

  it('does not write while a page that began answering long ago is due', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = timedStore(repository);
    const [early, late] = [store.begin(), store.begin()];
    early.answering();
    late.answering();
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('MCO'), [], at);
    early.end();
    // A new attempt answers at once, but `late`'s page began 300 ms ago and is due any moment.
    const again = store.begin();
    again.answering();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([]);
    late.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['MCO']]);
    again.end();
  });

  it('on PostgreSQL (no shadowMs), writes as the last attempt’s answer is kept, as decision 236 did', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = createObservationStore({ repository, metrics: observationMetrics(new Registry()), writeDelayMs: 5000 });
    const first = [store.begin(), store.begin()];
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('MCO'), [], at);
    first[0]!.end();
    const second = store.begin();
    store.record(query('LAS'), [], at);
    first[1]!.end();
    await vi.advanceTimersByTimeAsync(0);
    // Only a query just begun is out: still no write without the shadow rule.
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    // The attempt ends before its answer is kept: the write comes with that answer, in the same batch.
    second.end();
    expect(batches).toEqual([]);
    store.record(query('ATL'), [], at);
    expect(batches).toEqual([['MCO', 'LAS', 'ATL']]);
    // An attempt that brings nothing to keep (a failure) still lets the answers waiting go, on the next turn.
    const failed = store.begin();
    store.record(query('PHX'), [], at);
    failed.end();
    expect(batches).toEqual([['MCO', 'LAS', 'ATL']]);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['MCO', 'LAS', 'ATL'], ['PHX']]);
  });

  it('under a load that never goes quiet, writes once the longest wait is over', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = timedStore(repository);
    const busy = store.begin();
    await vi.advanceTimersByTimeAsync(AIRLINE_MS);
    store.record(query('ATL'), [], at);
    await vi.advanceTimersByTimeAsync(4999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['ATL']]);
    // An answer queued while nothing is at the airline (a sweep's last one already ended) is written on the next turn.
    busy.end();
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
    atTheAirline.end();
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
    ended.end();
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
    ended.end();
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
    ended.end();
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

describe('the observation store as the only writer of its database (decision 295)', () => {
  it('is the only writer since its start, or since the newest answer kept before it once read: a fresh database has none', async () => {
    const { repository } = notingRepository();
    const start = Date.parse('2026-11-30T12:00:00Z');
    const kept = Date.parse('2026-11-30T11:55:00Z');
    const metrics = observationMetrics(new Registry());
    let read = (_newest: number | undefined) => {};
    const restarted = createObservationStore({
      repository,
      metrics,
      soleWriter: { since: start, newestBefore: new Promise((resolve) => (read = resolve)) },
    });
    expect(restarted.soleWriterSince()).toBe(start);
    read(kept);
    await Promise.resolve();
    expect(restarted.soleWriterSince()).toBe(kept);

    const fresh = createObservationStore({ repository, metrics, soleWriter: { since: start, newestBefore: Promise.resolve(undefined) } });
    await Promise.resolve();
    expect(fresh.soleWriterSince()).toBe(Number.NEGATIVE_INFINITY);
    // PostgreSQL: other processes keep answers too.
    expect(createObservationStore({ repository, metrics }).soleWriterSince()).toBeUndefined();
  });
});
