import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { type CreateSeatsAlert, WIDER_ALERT_TEXTS } from '@gowild/contract/wider-alerts';
import type { FoundFlight } from '../wider-alert-emails';
import { seatsConfirmation, seatsMessage } from '../wider-alert-emails';
import type { AlertKind } from './alert-kind';
import { goWildOn } from './gowild';

/**
 * "Tell me when seats drop to N or fewer" (docs/product/alerts.md#seats-left; decision 273): one route and date. A
 * match is a flight whose GoWild fare is on sale with a seat count the airline gave, from 1 to N; the flight with the
 * fewest such seats is reported (the earliest departure on a tie). A GoWild fare sold out, or one whose seats the
 * airline did not say, is no match: the alert is for the moment seats are running out, while they can still be booked.
 */
export const seatsAlertKind: AlertKind<CreateSeatsAlert> = {
  kind: 'seats',
  route: alertsRoutes.createSeats,
  place: (body) => ({
    origin: body.origin_airport,
    destination: body.destination_airport,
    airports: [body.origin_airport, body.destination_airport],
    travelDates: [body.travel_date],
  }),
  columns: (body) => ({ maxPriceCents: null, gowildOnly: true, maxSeats: body.max_seats }),
  confirmation: (owner, row, links) =>
    seatsConfirmation(
      owner,
      { origin: row.originAirport, destination: row.destinationAirport, date: row.travelDates[0]!, maxSeats: row.maxSeats ?? 0 },
      links,
    ),
  createdMessage: () => WIDER_ALERT_TEXTS.seatsCreated,
  check: {
    due: 'each_run',
    queries: (alert, today) =>
      alert.travelDates
        .filter((date) => date >= today)
        .map((date) => ({ origin: alert.originAirport, destination: alert.destinationAirport, date, anyFare: false })),
    match(alert, answers) {
      const limit = alert.maxSeats ?? 0;
      let best: (FoundFlight & { seats: number }) | undefined;
      for (const { query, flights } of answers)
        for (const flight of flights) {
          const f = goWildOn(flight, query.date);
          if (!f || f.seats == null || f.seats > limit) continue;
          const seats = f.seats;
          if (best && (seats > best.seats || (seats === best.seats && f.departureTime >= best.departureTime))) continue;
          best = { ...f, seats };
        }
      if (!best) return undefined;
      const found = best;
      return {
        found: { price: found.price, travelDate: found.date, seats: found.seats },
        email: (owner, links) => seatsMessage(owner, found, links),
      };
    },
  },
};
