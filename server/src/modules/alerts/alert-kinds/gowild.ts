import type { Flight } from '@gowild/contract/flights';
import { isAvailable } from '@gowild/contract/flight-format';
import type { FoundFlight } from '../wider-alert-emails';

/**
 * A flight's GoWild fare as the wider alerts read it (decision 273): on sale (a total above 0) with seats, or with a
 * seat count the airline did not give (as a price alert's GoWild match counts it); undefined otherwise.
 */
export function goWildOn(flight: Flight, date: string): FoundFlight | undefined {
  const fare = flight.fares.go_wild;
  if (!isAvailable(fare) || (fare.available_seats != null && fare.available_seats <= 0)) return undefined;
  return {
    origin: flight.origin,
    destination: flight.destination,
    date,
    flightNumber: flight.flight_number,
    departureTime: flight.departure_time,
    arrivalTime: flight.arrival_time,
    stops: flight.stops,
    price: fare.total,
    seats: fare.available_seats ?? null,
  };
}

/** The cheapest GoWild flight of a day's answer (the earliest departure on a tie). */
export function cheapestGoWild(flights: readonly Flight[], date: string): FoundFlight | undefined {
  let best: FoundFlight | undefined;
  for (const flight of flights) {
    const f = goWildOn(flight, date);
    if (f && (!best || f.price < best.price || (f.price === best.price && f.departureTime < best.departureTime))) best = f;
  }
  return best;
}
