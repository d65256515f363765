import { z } from 'zod';
import { flightSchema, overBudgetSchema } from './flights';
import { TRIP_FINDER_LIMITS, TRIP_FINDER_MESSAGES } from './trip-finder-texts';

/**
 * The trip finder (docs/product/trip-finder.md; decisions 215-219): from an origin (an airport, a list or a city) and
 * a range of departure dates, every destination with a GoWild way out and a GoWild way back, as round trips of N to M
 * nights or day trips with at least H hours there, best pair first. The two flights are two bookings, and the
 * return's GoWild window opens later than the outbound's: each pair says when. Premium.
 */
export { TRIP_FINDER_LIMITS, TRIP_FINDER_MESSAGES };

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.literal(''), z.coerce.number({ error: message })])
    .optional()
    .refine((v) => v === undefined || v === '' || (Number.isInteger(v) && v >= min && v <= max), { error: message });

/** GET /api/flights/trips. */
export const tripFinderQuerySchema = z.object({
  origin: z
    .string({ error: 'Origin airport is required' })
    .meta({ description: 'Where the trips start: an airport code, a comma list or a city group (CITY:NYC)' }),
  from: z
    .string({ error: TRIP_FINDER_MESSAGES.fromInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, TRIP_FINDER_MESSAGES.fromInvalid)
    .meta({ description: 'First departure date (YYYY-MM-DD)' }),
  days: wholeNumber(TRIP_FINDER_MESSAGES.daysInvalid, 1, TRIP_FINDER_LIMITS.daysMax).meta({
    description: `Departure dates from \`from\` on (1-${TRIP_FINDER_LIMITS.daysMax}, default ${TRIP_FINDER_LIMITS.daysDefault})`,
  }),
  min_nights: wholeNumber(TRIP_FINDER_MESSAGES.nightsInvalid, TRIP_FINDER_LIMITS.nightsMin, TRIP_FINDER_LIMITS.nightsMax).meta({
    description: `Fewest nights at the destination (default ${TRIP_FINDER_LIMITS.nightsDefault.min})`,
  }),
  max_nights: wholeNumber(TRIP_FINDER_MESSAGES.nightsInvalid, TRIP_FINDER_LIMITS.nightsMin, TRIP_FINDER_LIMITS.nightsMax).meta({
    description: `Most nights at the destination (default ${TRIP_FINDER_LIMITS.nightsDefault.max})`,
  }),
  day_trip: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v === 'true')
    .meta({ description: 'A day trip: back the same day' }),
  min_hours: wholeNumber(TRIP_FINDER_MESSAGES.hoursInvalid, TRIP_FINDER_LIMITS.hoursMin, TRIP_FINDER_LIMITS.hoursMax).meta({
    description: `Day trip: fewest hours at the destination (default ${TRIP_FINDER_LIMITS.hoursDefault})`,
  }),
});
export type TripFinderQuery = z.input<typeof tripFinderQuerySchema>;

export const tripPairSchema = z.object({
  outbound: flightSchema,
  return: flightSchema,
  /** Round trip: nights at the destination (return date minus arrival date there); day trip: null. */
  nights: z.number().int().nullable(),
  /** Minutes between landing and leaving again at the destination. */
  stay_minutes: z.number().int(),
  /** The outbound's GoWild fare, the return's (null while its window has not opened), and both added up (null then). */
  outbound_price: z.number(),
  return_price: z.number().nullable(),
  total_price: z.number().nullable(),
  /** When the return's GoWild window opens (every segment's, decision 175), and whether it has. */
  return_opens_at: z.string(),
  return_open: z.boolean(),
});
export type TripPair = z.infer<typeof tripPairSchema>;

export const tripDestinationSchema = z.object({
  destination: z.string(),
  /** The origin airport its pairs leave from (the best pair's first). */
  origins: z.array(z.string()),
  /** Best first (the ranking rule of docs/product/trip-finder.md#ranking); at most TRIP_FINDER_LIMITS.pairsPerDestination. */
  pairs: z.array(tripPairSchema),
  /** Pairs found in all, before the cut. */
  pairs_found: z.number().int(),
});
export type TripDestination = z.infer<typeof tripDestinationSchema>;

/** Where the (route, date) answers came from: kept observations or the flight cache, or the airline now. */
export const tripSourcesSchema = z.object({
  answers: z.number().int(),
  from_stored: z.number().int(),
  live: z.number().int(),
  failed: z.number().int(),
  /** from_stored / (from_stored + live), 0 to 1 (0 when nothing answered). */
  stored_share: z.number(),
  /** The oldest stored answer used, in seconds (null when none was). */
  stored_max_age_seconds: z.number().int().nullable(),
});
export type TripSources = z.infer<typeof tripSourcesSchema>;

export const tripFinderResponseSchema = z.object({
  destinations: z.array(tripDestinationSchema),
  search_parameters: z.object({
    origin: z.string(),
    origin_airports: z.array(z.string()),
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    day_trip: z.boolean(),
    min_nights: z.number().int().nullable(),
    max_nights: z.number().int().nullable(),
    min_hours: z.number().int().nullable(),
  }),
  sources: tripSourcesSchema,
  summary: z.object({ destinations: z.number().int(), pairs: z.number().int(), search_timestamp: z.string() }),
  partial: z.boolean().optional(),
  failed: z.array(z.string()).optional(),
  over_budget: overBudgetSchema.optional(),
  demo: z.boolean().optional(),
});
export type TripFinderResponse = z.infer<typeof tripFinderResponseSchema>;
