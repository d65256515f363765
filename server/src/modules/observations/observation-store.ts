import type { Flight } from '@gowild/contract/flights';
import type { FlightQuery, RouteRibbon } from '../../providers/flights/flights.provider';
import type { ObservationMetrics } from './observations.metrics';
import type { LatestAnswer, ObservationsRepository } from './observations.repository';
import { type RibbonFigure, ribbonFigures } from './ribbon-fares';

export interface ObservationStoreOptions {
  repository: Pick<ObservationsRepository, 'recordMany' | 'recordRibbons' | 'latest'>;
  metrics: ObservationMetrics;
  /** Answers waiting to be written at most; past it new answers are dropped and counted (default 5000). */
  queueMax?: number;
  /** Answers written in one batch at most (default 200). */
  batchMax?: number;
  /**
   * How long a queued answer may wait for the airline to go quiet before its batch is written anyway (ms, default 0:
   * at once). A search's answers arrive over a few hundred ms; written as they come, each is a batch of one (three
   * statements an answer, on the embedded database on the API's own CPU, while the search still reads its answers).
   * Waiting for the moment no airline query is in flight writes the whole search in one batch, right after it.
   */
  writeDelayMs?: number;
  /**
   * How recently every airline attempt in flight must have begun answering for a batch to be written while they are
   * out (ms): their pages are then at least the airline's time away, and the statements (on the embedded database, on
   * the API's own thread) fill a wait instead of delaying an answer or the page request that follows a redirect
   * (decisions 295, 330; 100 there). 0 (the default): decision 236's moment alone, once no attempt is in flight. On
   * PostgreSQL the statements run in the database's process, and writing while a search is under way measured
   * slower (two batches a search instead of one).
   */
  shadowMs?: number;
  /** The milliseconds `shadowMs` is measured in (default performance.now; tests inject theirs). */
  monotonic?: () => number;
  /**
   * Set when this store is the only writer of its database (the embedded one, which one process owns): when it
   * started (epoch ms, the gateway's clock), and, once read, when the newest answer kept before then was checked
   * (undefined: none), which brings that instant back. The gateway skips looking up kept answers its own flight
   * cache must already have (decision 295).
   */
  soleWriter?: { since: number; newestBefore?: Promise<number | undefined> };
  /** How long a search waits for a look-up of kept answers before asking the airline instead (ms, default 250). */
  readTimeoutMs?: number;
  /** Where a fault is told to the operator (once per change of state, not per answer). */
  log?: { warn(fields: object, message: string): void };
}

interface Pending {
  query: FlightQuery;
  resolve: (v: LatestAnswer | undefined) => void;
}

const keyOf = (q: FlightQuery) => `${q.origin}-${q.destination}-${q.date}`;

/** An answer waiting to be written, with its page's ribbon figures: they wait, are written and are dropped together. */
interface Queued {
  query: FlightQuery;
  flights: Flight[];
  at: Date;
  ribbon: RibbonFigure[];
}

/**
 * Writes one batch: its answers, then its ribbon figures in a statement of their own (decision 243), so a fault there
 * never loses the answers. Counts what each became; true when both were written.
 */
function batchWriter(
  repository: ObservationStoreOptions['repository'],
  metrics: ObservationMetrics,
  fault: (err: unknown, what: string) => void,
) {
  async function writeRibbons(figures: RibbonFigure[]): Promise<boolean> {
    if (figures.length === 0) return true;
    try {
      const r = await repository.recordRibbons(figures);
      metrics.ribbonFigures.inc({ result: 'new' }, r.new);
      metrics.ribbonFigures.inc({ result: 'changed' }, r.changed);
      metrics.ribbonFigures.inc({ result: 'seen_again' }, r.seenAgain);
      // A (route, date) twice in the batch is written once: the older figure counts as late.
      metrics.ribbonFigures.inc({ result: 'late' }, figures.length - r.new - r.changed - r.seenAgain);
      return true;
    } catch (err) {
      metrics.ribbonFigures.inc({ result: 'dropped' }, figures.length);
      fault(err, 'writing ribbon fares');
      return false;
    }
  }
  return async (items: Queued[]): Promise<boolean> => {
    let written = false;
    try {
      const r = await repository.recordMany(items.map((item) => ({ ...item.query, flights: item.flights, at: item.at })));
      metrics.recorded.inc({ result: 'new' }, r.inserted);
      metrics.recorded.inc({ result: 'seen_again' }, r.seenAgain);
      written = true;
    } catch (err) {
      metrics.dropped.inc({ reason: 'write_failed' }, items.length);
      fault(err, 'writing answers');
    }
    return (await writeRibbons(items.flatMap((item) => item.ribbon))) && written;
  };
}

