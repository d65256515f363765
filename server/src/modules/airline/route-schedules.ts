import { randomUUID } from 'node:crypto';
import { addDays } from '@gowild/contract/dates';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock';
import { storeGuard } from './shared-upstream';

/** A route as the airline's schedule is asked for it. */
export interface ScheduleRoute {
  origin: string;
  destination: string;
}

/**
 * A route's schedule as the airline published it (`RetrieveSchedule`, decision 242): the days it does not fly
 * (YYYY-MM-DD, sorted) up to the last day it sells (null when it did not say), and when it was read (epoch ms).
 */
export interface RouteSchedule {
  disabledDates: string[];
  lastAvailableDate: string | null;
  fetchedAt: number;
}

/**
 * One ask of the airline for a route's schedule: what it said, or undefined when it did not answer with one.
 * `sent` is told when a request did go out (none does while the breaker is not closed).
 */
export type AskSchedule = (route: ScheduleRoute, sent?: () => void) => Promise<Omit<RouteSchedule, 'fetchedAt'> | undefined>;

/**
 * The schedules as the processes share them (Redis): the last read of each route, and the claim that makes one
 * process the route's asker. Every call answers "unknown" (undefined) when the store cannot be reached.
 */
export interface SharedSchedules {
  read(key: string): Promise<RouteSchedule | null | undefined>;
  /** Takes the route's claim for `ms` unless someone holds it: true (ask), false (someone else asks, or asked lately). */
  claim(key: string, ms: number): Promise<boolean | undefined>;
  /** Keeps a read and holds the claim for `claimMs` (the time the read is trusted: nobody asks again before then). */
  write(key: string, schedule: RouteSchedule, claimMs: number): Promise<void>;
  /** A failed ask: the claim is held for `ms` (the back-off), so no process asks again before. */
  backOff(key: string, ms: number): Promise<void>;
}

export interface RouteSchedulesOptions {
  clock: Clock;
  /** Shared with the other processes; without it (or while it is away) this process keeps its own. */
  shared?: SharedSchedules;
  /** How long a read that names days without service is trusted, and so asked again at most (ms, default a day). */
  trustMs?: number;
  /**
   * How long a read that says the route flies every day is trusted (ms, default a week): it rules out no day, so
   * when the airline cuts a day meanwhile, that day's page is asked as before; only the pages it could save wait.
   */
  everyDayTrustMs?: number;
  /** How long after a failed ask anyone asks again (ms, default an hour). */
  backOffMs?: number;
  /** How long an ask under way holds the route (ms, default 5 minutes). */
  askingMs?: number;
  /** How long this process goes without reading the shared store again for a route it found nothing for (ms, default a minute). */
  lookAgainMs?: number;
}

const routeKey = (r: ScheduleRoute) => `${r.origin}-${r.destination}`;

/** This process's view of one route. */
interface Local {
  schedule?: RouteSchedule;
  /** When the shared store was last read for it (clock ms), and the read under way. */
  lookedAt?: number;
  reading?: Promise<RouteSchedule | undefined>;
  /** No ask from this process before this (clock ms): one under way, one done, a failure's back-off, or another's claim. */
  quietUntil?: number;
  asking?: Promise<RouteSchedule | undefined>;
}

const disabledSets = new WeakMap<RouteSchedule, ReadonlySet<string>>();

/**
 * Whether the schedule says the route does not fly on `date`: a disabled day, or a day past the last one it sells.
 * The last day moves on by a day each day, so a read `now - fetchedAt` old rules out only the days past that.
 */
export function noServiceOn(schedule: RouteSchedule, date: string, now: number): boolean {
  const age = Math.max(0, Math.floor((now - schedule.fetchedAt) / 86_400_000));
  if (schedule.lastAvailableDate !== null && date > addDays(schedule.lastAvailableDate, age + 1)) return true;
  let set = disabledSets.get(schedule);
  if (!set) disabledSets.set(schedule, (set = new Set(schedule.disabledDates)));
  return set.has(date);
}

