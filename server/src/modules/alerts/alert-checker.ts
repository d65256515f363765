import type { Flight } from '@gowild/contract/flights';
import { isGoWildRouteOpen } from '@gowild/contract/gowild-window';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { findAirport, isDomesticRoute } from '../../lib/reference-data/airports';
import { flightQueryKey } from '../../providers/flights/flights.provider';
import { type FlightsEngine, createOnSale, fetchLive } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import { todayAtAirport } from './alert-dates';
import type { AlertAnswer, AlertCheck, AlertQuery, CheckSchedule } from './alert-kinds/alert-kind';
import { checkOf, kindsDue } from './alert-kinds/registry';
import type { AlertOutbox } from './alert-outbox';
import type { AlertsRepository, FoundFare, OpenAlert, QueuedEmail } from './alerts.repository';
import type { AlertMetrics } from './alerts.metrics';

/** What one run did, for the log, the CLI and the benchmark. */
export interface CheckReport {
  /** Active alerts not completed when the run began. */
  alerts: number;
  /** Distinct (origin, destination, date) groups among the dates still ahead. */
  groups: number;
  /** Groups the gateway was asked about. */
  queried: number;
  /** Of those, answered by the airline / by the shared cache / not answered (the alerts wait for the next run). */
  fromAirline: number;
  fromCache: number;
  failed: number;
  /** GoWild-only groups not asked about: the airline's booking window for that date has not opened. */
  outsideWindow: number;
  matches: number;
  /** Of the matches, window-open alerts' results: GoWild on sale, GoWild not offered. */
  gowild: number;
  notOffered: number;
  /** Alerts due again at a later opening (a connection's later segment, a range's next date). */
  later: number;
  /** Alerts with no usable answer yet (for a kind that needs every answer, one missing): the next run asks again. */
  waiting: number;
  datesPassed: number;
  /** For each alert with an opening completed: ms from its opening to its message being queued. */
  queuedAfterOpeningMs: number[];
  durationMs: number;
  /** Time spent waiting on the database. */
  dbMs: number;
}

/** The window-open schedule's report, as its log line, CLI and bench tell it. */
export interface WindowCheckReport {
  due: number;
  /** Distinct (origin, destination, date) asked of the gateway. */
  queried: number;
  fromAirline: number;
  gowild: number;
  notOffered: number;
  /** Waiting for a connection's later segment or a range's next date to open. */
  later: number;
  /** Alerts with a date that got no usable answer (a failure, a stale copy, or a cached answer from before the opening): the next run asks again. */
  waiting: number;
  passed: number;
  queuedAfterOpeningMs: number[];
}

const windowReport = (r: CheckReport): WindowCheckReport => ({
  due: r.alerts,
  queried: r.queried,
  fromAirline: r.fromAirline,
  gowild: r.gowild,
  notOffered: r.notOffered,
  later: r.later,
  waiting: r.waiting,
  passed: r.datesPassed,
  queuedAfterOpeningMs: r.queuedAfterOpeningMs,
});

/** The check's two schedules (decision 307): which kinds each takes, and how many at most. */
const SCHEDULES: Record<CheckSchedule, { limit?: number; byOpening: boolean }> = {
  each_run: { byOpening: false },
  // The rest are taken by the next run, a minute later.
  at_opening: { limit: 500, byOpening: true },
};

/** An alert during one run: its kind's check, how many answers are still to come, and those come so far. */
interface AlertRun {
  alert: OpenAlert;
  check: AlertCheck;
  pending: number;
  /** Queries that got no usable answer. */
  missing: number;
  answers: AlertAnswer[];
}

interface Group {
  origin: string;
  destination: string;
  date: string;
  /** Some alert of the group takes any fare, so the date is asked about whatever the GoWild window. */
  anyFare: boolean;
  /** An answer fetched before this says nothing to some alert of the group (the latest of their openings). */
  notBefore?: Date;
  runs: { run: AlertRun; query: AlertQuery }[];
}

const queryKey = (q: Pick<AlertQuery, 'origin' | 'destination' | 'date'>) => `${q.origin}-${q.destination}-${q.date}`;

/** A fresh report, every count at zero. */
const emptyReport = (): CheckReport => ({
  alerts: 0,
  groups: 0,
  queried: 0,
  fromAirline: 0,
  fromCache: 0,
  failed: 0,
  outsideWindow: 0,
  matches: 0,
  gowild: 0,
  notOffered: 0,
  later: 0,
  waiting: 0,
  datesPassed: 0,
  queuedAfterOpeningMs: [],
  durationMs: 0,
  dbMs: 0,
});

/**
 * Steps 1 and 2: the alerts whose every date has passed at the origin (their kind asks nothing more), and the queries
 * of the others (each kind's `check.queries`: a price alert's dates, an origin-wide alert's destinations on each
 * date, a chain's flights), grouped by (origin, destination, date), earliest dates first so the alerts closest to
 * departure are answered first.
 */