/** One turn's look-ups in one query, each answered within `readTimeoutMs` or not at all (undefined); never throws. */
async function lookUpBatch(
  pending: Pending[],
  deps: {
    repository: ObservationStoreOptions['repository'];
    metrics: ObservationMetrics;
    readTimeoutMs: number;
    fault: (err: unknown, what: string) => void;
  },
) {
  const { repository, metrics, readTimeoutMs, fault } = deps;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), readTimeoutMs);
  });
  try {
    const found = await Promise.race([repository.latest(pending.map((p) => p.query)), timedOut]);
    if (found === 'timeout') {
      metrics.readFailures.inc(pending.length);
      for (const p of pending) p.resolve(undefined);
      return;
    }
    for (const p of pending) p.resolve(found.get(keyOf(p.query)));
  } catch (err) {
    metrics.readFailures.inc(pending.length);
    fault(err, 'reading kept answers');
    for (const p of pending) p.resolve(undefined);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Since when a sole writer's store has kept every answer of its database itself (epoch ms): its start, then, once
 * read, the check of the newest answer kept before it (nothing kept earlier was checked later; a fresh database
 * has none). Undefined when not the sole writer.
 */
function soleWriterClock(soleWriter: ObservationStoreOptions['soleWriter']): () => number | undefined {
  let since = soleWriter?.since;
  soleWriter?.newestBefore?.then(
    (newest) => {
      if (since !== undefined) since = Math.min(since, newest ?? Number.NEGATIVE_INFINITY);
    },
    () => {},
  );
  return () => since;
}

/**
 * The gateway's side of the observation store (decisions 180-181): answers are queued and written one after another
 * off the request path (a full queue drops and counts; a database fault drops, counts and logs once), and look-ups
 * that arrive in the same turn of the event loop go to the database in one query, each waiting at most
 * `readTimeoutMs`. Neither ever throws into a search.
 */
export function createObservationStore(opts: ObservationStoreOptions) {
  const { repository, metrics } = opts;
  const queueMax = opts.queueMax ?? 5000;
  const readTimeoutMs = opts.readTimeoutMs ?? 250;
  const batchMax = opts.batchMax ?? 200;
  let log = opts.log;
  const soleWriterSince = soleWriterClock(opts.soleWriter);
  const queue: Queued[] = [];
  /**
   * The newest answer of each key this process has queued or is writing: newer than the database's, so a search that
   * follows the one that fetched it is not told an older answer while the write waits (decision 236).
   */
  const unwritten = new Map<string, Queued>();
  let draining: Promise<void> | undefined;
  let failing = false;

  const fault = (err: unknown, what: string) => {
    if (failing) return;
    failing = true;
    log?.warn(
      { reason: err instanceof Error ? err.message.slice(0, 200) : String(err) },
      `observations: ${what} failed; searches go on without them`,
    );
  };

  const writeBatch = batchWriter(repository, metrics, fault);

  async function drain() {
    while (queue.length > 0) {
      // What queued while the last batch was written goes in one batch: a search's 70 answers cost a few statements,
      // not 70 times four (decision 180).
      const items = queue.splice(0, batchMax);
      metrics.queueDepth.set(queue.length);
      const ok = await writeBatch(items);
      for (const item of items) if (unwritten.get(keyOf(item.query)) === item) unwritten.delete(keyOf(item.query));
      if (ok) {
        if (failing) log?.warn({}, 'observations: writing again');
        failing = false;
      }
    }
  }

  const schedule = writeSchedule(
    { maxWaitMs: opts.writeDelayMs ?? 0, shadowMs: opts.shadowMs ?? 0, monotonic: opts.monotonic ?? (() => performance.now()) },
    () => {
      draining ??= drain().finally(() => {
        draining = undefined;
      });
    },
  );

  /** Look-ups on their way to the database, by key: a second one for the same key waits for the first. */
  const reading = new Map<string, Promise<LatestAnswer | undefined>>();

  let batch: Pending[] = [];
  const lookUp = (pending: Pending[]) => lookUpBatch(pending, { repository, metrics, readTimeoutMs, fault });

  return {
    useLog(next: NonNullable<ObservationStoreOptions['log']>) {
      log = next;
    },
    /** Queues an airline answer to be kept, with its page's ribbon figures (decision 243); returns at once. */
    record(query: FlightQuery, flights: Flight[], at: Date, ribbon?: readonly RouteRibbon[]) {
      const figures = ribbon ? ribbonFigures(query, ribbon, at) : [];
      if (queue.length >= queueMax) {
        metrics.dropped.inc({ reason: 'queue_full' });
        metrics.ribbonFigures.inc({ result: 'dropped' }, figures.length);
        return;
      }
      const item: Queued = { query, flights, at, ribbon: figures };
      queue.push(item);
      const key = keyOf(query);
      const known = unwritten.get(key);
      if (!known || known.at <= at) unwritten.set(key, item);
      metrics.queueDepth.set(queue.length);
      // A drain under way takes what queued meanwhile; otherwise the first answer waits for the others of its search.
      if (!draining) schedule.queued();
    },
    /** An airline attempt has started; what is returned follows it (decision 330). */
    begin: schedule.begin,
    /** Since when this store has been the only writer of its database (epoch ms), or undefined (decision 295). */
    soleWriterSince,
    /** The latest kept answer for a query (batched with the others of this turn), or undefined. */
    latest(query: FlightQuery): Promise<{ flights: Flight[]; checkedAt: number } | undefined> {
      const key = keyOf(query);
      const asOf = (a: LatestAnswer | undefined) => (a ? { flights: a.flights, checkedAt: a.checkedAt.getTime() } : undefined);
      const queued = unwritten.get(key);
      if (queued) return Promise.resolve(asOf({ flights: queued.flights, checkedAt: queued.at }));
      // A search's answer-at-once look-up and the gateway's own for the same query share one read.
      let read = reading.get(key);
      if (!read) {
        read = new Promise<LatestAnswer | undefined>((resolve) => {
          batch.push({ query, resolve });
          if (batch.length === 1) {
            setImmediate(() => {
              const pending = batch;
              batch = [];
              void lookUp(pending);
            });
          }
        });
        reading.set(key, read);
        void read.finally(() => reading.delete(key));
      }
      return read.then(asOf);
    },
    served() {
      metrics.served.inc();
    },
    /** Waits for the queue to be written (at most `ms`), for shutdown and tests. */
    async flush(ms = 5000) {
      schedule.now();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        (async () => {
          while (draining) await draining;
        })(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ms);
        }),
      ]);
      clearTimeout(timer);
    },
    pending: () => queue.length,
  };
}
export type ObservationStore = ReturnType<typeof createObservationStore>;

