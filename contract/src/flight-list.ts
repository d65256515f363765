import { FARE_LABELS, flightPriceFare } from './flight-format';
import type { FareKey, Flight } from './flights';
import { GOWILD_FARE_TYPE_LABELS } from './gowild-fare';

/**
 * One flight as a row of the flat list and of the CSV export (docs/product/anywhere.md#the-flat-list): the same
 * columns on the screen and in the file, so a sorted table and its export never disagree. The fare shown is the one
 * the flight is priced at (the first on sale of GoWild, Standard, Discount Den), named by its kind.
 */
export interface FlightListRow {
  flight: Flight;
  origin: string;
  destination: string;
  /** Departure date at the departure airport (YYYY-MM-DD). */
  date: string;
  departure: string;
  arrival: string;
  stops: number;
  /** Minutes. */
  duration: number;
  fare: FareKey | null;
  /** 'GoWild', 'GoWild Early Booking', 'GoWild Peak Day', 'Standard', 'Discount Den', or '' when nothing is on sale. */
  fareLabel: string;
  price: number | null;
  /** Seats left at that fare as the airline said (premium answers only; null when not said). */
  seats: number | null;
}

export function flightListRow(flight: Flight): FlightListRow {
  const fare = flightPriceFare(flight);
  const priced = fare ? flight.fares[fare] : null;
  const goWildType = flight.fares.go_wild?.fare_type;
  return {
    flight,
    origin: flight.origin,
    destination: flight.destination,
    date: flight.departure_time.slice(0, 10),
    departure: flight.departure_time,
    arrival: flight.arrival_time,
    stops: flight.stops,
    duration: flight.duration,
    fare,
    fareLabel: fare === 'go_wild' && goWildType ? GOWILD_FARE_TYPE_LABELS[goWildType] : fare ? FARE_LABELS[fare] : '',
    price: priced ? priced.total : null,
    seats: typeof priced?.available_seats === 'number' ? priced.available_seats : null,
  };
}

/** Every flight of an answer (flights keyed by destination), one row each. */
export function flightListRows(flights: Readonly<Record<string, readonly Flight[]>>): FlightListRow[] {
  return Object.values(flights).flatMap((list) => list.map(flightListRow));
}

/** The columns a list can be sorted by, in the order they are shown. `seats` only for premium travellers. */
export const FLIGHT_LIST_COLUMNS = ['destination', 'date', 'departure', 'arrival', 'stops', 'duration', 'fare', 'price', 'seats'] as const;
export type FlightListColumn = (typeof FLIGHT_LIST_COLUMNS)[number];
export const FLIGHT_LIST_LABELS: Record<FlightListColumn, string> = {
  destination: 'Destination',
  date: 'Date',
  departure: 'Departs',
  arrival: 'Arrives',
  stops: 'Stops',
  duration: 'Duration',
  fare: 'Fare type',
  price: 'Price',
  seats: 'Seats',
};
export type SortDirection = 'ascending' | 'descending';

/** GoWild kinds first (the usual fare, then the charged ones), then Standard, Discount Den, nothing on sale. */
const FARE_ORDER = ['GoWild', 'GoWild Early Booking', 'GoWild Peak Day', 'Standard', 'Discount Den', ''];

const value = (row: FlightListRow, column: FlightListColumn): string | number | null => {
  switch (column) {
    case 'destination':
      return row.destination;
    case 'date':
      return row.date;
    case 'departure':
      return row.departure;
    case 'arrival':
      return row.arrival;
    case 'stops':
      return row.stops;
    case 'duration':
      return row.duration;
    case 'fare':
      return FARE_ORDER.indexOf(row.fareLabel);
    case 'price':
      return row.price;
    case 'seats':
      return row.seats;
  }
};

/**
 * Sorts by one column; rows with no value (no price, seats not said) go last either way; ties by departure, then
 * destination, so the order is stable and reads as a timetable.
 */
export function sortFlightList(rows: readonly FlightListRow[], column: FlightListColumn, direction: SortDirection): FlightListRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a, column);
    const vb = value(b, column);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      return sign * (typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb)));
    }
    return a.departure.localeCompare(b.departure) || a.destination.localeCompare(b.destination);
  });
}