function groupAlerts(
  alerts: readonly OpenAlert[],
  now: Date,
  destinationsFrom: (code: string) => readonly string[],
): { passed: string[]; groups: Group[] } {
  const passed: string[] = [];
  const groups = new Map<string, Group>();
  for (const alert of alerts) {
    const check = checkOf(alert.kind);
    if (!check) continue;
    const queries = check.queries(alert, todayAtAirport(alert.originAirport, now), destinationsFrom, now);
    if (queries.length === 0) {
      passed.push(alert.id);
      continue;
    }
    // A lapsed or switched-off account's alerts wait, unchecked, until it is premium again.
    if (!alert.ownerEntitled) continue;
    const distinct = new Map(queries.map((q) => [queryKey(q), q]));
    const run: AlertRun = { alert, check, pending: distinct.size, missing: 0, answers: [] };
    const since = check.answeredSince?.(alert);
    for (const [key, q] of distinct) {
      let group = groups.get(key);
      if (!group) {
        group = { origin: q.origin, destination: q.destination, date: q.date, anyFare: false, runs: [] };
        groups.set(key, group);
      }
      group.anyFare ||= q.anyFare;
      if (since && (!group.notBefore || since.getTime() > group.notBefore.getTime())) group.notBefore = since;
      group.runs.push({ run, query: q });
    }
  }
  const sorted = [...groups.values()].sort((a, b) =>
    a.date === b.date ? (a.origin + a.destination).localeCompare(b.origin + b.destination) : a.date < b.date ? -1 : 1,
  );
  return { passed, groups: sorted };
}

interface AlertCheckerDeps {
  repo: AlertsRepository;
  /** An origin-wide alert asks about every destination of its origin in the route network. */
  reference: Pick<ReferenceService, 'destinationsFrom'>;
  flights: Pick<FlightsEngine, 'gateway'>;
  clock: Clock;
  metrics: AlertMetrics;
  /** The outbox: the matched alerts' channel targets (read before the completing transaction), and its kick after. */
  mailer: Pick<AlertOutbox, 'kick' | 'targetsForAlerts'>;
  /** Gateway queries kept in flight by one run. */
  concurrency: number;
  appUrl: string;
  supportEmail: string;
}

/** One run's clock for the database: what it is given to time and where the time is added up. */
type Timed = <T>(work: () => Promise<T>) => Promise<T>;

/** One run: its moment, its report, its database clock, and the metrics it counts in (the 10-minute schedule's only). */
interface RunContext {
  now: Date;
  report: CheckReport;
  timed: Timed;
  metrics?: AlertMetrics;
  log?: FastifyBaseLogger;
}

interface Matched {
  id: string;
  userId: string;
  channels: string[];
  opensAt: Date | null;
  found: FoundFare;
  email: QueuedEmail;
}

/**
 * Step 4's writes, through one pump beside the airline queries, so a slow write never holds a query slot: matches
 * are completed in small transactions (the completion and its e-mail together), last_checked_at is set a thousand
 * alerts at a time, an alert waiting for a later opening is rescheduled. A database failure stops the run: `broken`
 * tells the workers, `drain` throws it.
 */
