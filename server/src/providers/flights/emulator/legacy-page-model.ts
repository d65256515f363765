import type { EmulatorNetwork } from './network';
import type { PageSearch } from './pages';
import type { Leg, Offer, Schedule } from './schedule';
import { clock12 } from './wire-text';

/**
 * The FlightData the emulator served before a real page was known (EMULATOR_PAGE_SHAPE=legacy): `{results: {journeys:
 * [{flights}]}}`, the shape other tools' hand-made samples use. Kept so that readers of both shapes stay tested.
 */
export interface WireFlight {
  isGoWildFareEnabled: boolean;
  goWildFare: number | null;
  goWildFareSeatsRemaining: number | string | null;
  discountDenFare: number;
  discountDenFareSeatsRemaining: number | string | null;
  standardFare: number;
  standardFareSeatsRemaining: number | string | null;
  milesFare: number;
  stopCount: number;
  stopsText: string;
  duration: string;
  legs: {
    departureStation: string;
    arrivalStation: string;
    departureDate: string;
    arrivalDate: string;
    departureDateFormatted: string;
    arrivalDateFormatted: string;
    flightNumber: number;
    carrierCode: string;
    durationFormatted: string;
  }[];
}
export interface LegacyFlightData {
  results: { journeys: { flights: WireFlight[] | null }[] };
}

/** The legacy page's duration text: hours past a day are not folded into days. */
function hoursText(minutes: number): string {
  return `${Math.floor(minutes / 60)} hrs ${minutes % 60} min`;
}

/** Seats as the legacy page writes them: only when 9 or fewer are left, sometimes a number, sometimes text. */
function seatsWire(n: number, textual: boolean): number | string | null {
  if (n > 9) return null;
  return textual ? `${n} Seat${n === 1 ? '' : 's'} Left!` : n;
}

function wireLeg(l: Leg): WireFlight['legs'][number] {
  return {
    departureStation: l.from.code,
    arrivalStation: l.to.code,
    departureDate: l.depLocal,
    arrivalDate: l.arrLocal,
    departureDateFormatted: clock12(l.depLocal),
    arrivalDateFormatted: clock12(l.arrLocal),
    flightNumber: l.flightNumber,
    carrierCode: 'F9',
    durationFormatted: hoursText(Math.round((l.arrUtc - l.depUtc) / 60_000)),
  };
}

function legacyFlight(o: Offer): WireFlight {
  const stops = o.legs.length - 1;
  const first = o.legs[0] as Leg;
  const last = o.legs[stops] as Leg;
  const sold = o.seatsLeft > 0;
  return {
    isGoWildFareEnabled: o.goWildEnabled,
    goWildFare: o.goWildSeats > 0 ? o.goWildFare : o.noGoWildAsNull ? null : -1,
    goWildFareSeatsRemaining: o.goWildSeats > 0 ? seatsWire(o.goWildSeats, o.seatsAsText) : null,
    discountDenFare: o.discountDenFare,
    discountDenFareSeatsRemaining: sold ? seatsWire(Math.max(1, Math.floor(o.seatsLeft / 2)), o.seatsAsText) : null,
    standardFare: o.standardFare,
    standardFareSeatsRemaining: sold ? seatsWire(o.seatsLeft, o.seatsAsText) : null,
    milesFare: 0,
    stopCount: stops,
    stopsText:
      stops === 0
        ? 'Nonstop'
        : `${stops} Stop ${o.legs
            .slice(1)
            .map((l) => l.from.code)
            .join(', ')}`,
    duration: hoursText(Math.round((last.arrUtc - first.depUtc) / 60_000)),
    legs: o.legs.map(wireLeg),
  };
}

/** FlightData in the legacy shape: one journey, or two for a round trip; `flights` null when nothing flies or sells. */
export function legacyFlightData(site: { schedule: Schedule; network: EmulatorNetwork }, search: PageSearch, now: Date): LegacyFlightData {
  const journey = (o: string, d: string, date: string) => {
    const offers = site.schedule.offers(o, d, date, now);
    return { flights: offers ? offers.map(legacyFlight) : null };
  };
  const journeys = [journey(search.origin, search.destination, search.date)];
  if (search.returnDate) journeys.push(journey(search.destination, search.origin, search.returnDate));
  return { results: { journeys } };
}
