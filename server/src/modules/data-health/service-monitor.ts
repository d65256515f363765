import type { StatusServiceId } from '@gowild/contract/status';
import type { Registry } from 'prom-client';
import type { FlightFetchResult, FlightProvider } from '../../providers/flights/flights.provider';
import { type AirlinePageOutcome, airlinePagesCounter } from './airline-pages.metrics';
import { type CallOutcome, type RollingWindow, createRollingWindow } from './rolling-window';

/**
 * One rolling window per outside service, fed by thin wrappers the composition root puts around each provider (so
 * no provider and no other module needs to know about the page). A wrapper times a call and files how it ended;
 * nothing else is kept: no query, no address, no answer.
 *
 * Besides, the airline's results pages (decision 244): whether each one read, in a window of its own (a page that
 * read is filed as `ok`, one that did not as `failed`; no latency) and in `flight_airline_pages_total` when a
 * registry is given.
 */
export function createServiceMonitor(now: () => number, registry?: Registry) {
  const windows = new Map<StatusServiceId, RollingWindow>();
  const windowOf = (id: StatusServiceId) => {
    let w = windows.get(id);
    if (!w) windows.set(id, (w = createRollingWindow({ now })));
    return w;
  };
  const pages = createRollingWindow({ now, samplesPerMinute: 0 });
  const pagesCounter = registry ? airlinePagesCounter(registry) : undefined;
  return {
    windowOf,
    record(id: StatusServiceId, outcome: CallOutcome, ms: number) {
      windowOf(id).record(outcome, ms);
    },
    /** One airline results page, read (flights, or the airline's "no flights") or not (the page changed). */
    recordPage(outcome: AirlinePageOutcome) {
      pages.record(outcome === 'read' ? 'ok' : 'failed', Number.NaN);
      pagesCounter?.inc({ outcome });
    },
    /** The results pages of the last `minutes` minutes (the current one included), and how many of them read. */
    pagesRead(minutes: number): { read: number; total: number } {
      const s = pages.summary(minutes);
      return { read: s.successes, total: s.successes + s.failures };
    },
  };
}
export type ServiceMonitor = ReturnType<typeof createServiceMonitor>;

/** How an airline answer counts: 429 and 406 are throttling, the bot walls are blocks, any other non-answer a failure. */
export function airlineOutcome(result: FlightFetchResult): CallOutcome {
  if (result.kind === 'flights') return 'ok';
  if (result.kind === 'blocked') return result.reason === 'throttled' || result.reason === 'not-acceptable' ? 'throttled' : 'blocked';
  return 'failed';
}

/**
 * Whether an airline answer was a results page that read, one that did not, or no results page at all (a block, an
 * HTTP error). "No flights" is a page that read; a redirect loop counts as unreadable, as a changed site looks alike.
 */
export function pageOutcome(result: FlightFetchResult): AirlinePageOutcome | null {
  if (result.kind === 'flights') return 'read';
  return result.kind === 'page-changed' ? 'unreadable' : null;
}

/**
 * Every airline request the gateway sends, timed, and each results page filed as read or not; a request aborted by
 * us (a hedge's loser, shutdown) is not counted.
 */
export function observeFlightProvider<P extends FlightProvider>(provider: P, monitor: ServiceMonitor): P {
  const fetchFlights: FlightProvider['fetchFlights'] = async (query, signal, progress) => {
    const started = performance.now();
    try {
      // The progress goes through: the gateway's early cut listens for the first answer (decision 220).
      const result = await provider.fetchFlights(query, signal, progress);
      monitor.record('airline', airlineOutcome(result), performance.now() - started);
      const page = pageOutcome(result);
      if (page) monitor.recordPage(page);
      return result;
    } catch (err) {
      if (!signal.aborted) monitor.record('airline', 'failed', performance.now() - started);
      throw err;
    }
  };
  return Object.assign(Object.create(provider) as P, { fetchFlights });
}

/** A thrown error's outcome: a refusal that says 429 or "rate" is throttling, another refusal a block, the rest failures. */
export function errorOutcome(err: unknown): CallOutcome {
  const message = err instanceof Error ? err.message : String(err);
  const failure = (err as { failure?: unknown } | null)?.failure;
  if (/\b429\b|rate.?limit/i.test(message)) return 'throttled';
  if (failure === 'refused' || /\b403\b/.test(message)) return 'blocked';
  return 'failed';
}

/**
 * `target` with the named async methods timed into `id`'s window. `classify` reads an answer that is a failure
 * without throwing (the geolocation adapter answers "not found, rate limited"); an abort we asked for is not counted.
 */
export function observeMethods<T extends object>(
  target: T,
  id: StatusServiceId,
  methods: readonly (keyof T & string)[],
  monitor: ServiceMonitor,
  classify: (value: unknown) => CallOutcome = () => 'ok',
): T {
  const wrapped: Record<string, unknown> = {};
  for (const name of methods) {
    if (typeof target[name] !== 'function') continue;
    wrapped[name] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        // Read at call time, not wrap time: a method replaced later (a test's spy, a reconnect) is the one called.
        const current = target[name] as (...a: unknown[]) => Promise<unknown>;
        const value: unknown = await current.apply(target, args);
        monitor.record(id, classify(value), performance.now() - started);
        return value;
      } catch (err) {
        const aborted = args.some((a) => a instanceof AbortSignal && a.aborted);
        if (!aborted) monitor.record(id, errorOutcome(err), performance.now() - started);
        throw err;
      }
    };
  }
  return new Proxy(target, {
    get: (t, prop, receiver) => (typeof prop === 'string' && prop in wrapped ? wrapped[prop] : Reflect.get(t, prop, receiver)),
  });
}
