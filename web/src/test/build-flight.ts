import type { Flight } from '@gowild/contract/flights';

let n = 0;

/** Starts the flight numbers again at F9 1001: each test file sees the numbers it would see alone (src/test/setup.ts). */
export function resetFlightNumbers(): void {
  n = 0;
}

/** A flight for tests: DEN→LAS at 08:00 local, nonstop, 2 h, with the fares given (null = not offered). */
export function buildFlight(
  overrides: Partial<Flight> & { goWild?: number | null; standard?: number | null; den?: number | null; seats?: number | null } = {},
): Flight {
  n += 1;
  const { goWild = 29, standard = 99, den = 79, seats = null, ...rest } = overrides;
  const origin = rest.origin ?? 'DEN';
  const destination = rest.destination ?? 'LAS';
  const departure_time = rest.departure_time ?? '2026-04-02T08:00:00';
  const arrival_time = rest.arrival_time ?? '2026-04-02T09:00:00';
  const fare = (t: number | null) => (t === null ? null : { total: t, available_seats: seats });
  return {
    origin,
    destination,
    departure_time,
    arrival_time,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: `F9 ${1000 + n}`,
    segments: [{ departure_airport: origin, arrival_airport: destination, departure_time, arrival_time, flight_number: `F9 ${1000 + n}` }],
    fares: { go_wild: fare(goWild), standard: fare(standard), discount_den: fare(den) },
    booking_links: {
      go_wild: goWild === null ? null : 'https://booking.example/gowild',
      standard: standard === null ? null : 'https://booking.example/standard',
      discount_den: den === null ? null : 'https://booking.example/den',
    },
    lowest_go_wild_price: goWild,
    lowest_price: [goWild, standard, den].filter((x): x is number => x !== null).sort((a, b) => a - b)[0] ?? null,
    flightHash: `hash${n}`,
    ...rest,
  };
}
