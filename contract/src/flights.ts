import { z } from 'zod';
import { echoInput } from './errors';
import { GOWILD_FARE_TYPES } from './gowild-fare';

/** Fares (docs/product/search.md#flights): each fare has a total in USD and, for premium callers only, seats left. */
export const fareSchema = z.object({
  total: z.number(),
  available_seats: z.number().int().nullable().optional(),
});
export type Fare = z.infer<typeof fareSchema>;

/**
 * A GoWild fare also says which kind it is (docs/product/search.md#gowild-fare-types; decision 176): `standard` inside
 * the booking window, `early_booking` before it opens (with a charge on top), `peak_day` on a blackout date (with a
 * charge). Every answer carries it; only trip links and cached answers kept from before it existed lack it.
 */
export const goWildFareSchema = fareSchema.extend({
  fare_type: z.enum(GOWILD_FARE_TYPES).optional().meta({
    description:
      'standard: inside the booking window; early_booking: before it opens, with an Early Booking Charge; peak_day: on a blackout date, with a Peak Day Charge',
  }),
});
export type GoWildFare = z.infer<typeof goWildFareSchema>;

export const FARE_KEYS = ['go_wild', 'standard', 'discount_den'] as const;
export type FareKey = (typeof FARE_KEYS)[number];

export const segmentSchema = z.object({
  departure_airport: z.string(),
  arrival_airport: z.string(),
  /** Airport-local time as the airline gives it: YYYY-MM-DDTHH:mm:ss, no zone. */
  departure_time: z.string(),
  arrival_time: z.string(),
  flight_number: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const flightSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  departure_time: z.string(),
  arrival_time: z.string(),
  /** 'd.hh:mm' when a day or more, else 'hh:mm'. */
  total_trip_time: z.string(),
  /** Minutes from departure to arrival, across time zones. */
  duration: z.number().int(),
  stops: z.number().int(),
  flight_number: z.string(),
  segments: z.array(segmentSchema),
  fares: z.object({
    go_wild: goWildFareSchema.nullable(),
    standard: fareSchema.nullable(),
    discount_den: fareSchema.nullable(),
  }),
  booking_links: z.object({
    go_wild: z.string().nullable(),
    standard: z.string().nullable(),
    discount_den: z.string().nullable(),
  }),
  lowest_go_wild_price: z.number().nullable(),
  lowest_price: z.number().nullable(),
  flightHash: z.string(),
});
export type Flight = z.infer<typeof flightSchema>;

export const searchParametersSchema = z.object({
  origin: z.string(),
  origin_airports: z.array(z.string()),
  destination: z.string().nullable(),
  date: z.string(),
  max_workers: z.number().int(),
});

export const searchSummarySchema = z.object({
  total_destinations: z.number().int().optional(),
  total_origins: z.number().int().optional(),
  total_flights: z.number().int(),
  search_timestamp: z.string(),
});

/** Flight search response (docs/product/search.md#the-answer). */
/** Destinations left unchecked because the user's airline share for this minute ran out (decision 117). */
export const overBudgetSchema = z.object({
  codes: z.array(z.string()),
  retry_after_seconds: z.number().int(),
  message: z.string(),
});

export const flightSearchResponseSchema = z.object({
  flights: z.record(z.string(), z.array(flightSchema)),
  search_parameters: searchParametersSchema,
  summary: searchSummarySchema,
  /** Present and true when some upstream calls failed; `failed` names the codes not checked. */
  partial: z.boolean().optional(),
  failed: z.array(z.string()).optional(),
  /** Codes whose answer came from cache past its fresh time because the airline failed, with age in seconds. */
  stale: z.record(z.string(), z.number()).optional(),
  /**
   * Codes whose airline page held flights that did not read and were left out, with how many: the flights shown for
   * them are right but may not be all (docs/product/search.md#the-answer).
   */
  incomplete: z.record(z.string(), z.number().int()).optional(),
  /**
   * The user's share of airline lookups for this minute ran out midway: these codes (also in `failed`) were not
   * checked, and searching again after `retry_after_seconds` checks them; `message` says so in words.
   */
  over_budget: overBudgetSchema.optional(),
  /**
   * When each code's answer was fetched from the airline (ISO instant; its oldest query's, for a code asked from
   * several origins): "checked 12 min ago". The answer may come from what was fetched before (the flight cache, or
   * the kept observations of a sweep or another search) while it is within the flight cache's fresh time.
   */
  checked_at: z.record(z.string(), z.string()).optional(),
  demo: z.boolean().optional(),
});
export type FlightSearchResponse = z.infer<typeof flightSearchResponseSchema>;

