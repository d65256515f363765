import { addDays, utcDateOf } from '@gowild/contract/dates';
import { goWildRouteKind } from '@gowild/contract/gowild-window';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { flightQueryKey } from '../../providers/flights/flights.provider';
import { type FlightsEngine, fetchLive } from '../flights/flights.module';
import type { SweepMetrics } from './sweeps.metrics';
import type { RunCounts, SweepsRepository } from './sweeps.repository';
import type { CoverageReader } from './coverage.repository';
import {
  COVER_MS,
  type DueSlot,
  type PlanFilter,
  type PlanMode,
  type SweepRoute,
  type SweepSlot,
  allowance,
  planSweep,
  slotKey,
} from './sweep-plan';

/** Where a run came from: the worker's schedule, the operator's `sweep:run`, or the demo seed (simulated time). */
export type SweepTrigger = 'schedule' | 'cli' | 'demo-seed';

/** What one run did, for the log, the CLI and the benchmarks. */
export interface SweepReport extends RunCounts {
  trigger: SweepTrigger;
  /** (route, date) slots answered (by the airline or the cache). */
  swept: number;
  /** Distinct routes and travel dates among the slots swept. */
  dates: string[];
  /** Of the failed slots, why (the gateway's reasons), counted. */
  failures: Record<string, number>;
  /**
   * Slots answered "no flights" from the airline's schedule, with no request (decision 242), and the requests for
   * routes' schedules the run made (also counted in `requests`).
   */
  noService: number;
  scheduleRequests: number;
}

export interface SweepSettings {
  /** Airline requests the sweep may make in any hour, across every worker (SWEEP_BUDGET_PER_HOUR; 0: no sweeping). */
  budgetPerHour: number;
  /** SWEEP_PLAN: the targeted plan (decision 258, the default) or the hourly refresh of every open date before it. */
  plan?: PlanMode;
  /** The hourly plan's refresh periods. */
  refreshMs: number;
  laterMs: number;
  /** The targeted plan: today's slots asked again this often (SWEEP_DEPARTURE_MINUTES; 0: never). */
  departureMs?: number;
  /** The targeted plan: the grid's days kept with a lowest fare under a day old (0: no cover pages, decision 328). */
  coverDays?: number;
  /** The scheduled run's period: the steady share of the budget one run may spend (decision 188). */
  runEveryMs: number;
  /** Gateway queries one run keeps in flight. */
  concurrency: number;
  /** How long a claim on a slot lasts if its sweeper dies (then another may sweep it). */
  claimMs?: number;
  /** The flight cache's fresh time: a demanded slot is swept again before its answer leaves it (decision 226). */
  freshMs?: number;
  /** Searches in the last hour that make a (route, date) demanded (SWEEP_DEMAND_MIN_SEARCHES; 0: no demand weighting). */
  demandMin?: number;
}

interface SweepDeps {
  repo: SweepsRepository;
  flights: Pick<FlightsEngine, 'gateway'>;
  reference: { routes(): readonly { origin: string; destination: string }[] };
  clock: Clock;
  metrics: SweepMetrics;
  settings: SweepSettings;
  /** Names this sweeper in its claims (process and run). */
  sweeperId: string;
  /** What the grid already holds, for the targeted plan's cover pages; without it only the sweep's own pages count. */
  coverage?: CoverageReader;
}

/** How long the sweeper trusts its read of the grid's figures (the cover pages are not urgent; its own pages count at once). */
const COVERAGE_READ_EVERY_MS = 10 * 60_000;

export interface RunOptions {
  trigger: SweepTrigger;
  filter?: PlanFilter;
  log?: FastifyBaseLogger;
  signal?: AbortSignal;
  /** The CLI's run-now may spend the whole hour's remainder, not only one tick's share. */
  wholeHour?: boolean;
}

/** The network as the planner sees it: each route with its window kind and its origin's time zone. */
export function sweepRoutes(routes: readonly { origin: string; destination: string }[]): SweepRoute[] {
  const out: SweepRoute[] = [];
  for (const r of routes) {
    const from = findAirport(r.origin);
    const to = findAirport(r.destination);
    if (!from || !to) continue;
    out.push({
      origin: r.origin,
      destination: r.destination,
      kind: goWildRouteKind(from.countryCode, to.countryCode),
      timeZone: from.timezone,
    });
  }
  return out;
}

const emptyCounts = (): RunCounts => ({
  due: 0,
  routes: 0,
  requests: 0,
  fromCache: 0,
  failed: 0,
  skippedBudget: 0,
  skippedClaimed: 0,
  stoppedByBreaker: false,
  durationMs: 0,
});

/** The gateway's reasons that say nothing was asked of the airline. */
const NOT_ASKED = new Set(['breaker-open', 'shutdown', 'over-budget']);

/**
 * Asks the gateway about each claimed slot, `concurrency` at a time, in the background lane (travellers' requests go
 * first, decision 116) without hedges (one airline request per slot). Stops when the breaker opens or `signal` fires.
 * The `noService` slots are answered by the gateway from the airline's schedule, with no request.
 */
