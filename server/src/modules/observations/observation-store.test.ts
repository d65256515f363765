import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createObservationStore } from './observation-store';
import { observationMetrics } from './observations.metrics';

/** A repository that notes each batch it is given. */
function notingRepository() {
  const batches: string[][] = [];
  return {
    batches,
    repository: {
      recordMany: async (answers: readonly { destination: string }[]) => {
        batches.push(answers.map((a) => a.destination));
        return { inserted: answers.length, seenAgain: 0 };
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
