import { z } from 'zod';
import { formatOpensAt } from './date-labels';
import { GOWILD_FARE_TYPES } from './gowild-fare';
import { flightSchema } from './flights';
import { HUB_MESSAGES, connectionQueryParams } from './hub-search';

/**
 * GoWild connections (docs/product/connections.md; decision 263): itineraries of one to three flights from an origin
 * to a destination (or anywhere), each flight a GoWild booking of its own, found over the flights observed for the
 * date and its next day, the chosen itineraries' flights asked again live before they are shown as bookable.
 */
export const CONNECTION_LIMITS = {
  maxFlights: 3,
  /**
   * The least time between landing and the next flight leaving when no one set it: a self-transfer means collecting
   * bags, checking in again and clearing security. The server's setting (CONNECTION_MIN_TRANSFER_MINUTES) may raise
   * or lower it; a traveller may only raise it.
   */
  minConnectionDefault: 90,
  minConnectionMax: 720,
  /** The longest wait at a connection airport (minutes); an overnight is a wait too. */
  maxLayoverDefault: 720,
  maxLayoverMin: 60,
  maxLayoverMax: 1440,
  /** Longest total trip time a traveller may ask for (minutes, first departure to last arrival): two days. */
  maxDurationMax: 2880,
  /** Itineraries in one answer to one destination. */
  maxItineraries: 50,
  /** Destinations in one "anywhere" answer (each its best itinerary). */
  maxDestinations: 400,
  /** Airline requests one search may make to confirm its chosen itineraries' flights live. */
  liveChecks: 6,
} as const;

/** The orders a list can be ranked in; each breaks its ties by the others, in this order. */
export const CONNECTION_SORTS = ['arrival', 'flights', 'duration', 'price', 'seats'] as const;
export type ConnectionSort = (typeof CONNECTION_SORTS)[number];
export const CONNECTION_SORT_LABELS: Record<ConnectionSort, string> = {
  arrival: 'Earliest arrival',
  flights: 'Fewest flights',
  duration: 'Shortest total time',
  price: 'Lowest total price',
  seats: 'Most seats',
};

export const CONNECTION_MESSAGES = {
  /** The hub search's own: a connection search is a hub search of up to three flights (the same search gate). */
  premiumRequired: HUB_MESSAGES.premiumRequired,
  /** What every itinerary says, in plain words. */
  selfTransfer:
    'Separate bookings: each flight is its own GoWild booking. At every connection you collect your bags and check them in again, and go through security again. A missed connection is not protected: if a flight is late or cancelled, the next one will not wait, and you are not rebooked or refunded.',
  overnight: 'Overnight connection: the next flight leaves the next day, so plan where to stay.',
  noItineraries: 'No GoWild connections found for this date. Try another date, a longer layover or more flights.',
  destinationRequired: 'Destination airport code is required (ANY for anywhere)',
  maxFlightsInvalid: `Flights must be a whole number from 1 to ${CONNECTION_LIMITS.maxFlights}`,
  minConnectionInvalid: `Minimum connection time must be a whole number of minutes up to ${CONNECTION_LIMITS.minConnectionMax}`,
  minConnectionTooLow: (floor: number) =>
    `Minimum connection time can't be lower than ${floor} minutes: a self-transfer needs time for bags and security`,
  maxLayoverInvalid: `Maximum layover must be a whole number of minutes from ${CONNECTION_LIMITS.maxLayoverMin} to ${CONNECTION_LIMITS.maxLayoverMax}`,
  layoverBelowConnection: 'Maximum layover must be at least the minimum connection time',
  maxDurationInvalid: `Maximum total time must be a whole number of minutes from 60 to ${CONNECTION_LIMITS.maxDurationMax}`,
  arriveByInvalid: 'Arrive by must be a time (HH:mm) or a local date and time (YYYY-MM-DDTHH:mm)',
  sortInvalid: `Sort must be one of ${CONNECTION_SORTS.join(', ')}`,
  airportListInvalid: 'Hubs must be airport codes separated by commas',
  hubInBothLists: 'A hub cannot be both used and avoided',
} as const;

/** A whole number of minutes from a query string; '' is absent. */
const minutesParam = (min: number, max: number, error: string) =>
  z
    .union([z.literal(''), z.coerce.number()])
    .optional()
    .refine((v) => v === undefined || v === '' || (Number.isInteger(v) && v >= min && v <= max), { error })
    .transform((v) => (v === '' ? undefined : v));

