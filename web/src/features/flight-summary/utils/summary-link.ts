import type { Flight } from '@gowild/contract/flights';
import { legOf, refOf } from '@gowild/contract/trips';
import { paths } from '@/config/paths';
import { storeFlight } from './flight-store';

export interface ChosenTrip {
  departure: Flight;
  returnFlight: Flight;
  origin: string;
  destination: string;
  date: string;
}

/**
 * docs/product/search.md#return-flights: selecting a return flight keeps both flights in the 24-hour local store and goes to
 * /flight-summary with departure, return (hashes), origin, destination and date, plus each flight's route and date
 * (`departure_leg`, `return_leg`) and each flight's numbers, time and price (`departure_ref`, `return_ref`: a fare that
 * moves still finds the flight, decision 197), so a browser that does not hold the flights can have the server read them again
 * (docs/product/search.md#summary-links).
 */
export function saveTripAndBuildHref(trip: ChosenTrip, now: number = Date.now()): string {
  storeFlight(trip.departure, trip.destination, now);
  storeFlight(trip.returnFlight, trip.origin, now);
  const q = new URLSearchParams({
    departure: trip.departure.flightHash,
    return: trip.returnFlight.flightHash,
    origin: trip.origin,
    destination: trip.destination,
    date: trip.date,
    departure_leg: legOf(trip.departure),
    return_leg: legOf(trip.returnFlight),
    departure_ref: refOf(trip.departure),
    return_ref: refOf(trip.returnFlight),
  });
  return `${paths.flightSummary}?${q.toString()}`;
}
