import type { Flight } from '@gowild/contract/flights';
import { isGoWildRouteOpen } from '@gowild/contract/gowild-window';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { findAirport, isDomesticRoute } from '../../lib/reference-data/airports';
import { type FlightsEngine, createOnSale } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import { todayAtAirport } from './alert-dates';
import type { AlertAnswer, AlertCheck, AlertQuery } from './alert-kinds/alert-kind';
import { checkOf } from './alert-kinds/registry';
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
  datesPassed: number;
  durationMs: number;
  /** Time spent waiting on the database. */
  dbMs: number;
}

/** An alert during one run: its kind's check, how many answers are still to come, and those come so far. */
interface AlertRun {
  alert: OpenAlert;
  check: AlertCheck;
  pending: number;
  answered: boolean;
  answers: AlertAnswer[];
}

interface Group {
  origin: string;
  destination: string;
  date: string;
  /** Some alert of the group takes any fare, so the date is asked about whatever the GoWild window. */
  anyFare: boolean;
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
  datesPassed: 0,
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
    const queries = check.queries(alert, todayAtAirport(alert.originAirport, now), destinationsFrom);
    if (queries.length === 0) {
      passed.push(alert.id);
      continue;
    }
    // A lapsed or switched-off account's alerts wait, unchecked, until it is premium again.
    if (!alert.ownerEntitled) continue;
    const distinct = new Map(queries.map((q) => [queryKey(q), q]));
    const run: AlertRun = { alert, check, pending: distinct.size, answered: false, answers: [] };
    for (const [key, q] of distinct) {
      let group = groups.get(key);
      if (!group) {
        group = { origin: q.origin, destination: q.destination, date: q.date, anyFare: false, runs: [] };
        groups.set(key, group);
      }
      group.anyFare ||= q.anyFare;
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

/**
 * Step 4's writes, through one pump beside the airline queries, so a slow write never holds a query slot: matches
 * are completed in small transactions (the completion and its e-mail together), last_checked_at is set a thousand
 * alerts at a time. A database failure stops the run: `broken` tells the workers, `drain` throws it.
 */
function createCheckWriter(deps: AlertCheckerDeps, run: { now: Date; report: CheckReport; timed: Timed; log?: FastifyBaseLogger }) {
  const { repo, metrics } = deps;
  const { now, report, timed, log } = run;
  const matched: { id: string; userId: string; channels: string[]; found: FoundFare; email: QueuedEmail }[] = [];
  const touched: string[] = [];
  let pump: Promise<void> | undefined;
  let writeError: unknown;
  let broken = false;

  async function write(all: boolean) {
    while (matched.length > 0 || touched.length >= 1000 || (all && touched.length > 0)) {
      if (matched.length > 0) {
        const batch = matched.splice(0, 50);
        const targets = await timed(() => deps.mailer.targetsForAlerts(batch));
        const done = await timed(() =>
          repo.completeWithMatches(
            batch.map((m) => ({ ...m, targets: targets.get(m.id) ?? [] })),
            now,
          ),
        );
        report.matches += done.length;
        metrics.matches.inc(done.length);
        if (done.length > 0) deps.mailer.kick(log);
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
    /** An alert whose every query is answered (or failed): completes on its kind's match, or gets `last_checked_at`. */
    finish(alertRun: AlertRun) {
      const { alert, check, answers } = alertRun;
      const hit = alertRun.answered ? check.match(alert, answers) : undefined;
      if (hit) {
        const owner = { email: alert.ownerEmail, firstName: alert.ownerFirstName };
        const email = hit.email(owner, { appUrl: deps.appUrl, supportEmail: deps.supportEmail });
        matched.push({ id: alert.id, userId: alert.userId, channels: alert.channels, found: hit.found, email });
      } else if (alertRun.answered) touched.push(alert.id);
      else return;
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

/**
 * Step 3 for one group: the gateway's answer, once, in the background lane (no hedged requests: one airline request
 * per group, decision 067), or no flights at all for a GoWild-only group whose booking window has not opened.
 * Undefined when there is no answer (a failure, or only a stale copy): the group's alerts wait for the next run.
 */
const onSale = createOnSale((code) => findAirport(code)?.timezone);

async function askAirline(deps: AlertCheckerDeps, group: Group, now: Date, report: CheckReport): Promise<readonly Flight[] | undefined> {
  const { metrics } = deps;
  const kind = isDomesticRoute(group.origin, group.destination) ? 'domestic' : 'international';
  if (!group.anyFare && !isGoWildRouteOpen(now, kind, group.date, findAirport(group.origin)?.timezone)) {
    report.outsideWindow += 1;
    metrics.groups.inc({ outcome: 'outside_window' });
    return [];
  }
  report.queried += 1;
  const result = await deps.flights.gateway.fetch(
    { origin: group.origin, destination: group.destination, date: group.date },
    { hedge: false, lane: 'background' },
  );
  if (result.status !== 'ok') {
    // A stale copy is not evidence of a fare on sale now, and a failure is no answer: the next run asks again.
    report.failed += 1;
    metrics.groups.inc({ outcome: 'failed' });
    return undefined;
  }
  if (result.source === 'upstream') {
    report.fromAirline += 1;
    metrics.airlineRequests.inc();
    metrics.groups.inc({ outcome: 'upstream' });
  } else {
    report.fromCache += 1;
    metrics.groups.inc({ outcome: 'cache' });
  }
  // A flight leaving within the hour is no longer sold (decision 151): it must not complete an alert.
  return result.flights.filter((f) => onSale.isOnSale(f, now));
}

/**
 * One pass over every active alert (docs/product/alerts.md#checking-alerts; decision 067):
 * 1. alerts whose every date has passed (at the origin airport) complete as 'Date Passed';
 * 2. the dates still ahead are grouped by distinct (origin, destination, date);
 * 3. each group is asked of the flight gateway once (its cache, coalescing, concurrency cap and request rate are the
 *    searches' own), except GoWild-only groups whose booking window has not opened yet;
 * 4. every alert of a group is evaluated against the answer; once all of an alert's dates are answered it completes
 *    on its earliest matching date (the completion and its e-mail in one transaction) or gets `last_checked_at`.
 * Nothing is held between runs: a run killed half-way leaves the alerts it did not finish open for the next one.
 */
export function createAlertChecker(deps: AlertCheckerDeps) {
  const { repo, clock, metrics } = deps;
  let running: Promise<CheckReport> | undefined;

  async function runOnce(log?: FastifyBaseLogger, signal?: AbortSignal): Promise<CheckReport> {
    const started = performance.now();
    const now = clock.now();
    const report = emptyReport();
    const timed: Timed = async (work) => {
      const t = performance.now();
      try {
        return await work();
      } finally {
        report.dbMs += performance.now() - t;
      }
    };

    const alerts = await timed(() => repo.openAlerts());
    report.alerts = alerts.length;
    metrics.alertsChecked.inc(alerts.length);
    const { passed, groups: queue } = groupAlerts(alerts, now, (code) => deps.reference.destinationsFrom(code));
    report.datesPassed = await timed(() => repo.completeDatesPassed(passed, now));
    metrics.datesPassed.inc(report.datesPassed);
    report.groups = queue.length;

    const writer = createCheckWriter(deps, { now, report, timed, log });
    async function check(group: Group) {
      const flights = await askAirline(deps, group, now, report);
      for (const { run, query } of group.runs) {
        if (flights) {
          run.answered = true;
          run.answers.push({ query, flights });
        }
        run.pending -= 1;
        if (run.pending === 0) writer.finish(run);
      }
    }

    let next = 0;
    const worker = async () => {
      while (next < queue.length && !writer.broken && !signal?.aborted) await check(queue[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(deps.concurrency, queue.length) }, worker));
    await writer.drain();

    report.durationMs = performance.now() - started;
    log?.info({ alertCheck: { ...report, durationMs: Math.round(report.durationMs), dbMs: Math.round(report.dbMs) } }, 'alert check done');
    return report;
  }

  return {
    /** Runs one pass; a call while a pass runs in this process joins it. Throws when the database fails. */
    run(log?: FastifyBaseLogger, signal?: AbortSignal): Promise<CheckReport> {
      if (running) return running;
      const endTimer = metrics.runDuration.startTimer();
      running = runOnce(log, signal)
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
          running = undefined;
        });
      return running;
    },
  };
}
export type AlertChecker = ReturnType<typeof createAlertChecker>;
