import { alertsRoutes } from '@gowild/contract/routes/alerts';
import type { Flight } from '@gowild/contract/flights';
import { isAvailable } from '@gowild/contract/flight-format';
import { type GoWildRouteKind, goWildSegmentOpensAt, goWildTripOpening } from '@gowild/contract/gowild-window';
import { type CreateWindowAlert, WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { dateRange } from '@gowild/contract/wider-alerts';
import { conflict } from '../../../lib/http-error';
import { findAirport, isDomesticRoute } from '../../../lib/reference-data/airports';
import { todayAtAirport } from '../alert-dates';
import type { OpenAlert } from '../alerts.repository';
import { type WindowFinding, alertMessageEmail, windowAlertConfirmationEmail, windowOpenMessage } from '../window-open-emails';
import type { AlertCheck, AlertKind } from './alert-kind';

const datesOf = (body: CreateWindowAlert) => dateRange(body.travel_date, body.travel_date_to ?? body.travel_date);

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
type WindowVerdict =
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

/** The alert's dates from today at the origin, each with when its window opens. */
const datesAhead = (alert: OpenAlert, now: Date) => {
  const { originAirport: o, destinationAirport: d } = alert;
  const today = todayAtAirport(o, now);
  return alert.travelDates.filter((date) => date >= today).map((date) => ({ date, opens: windowOpensAt(o, d, date) }));
};

/**
 * The window-open check (decisions 231, 232, 274): due once its opening has passed; each of its dates whose window has
 * opened is asked, with an answer fetched after the opening; GoWild on the earliest such date completes it; otherwise
 * it waits for a connection's later opening or its next date's; with none left, GoWild is not offered on any date.
 */
const windowOpenCheck: AlertCheck = {
  due: 'at_opening',
  queries: (alert, _today, _destinationsFrom, now) =>
    datesAhead(alert, now)
      .filter(({ opens }) => opens.getTime() <= now.getTime())
      .map(({ date }) => ({ origin: alert.originAirport, destination: alert.destinationAirport, date, anyFare: false })),
  answeredSince: (alert) => alert.opensAt ?? undefined,
  needsEveryAnswer: true,
  match(alert, answers, now) {
    const kind = windowKind(alert.originAirport, alert.destinationAirport);
    let found: (WindowFinding & { date: string }) | null = null;
    let later: Date | undefined;
    const laterOf = (at: Date) => (later = !later || at.getTime() < later.getTime() ? at : later);
    for (const { date, opens } of datesAhead(alert, now)) {
      if (opens.getTime() > now.getTime()) {
        laterOf(opens);
        continue;
      }
      const answer = answers.find((a) => a.query.date === date);
      if (!answer) return undefined;
      const verdict = windowVerdict(kind, answer.flights, now);
      if (verdict.verdict === 'gowild') found ??= { ...verdict.found, date };
      else if (verdict.verdict === 'later') laterOf(verdict.at);
    }
    if (!found && later) return { later };
    const finding = found;
    return {
      found: finding
        ? { price: finding.price, travelDate: finding.date, seats: finding.seats, windowResult: 'gowild' }
        : { price: null, travelDate: null, windowResult: 'not_offered' },
      email: (owner, links) =>
        alertMessageEmail(owner.email, owner.firstName, windowOpenMessage(alert, finding, links.appUrl), links.supportEmail),
    };
  },
};

/**
 * "Tell me when GoWild opens" (docs/product/alerts.md#tell-me-when-gowild-opens; decisions 230, 274): one route and
 * a date, or a range of up to 7, whose GoWild window has not opened yet (409 once the first date's has: a search or a
 * price alert is the answer then). Its match is `windowVerdict` on each date as its window opens, its message
 * window-open-emails.ts's `windowOpenMessage`.
 */
export const windowOpenAlertKind: AlertKind<CreateWindowAlert> = {
  kind: 'window_open',
  route: alertsRoutes.createWindowOpen,
  place: (body) => ({
    origin: body.origin_airport,
    destination: body.destination_airport,
    airports: [body.origin_airport, body.destination_airport],
    travelDates: datesOf(body),
  }),
  columns(body, now) {
    const opensAt = windowOpensAt(body.origin_airport, body.destination_airport, body.travel_date);
    const range = datesOf(body).length > 1;
    if (now.getTime() >= opensAt.getTime()) throw conflict(range ? WINDOW_ALERT_TEXTS.alreadyOpenRange : WINDOW_ALERT_TEXTS.alreadyOpen);
    return { maxPriceCents: null, gowildOnly: true, opensAt };
  },
  confirmation: (owner, row, links) =>
    windowAlertConfirmationEmail(
      owner,
      { originAirport: row.originAirport, destinationAirport: row.destinationAirport, travelDates: row.travelDates, opensAt: row.opensAt! },
      links,
    ),
  createdMessage: (row) => (row.travelDates.length > 1 ? WINDOW_ALERT_TEXTS.createdRange : WINDOW_ALERT_TEXTS.created),
  check: windowOpenCheck,
};
