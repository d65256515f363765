import { z } from 'zod';
import { flightSchema } from './flights';

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
});
export type TripLookupQuery = z.infer<typeof tripLookupQuerySchema>;

export const tripLookupResponseSchema = z.object({
  departure: flightSchema,
  return: flightSchema,
  origin: z.string(),
  destination: z.string(),
  date: z.string(),
  demo: z.boolean().optional(),
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