async function sweepSlots(deps: SweepDeps, slots: readonly DueSlot[], report: SweepReport, noService: Set<string>, signal?: AbortSignal) {
  const { gateway } = deps.flights;
  const done: SweepSlot[] = [];
  const left: SweepSlot[] = [];
  let next = 0;
  const worker = async () => {
    while (next < slots.length) {
      const slot = slots[next++]!;
      if (signal?.aborted || report.stoppedByBreaker || gateway.breakerState() === 'open') {
        report.stoppedByBreaker ||= !signal?.aborted;
        left.push(slot);
        continue;
      }
      const query = { origin: slot.origin, destination: slot.destination, date: slot.date };
      const ask = () => gateway.fetch(query, { hedge: false, lane: 'background' });
      // A demanded slot is renewed while its answer is still fresh (decision 226): the airline is asked, not the cache.
      const result = await (slot.reason === 'demand' ? fetchLive(flightQueryKey(query), ask) : ask());
      if (result.status === 'ok') {
        done.push(slot);
        const outcome = result.source === 'upstream' ? 'upstream' : noService.has(slotKey(slot)) ? 'schedule' : 'cache';
        if (outcome === 'upstream') report.requests += 1;
        else if (outcome === 'schedule') report.noService += 1;
        else report.fromCache += 1;
        deps.metrics.slots.inc({ outcome });
        continue;
      }
      left.push(slot);
      report.failed += 1;
      report.failures[result.reason] = (report.failures[result.reason] ?? 0) + 1;
      deps.metrics.slots.inc({ outcome: 'failed' });
      if (!NOT_ASKED.has(result.reason)) report.requests += 1;
      if (result.reason === 'breaker-open') report.stoppedByBreaker = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.settings.concurrency, slots.length) }, worker));
  return { done, left };
}

/**
 * The days the airline's schedule says a route does not fly (decision 242): the routes of the due slots whose last
 * schedule named days without service and has aged past a day are read again first (up to `maxAsks` routes: what
 * the hour's budget has left beyond the run's slots; counted as the run's requests), and the due slots the known
 * schedules rule out are swept too, at no cost (the gateway answers them "no flights"). Other routes are learnt from
 * their pages, as for any caller. The slots to ask the gateway about: those, then the rest of the budget's `take`.
 */
async function withoutService(
  deps: SweepDeps,
  slots: { due: readonly DueSlot[]; take: readonly DueSlot[] },
  maxAsks: number,
  report: SweepReport,
  signal?: AbortSignal,
) {
  const { due, take } = slots;
  const found = await deps.flights.gateway.withoutService(due, { concurrency: deps.settings.concurrency, maxAsks, signal });
  report.scheduleRequests = found.asked;
  report.requests += found.asked;
  const quiet = due.filter((s) => found.keys.has(slotKey(s)));
  return { asked: [...quiet, ...take.filter((s) => !found.keys.has(slotKey(s)))], noService: found.keys };
}

/**
 * The grid's figures seen within the last day (every origin's midnight is in it), for the targeted plan's cover pages:
 * read at most every ten minutes (the sweep's own pages count at once, from its slots); a failed read counts none, so
 * the sweep asks its own pages as if nothing else had brought figures.
 */
function seenFiguresOf(reader: CoverageReader | undefined, coverDays: number) {
  let cached: { at: number; seen: Map<string, Date> } | undefined;
  return async (now: Date): Promise<Map<string, Date>> => {
    if (coverDays <= 0 || !reader) return new Map();
    const age = now.getTime() - (cached?.at ?? -Infinity);
    if (cached && age >= 0 && age < COVERAGE_READ_EVERY_MS) return cached.seen;
    // Every origin's "today" lies within a day of UTC's.
    const from = addDays(utcDateOf(now), -1);
    const seen = await reader
      .seenSince(from, addDays(from, coverDays + 2), new Date(now.getTime() - COVER_MS))
      .catch(() => new Map<string, Date>());
    cached = { at: now.getTime(), seen };
    return seen;
  };
}

/**
 * The sweep (docs/product/sweeps.md; decisions 187-189): plans the due (route, date) slots against the window rule
 * and the clock, reserves its share of the hourly airline budget, claims its slots (one sweeper per slot across
 * workers), asks the airline through the gateway, and records the run.
 */