/**
 * When the queued answers are written (decisions 236, 295, 330). On the embedded database the statements run on the
 * API's own thread, so they go where that thread would otherwise wait for the airline, in one batch a search as far
 * as possible:
 *
 * - while every airline attempt in flight has begun answering under `shadowMs` ago: none of their pages is due for a
 *   while (a search's second round is out, or the next search's queries). An attempt that has not begun answering
 *   has its first answer (Frontier's redirect) due within milliseconds, and the page request that follows it would
 *   wait for the statements (decision 330); where the transport never tells a first answer, an attempt counts from
 *   when it began, as in decision 295;
 * - when no airline attempt is in flight: the search that fetched them has ended;
 * - after `maxWaitMs` under a load that gives neither moment.
 *
 * Each moment is taken on the next turn of the event loop, so the answer that just came is kept and reaches its
 * traveller first (an attempt ends before the gateway hands its answer on), and the requests that just began are on
 * their way to the airline. Without `shadowMs` (PostgreSQL), only decision 236's moment counts, at once: as the
 * answer of the last attempt in flight is kept (or, when that attempt brought none to keep, on the next turn).
 * `start` begins the drain.
 */
function writeSchedule(opts: { maxWaitMs: number; shadowMs: number; monotonic: () => number }, start: () => void) {
  /** The longest wait's timer, while answers wait. */
  let waiting: NodeJS.Timeout | undefined;
  /** Answers wait for their moment. */
  let due = false;
  /** A look at the moment is set for the next turn. */
  let looking = false;
  /** Each airline attempt in flight: when it began, and when its site began answering. */
  const inFlight = new Set<{ began: number; answering?: number }>();
  /** Whether any attempt has told its first answer: until one does, the transport is taken not to tell them. */
  let firstAnswersTold = false;
  const now = () => {
    clearTimeout(waiting);
    waiting = undefined;
    due = false;
    start();
  };
  /**
   * Nothing in flight, or (with `shadowMs`) only attempts whose site has just begun answering: no airline page is due
   * for a while.
   */
  const quiet = () => {
    if (inFlight.size === 0) return true;
    if (opts.shadowMs <= 0) return false;
    const at = opts.monotonic();
    for (const attempt of inFlight) {
      const since = attempt.answering ?? (firstAnswersTold ? undefined : attempt.began);
      if (since === undefined || at - since >= opts.shadowMs) return false;
    }
    return true;
  };
  const look = () => {
    if (!due || looking) return;
    looking = true;
    setImmediate(() => {
      looking = false;
      if (due && quiet()) now();
    });
  };
  return {
    now,
    /** An answer was queued while no drain runs. */
    queued() {
      if (opts.maxWaitMs <= 0) return now();
      due = true;
      if (!waiting) {
        waiting = setTimeout(now, opts.maxWaitMs);
        waiting.unref();
      }
      // PostgreSQL: decision 236's moment, at once, as the answer of the last attempt in flight is kept.
      if (opts.shadowMs <= 0 && inFlight.size === 0) return now();
      look();
    },
    /** An attempt began; `answering` when its site has begun answering, `end` when it is over (said twice, counted once). */
    begin(): { answering(): void; end(): void } {
      const attempt: { began: number; answering?: number } = { began: opts.monotonic() };
      inFlight.add(attempt);
      look();
      return {
        answering() {
          if (attempt.answering !== undefined || !inFlight.has(attempt)) return;
          attempt.answering = opts.monotonic();
          firstAnswersTold = true;
          look();
        },
        end() {
          if (!inFlight.delete(attempt)) return;
          look();
        },
      };
    },
  };
}
