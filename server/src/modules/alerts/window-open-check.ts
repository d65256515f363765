import type { Flight } from '@gowild/contract/flights';
import { type GoWildRouteKind, goWildSegmentOpensAt, goWildTripOpening } from '@gowild/contract/gowild-window';
import { isAvailable } from '@gowild/contract/flight-format';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { findAirport, isDomesticRoute } from '../../lib/reference-data/airports';
import { flightQueryKey } from '../../providers/flights/flights.provider';
import { type FlightsEngine, createOnSale, fetchLive } from '../flights/flights.module';
import { todayAtAirport } from './alert-dates';
import type { AlertOutbox } from './alert-outbox';
import { type WindowFinding, windowOpenMessage } from './window-open-emails';
import type { DueWindowAlert, WindowOpenRepository } from './window-open.repository';

/** How often the window-open job looks for alerts whose window has opened (decision 232). */
export const WINDOW_OPEN_CHECK_EVERY_MS = 60_000;
/** Due alerts one run takes (the rest are taken by the next run, a minute later). */
const DUE_LIMIT = 500;

export function windowKind(origin: string, destination: string): GoWildRouteKind {
  return isDomesticRoute(origin, destination) ? 'domestic' : 'international';
}

/**
 * When a route's window opens for a date: its first segment's, 00:00 at the origin airport on the day the rule says
 * (contract/src/gowild-window.ts). A connection may open later at its hub: the check then waits for it (decision 231).
 */
export function windowOpensAt(origin: string, destination: string, date: string): Date {
  return goWildSegmentOpensAt(windowKind(origin, destination), date, findAirport(origin)?.timezone);
}

/** When one flight's GoWild window opens: the latest of its segments', each at its departure airport. */
export function flightOpensAt(kind: GoWildRouteKind, flight: Flight): Date {
  const segments =
    flight.segments.length > 0 ? flight.segments : [{ departure_time: flight.departure_time, departure_airport: flight.origin }];
  return goWildTripOpening(
    kind,
    segments.map((s) => ({ departure_time: s.departure_time, timeZone: findAirport(s.departure_airport)?.timezone })),
  ).at;
}

/** What the airline's answer says for a window-open alert at `now`. */
export type WindowVerdict =
  | { verdict: 'gowild'; found: WindowFinding }
  | { verdict: 'not_offered' }
  /** No GoWild on a flight already open, and some flight's window (a connection's later segment) opens at `at`. */
  | { verdict: 'later'; at: Date };

/**
 * The cheapest GoWild fare with seats among flights whose every segment's window has opened; else, when a flight's
 * window is still to open (a connection whose later segment departs from a hub further west), wait for the latest
 * such opening; else GoWild is not offered for the date.
 */
export function windowVerdict(kind: GoWildRouteKind, flights: readonly Flight[], now: Date): WindowVerdict {
  let best: WindowFinding | undefined;
  let later: Date | undefined;
  for (const flight of flights) {
    const opens = flightOpensAt(kind, flight);
    if (opens.getTime() > now.getTime()) {
      if (!later || opens.getTime() > later.getTime()) later = opens;
      continue;
    }
    const fare = flight.fares.go_wild;
    if (!isAvailable(fare) || (fare.available_seats != null && fare.available_seats <= 0)) continue;
    if (best && (fare.total > best.price || (fare.total === best.price && flight.departure_time >= best.departureTime))) continue;
    best = {
      price: fare.total,
      seats: fare.available_seats ?? null,
      flightNumber: flight.flight_number,
      departureTime: flight.departure_time,
      arrivalTime: flight.arrival_time,
      stops: flight.stops,
    };
  }
  if (best) return { verdict: 'gowild', found: best };
  if (later) return { verdict: 'later', at: later };
  return { verdict: 'not_offered' };
}

/** What one run did, for the log, the CLI and the bench. */
export interface WindowCheckReport {
  due: number;
  /** Distinct (origin, destination, date) asked of the gateway. */
  queried: number;
  fromAirline: number;
  gowild: number;
  notOffered: number;
  /** Waiting for a connection's later segment to open. */
  later: number;
  /** Alerts with a date that got no usable answer (a failure, a stale copy, or a cached answer from before the opening): the next run asks again. */
  waiting: number;
  passed: number;
  /** For each alert completed: ms from its window opening to its message being queued. */
  queuedAfterOpeningMs: number[];
}

interface Deps {
  repo: WindowOpenRepository;
  flights: Pick<FlightsEngine, 'gateway'>;
  clock: Clock;
  mailer: Pick<AlertOutbox, 'kick' | 'targetsForAlert'>;
  appUrl: string;
  supportEmail: string;
  concurrency: number;
}

const onSale = createOnSale((code) => findAirport(code)?.timezone);

/**
 * The window-open job (docs/product/alerts.md#tell-me-when-gowild-opens; decisions 231–232, 274): every minute, the
 * alerts whose window has opened are taken; each (origin, destination, date) they need is asked of the flight gateway
 * once, in its background lane (travellers' requests go first); the answer must postdate the opening (a cached answer
 * from before it says nothing about GoWild); each alert then completes with its message queued in the same
 * transaction, or waits for a connection's later opening or, in a range, its next date's. Nothing is held between runs.
 */
