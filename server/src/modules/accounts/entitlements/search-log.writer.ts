import type { FastifyBaseLogger } from 'fastify';
import { exponentialBackoff } from '../../../lib/upstream/backoff';
import { retryLoop } from '../../../lib/upstream/retry-loop';
import type { SearchLogEntry, SearchLogRepository } from './search-log.repository';

export interface SearchLogWriterOptions {
  repo: Pick<SearchLogRepository, 'insert' | 'insertMany'>;
  /** How long a row may wait before it is written; 0 writes each row at once, on the request path. */
  flushEveryMs: number;
  /** Rows written in one statement; a batch this big is written at once, without waiting for the timer. */
  batchRows: number;
  /** Rows held while the database refuses them; past this, new rows are dropped (and counted in the log). */
  maxBuffered?: number;
  /** Longest pause between retries while writes fail (the pause doubles from flushEveryMs). */
  maxRetryDelayMs?: number;
  /** Waits between the attempts of the last flush on close; injected by tests. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/**
 * Pauses between the attempts of the last flush on close, when the database is briefly away: lib/upstream's retry
 * loop with a fixed list, not its back-off (these do not double), which bounds how long shutdown waits, 2.6 s in all.
 */
const CLOSE_RETRY_DELAYS_MS = [100, 500, 2000];

/**
 * The search log, written in batches off the request path (decision 065). `insert` only queues the row; the queue is
 * written every `flushEveryMs`, or as soon as `batchRows` are waiting, one batch at a time, and on `close` (graceful
 * shutdown: the app has stopped taking requests, so every row is queued by then). A failed write is logged and
 * retried with the same rows (the pause doubling up to `maxRetryDelayMs`); it never reaches the traveller, whose
 * search has been answered. The rows keep the time they were queued (`createdAt` comes with the entry).
 *
 * Nothing here touches the quota: the reservation is made and kept (or given back) synchronously by the search gate.
 */
export function createSearchLogWriter(opts: SearchLogWriterOptions) {
  const { repo, flushEveryMs, batchRows } = opts;
  const maxBuffered = opts.maxBuffered ?? 100_000;
  const maxRetryDelayMs = opts.maxRetryDelayMs ?? 30_000;
  const sleep = opts.sleep ?? realSleep;
  let log: FastifyBaseLogger | undefined;
  let buffer: SearchLogEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let dropped = 0;
  let closed = false;
  /** The drain writing now, and the one queued behind it (at most one: it writes whatever is waiting when it starts). */
  let running: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;

  // After the first failure twice flushEveryMs, doubling per failure up to maxRetryDelayMs, without jitter.
  const retryDelay = exponentialBackoff({ baseMs: 2 * Math.max(1, flushEveryMs), maxMs: maxRetryDelayMs, jitter: 'none' });

  function schedule(): void {
    if (timer || closed || buffer.length === 0) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void flush();
      },
      failures > 0 ? retryDelay(failures - 1) : flushEveryMs,
    );
    timer.unref();
  }

  /** Writes everything waiting, a batch at a time; on a failure puts the batch back, logs, and schedules a retry. */
  async function drain(): Promise<boolean> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (buffer.length > 0) {
      const batch = buffer.splice(0, batchRows);
      try {
        await repo.insertMany(batch);
      } catch (err) {
        buffer = batch.concat(buffer);
        failures += 1;
        log?.error({ err, rows: buffer.length, attempt: failures }, 'search log write failed; the rows are kept and retried');
        schedule();
        return false;
      }
      if (failures > 0) log?.info({ attempts: failures + 1 }, 'search log written after failed attempts');
      failures = 0;
    }
    if (dropped > 0) {
      log?.error({ dropped }, 'search log rows were dropped while the database refused writes');
      dropped = 0;
    }
    return true;
  }

  /** Writes what is waiting now; resolves true when nothing is left. Never throws. */
  function flush(): Promise<boolean> {
    if (queued) return queued;
    const start = (): Promise<boolean> => {
      const p = drain().finally(() => {
        if (running === p) running = undefined;
      });
      running = p;
      return p;
    };
    if (!running) return start();
    const next = running.then(() => {
      queued = undefined;
      return start();
    });
    queued = next;
    return next;
  }

  /** Queues one row (write-through when flushEveryMs is 0, or once closed). */
  async function insert(entry: SearchLogEntry): Promise<void> {
    if (flushEveryMs === 0 || closed) return repo.insert(entry);
    if (buffer.length >= maxBuffered) {
      if (dropped++ === 0) log?.error({ waiting: buffer.length }, 'search log queue is full; new rows are dropped until it drains');
      return;
    }
    buffer.push(entry);
    if (buffer.length >= batchRows) void flush();
    else schedule();
  }

  return {
    insert,
    async insertMany(entries: readonly SearchLogEntry[]): Promise<void> {
      for (const e of entries) await insert(e);
    },
    /** Writes what is waiting now (tests, and anyone who must read the log they just wrote). */
    flush,
    /** Rows waiting to be written. */
    pending: () => buffer.length,
    /** Where failures are reported: the app's logger, handed over when the module's routes are registered. */
    useLogger(logger: FastifyBaseLogger): void {
      log = logger;
    },
    /**
     * Graceful shutdown: writes every queued row, trying again a few times if the database is briefly away. Rows that
     * still cannot be written are logged in full (the last place they exist), never silently lost.
     */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const done = await retryLoop(flush, {
        retries: CLOSE_RETRY_DELAYS_MS.length,
        delay: (retry) => CLOSE_RETRY_DELAYS_MS[retry]!,
        done: (written) => written,
        sleep,
      });
      if (!done) {
        log?.error({ rows: buffer }, 'search log rows could not be written before shutdown; they are in this line');
        buffer = [];
      }
    },
  };
}
export type SearchLogWriter = ReturnType<typeof createSearchLogWriter>;