export function createSweeper(deps: SweepDeps) {
  const { repo, clock, metrics, settings } = deps;
  const claimMs = settings.claimMs ?? 10 * 60_000;
  const coverDays = (settings.plan ?? 'targeted') === 'targeted' ? (settings.coverDays ?? 0) : 0;
  const seenFigures = seenFiguresOf(deps.coverage, coverDays);

  async function runOnce(opts: RunOptions): Promise<SweepReport> {
    const started = performance.now();
    const now = clock.now();
    const report: SweepReport = {
      ...emptyCounts(),
      trigger: opts.trigger,
      swept: 0,
      dates: [],
      failures: {},
      noService: 0,
      scheduleRequests: 0,
    };
    const demo = opts.trigger === 'demo-seed';
    if (deps.flights.gateway.breakerState() === 'open') {
      report.stoppedByBreaker = true;
      return report;
    }
    const routes = sweepRoutes(deps.reference.routes());
    // The earliest "today" anywhere is at most a day behind UTC's.
    const last = await repo.lastSwept(addDays(utcDateOf(now), -1));
    const demandMin = settings.demandMin ?? 0;
    const demand = demandMin > 0 ? await repo.demandSince(new Date(now.getTime() - 3_600_000)) : new Map<string, number>();
    const due = planSweep(
      routes,
      last,
      now,
      {
        mode: settings.plan ?? 'targeted',
        refreshMs: settings.refreshMs,
        laterMs: settings.laterMs,
        departureMs: settings.departureMs,
        coverDays,
        freshMs: settings.freshMs,
        // One scheduled run ahead, so the answer is renewed before a search can find it stale.
        leadMs: settings.runEveryMs,
        demandMin,
      },
      opts.filter,
      demand,
      await seenFigures(now),
    );
    report.due = due.length;
    let take: DueSlot[] = due;
    // Schedules the run may read again (decision 242): within what the hour's budget has left beyond its slots.
    let maxAsks = new Set(due.map((s) => `${s.origin}-${s.destination}`)).size;
    const run = await repo.startRun(
      { trigger: opts.trigger, demo, startedAt: now },
      {
        perHour: settings.budgetPerHour,
        want: (left) => {
          take = allowance(
            due,
            settings.budgetPerHour,
            settings.budgetPerHour - left,
            opts.wholeHour ? 3_600_000 : settings.runEveryMs,
          ).take;
          // Not reserved: most runs ask none (each route at most once a day), and a run counts those it made.
          maxAsks = Math.max(0, Math.min(maxAsks, left - take.length));
          return take.length;
        },
      },
    );
    try {
      const { asked, noService } = await withoutService(deps, { due, take }, maxAsks, report, opts.signal);
      report.skippedBudget = due.length - asked.length;
      metrics.skippedBudget.inc(report.skippedBudget);
      const claimed = await repo.claim(asked, deps.sweeperId, now, new Date(now.getTime() + claimMs));
      const mine = asked.filter((s) => claimed.has(slotKey(s)));
      report.skippedClaimed = asked.length - mine.length;
      const { done, left } = await sweepSlots(deps, mine, report, noService, opts.signal);
      await repo.swept(done, deps.sweeperId, clock.now());
      await repo.release(left, deps.sweeperId);
      report.swept = done.length;
      report.routes = new Set(done.map((s) => `${s.origin}-${s.destination}`)).size;
      report.dates = [...new Set(done.map((s) => s.date))].sort();
    } finally {
      report.durationMs = Math.round(performance.now() - started);
      await repo.finishRun(run.id, pickCounts(report), clock.now());
    }
    metrics.requests.inc(report.requests);
    if (report.stoppedByBreaker) metrics.stoppedByBreaker.inc();
    return report;
  }

  let running: Promise<SweepReport> | undefined;
  return {
    /** One run; a call while a run is under way in this process waits for it and runs after. */
    async run(opts: RunOptions): Promise<SweepReport> {
      while (running) await running.catch(() => undefined);
      running = runOnce(opts);
      try {
        const report = await running;
        metrics.runs.inc({ trigger: opts.trigger, result: report.stoppedByBreaker ? 'breaker' : 'ok' });
        opts.log?.info({ sweep: { ...report } }, 'sweep done');
        return report;
      } catch (err) {
        metrics.runs.inc({ trigger: opts.trigger, result: 'failed' });
        throw err;
      } finally {
        running = undefined;
        metrics.lastRun.set(Date.now() / 1000);
      }
    },
    /**
     * Counts a traveller's search of these (route, date)s, off the search's path: a write that fails is counted and
     * dropped, never waited for (decision 226).
     */
    noteDemand(slots: readonly { origin: string; destination: string; date: string }[]): Promise<void> {
      if (!settings.demandMin || slots.length === 0) return Promise.resolve();
      return repo.noteDemand(slots, clock.now()).catch(() => metrics.demandDropped.inc());
    },
    /** Forgets past slots, old runs and old demand (the scheduled run does it once a day's dates have passed everywhere). */
    purge: () =>
      repo.purge(
        addDays(utcDateOf(clock.now()), -2),
        new Date(clock.now().getTime() - 30 * 86_400_000),
        new Date(clock.now().getTime() - 86_400_000),
      ),
  };
}
export type Sweeper = ReturnType<typeof createSweeper>;

function pickCounts(r: SweepReport): RunCounts {
  const { due, routes, requests, fromCache, failed, skippedBudget, skippedClaimed, stoppedByBreaker, durationMs } = r;
  return { due, routes, requests, fromCache, failed, skippedBudget, skippedClaimed, stoppedByBreaker, durationMs };
}
