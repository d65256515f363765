import { localDate } from '@gowild/contract/local-time';
import type { Clock } from '../../../lib/clock';
import { findAirport } from '../../../lib/reference-data/airports';
import { withTimeout } from '../../../lib/upstream/timeout';
import type { Semaphore } from '../../../lib/upstream/semaphore';
import { type FlightProvider, type FlightQuery, flightQueryKey } from '../../../providers/flights/flights.provider';
import type { AirlineMetrics } from '../airline.metrics';
import type { AttemptResult, GatewayLog, Lookup, Send } from '../gateway-types';
import { type AskSchedule, type RouteSchedules, type ScheduleRoute, noServiceOn } from '../route-schedules';
import type { GatewayBreaker } from './breaker';
import type { AnswerStore } from './cache';
import type { ObservationBridge } from './observe';
import { fairQueueStage } from './fair-queue';
import { type Pace, paceStage } from './pace';

interface AskerDeps {
  provider: FlightProvider;
  breaker: GatewayBreaker;
  slots: Semaphore;
  pace: Pace;
  timeoutMs: number;
  stopping?: AbortSignal;
  metrics: AirlineMetrics;
  log: () => GatewayLog | undefined;
}

/**
 * A schedule read, as the breaker, its failure window and the pacer see it: neutral, like a cancelled attempt. The
 * JSON endpoint answering says nothing of whether results pages are being blocked, so it must not reset the breaker's
 * count of blocks in a row; its blocks, 5xx and time-outs count as any request's do.
 */
const ANSWERED: AttemptResult = { kind: 'cancelled' };

function outcomeLabel(r: AttemptResult | { kind: 'breaker-open' }, read: boolean): string {
  if (read) return 'ok';
  if (r.kind === 'blocked') return r.reason === 'throttled' ? 'throttled' : r.reason === 'not-acceptable' ? 'not_acceptable' : 'blocked';
  return r.kind.replace('-', '_');
}

/**
 * One ask of the airline for a route's schedule (decision 242), with the same manners as any page request: a slot of
 * the fair queue in the background lane (travellers first), the pacer's next start and what the answer teaches it,
 * and the breaker (a block counts towards it). Never the breaker's trial: while it is not closed nothing is asked.
 * No retry, hedge or early cut: a failed ask is tried again after the schedules' back-off. Never throws.
 */
export function scheduleAsker(deps: AskerDeps): AskSchedule {
  const { provider, metrics } = deps;
  return async (route: ScheduleRoute, sent?: () => void) => {
    if (!provider.fetchSchedule || deps.breaker.state() !== 'closed' || deps.stopping?.aborted) return undefined;
    let read: Awaited<ReturnType<NonNullable<FlightProvider['fetchSchedule']>>> | undefined;
    const attempt: Send = async () => {
      sent?.();
      const timed = await withTimeout((signal) => provider.fetchSchedule!(route, signal), deps.timeoutMs, [deps.stopping]);
      if (!timed.ok) {
        if (timed.cause === 'timeout') return { kind: 'timeout' };
        if (timed.cause === 'aborted') return { kind: 'cancelled' };
        return { kind: 'network-error', detail: (timed.error as Error).message };
      }
      read = timed.value;
      return read.kind === 'schedule' ? ANSWERED : read;
    };
    const guarded = deps.breaker.stage(fairQueueStage(paceStage(attempt, deps.pace, deps.stopping), deps.slots));
    const key = `schedule:${route.origin}-${route.destination}`;
    const r = await guarded({ key, query: { ...route, date: '' }, lane: 'background', hedges: 0 });
    if (deps.stopping?.aborted) return undefined;
    metrics.scheduleRequests.inc({ outcome: outcomeLabel(r, read?.kind === 'schedule') });
    if (read?.kind === 'page-changed') deps.log()?.warn({ route: key, detail: read.detail }, `airline schedule for ${key} did not read`);
    return read?.kind === 'schedule' ? { disabledDates: read.disabledDates, lastAvailableDate: read.lastAvailableDate } : undefined;
  };
}

interface ScheduleStageDeps {
  schedules: RouteSchedules;
  ask: AskSchedule;
  /** Whether the filter is on now (the benchmark turns it off and on in one run). */
  on: () => boolean;
  store: AnswerStore;
  observations?: ObservationBridge;
  clock: Clock;
  metrics: AirlineMetrics;
}

/** A day after today at the origin: a results page with no flights for it means nothing flies or sells that day. */
function laterThanToday(query: FlightQuery, now: Date): boolean {
  return query.date > localDate(now, findAirport(query.origin)?.timezone ?? 'UTC');
}

/**
 * The schedule stage (decision 242), inside the cache and outside the budget: a query whose route's schedule (a read
 * still trusted) says it does not fly that date is answered "no flights" with no airline request and no budget
 * spent, kept in the cache and as an observation as the airline's own "no flights" would be. Other queries ask as
 * before. A route's schedule is asked for in the background (never waited for) when there is a sign it pays: a page
 * with no flights for a later day (for a route never read, or whose read that it flies every day is over a week
 * old), or a last read that named days without service and is over a day old. A route whose pages always have
 * flights costs nothing.
 */