/** 'DEN,ATL' → ['DEN', 'ATL']; blank is none. */
const airportListParam = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter((s) => s !== ''),
  )
  .refine((codes) => codes.every((c) => /^[A-Z0-9]{3}$/.test(c)), { error: CONNECTION_MESSAGES.airportListInvalid });

/** GET /api/flights/connections. */
export const connectionsQuerySchema = z
  .object({
    origin: connectionQueryParams.origin(),
    destination: z
      .string({ error: CONNECTION_MESSAGES.destinationRequired })
      .regex(/[^\s,]/, CONNECTION_MESSAGES.destinationRequired)
      .meta({ description: 'Airport, city group or list, or ANY for anywhere' }),
    date: connectionQueryParams.date(),
    max_flights: minutesParam(1, CONNECTION_LIMITS.maxFlights, CONNECTION_MESSAGES.maxFlightsInvalid).meta({
      description: `Flights in an itinerary at most, 1 to ${CONNECTION_LIMITS.maxFlights} (default ${CONNECTION_LIMITS.maxFlights})`,
    }),
    min_connection: minutesParam(0, CONNECTION_LIMITS.minConnectionMax, CONNECTION_MESSAGES.minConnectionInvalid).meta({
      description: "Minutes between landing and the next flight leaving, at least (the server's minimum or more)",
    }),
    max_layover: minutesParam(CONNECTION_LIMITS.maxLayoverMin, CONNECTION_LIMITS.maxLayoverMax, CONNECTION_MESSAGES.maxLayoverInvalid).meta(
      {
        description: `Minutes at a connection airport at most (default ${CONNECTION_LIMITS.maxLayoverDefault})`,
      },
    ),
    overnight: connectionQueryParams.boolean().meta({ description: 'Connections to a flight the next day (default true)' }),
    sort: z.enum(CONNECTION_SORTS, { error: CONNECTION_MESSAGES.sortInvalid }).optional(),
    via: airportListParam.meta({ description: 'Hubs to use: itineraries connecting at one of these at least' }),
    avoid: airportListParam.meta({ description: 'Hubs to avoid: no itinerary connects or stops at these' }),
    max_duration: minutesParam(60, CONNECTION_LIMITS.maxDurationMax, CONNECTION_MESSAGES.maxDurationInvalid).meta({
      description: 'Total trip time at most, minutes from the first departure to the last arrival',
    }),
    arrive_by: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || v === '' || /^(\d{4}-\d{2}-\d{2}T)?([01]\d|2[0-3]):[0-5]\d$/.test(v), {
        error: CONNECTION_MESSAGES.arriveByInvalid,
      })
      .transform((v) => (v === '' ? undefined : v))
      .meta({ description: "Latest arrival on the destination's clock: HH:mm on the date, or YYYY-MM-DDTHH:mm" }),
    pick: z
      .string()
      .max(200)
      .optional()
      .meta({ description: "An itinerary's id (from a share link): its flights are the ones confirmed live first" }),
  })
  .refine((q) => !q.via.some((c) => q.avoid.includes(c)), { error: CONNECTION_MESSAGES.hubInBothLists, path: ['avoid'] });
export type ConnectionsQuery = z.input<typeof connectionsQuerySchema>;

/** One flight of an itinerary: a GoWild booking of its own. */
export const connectionLegSchema = z.object({
  flight: flightSchema,
  /** The GoWild fare's kind as the airline's page was read (decision 176); null when the answer was kept before kinds. */
  fare_kind: z.enum(GOWILD_FARE_TYPES).nullable(),
  /** When this flight's standard GoWild window opens: midnight at its own departure airport (decision 175). */
  opens_at: z.string(),
  opens_time_zone: z.string(),
  /** Its window is open now. */
  open_now: z.boolean(),
  /** When the airline last gave this flight's route-day (ISO instant). */
  checked_at: z.string(),
  /** Asked of the airline live for this answer, and still offered with GoWild. */
  confirmed: z.boolean(),
});
export type ConnectionLeg = z.infer<typeof connectionLegSchema>;