/**
 * The airline's route schedules (decision 242): the last read of each route, trusted for a day (a week when it
 * names no day without service), and the asks that renew them. A route is asked at most once a day across processes
 * (a shared claim, `SET NX PX`), and after a failed ask no sooner than the back-off. Without the shared store, or while it is away, this process keeps its own reads
 * and claims. Nothing here throws or holds a search up: a route with no read is simply unknown.
 */
export function createRouteSchedules(opts: RouteSchedulesOptions) {
  const { clock, shared } = opts;
  const trustMs = opts.trustMs ?? 86_400_000;
  const everyDayTrustMs = opts.everyDayTrustMs ?? 7 * 86_400_000;
  const trustOf = (s: Pick<RouteSchedule, 'disabledDates'>) => (s.disabledDates.length > 0 ? trustMs : everyDayTrustMs);
  const backOffMs = opts.backOffMs ?? 3_600_000;
  const askingMs = opts.askingMs ?? 300_000;
  const lookAgainMs = opts.lookAgainMs ?? 60_000;
  const locals = new LRUCache<string, Local>({ max: 20_000 });
  const asks = new Set<Promise<unknown>>();
  const now = () => clock.now().getTime();
  const trusted = (s: RouteSchedule | null | undefined): s is RouteSchedule => !!s && now() - s.fetchedAt < trustOf(s);

  const localOf = (key: string) => {
    let local = locals.get(key);
    if (!local) locals.set(key, (local = {}));
    return local;
  };

  /**
   * The shared store's read of the route, at most once a `lookAgainMs` per route (concurrent callers share it): the
   * trusted read, or undefined. A read past its trusted time is kept all the same, for `hadDaysOff`.
   */
  function readShared(key: string, local: Local): Promise<RouteSchedule | undefined> {
    if (!shared) return Promise.resolve(undefined);
    if (local.reading) return local.reading;
    if (local.lookedAt !== undefined && now() - local.lookedAt < lookAgainMs) return Promise.resolve(undefined);
    local.lookedAt = now();
    local.reading = shared
      .read(key)
      .then((got) => {
        if (got && (!local.schedule || got.fetchedAt > local.schedule.fetchedAt)) local.schedule = got;
        return trusted(got) ? got : undefined;
      })
      .finally(() => (local.reading = undefined));
    return local.reading;
  }

  /** Asks the airline for the route, holding the claim while it does; the read, or undefined. */
  async function askFor(key: string, route: ScheduleRoute, local: Local, ask: AskSchedule): Promise<RouteSchedule | undefined> {
    local.quietUntil = now() + askingMs;
    const mine = shared ? await shared.claim(key, askingMs) : undefined;
    if (mine === false) {
      // Someone else asks, or asked lately: their read (or their back-off) is in the shared store.
      local.quietUntil = now() + lookAgainMs;
      local.lookedAt = undefined;
      return undefined;
    }
    const said = await ask(route).catch(() => undefined);
    if (!said) {
      local.quietUntil = now() + backOffMs;
      await shared?.backOff(key, backOffMs);
      return undefined;
    }
    const schedule: RouteSchedule = { ...said, fetchedAt: now() };
    local.schedule = schedule;
    local.quietUntil = schedule.fetchedAt + trustOf(schedule);
    await shared?.write(key, schedule, trustOf(schedule));
    return schedule;
  }

  /** The route's schedule read within its trusted time, or undefined when none is known. Never throws. */
  async function known(route: ScheduleRoute): Promise<RouteSchedule | undefined> {
    const key = routeKey(route);
    const local = localOf(key);
    if (trusted(local.schedule)) return local.schedule;
    return readShared(key, local);
  }

  async function learnRoute(route: ScheduleRoute, ask: AskSchedule): Promise<RouteSchedule | undefined> {
    const read = await known(route);
    if (read) return read;
    const key = routeKey(route);
    const local = localOf(key);
    // Another caller's ask may have ended while this one read.
    if (trusted(local.schedule)) return local.schedule;
    if (local.asking) return local.asking;
    if (local.quietUntil !== undefined && now() < local.quietUntil) return undefined;
    local.asking = askFor(key, route, local, ask).finally(() => (local.asking = undefined));
    return local.asking;
  }

  /** Whether the route's last read, trusted or not, named a day without service (once `known` has looked). */
  const hadDaysOff = (route: ScheduleRoute) => (localOf(routeKey(route)).schedule?.disabledDates.length ?? 0) > 0;

  /** Tracked from the start, so `idle` waits for a learn whose shared-store read is still under way. */
  function tracked<T>(work: Promise<T>): Promise<T> {
    const p = work.finally(() => asks.delete(p));
    asks.add(p);
    return p;
  }

  return {
    known,
    hadDaysOff,
    /**
     * Makes sure the route's schedule is known, asking the airline (`ask`) unless a trusted read is known, an ask is
     * under way, or the route is held (asked within the day, a failure's back-off, another process's claim). The
     * read, or undefined when there is none. Never throws.
     */
    learn: (route: ScheduleRoute, ask: AskSchedule): Promise<RouteSchedule | undefined> => tracked(learnRoute(route, ask)),
    /**
     * As `learn`, for a route whose last read named a day without service and is no longer trusted: such a route is
     * kept known, read again once a day. A route never read, or read as flying every day, is not asked.
     */
    renew: (route: ScheduleRoute, ask: AskSchedule): Promise<RouteSchedule | undefined> =>
      tracked(
        (async () => {
          const read = await known(route);
          return read ?? (hadDaysOff(route) ? learnRoute(route, ask) : undefined);
        })(),
      ),
    /** Resolves once no ask is under way (tests and benchmarks wait for the background asks with it). */
    async idle(): Promise<void> {
      while (asks.size > 0) await Promise.allSettled([...asks]);
    },
  };
}
export type RouteSchedules = ReturnType<typeof createRouteSchedules>;