function createCheckWriter(deps: AlertCheckerDeps, run: RunContext) {
  const { repo } = deps;
  const { now, report, timed, metrics, log } = run;
  const matched: Matched[] = [];
  const touched: string[] = [];
  const rescheduled: { id: string; at: Date }[] = [];
  let pump: Promise<void> | undefined;
  let writeError: unknown;
  let broken = false;

  async function complete(batch: Matched[]) {
    const targets = await timed(() => deps.mailer.targetsForAlerts(batch));
    const done = new Set(
      await timed(() =>
        repo.completeWithMatches(
          batch.map((m) => ({ ...m, targets: targets.get(m.id) ?? [] })),
          now,
        ),
      ),
    );
    for (const m of batch.filter((b) => done.has(b.id))) {
      if (m.found.windowResult === 'gowild') report.gowild += 1;
      if (m.found.windowResult === 'not_offered') report.notOffered += 1;
      if (m.opensAt) report.queuedAfterOpeningMs.push(now.getTime() - m.opensAt.getTime());
    }
    report.matches += done.size;
    metrics?.matches.inc(done.size);
    if (done.size > 0) deps.mailer.kick(log);
  }
  async function write(all: boolean) {
    while (matched.length > 0 || rescheduled.length > 0 || touched.length >= 1000 || (all && touched.length > 0)) {
      if (matched.length > 0) await complete(matched.splice(0, 50));
      else if (rescheduled.length > 0) {
        const { id, at } = rescheduled.shift()!;
        await timed(() => repo.reschedule(id, at, now));
        report.later += 1;
      } else {
        const ids = touched.splice(0, 1000);
        await timed(() => repo.markChecked(ids, now));
      }
    }
  }
  function startPump() {
    pump ??= write(false)
      .catch((err: unknown) => {
        writeError ??= err;
        broken = true; // the database failed: the workers stop, and the run fails
      })
      .finally(() => {
        pump = undefined;
      });
  }

  return {
    get broken() {
      return broken;
    },
    /**
     * An alert whose every query is answered (or failed): completes on its kind's match, waits for a later opening,
     * or gets `last_checked_at`. Without the answers it needs, it waits for the next run.
     */
    finish(alertRun: AlertRun) {
      const { alert, check, answers } = alertRun;
      if (answers.length === 0 || (check.needsEveryAnswer && alertRun.missing > 0)) {
        report.waiting += 1;
        return;
      }
      const verdict = check.match(alert, answers, now);
      if (!verdict) touched.push(alert.id);
      else if ('later' in verdict) rescheduled.push({ id: alert.id, at: verdict.later });
      else {
        const owner = { email: alert.ownerEmail, firstName: alert.ownerFirstName };
        const email = verdict.email(owner, { appUrl: deps.appUrl, supportEmail: deps.supportEmail });
        matched.push({ id: alert.id, userId: alert.userId, channels: alert.channels, opensAt: alert.opensAt, found: verdict.found, email });
      }
      startPump();
    },
    /** Writes what is left once the queries are done; throws the run's database failure. */
    async drain() {
      while (pump) await pump;
      if (!writeError) await write(true).catch((err: unknown) => (writeError ??= err));
      if (writeError) throw writeError;
    },
  };
}

const onSale = createOnSale((code) => findAirport(code)?.timezone);

/**
 * Step 3 for one group: the gateway's answer, once, in the background lane (no hedged requests: one airline request
 * per group, decision 067), or no flights at all for a GoWild-only group whose booking window has not opened. An
 * answer fetched before the group's `notBefore` (a window-open alert's opening) cannot show GoWild seats on sale since:
 * the airline is asked again, past the cache and the kept answers (the live path of a re-check). Undefined when there
 * is no usable answer (a failure, only a stale copy, or one from before the opening): the group's alerts wait.
 */
async function askAirline(deps: AlertCheckerDeps, group: Group, run: RunContext): Promise<readonly Flight[] | undefined> {
  const { now, report, metrics } = run;
  const kind = isDomesticRoute(group.origin, group.destination) ? 'domestic' : 'international';
  if (!group.anyFare && !isGoWildRouteOpen(now, kind, group.date, findAirport(group.origin)?.timezone)) {
    report.outsideWindow += 1;
    metrics?.groups.inc({ outcome: 'outside_window' });
    return [];
  }
  report.queried += 1;
  const query = { origin: group.origin, destination: group.destination, date: group.date };
  const fetch = () => deps.flights.gateway.fetch(query, { hedge: false, lane: 'background' });
  const { notBefore } = group;
  const fetchedBefore = (r: { ageSeconds: number }) => !!notBefore && now.getTime() - r.ageSeconds * 1000 < notBefore.getTime();
  let result = await fetch();
  if (result.status === 'ok' && fetchedBefore(result)) result = await fetchLive(flightQueryKey(query), fetch);
  if (result.status !== 'ok' || fetchedBefore(result)) {
    // A stale copy is not evidence of a fare on sale now, and a failure is no answer: the next run asks again.
    if (result.status === 'ok' && result.source === 'upstream') report.fromAirline += 1;
    report.failed += 1;
    metrics?.groups.inc({ outcome: 'failed' });
    return undefined;
  }
  if (result.source === 'upstream') {
    report.fromAirline += 1;
    metrics?.airlineRequests.inc();
    metrics?.groups.inc({ outcome: 'upstream' });
  } else {
    report.fromCache += 1;
    metrics?.groups.inc({ outcome: 'cache' });
  }
  // A flight leaving within the hour is no longer sold (decision 151): it must not complete an alert.
  return result.flights.filter((f) => onSale.isOnSale(f, now));
}

/**
 * One pass of the check over the alerts a schedule takes (docs/product/alerts.md#checking-alerts; decisions 067, 307):
 * 1. alerts whose every date has passed (at the origin airport) complete as 'Date Passed';
 * 2. the queries of the others (each kind's `check.queries`) are grouped by distinct (origin, destination, date);
 * 3. each group is asked of the flight gateway once (its cache, coalescing, concurrency cap and request rate are the
 *    searches' own), except GoWild-only groups whose booking window has not opened yet;
 * 4. once all of an alert's queries are answered, its kind's `check.match` says what happened: it completes (the
 *    completion and its message in one transaction), is due again at a later opening, or gets `last_checked_at`.
 * Nothing is held between runs: a run killed half-way leaves the alerts it did not finish open for the next one.
 */
