import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { type CreateOriginWideAlert, WIDER_ALERT_TEXTS, dateRange } from '@gowild/contract/wider-alerts';
import { originWideConfirmation, originWideMessage } from '../wider-alert-emails';
import type { AlertKind } from './alert-kind';
import { cheapestGoWild } from './gowild';

/** An origin-wide alert's row has no one destination. */
export const ANY_DESTINATION = 'ANY';

/**
 * "Any destination from DEN with GoWild on these dates" (docs/product/alerts.md#any-destination; decision 273): one
 * origin and a date or a range of up to 7. Each date still ahead is asked for every destination of the origin in the
 * route network, GoWild only, so a date is asked only once its GoWild window has opened. The earliest date with
 * GoWild completes it, with that day's cheapest destination (and the others found that day in the message).
 */
export const originWideAlertKind: AlertKind<CreateOriginWideAlert> = {
  kind: 'origin_wide',
  route: alertsRoutes.createOriginWide,
  place: (body) => ({
    origin: body.origin_airport,
    destination: ANY_DESTINATION,
    airports: [body.origin_airport],
    travelDates: dateRange(body.travel_date, body.travel_date_to ?? body.travel_date),
  }),
  columns: () => ({ maxPriceCents: null, gowildOnly: true }),
  confirmation: (owner, row, links) => originWideConfirmation(owner, row.originAirport, row.travelDates, links),
  createdMessage: () => WIDER_ALERT_TEXTS.originWideCreated,
  check: {
    due: 'each_run',
    queries: (alert, today, destinationsFrom) =>
      alert.travelDates
        .filter((date) => date >= today)
        .flatMap((date) =>
          destinationsFrom(alert.originAirport).map((destination) => ({ origin: alert.originAirport, destination, date, anyFare: false })),
        ),
    match(alert, answers) {
      const found = answers.flatMap(({ query, flights }) => {
        const best = cheapestGoWild(flights, query.date);
        return best ? [best] : [];
      });
      if (found.length === 0) return undefined;
      // The earliest date, then its cheapest destination (by code on a tie, so two runs pick the same one).
      found.sort((a, b) =>
        a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.price - b.price || a.destination.localeCompare(b.destination),
      );
      const best = found[0]!;
      const others = found.filter((f) => f.date === best.date && f !== best);
      return {
        found: { price: best.price, travelDate: best.date, seats: best.seats, destination: best.destination },
        email: (owner, links) => originWideMessage(owner, best, others, links),
      };
    },
  },
};