export function scheduleStage(next: Lookup, deps: ScheduleStageDeps): Lookup {
  const { schedules, metrics } = deps;
  return async (req) => {
    if (!deps.on()) return next(req);
    const route = { origin: req.query.origin, destination: req.query.destination };
    const now = deps.clock.now();
    const schedule = await schedules.known(route);
    if (schedule && noServiceOn(schedule, req.query.date, now.getTime())) {
      metrics.scheduleSkips.inc({ lane: req.lane });
      await deps.store.remember(req.key, [], 0);
      deps.observations?.record(req.query, [], now);
      return { ok: true, flights: [], dropped: 0, withoutRequest: true };
    }
    if (!schedule) void schedules.renew(route, deps.ask);
    const r = await next(req);
    if (r.ok && r.flights.length === 0 && laterThanToday(req.query, now)) void schedules.learn(route, deps.ask);
    return r;
  };
}

/** How the sweep asks about days without service: routes at a time, and how many routes' schedules it may ask for. */
export interface WithoutServiceOptions {
  concurrency: number;
  /** Routes whose schedule may be asked for, in the order of the queries (default: all). */
  maxAsks?: number;
  signal?: AbortSignal;
}

/**
 * Of `queries`, the keys of those whose route's schedule says it does not fly that date, first asking again for the
 * routes whose last read named days without service and is no longer trusted (`concurrency` routes at a time, at most
 * `maxAsks` routes, in the queries' order); `asked` counts the airline requests that took. For the sweep, which keeps
 * those routes' schedules known before it sweeps their dates (the others are learnt from their pages, as any).
 */
export async function queriesWithoutService(
  queries: readonly FlightQuery[],
  deps: { schedules: RouteSchedules; ask: AskSchedule; clock: Clock } & WithoutServiceOptions,
): Promise<{ keys: Set<string>; asked: number }> {
  const routes = [
    ...new Map(queries.map((q) => [`${q.origin}-${q.destination}`, { origin: q.origin, destination: q.destination }])).values(),
  ];
  let asked = 0;
  const counted: AskSchedule = (route) => deps.ask(route, () => asked++);
  const known = new Map<string, Awaited<ReturnType<RouteSchedules['known']>>>();
  let next = 0;
  let mayAsk = deps.maxAsks ?? Infinity;
  const worker = async () => {
    while (next < routes.length && !deps.signal?.aborted) {
      const route = routes[next++]!;
      let schedule = await deps.schedules.known(route);
      if (!schedule && mayAsk > 0 && deps.schedules.hadDaysOff(route)) {
        mayAsk--;
        schedule = await deps.schedules.learn(route, counted);
      }
      known.set(`${route.origin}-${route.destination}`, schedule);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.concurrency, routes.length)) }, worker));
  const keys = new Set<string>();
  for (const q of queries) {
    const schedule = known.get(`${q.origin}-${q.destination}`);
    if (schedule && noServiceOn(schedule, q.date, deps.clock.now().getTime())) keys.add(flightQueryKey(q));
  }
  return { keys, asked };
}

/** What the schedule filter needs of the gateway's options (GatewayOptions). */
interface FilterOptions {
  provider: FlightProvider;
  schedules?: RouteSchedules;
  timeoutMs: number;
  stopping?: AbortSignal;
  observations?: ObservationBridge;
  clock: Clock;
}

/**
 * The schedule filter as the gateway holds it (decision 242): its stage, and what it offers the gateway's callers.
 * Off without schedules, or when the airline publishes none.
 */
export function scheduleFilter(
  opts: FilterOptions,
  parts: Pick<AskerDeps, 'breaker' | 'slots' | 'pace' | 'metrics' | 'log'> & { store: AnswerStore },
) {
  const schedules = opts.schedules && opts.provider.fetchSchedule ? opts.schedules : undefined;
  let on = schedules !== undefined;
  const ask = scheduleAsker({ ...parts, provider: opts.provider, timeoutMs: opts.timeoutMs, stopping: opts.stopping });
  const { store, metrics } = parts;
  return {
    stage: (next: Lookup): Lookup =>
      schedules
        ? scheduleStage(next, { schedules, ask, on: () => on, store, observations: opts.observations, clock: opts.clock, metrics })
        : next,
    controls: {
      /** Turns the schedule filter on or off while running (the sweep benchmark compares both in one run). */
      setScheduleFilter(value: boolean) {
        on = value && schedules !== undefined;
      },
      /**
       * Of `queries`, the keys of those the airline's schedule says do not fly, first asking again (background
       * lane, `concurrency` routes at a time, `maxAsks` routes at most) for the routes whose last read named days
       * without service and has aged; `asked` counts the airline requests that took. Empty while the filter is off.
       */
      withoutService: (queries: readonly FlightQuery[], o: WithoutServiceOptions) =>
        schedules && on
          ? queriesWithoutService(queries, { schedules, ask, clock: opts.clock, ...o })
          : Promise.resolve({ keys: new Set<string>(), asked: 0 }),
      /** Resolves once no schedule is being asked for (tests and benchmarks wait for the background asks). */
      schedulesIdle: (): Promise<void> => schedules?.idle() ?? Promise.resolve(),
    },
  };
}
