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

  const schedule = writeSchedule(opts.writeDelayMs ?? 0, () => {
    draining ??= drain().finally(() => {
      draining = undefined;
    });
  });

  /** Look-ups on their way to the database, by key: a second one for the same key waits for the first. */
  const reading = new Map<string, Promise<LatestAnswer | undefined>>();

  let batch: Pending[] = [];
  async function lookUp(pending: Pending[]) {
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
    /** An airline query has started; the returned function says it ended. */
    begin: schedule.begin,
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
 * When the queued answers are written (decision 236): as soon as no airline query is in flight (the end of the
 * search that fetched them), or after `maxWaitMs` under a load that never goes quiet. `start` begins the drain.
 */
function writeSchedule(maxWaitMs: number, start: () => void) {
  /** The longest wait's timer, while answers wait. */
  let waiting: NodeJS.Timeout | undefined;
  /** Airline queries in flight (the observe stage tells), so a batch can be written between them. */
  let inFlight = 0;
  const now = () => {
    clearTimeout(waiting);
    waiting = undefined;
    start();
  };
  return {
    now,
    /** An answer was queued while no drain runs: written when the airline goes quiet, unless that is already due. */
    queued() {
      if (waiting) return;
      if (maxWaitMs <= 0 || inFlight === 0) return now();
      waiting = setTimeout(now, maxWaitMs);
      waiting.unref();
    },
    begin(): () => void {
      inFlight++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        if (inFlight === 0 && waiting) now();
      };
    },
  };
}
