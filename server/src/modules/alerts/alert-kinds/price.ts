import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { FARE_KEYS, type Fare, type FareKey, type Flight } from '@gowild/contract/flights';
import { isAvailable } from '@gowild/contract/flight-format';
import { type CreateNotification, alertCreatedFromPage } from '@gowild/contract/notifications';
import { type MatchedFlight, alertConfirmationEmail, alertMatchEmail } from '../alert-emails';
import type { OpenAlert } from '../alerts.repository';
import type { AlertKind } from './alert-kind';

const cents = (n: number) => Math.round(n * 100);
const hasSeats = (fare: Fare) => fare.available_seats == null || fare.available_seats > 0;

/**
 * docs/product/alerts.md#checking-alerts: with `gowild_only`, a GoWild fare with seats whose total is at or under
 * the maximum; otherwise the lowest fare on sale at or under it. The cheapest such flight of the day wins (the
 * earliest departure on a tie).
 */
export function bestMatch(
  flights: readonly Flight[],
  alert: Pick<OpenAlert, 'gowildOnly' | 'maxPriceCents'>,
  date: string,
): MatchedFlight | undefined {
  let best: MatchedFlight | undefined;
  const limit = alert.maxPriceCents ?? 0;
  for (const flight of flights) {
    let fare: FareKey | undefined;
    let price = Infinity;
    for (const key of alert.gowildOnly ? (['go_wild'] as const) : FARE_KEYS) {
      const f = flight.fares[key];
      if (isAvailable(f) && hasSeats(f) && f.total < price) {
        fare = key;
        price = f.total;
      }
    }
    if (!fare || cents(price) > limit) continue;
    if (best && (price > best.price || (price === best.price && flight.departure_time >= best.departureTime))) continue;
    best = {
      date,
      fare,
      price,
      flightNumber: flight.flight_number,
      departureTime: flight.departure_time,
      arrivalTime: flight.arrival_time,
      stops: flight.stops,
      durationMinutes: flight.duration,
      bookingLink: flight.booking_links[fare] ?? null,
      ...(fare === 'go_wild' && flight.fares.go_wild?.fare_type ? { goWildFareType: flight.fares.go_wild.fare_type } : {}),
    };
  }
  return best;
}

/** The facts of a price alert its e-mails tell (a price alert always has its price: a check in the table says so). */
const facts = (a: Pick<OpenAlert, 'originAirport' | 'destinationAirport' | 'travelDates' | 'maxPriceCents' | 'gowildOnly'>) => ({
  ...a,
  maxPriceCents: a.maxPriceCents ?? 0,
});

/**
 * The price alert (docs/product/alerts.md): up to 5 dates, a maximum price, GoWild only or any fare. Each date still
 * ahead is asked; the earliest date with a match completes it (`bestMatch`), with alert-emails.ts's `alertMatchEmail`.
 */
export const priceAlertKind: AlertKind<CreateNotification> = {
  kind: 'price',
  route: alertsRoutes.createPrice,
  place: (body) => ({
    origin: body.origin_airport,
    destination: body.destination_airport,
    airports: [body.origin_airport, body.destination_airport],
    travelDates: body.travel_dates,
  }),
  columns: (body) => ({
    // The contract allows whole cents only; the round only drops the float's last bits (49.99 * 100).
    maxPriceCents: Math.round(body.max_price * 100),
    gowildOnly: body.gowild_only,
    phoneNumber: body.phone_number ? body.phone_number : null,
    smsConsent: body.sms_consent,
  }),
  confirmation: (owner, row, links) => alertConfirmationEmail(owner, facts(row), links),
  createdMessage: (row) => alertCreatedFromPage(row.travelDates.length),
  check: {
    due: 'each_run',
    queries: (alert, today) =>
      alert.travelDates
        .filter((date) => date >= today)
        .map((date) => ({ origin: alert.originAirport, destination: alert.destinationAirport, date, anyFare: !alert.gowildOnly })),
    match(alert, answers) {
      let match: MatchedFlight | undefined;
      for (const { query, flights } of answers) {
        const m = flights.length > 0 ? bestMatch(flights, alert, query.date) : undefined;
        if (m && (!match || m.date < match.date)) match = m;
      }
      if (!match) return undefined;
      const found = match;
      return {
        found: { price: found.price, travelDate: found.date },
        email: (owner, links) => alertMatchEmail(owner, facts(alert), found, links),
      };
    },
  },
};