/**
 * Streamed search (NDJSON, one object per line). The web app uses it to show destinations as they arrive.
 * `start` names every code to check, `destination` carries one code's flights (once at once from what was last seen
 * with `confirming`, then again when the airline confirms it), `summary` is the final whole answer, sent when every
 * code is confirmed or failed,
 * minus the flights already sent, `error` ends the stream early. When the server shuts down mid-search the last event
 * is an `error` with status 503 and code `SERVER_RESTARTING` (SEARCH_MESSAGES.serverRestarting): the destinations
 * already sent stand, and searching again in a moment works (docs/decisions/057).
 */
export const searchStreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    total: z.number().int(),
    codes: z.array(z.string()),
    search_parameters: searchParametersSchema,
    /** The answer is the offline default's demo data (as the summary says at the end): a link's early view labels it so. */
    demo: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('destination'),
    code: z.string(),
    flights: z.array(flightSchema),
    done: z.number().int(),
    total: z.number().int(),
    failed: z.boolean().optional(),
    /** Not checked because the user's airline share for this minute ran out (the summary's `over_budget` says when to retry). */
    over_budget: z.boolean().optional(),
    /** When this code's answer was fetched from the airline (ISO instant), as the JSON answer's `checked_at`. */
    checked_at: z.string().optional(),
    /**
     * Answered at once from what was last seen (`checked_at`, older than the fresh time) while the airline is asked:
     * the same code comes again, without `confirming`, with the live answer (or `failed`), and counts in `done` only
     * then (docs/product/search.md#answer-at-once).
     */
    confirming: z.literal(true).optional(),
  }),
  z.object({
    type: z.literal('summary'),
    summary: searchSummarySchema,
    partial: z.boolean().optional(),
    failed: z.array(z.string()).optional(),
    stale: z.record(z.string(), z.number()).optional(),
    incomplete: z.record(z.string(), z.number().int()).optional(),
    over_budget: overBudgetSchema.optional(),
    demo: z.boolean().optional(),
  }),
  z.object({ type: z.literal('error'), status: z.number().int(), error: z.string(), message: z.string(), code: z.string() }),
]);
export type SearchStreamEvent = z.infer<typeof searchStreamEventSchema>;

export const SEARCH_MESSAGES = {
  originRequired: 'Origin airport code is required',
  dateRequired: 'Departure date is required',
  destinationRequired: 'Destination airport code is required',
  loginRequired: 'Please log in to search flights',
  inboundPremium: 'Inbound flight search is a premium feature. Please upgrade your account.',
  singlePremium: 'Single route search is a premium feature. Upgrade your account to search specific destinations.',
  returnLogin: 'Please log in to search return flights',
  returnLoginView: 'Please log in to view return flights.',
  dateInvalid: 'Departure date must be a real date in YYYY-MM-DD format',
  datePast: 'Departure date cannot be in the past',
  dateTooFar: 'Departure date must be within the next 365 days',
  sameOriginDestination: 'Origin and destination must be different',
  tooManyAirports: 'Too many airports in one search (at most 10)',
  upstreamUnavailable: 'The airline is not answering right now. Please try again in a few minutes.',
  serverRestarting: 'The server is restarting. Please search again in a moment.',
} as const;

/**
 * A search refused, or cut short, because the user's share of airline lookups for this minute is used up
 * (decision 117): a search that would start with none left is refused with 429 and Retry-After; one that runs out
 * midway lists the destinations it could not check.
 */
export const airlineShareMessage = (retryAfterSeconds: number, midway = false) =>
  midway
    ? `Airline search limit reached: your searches used this minute's share of airline lookups, so some destinations were not checked. Please try again in ${retryAfterSeconds} seconds.`
    : `Airline search limit reached: your searches used this minute's share of airline lookups. Please try again in ${retryAfterSeconds} seconds.`;

