import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { type CreateChainAlert, WIDER_ALERT_TEXTS } from '@gowild/contract/wider-alerts';
import type { OpenAlert } from '../alerts.repository';
import { type FoundFlight, chainConfirmation, chainMessage } from '../wider-alert-emails';
import type { AlertKind } from './alert-kind';
import { goWildOn } from './gowild';

const legsOf = (body: CreateChainAlert) =>
  body.legs.map((l) => ({
    origin: l.origin_airport,
    destination: l.destination_airport,
    date: l.travel_date,
    flight_number: l.flight_number,
  }));

/** A chain's flights as stored (a chain row always has them: a check in the table says so). */
const storedLegs = (alert: Pick<OpenAlert, 'legs'>) => alert.legs ?? [];

/**
 * "Tell me when every leg has GoWild" (docs/product/alerts.md#every-leg-of-a-chain; decision 273): a route builder
 * itinerary of 2 or 3 flights, each named by its route, date and flight number. Every flight is asked (GoWild only, so
 * a flight is asked once its own window has opened at its departure airport); the alert matches when each of the
 * named flights is offered with GoWild seats in the same run, and completes as 'Date Passed' once its first flight's
 * date has passed.
 */
export const chainAlertKind: AlertKind<CreateChainAlert> = {
  kind: 'chain',
  route: alertsRoutes.createChain,
  place(body) {
    const legs = legsOf(body);
    return {
      origin: legs[0]!.origin,
      destination: legs[legs.length - 1]!.destination,
      airports: [...new Set(legs.flatMap((l) => [l.origin, l.destination]))],
      travelDates: [...new Set(legs.map((l) => l.date))].sort(),
      routes: legs.map((l) => ({ origin: l.origin, destination: l.destination })),
    };
  },
  columns: (body) => ({ maxPriceCents: null, gowildOnly: true, legs: legsOf(body) }),
  confirmation: (owner, row, links) => chainConfirmation(owner, row.legs ?? [], links),
  createdMessage: () => WIDER_ALERT_TEXTS.chainCreated,
  check: {
    due: 'each_run',
    queries(alert, today) {
      const legs = storedLegs(alert);
      if (legs.length === 0 || legs[0]!.date < today) return [];
      return legs.map((l) => ({ origin: l.origin, destination: l.destination, date: l.date, anyFare: false }));
    },
    match(alert, answers) {
      const found: FoundFlight[] = [];
      for (const leg of storedLegs(alert)) {
        const answer = answers.find(
          (a) => a.query.origin === leg.origin && a.query.destination === leg.destination && a.query.date === leg.date,
        );
        const flight = answer?.flights.find((f) => f.flight_number === leg.flight_number);
        const f = flight ? goWildOn(flight, leg.date) : undefined;
        if (!f) return undefined;
        found.push(f);
      }
      if (found.length === 0) return undefined;
      const seats = found.map((f) => f.seats).filter((s): s is number => s != null);
      return {
        found: {
          price: Math.round(found.reduce((sum, f) => sum + f.price, 0) * 100) / 100,
          travelDate: found[0]!.date,
          seats: seats.length > 0 ? Math.min(...seats) : null,
        },
        email: (owner, links) => chainMessage(owner, found, links),
      };
    },
  },
};
