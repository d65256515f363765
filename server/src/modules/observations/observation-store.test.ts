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
  it('holds the first answer for the write delay, so the answers of one search go in one batch', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = createObservationStore({ repository, metrics: observationMetrics(new Registry()), writeDelayMs: 1000 });
    store.record(query('MCO'), [], at);
    await vi.advanceTimersByTimeAsync(400);
    store.record(query('LAS'), [], at);
    store.record(query('ATL'), [], at);
    await vi.advanceTimersByTimeAsync(599);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['MCO', 'LAS', 'ATL']]);
    // The next answer starts a new wait.
    store.record(query('PHX'), [], at);
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['MCO', 'LAS', 'ATL'], ['PHX']]);
  });

  it('after the delay, waits for the airline to go quiet, but not longer than the idle wait', async () => {
    vi.useFakeTimers();
    const { batches, repository } = notingRepository();
    const store = createObservationStore({
      repository,
      metrics: observationMetrics(new Registry()),
      writeDelayMs: 1000,
      idleWaitMs: 5000,
    });
    // A search still has a query at the airline when the delay ends: the batch waits for it.
    const ended = store.begin();
    store.record(query('MCO'), [], at);
    await vi.advanceTimersByTimeAsync(3000);
    expect(batches).toEqual([]);
    store.record(query('LAS'), [], at);
    ended();
    ended(); // said twice, counted once
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['MCO', 'LAS']]);

    // Under a load that never goes quiet, it is written once the idle wait is over.
    const busy = store.begin();
    store.record(query('ATL'), [], at);
    await vi.advanceTimersByTimeAsync(5999);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['MCO', 'LAS'], ['ATL']]);
    busy();
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
    delayed.record(query('LAS'), [], at);
    delayed.record(query('ATL'), [], at);
    await delayed.flush(1000);
    expect(later.batches).toEqual([['LAS', 'ATL']]);
    expect(delayed.pending()).toBe(0);
  });
});