export function createWindowOpenChecker(deps: Deps) {
  const { repo, clock } = deps;
  let running: Promise<WindowCheckReport> | undefined;

  async function ask(o: string, d: string, date: string, notBefore: Date, now: Date, report: WindowCheckReport) {
    report.queried += 1;
    const query = { origin: o, destination: d, date };
    const fetch = () => deps.flights.gateway.fetch(query, { hedge: false, lane: 'background' });
    const fetchedBefore = (r: { ageSeconds: number }) => now.getTime() - r.ageSeconds * 1000 < notBefore.getTime();
    let result = await fetch();
    // An answer fetched before the window opened cannot show GoWild seats on sale since: the airline is asked again,
    // past the cache and the kept answers (the live path of a re-check), rather than waiting for that copy to age out.
    if (result.status === 'ok' && fetchedBefore(result)) result = await fetchLive(flightQueryKey(query), fetch);
    if (result.status !== 'ok') return undefined;
    if (result.source === 'upstream') report.fromAirline += 1;
    if (fetchedBefore(result)) return undefined;
    return result.flights.filter((f) => onSale.isOnSale(f, now));
  }

  async function runOnce(log?: FastifyBaseLogger): Promise<WindowCheckReport> {
    const now = clock.now();
    const report: WindowCheckReport = {
      due: 0,
      queried: 0,
      fromAirline: 0,
      gowild: 0,
      notOffered: 0,
      later: 0,
      waiting: 0,
      passed: 0,
      queuedAfterOpeningMs: [],
    };
    const due = await repo.dueWindowAlerts(now, DUE_LIMIT);
    report.due = due.length;
    // Every date passed (the owner was not premium while its windows opened): 'Date Passed', no message.
    const passed = due.filter((a) => a.travelDates[a.travelDates.length - 1]! < todayAtAirport(a.originAirport, now)).map((a) => a.id);
    report.passed = await repo.completePassed(passed, now);
    // A lapsed account's alert waits, unchecked, until it is premium again (or its dates pass).
    const queue = due.filter((a) => !passed.includes(a.id) && a.ownerEntitled);
    // One request per (route, date, opening) however many alerts wait on it.
    const asked = new Map<string, Promise<readonly Flight[] | undefined>>();
    const askOnce = (o: string, d: string, date: string, notBefore: Date) => {
      const key = `${o}-${d}-${date}-${notBefore.getTime()}`;
      let answer = asked.get(key);
      if (!answer) {
        answer = ask(o, d, date, notBefore, now, report);
        asked.set(key, answer);
      }
      return answer;
    };

    /**
     * One alert (decision 274 for a range): each of its dates from today whose window has opened is asked; GoWild on
     * the earliest such date completes it; otherwise it waits for a connection's later opening or its next date's
     * opening; with none left, GoWild is not offered on any date.
     */
    async function checkAlert(alert: DueWindowAlert): Promise<void> {
      const { originAirport: o, destinationAirport: d } = alert;
      const kind = windowKind(o, d);
      const today = todayAtAirport(o, now);
      const dates = alert.travelDates.filter((date) => date >= today);
      let found: (WindowFinding & { date: string }) | null = null;
      let later: Date | undefined;
      const laterOf = (at: Date) => (later = !later || at.getTime() < later.getTime() ? at : later);
      for (const date of dates) {
        const opens = windowOpensAt(o, d, date);
        if (opens.getTime() > now.getTime()) {
          laterOf(opens);
          continue;
        }
        const flights = await askOnce(o, d, date, alert.opensAt);
        if (!flights) {
          report.waiting += 1;
          return;
        }
        const verdict = windowVerdict(kind, flights, now);
        if (verdict.verdict === 'gowild') {
          found ??= { ...verdict.found, date };
        } else if (verdict.verdict === 'later') laterOf(verdict.at);
      }
      if (!found && later) {
        await repo.reschedule(alert.id, later, now);
        report.later += 1;
        return;
      }
      const message = windowOpenMessage(alert, found, deps.appUrl);
      const outcome = found
        ? { result: 'gowild' as const, priceCents: Math.round(found.price * 100), seats: found.seats, date: found.date }
        : { result: 'not_offered' as const };
      // The alert's channel targets are read before the transaction that completes it (decision 205).
      const targets = await deps.mailer.targetsForAlert(alert.id);
      if (await repo.complete(alert, outcome, message, deps.supportEmail, targets, now)) {
        queued += 1;
        report.queuedAfterOpeningMs.push(now.getTime() - alert.opensAt.getTime());
        if (found) report.gowild += 1;
        else report.notOffered += 1;
      }
    }

    let next = 0;
    let queued = 0;
    const worker = async () => {
      while (next < queue.length) await checkAlert(queue[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(deps.concurrency, queue.length) }, worker));
    if (queued > 0) deps.mailer.kick(log);
    if (report.due > 0) {
      const { queuedAfterOpeningMs, ...counts } = report;
      log?.info(
        { windowOpenCheck: { ...counts, maxQueuedAfterOpeningMs: Math.max(0, ...queuedAfterOpeningMs) } },
        'window-open check done',
      );
    }
    return report;
  }

  return {
    /** One pass; a call while one runs in this process joins it. */
    run(log?: FastifyBaseLogger): Promise<WindowCheckReport> {
      running ??= runOnce(log).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
export type WindowOpenChecker = ReturnType<typeof createWindowOpenChecker>;
