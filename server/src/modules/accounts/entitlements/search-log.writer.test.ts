import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { SearchLogEntry } from './search-log.repository';
import { createSearchLogWriter } from './search-log.writer';

const entry = (n: number): SearchLogEntry => ({
  userId: `u${n}`,
  originAirport: 'DEN',
  destinationAirport: null,
  searchType: 'search',
  searchDate: '2026-04-02',
  resultsFound: n,
  totalFlights: n * 2,
  createdAt: new Date(Date.UTC(2026, 3, 1, 12, 0, n)),
});

/** A repository that records each statement, and fails while `failing` says so. */
function fakeRepo() {
  const statements: SearchLogEntry[][] = [];
  const state = { failing: 0 };
  const insertMany = vi.fn(async (entries: readonly SearchLogEntry[]) => {
    if (state.failing > 0) {
      state.failing -= 1;
      throw new Error('database unavailable');
    }
    statements.push([...entries]);
  });
  return {
    repo: { insertMany, insert: (e: SearchLogEntry) => insertMany([e]) },
    statements,
    state,
    rows: () => statements.flat(),
  };
}

function fakeLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') =>
      void lines.push({ level, obj, msg });
  const log = { error: at('error'), warn: at('warn'), info: at('info') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

// A timer that never fires during a test: every write below is caused by size, flush() or close().
const LONG = 60_000;

describe('search log writer', () => {
  it('queues rows off the request path and writes them in one statement on flush', async () => {
    const { repo, statements, rows } = fakeRepo();
    const writer = createSearchLogWriter({ repo, flushEveryMs: LONG, batchRows: 100 });
    await writer.insert(entry(1));
    await writer.insert(entry(2));
    expect(statements).toHaveLength(0);
    expect(writer.pending()).toBe(2);
    expect(await writer.flush()).toBe(true);
    expect(statements).toEqual([[entry(1), entry(2)]]);
    expect(rows()[0]?.createdAt).toEqual(entry(1).createdAt);
    expect(writer.pending()).toBe(0);
    await writer.close();
  });

  it('writes as soon as a batch is full, without waiting for the timer', async () => {
    const { repo, statements } = fakeRepo();
    const writer = createSearchLogWriter({ repo, flushEveryMs: LONG, batchRows: 3 });
    for (let i = 1; i <= 7; i++) await writer.insert(entry(i));
    await vi.waitFor(() => expect(statements.flat()).toHaveLength(6), { timeout: 10_000 });
    expect(statements.every((s) => s.length <= 3)).toBe(true);
    expect(writer.pending()).toBe(1);
    await writer.close();
    expect(statements.flat().map((e) => e.resultsFound)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('writes what is waiting on the timer', async () => {
    const { repo, rows } = fakeRepo();
    const writer = createSearchLogWriter({ repo, flushEveryMs: 5, batchRows: 100 });
    await writer.insert(entry(1));
    await vi.waitFor(() => expect(rows()).toHaveLength(1), { timeout: 10_000 });
    await writer.close();
  });

  it('writes every queued row on close', async () => {
    const { repo, rows } = fakeRepo();
    const writer = createSearchLogWriter({ repo, flushEveryMs: LONG, batchRows: 100 });
    for (let i = 1; i <= 5; i++) await writer.insert(entry(i));
    await writer.close();
    expect(rows()).toHaveLength(5);
    // A row that comes after close (a request that outlived the shutdown) is written through.
    await writer.insert(entry(6));
    expect(rows()).toHaveLength(6);
  });

  it('logs a failed write, keeps the rows and writes them on the next attempt', async () => {
    const { repo, rows, state } = fakeRepo();
    const { log, lines } = fakeLog();
    const writer = createSearchLogWriter({ repo, flushEveryMs: LONG, batchRows: 100 });
    writer.useLogger(log);
    await writer.insert(entry(1));
    await writer.insert(entry(2));
    state.failing = 1;
    // The caller (the search gate) is never told: insert does not wait for the database.
    expect(await writer.flush()).toBe(false);
    expect(rows()).toHaveLength(0);
    expect(writer.pending()).toBe(2);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: expect.stringContaining('search log write failed') })]);
    expect(lines[0]?.obj.err).toBeInstanceOf(Error);
    await writer.insert(entry(3));
    expect(await writer.flush()).toBe(true);
    expect(rows().map((e) => e.resultsFound)).toEqual([1, 2, 3]);
    await writer.close();
  });

  it('retries by itself after a failure', async () => {
    const { repo, rows, state } = fakeRepo();
    const writer = createSearchLogWriter({ repo, flushEveryMs: 2, batchRows: 100, maxRetryDelayMs: 10 });
    writer.useLogger(fakeLog().log);
    state.failing = 2;
    await writer.insert(entry(1));
    await vi.waitFor(() => expect(rows()).toHaveLength(1), { timeout: 10_000 });
    await writer.close();
  });

  it('tries again on close while the database is briefly away', async () => {
    const { repo, rows, state } = fakeRepo();
    const sleeps: number[] = [];
    const writer = createSearchLogWriter({ repo, flushEveryMs: LONG, batchRows: 100, sleep: async (ms) => void sleeps.push(ms) });
    writer.useLogger(fakeLog().log);
    await writer.insert(entry(1));
    state.failing = 2;
    await writer.close();
    expect(rows()).toHaveLength(1);
    expect(sleeps).toHaveLength(2);
  });

  it('logs in full the rows it could not write before shutdown', async () => {
    const { repo, rows, state } = fakeRepo();
    const { log, lines } = fakeLog();
    const writer = createSearchLogWriter({ repo, flushEveryMs: LONG, batchRows: 100, sleep: async () => {} });
    writer.useLogger(log);
    await writer.insert(entry(1));
    state.failing = 100;
    await writer.close();
    expect(rows()).toHaveLength(0);
    const last = lines.at(-1);
    expect(last?.msg).toContain('could not be written before shutdown');
    expect(last?.obj.rows).toEqual([entry(1)]);
  });

  it('writes each row at once when flushEveryMs is 0', async () => {
    const { repo, rows } = fakeRepo();
    const writer = createSearchLogWriter({ repo, flushEveryMs: 0, batchRows: 100 });
    await writer.insert(entry(1));
    expect(rows()).toHaveLength(1);
    expect(writer.pending()).toBe(0);
  });

  it('holds at most maxBuffered rows while writes fail, and says so', async () => {
    const { repo, rows, state } = fakeRepo();
    const { log, lines } = fakeLog();
    const writer = createSearchLogWriter({ repo, flushEveryMs: LONG, batchRows: 100, maxBuffered: 3, sleep: async () => {} });
    writer.useLogger(log);
    state.failing = 1;
    for (let i = 1; i <= 5; i++) await writer.insert(entry(i));
    expect(writer.pending()).toBe(3);
    expect(lines.some((l) => l.msg.includes('queue is full'))).toBe(true);
    await writer.close();
    expect(rows().map((e) => e.resultsFound)).toEqual([1, 2, 3]);
  });
});