/** Searches reach at most this many days past today (the airline sells about a year ahead). */
export const SEARCH_MAX_DAYS_AHEAD = 365;
/** At most this many comma-separated items in an origin or destination. */
export const SEARCH_MAX_AIRPORT_ITEMS = 10;

/**
 * Query rules the schemas state, so the OpenAPI document shows them; a missing or blank value answers with the
 * documented text (docs/product/search.md#input-rules). What needs data (a known airport or city, a date not past at
 * the departure airports, at most SEARCH_MAX_AIRPORT_ITEMS items, origin and destination differing) is checked by the
 * search itself.
 */
const requiredText = (message: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined) });

/** An airport code (DEN), a city group (CITY:NYC) or a comma list of them, in any case and padding. */
const airportsParam = (requiredMessage: string) =>
  z
    .string(requiredText(requiredMessage))
    .regex(/[^\s,]/, requiredMessage)
    .meta({
      description: `Airport code (DEN), city group (CITY:NYC) or a comma list of up to ${SEARCH_MAX_AIRPORT_ITEMS}; case and spaces do not matter`,
      example: 'DEN',
    });

/** Departure date, YYYY-MM-DD; surrounding spaces are ignored. */
const dateParam = (opts: { optional: boolean }) =>
  z
    .string(requiredText(SEARCH_MESSAGES.dateRequired))
    .trim()
    .regex(opts.optional ? /^(\d{4}-\d{2}-\d{2})?$/ : /^\d{4}-\d{2}-\d{2}$/, {
      error: (issue) => (issue.input === '' ? SEARCH_MESSAGES.dateRequired : SEARCH_MESSAGES.dateInvalid),
    })
    .meta({ description: `A real date, today at the departure airport up to ${SEARCH_MAX_DAYS_AHEAD} days ahead`, example: '2026-04-02' });

/** A whole number; left empty (`max_workers=` from a form) it means "the default", not zero. */
const maxWorkersParam = z
  .union([z.literal(''), z.coerce.number().int()], { error: 'max_workers must be a whole number' })
  .optional()
  .meta({ description: "Airline queries in flight at once for this search (clamped to the server's cap)" });

/**
 * `format=csv`: the answer as a CSV file, one flight per row under a header row (docs/product/anywhere.md#export);
 * left out, the usual answer.
 */
export const exportFormatParam = z
  .enum(['csv'], { error: 'format must be csv, or left out for the usual answer' })
  .optional()
  .meta({ description: 'csv: the answer as a CSV file (text/csv), a header row and one flight per row' });

/** GET /api/flights/search (and /search/stream): every destination, or with `destination` one route (premium). */
export const searchQuerySchema = z.object({
  origin: airportsParam(SEARCH_MESSAGES.originRequired),
  destination: z
    .string()
    .optional()
    .meta({ description: 'With a value, a single-route search (premium); blank or absent for every destination' }),
  date: dateParam({ optional: false }),
  max_workers: maxWorkersParam,
  format: exportFormatParam,
});
/** GET /api/flights/single: one route (premium). */
export const singleQuerySchema = searchQuerySchema.extend({ destination: airportsParam(SEARCH_MESSAGES.destinationRequired) });
/** GET /api/flights/inbound (and /inbound/stream): every origin into a destination (premium); the date defaults to today there. */
export const inboundQuerySchema = z.object({
  destination: airportsParam(SEARCH_MESSAGES.destinationRequired),
  date: dateParam({ optional: true }).optional(),
  max_workers: maxWorkersParam,
  format: exportFormatParam,
});

/** 'Unknown city: CITY:XYZ' or 'Unknown airport code: XYZ', the code quoted as errors quote input (`echoInput`). */
export function unknownAirportMessage(code: string): string {
  return code.startsWith('CITY:') ? `Unknown city: ${echoInput(code)}` : `Unknown airport code: ${echoInput(code)}`;
}

/** docs/product/accounts-and-plans.md#free-search-quota: the 429 text, built from the server's quota figure. */
export function dailyLimitMessage(freeSearchesPerDay: number): string {
  return `Daily search limit reached. Free accounts are limited to ${freeSearchesPerDay} searches per day. Check out our plans at /plans for unlimited searches!`;
}