interface RedisSchedulesOptions {
  prefix?: string;
  /** A store call slower than this counts as unreachable (ms). */
  commandTimeoutMs?: number;
  /** After a failure the store is left alone this long (ms). */
  retryAfterMs?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
}

/** The schedules in Redis: `route:<ORG-DST>` holds the last read (kept twice the trusted time), `claim:<ORG-DST>` the claim. */
export function createRedisSharedSchedules(redis: Redis, opts: RedisSchedulesOptions = {}): SharedSchedules {
  const prefix = opts.prefix ?? 'gw:schedule:';
  const guarded = storeGuard({
    timeoutMs: opts.commandTimeoutMs ?? 250,
    pauseMs: opts.retryAfterMs ?? 5_000,
    now: opts.now ?? Date.now,
    onError: opts.onError ?? (() => {}),
  });
  const k = { route: (key: string) => `${prefix}route:${key}`, claim: (key: string) => `${prefix}claim:${key}` };
  const ms = (n: number) => Math.max(1, Math.ceil(n));
  return {
    async read(key) {
      const raw = await guarded(() => redis.get(k.route(key)));
      if (raw === undefined) return undefined;
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as RouteSchedule;
      } catch {
        return null;
      }
    },
    claim: (key, claimMs) => guarded(async () => (await redis.set(k.claim(key), randomUUID(), 'PX', ms(claimMs), 'NX')) === 'OK'),
    async write(key, schedule, claimMs) {
      await guarded(() =>
        redis
          .multi()
          .set(k.route(key), JSON.stringify(schedule), 'PX', ms(2 * claimMs))
          .set(k.claim(key), 'read', 'PX', ms(claimMs))
          .exec(),
      );
    },
    async backOff(key, backOffMs) {
      await guarded(() => redis.set(k.claim(key), 'failed', 'PX', ms(backOffMs)));
    },
  };
}
