import { z } from 'zod';
import { flightPrice, flightPriceFare } from './flight-format';
import { type Flight, flightSchema } from './flights';
import { formatDollars } from './money';

/** A fare that moved since a link was made (decision 197): the price then (null when unknown) and now. */
export const priceChangeSchema = z.object({ from: z.number().nullable(), to: z.number() });
export type PriceChange = z.infer<typeof priceChangeSchema>;

/**
 * A chosen trip looked up by its flights' hashes (docs/product/search.md#summary-links; decision 101): the hash-style
 * /flight-summary address, opened in a browser that does not hold the flights, asks the server to read them again.
 * `departure_leg` and `return_leg` (route and date of each flight, `DEN-MCO-2026-03-02`) are what the link carries
 * since decision 101; an older link without them is looked up from origin, destination and date.
 */
export const LEG_PATTERN = /^([A-Z]{3})-([A-Z]{3})-(\d{4}-\d{2}-\d{2})$/;

export interface TripLeg {
  origin: string;
  destination: string;
  date: string;
}

/** `DEN-MCO-2026-03-02` for a flight (its first airport, last airport and local departure date). */
export function legOf(flight: { origin: string; destination: string; departure_time: string }): string {
  return `${flight.origin}-${flight.destination}-${flight.departure_time.slice(0, 10)}`;
}

export function parseLeg(value: string | null | undefined): TripLeg | null {
  const m = value ? LEG_PATTERN.exec(value.trim().toUpperCase()) : null;
  return m ? { origin: m[1]!, destination: m[2]!, date: m[3]! } : null;
}

const hashParam = z
  .string()
  .trim()
  .regex(/^[0-9a-z]{1,32}$/, 'Invalid flight summary URL. Missing required parameters.');

export const tripLookupQuerySchema = z.object({
  departure: hashParam.meta({ description: 'The departure flight hash' }),
  return: hashParam.meta({ description: 'The return flight hash' }),
  origin: z.string().trim().min(1, 'Invalid flight summary URL. Missing required parameters.'),
  destination: z.string().trim().optional(),
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid flight summary URL. Missing required parameters.'),
  departure_leg: z.string().optional().meta({ description: 'DEN-MCO-2026-03-02: the departure flight route and date' }),
  return_leg: z.string().optional().meta({ description: 'MCO-DEN-2026-03-05: the return flight route and date' }),
  departure_ref: z
    .string()
    .max(120)
    .optional()
    .meta({ description: 'F9 1234~2026-03-02T06:15:00~31.00: the departure flight numbers, time and price when chosen' }),
  return_ref: z.string().max(120).optional().meta({ description: 'The return flight numbers, time and price when chosen' }),
});
export type TripLookupQuery = z.infer<typeof tripLookupQuerySchema>;

export const tripLookupResponseSchema = z.object({
  departure: flightSchema,
  return: flightSchema,
  origin: z.string(),
  destination: z.string(),
  date: z.string(),
  demo: z.boolean().optional(),
  /** Set for a flight found by its reference whose fare moved since the link was made (decision 197). */
  departure_price_change: priceChangeSchema.optional(),
  return_price_change: priceChangeSchema.optional(),
});
export type TripLookupResponse = z.infer<typeof tripLookupResponseSchema>;

export const TRIP_MESSAGES = {
  premiumRequired: 'Opening a saved trip on another device is a premium feature. Please upgrade your account.',
  loginRequired: 'Please log in to view this trip.',
  /** The summary's not-found text (docs/product/search.md#summary-errors): the flights are gone or the URL is wrong. */
  notFound: 'Flight data not found. The flights may have expired or the URL is invalid. Please start a new search.',
} as const;

/** Days after the departure date an older link (without `return_leg`) is searched for its return flight. */
export const LEGACY_RETURN_DAYS = 7;

/**
 * What names a flight apart from its fare (decision 197): its flight numbers and local departure time, with the price
 * it had when the link was made. The hash includes the price (docs/product/search.md#flight-hash), so a link made
 * before a fare change finds no flight by hash; the reference finds the same flight and says what the price was.
 * Written `F9 1234 / F9 567~2026-04-02T06:15:00~31.00` (no price after the last `~` when no fare was offered).
 * The price is the flight's price as the trip summary charges it (`flightPrice`, docs/product/prices.md), so the
 * notice, the breakdown and the total speak of the same fare (decision 279).
 */
export interface FlightRef {
  flightNumber: string;
  departureTime: string;
  price: number | null;
}

const REF_PATTERN = /^([A-Za-z0-9 /]{2,60})~(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)~(\d{1,6}(?:\.\d{1,2})?)?$/;

type RefFlight = Pick<Flight, 'flight_number' | 'departure_time' | 'fares'>;

export function refOf(f: RefFlight): string {
  return [f.flight_number, f.departure_time, flightPriceFare(f) === null ? '' : flightPrice(f).toFixed(2)].join('~');
}

export function parseRef(value: string | null | undefined): FlightRef | null {
  const m = value ? REF_PATTERN.exec(value.trim()) : null;
  if (!m) return null;
  return { flightNumber: normalizeNumbers(m[1]!), departureTime: m[2]!, price: m[3] === undefined ? null : Number(m[3]) };
}

const normalizeNumbers = (n: string) => n.trim().toUpperCase().replace(/\s+/g, ' ');
/** Departure times compared to the minute (the airline writes seconds, a hand-made link may not). */
const minute = (t: string) => t.slice(0, 16);

/** The flight a link names: by its hash, else (with a reference) the same flight numbers leaving at the same time. */
export function matchFlight<F extends RefFlight & { flightHash: string }>(
  flights: readonly F[],
  hash: string,
  ref: FlightRef | null,
): { flight: F; priceChange: PriceChange | null } | null {
  const exact = flights.find((f) => f.flightHash === hash);
  if (exact) return { flight: exact, priceChange: null };
  if (!ref) return null;
  const same = flights.find(
    (f) => normalizeNumbers(f.flight_number) === ref.flightNumber && minute(f.departure_time) === minute(ref.departureTime),
  );
  // A flight with no fare left cannot be booked: for the traveller it is gone.
  if (!same || flightPriceFare(same) === null) return null;
  const now = flightPrice(same);
  const moved = ref.price === null || Math.round(ref.price * 100) !== Math.round(now * 100);
  return { flight: same, priceChange: moved ? { from: ref.price, to: now } : null };
}

/** 'The price changed from $31.00 to $45.00' (decision 197), said once for the flight whose fare moved. */
export function priceChangedMessage(change: PriceChange): string {
  return change.from === null
    ? `The price changed to ${formatDollars(change.to)}`
    : `The price changed from ${formatDollars(change.from)} to ${formatDollars(change.to)}`;
}