async function runCheck(deps: AlertCheckerDeps, schedule: CheckSchedule, run: RunContext, signal?: AbortSignal) {
  const { repo } = deps;
  const { now, report, timed, metrics } = run;
  const { byOpening, limit } = SCHEDULES[schedule];
  const alerts = await timed(() => repo.openAlerts({ kinds: kindsDue(schedule), openedBy: byOpening ? now : undefined, limit }));
  report.alerts = alerts.length;
  metrics?.alertsChecked.inc(alerts.length);
  const { passed, groups: queue } = groupAlerts(alerts, now, (code) => deps.reference.destinationsFrom(code));
  report.datesPassed = await timed(() => repo.completeDatesPassed(passed, now));
  metrics?.datesPassed.inc(report.datesPassed);
  report.groups = queue.length;

  const writer = createCheckWriter(deps, run);
  async function check(group: Group) {
    const flights = await askAirline(deps, group, run);
    for (const { run: alertRun, query } of group.runs) {
      if (flights) alertRun.answers.push({ query, flights });
      else alertRun.missing += 1;
      alertRun.pending -= 1;
      if (alertRun.pending === 0) writer.finish(alertRun);
    }
  }

  let next = 0;
  const worker = async () => {
    while (next < queue.length && !writer.broken && !signal?.aborted) await check(queue[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(deps.concurrency, queue.length) }, worker));
  await writer.drain();
}

/** Each schedule's log line, as before the two checks were one. */
function logRun(schedule: CheckSchedule, report: CheckReport, log?: FastifyBaseLogger) {
  if (schedule === 'each_run') {
    const { queuedAfterOpeningMs: _, ...counts } = report;
    log?.info({ alertCheck: { ...counts, durationMs: Math.round(report.durationMs), dbMs: Math.round(report.dbMs) } }, 'alert check done');
  } else if (report.alerts > 0) {
    const { queuedAfterOpeningMs, ...counts } = windowReport(report);
    log?.info({ windowOpenCheck: { ...counts, maxQueuedAfterOpeningMs: Math.max(0, ...queuedAfterOpeningMs) } }, 'window-open check done');
  }
}

/**
 * The one alert check, on two schedules (decision 307): `run`, every kind checked each run (every 10 minutes), and
 * `runOpenings`, the alerts due at an opening (every minute). A call while the same schedule runs in this process
 * joins it. Throws when the database fails.
 */
export function createAlertChecker(deps: AlertCheckerDeps) {
  const { clock } = deps;
  const running = new Map<CheckSchedule, Promise<CheckReport>>();

  async function runOnce(schedule: CheckSchedule, log?: FastifyBaseLogger, signal?: AbortSignal): Promise<CheckReport> {
    const started = performance.now();
    const report = emptyReport();
    const timed: Timed = async (work) => {
      const t = performance.now();
      try {
        return await work();
      } finally {
        report.dbMs += performance.now() - t;
      }
    };
    // The run metrics are the 10-minute schedule's, as they were before the window-open check joined it.
    const metrics = schedule === 'each_run' ? deps.metrics : undefined;
    await runCheck(deps, schedule, { now: clock.now(), report, timed, metrics, log }, signal);
    report.durationMs = performance.now() - started;
    logRun(schedule, report, log);
    return report;
  }

  function measured(log?: FastifyBaseLogger, signal?: AbortSignal): Promise<CheckReport> {
    const { metrics } = deps;
    const endTimer = metrics.runDuration.startTimer();
    return runOnce('each_run', log, signal)
      .then(
        (r) => {
          metrics.runs.inc({ result: 'ok' });
          return r;
        },
        (err: unknown) => {
          metrics.runs.inc({ result: 'failed' });
          throw err;
        },
      )
      .finally(() => {
        endTimer();
        metrics.lastRun.set(clock.now().getTime() / 1000);
      });
  }

  function once(schedule: CheckSchedule, start: () => Promise<CheckReport>): Promise<CheckReport> {
    let current = running.get(schedule);
    if (!current) {
      current = start().finally(() => running.delete(schedule));
      running.set(schedule, current);
    }
    return current;
  }

  return {
    /** One pass over every alert of the kinds checked each run (docs/product/alerts.md#checking-alerts). */
    run: (log?: FastifyBaseLogger, signal?: AbortSignal): Promise<CheckReport> => once('each_run', () => measured(log, signal)),
    /** One pass over the alerts whose opening has passed (docs/product/alerts.md#tell-me-when-gowild-opens). */
    runOpenings: async (log?: FastifyBaseLogger, signal?: AbortSignal): Promise<WindowCheckReport> =>
      windowReport(await once('at_opening', () => runOnce('at_opening', log, signal))),
  };
}
export type AlertChecker = ReturnType<typeof createAlertChecker>;
