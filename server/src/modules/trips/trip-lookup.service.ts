import { expandAirportInput } from '@gowild/contract/city-groups';
import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import { ERROR_CODES } from '@gowild/contract/errors';
import {
  LEGACY_RETURN_DAYS,
  TRIP_MESSAGES,
  type FlightRef,
  type PriceChange,
  type TripLeg,
  type TripLookupQuery,
  type TripLookupResponse,
  matchFlight,
  parseLeg,
  parseRef,
} from '@gowild/contract/trips';
import { HttpError, notFound } from '../../lib/http-error';
import type { FlightsEngine } from '../flights/flights.module';
import { checkTripQuery } from './trip-query.rules';

/** At most this many airline queries for one lookup (an older link through cities can name many routes). */
const MAX_QUERIES = 24;

type Found = { flight: Flight; priceChange: PriceChange | null } | { flight: null; answered: boolean };

/**
 * Reads a chosen trip's two flights again by their hashes (decision 101): each flight from the day's flights of its
 * route, through the flight gateway (its cache first, so a trip chosen minutes ago costs no airline request). A link
 * made since decision 101 names each flight's route and date; an older one is looked up from the search's origin,
 * destination and date, the return on that day and the LEGACY_RETURN_DAYS after it.
 */
export function createTripLookupService(deps: { flights: Pick<FlightsEngine, 'gateway' | 'provider'> }) {
  const { gateway } = deps.flights;

  /**
   * The first flight with `hash` on the candidate legs, asked in order, a few at a time; failing that, with a
   * reference, the same flight numbers leaving at the same time, whose fare moved (decision 197).
   */
  async function find(hash: string, legs: TripLeg[], ref: FlightRef | null): Promise<Found> {
    let answered = false;
    for (let i = 0; i < legs.length; i += 4) {
      const batch = legs.slice(i, i + 4);
      const results = await Promise.all(batch.map((leg) => gateway.fetch(leg)));
      for (const r of results) {
        if (r.status === 'failed') continue;
        answered = true;
        const found = matchFlight(r.flights, hash, ref);
        if (found) return found;
      }
    }
    return { flight: null, answered };
  }

  const pairs = (from: string[], to: string[], dates: string[]): TripLeg[] =>
    dates.flatMap((date) => from.flatMap((o) => to.filter((d) => d !== o).map((d) => ({ origin: o, destination: d, date }))));

  return {
    async resolve(q: TripLookupQuery): Promise<TripLookupResponse> {
      checkTripQuery(q);
      const origins = expandAirportInput(q.origin);
      const destinations = q.destination ? expandAirportInput(q.destination) : [];
      const outLeg = parseLeg(q.departure_leg);
      const outLegs = (outLeg ? [outLeg] : pairs(origins, destinations, [q.date])).slice(0, MAX_QUERIES);
      const out = await find(q.departure, outLegs, parseRef(q.departure_ref));
      if (!out.flight) throw out.answered || outLegs.length === 0 ? notFound(TRIP_MESSAGES.notFound) : unavailable();

      const backLeg = parseLeg(q.return_leg);
      const days = Array.from({ length: LEGACY_RETURN_DAYS + 1 }, (_, i) => addDays(out.flight!.departure_time.slice(0, 10), i));
      const backLegs = (backLeg ? [backLeg] : pairs([out.flight.destination], origins, days)).slice(0, MAX_QUERIES);
      const back = await find(q.return, backLegs, parseRef(q.return_ref));
      if (!back.flight) throw back.answered || backLegs.length === 0 ? notFound(TRIP_MESSAGES.notFound) : unavailable();

      return {
        departure: out.flight,
        return: back.flight,
        origin: q.origin,
        destination: q.destination || out.flight.destination,
        date: q.date,
        demo: deps.flights.provider.demo,
        ...(out.priceChange ? { departure_price_change: out.priceChange } : {}),
        ...(back.priceChange ? { return_price_change: back.priceChange } : {}),
      };
    },
  };
}
export type TripLookupService = ReturnType<typeof createTripLookupService>;

const unavailable = () => new HttpError(503, SEARCH_MESSAGES.upstreamUnavailable, ERROR_CODES.UPSTREAM_FAILED);