/** The wait between two flights, at the airport the first lands and the second leaves. */
export const connectionStopSchema = z.object({
  airport: z.string(),
  minutes: z.number().int(),
  /** The next flight leaves on a later day than the previous one lands (on that airport's clock). */
  overnight: z.boolean(),
  /**
   * For an overnight: what booking the next flight costs before its own window opens (the Early Booking charge rule,
   * docs/product/connections.md#overnight), in words, with the charge's range.
   */
  overnight_cost: z.object({ text: z.string(), early_booking_charge_usd: z.object({ from: z.number(), to: z.number() }) }).optional(),
});
export type ConnectionStop = z.infer<typeof connectionStopSchema>;

export const itinerarySchema = z.object({
  /** Names its flights and their days: the same itinerary has the same id after fares move (share links). */
  id: z.string(),
  origin: z.string(),
  destination: z.string(),
  legs: z.array(connectionLegSchema),
  stops: z.array(connectionStopSchema),
  /** Local departure at the origin and arrival at the destination (YYYY-MM-DDTHH:mm:ss). */
  departure_time: z.string(),
  arrival_time: z.string(),
  /** Minutes from the first departure to the last arrival. */
  total_minutes: z.number().int(),
  /** Every flight's GoWild total added up, with every charge in it (USD). */
  total_price: z.number(),
  /** The fewest GoWild seats left on any of its flights, when the airline said. */
  seats: z.number().int().nullable(),
  overnight: z.boolean(),
  /** confirmed: every flight asked live just now and still offered with GoWild; observed: from kept answers. */
  status: z.enum(['confirmed', 'observed']),
  /** Always true: separate bookings (CONNECTION_MESSAGES.selfTransfer). */
  self_transfer: z.literal(true),
});
export type Itinerary = z.infer<typeof itinerarySchema>;

export const connectionsResponseSchema = z.object({
  itineraries: z.array(itinerarySchema),
  search_parameters: z.object({
    origin: z.string(),
    origin_airports: z.array(z.string()),
    /** Null for anywhere. */
    destination: z.string().nullable(),
    destination_airports: z.array(z.string()).nullable(),
    date: z.string(),
    max_flights: z.number().int(),
    min_connection_minutes: z.number().int(),
    max_layover_minutes: z.number().int(),
    overnight: z.boolean(),
    sort: z.enum(CONNECTION_SORTS),
    via: z.array(z.string()),
    avoid: z.array(z.string()),
    max_duration_minutes: z.number().int().nullable(),
    arrive_by: z.string().nullable(),
  }),
  summary: z.object({
    /** GoWild flights on sale in the kept answers of the date and the next day. */
    flights_considered: z.number().int(),
    /** Route-days with a kept (or live) answer, of the network's route-days for the two days. */
    route_days_observed: z.number().int(),
    route_days: z.number().int(),
    /** Itineraries that met every rule before the list was cut to its length. */
    itineraries_found: z.number().int(),
    destinations_reached: z.number().int(),
    /** Route-days asked of the airline live to confirm the chosen itineraries. */
    live_checks: z.number().int(),
    /** Itineraries dropped because a live check no longer offered one of their flights with GoWild. */
    dropped_after_check: z.number().int(),
    search_timestamp: z.string(),
  }),
  /** The self-transfer notice every itinerary carries. */
  notice: z.string(),
  /** Some live checks failed: these route-days (ORIGIN-DEST-DATE) stay as observed. */
  failed: z.array(z.string()).optional(),
  demo: z.boolean().optional(),
});
export type ConnectionsResponse = z.infer<typeof connectionsResponseSchema>;

/** The itinerary id: its flights' numbers and departure days, in order ('F9 1234@2026-12-01>F9 88@2026-12-01'). */
export function itineraryId(flights: readonly { flight_number: string; departure_time: string }[]): string {
  return flights.map((f) => `${f.flight_number}@${f.departure_time.slice(0, 16)}`).join('>');
}

/**
 * 'Bookable with GoWild from 12:00 AM MT, Thu Nov 26' while a flight's own window is shut at `now` (on the clock of
 * the airport where it opens, decision 175); undefined once it is open.
 */
export function flightOpensText(leg: Pick<ConnectionLeg, 'opens_at' | 'opens_time_zone'>, now: Date): string | undefined {
  const at = new Date(leg.opens_at);
  if (Number.isNaN(at.getTime()) || now.getTime() >= at.getTime()) return undefined;
  try {
    return `Bookable with GoWild from ${formatOpensAt(at, leg.opens_time_zone)}`;
  } catch {
    return `Bookable with GoWild from ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
}
