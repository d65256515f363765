import { z } from 'zod';
import { exportFormatParam, flightSchema, overBudgetSchema } from './flights';

/**
 * "Get me home" (docs/product/get-me-home.md; decisions 199-201): from where a traveller is (their location or an
 * airport they choose) to home (an airport or a city), today and tomorrow, from every airport within a drive they
 * choose, nonstop (the airline's own flights) and one stop with a self-transfer at a hub (two GoWild tickets), never
 * a flight within the airline's sales close, soonest home first. Premium.
 */
export const GET_HOME_LIMITS = {
  /** Drive radius choices, miles. */
  radiusMin: 0,
  radiusMax: 250,
  radiusDefault: 60,
  /** Airports near the traveller asked at most (the nearest first): bounds the airline queries of one search. */
  maxNearbyAirports: 5,
  /** Options in one answer. */
  maxOptions: 60,
} as const;

/** The radius choices the screen offers, miles. */
export const GET_HOME_RADIUS_CHOICES = [0, 30, 60, 100, 150, 250] as const;

export const GET_HOME_MESSAGES = {
  premiumRequired: 'Get me home is a premium feature. Upgrade your account to find the soonest way home.',
  /** What a free user reads of the feature (the premium panel's words, docs/product/get-me-home.md). */
  pitch:
    'Stranded? Get me home finds every GoWild way home today and tomorrow: nonstop from the airports within your drive, and one-stop trips through a hub, soonest home first.',
  fromRequired: 'Choose where you are: an airport, or share your location',
  homeRequired: 'Home airport or city is required',
  locationInvalid: 'Location must be a latitude and a longitude',
  radiusInvalid: `Drive radius must be a whole number of miles from ${GET_HOME_LIMITS.radiusMin} to ${GET_HOME_LIMITS.radiusMax}`,
  noAirportsNearby: 'No airport of the network is within that drive. Try a longer drive or choose an airport.',
  alreadyHome: 'You are already at home: every airport within that drive is a home airport.',
  noOptions: 'No way home found today or tomorrow from these airports. Try a longer drive.',
} as const;

const number = (message: string) => z.union([z.literal(''), z.coerce.number({ error: message })]).optional();

/** GET /api/flights/home. */
export const getHomeQuerySchema = z.object({
  from: z.string().optional().meta({ description: 'Where the traveller is: an airport code (else lat and lng)' }),
  lat: number(GET_HOME_MESSAGES.locationInvalid).meta({ description: 'Latitude of the traveller, with lng' }),
  lng: number(GET_HOME_MESSAGES.locationInvalid).meta({ description: 'Longitude of the traveller, with lat' }),
  home: z
    .string({ error: GET_HOME_MESSAGES.homeRequired })
    .regex(/[^\s,]/, GET_HOME_MESSAGES.homeRequired)
    .meta({
      description: 'Home: an airport code, a city group (CITY:NYC) or a list',
    }),
  radius: z
    .union([z.literal(''), z.coerce.number()])
    .optional()
    .refine(
      (v) => v === undefined || v === '' || (Number.isInteger(v) && v >= GET_HOME_LIMITS.radiusMin && v <= GET_HOME_LIMITS.radiusMax),
      {
        error: GET_HOME_MESSAGES.radiusInvalid,
      },
    )
    .meta({ description: `Drive radius in miles to other airports (default ${GET_HOME_LIMITS.radiusDefault})` }),
  format: exportFormatParam,
});
export type GetHomeQuery = z.input<typeof getHomeQuerySchema>;

export const nearbyAirportSchema = z.object({
  code: z.string(),
  /** Straight-line miles from the traveller (0 for the airport they chose). */
  miles: z.number().int(),
});
export type NearbyAirport = z.infer<typeof nearbyAirportSchema>;

export const getHomeOptionSchema = z.object({
  /** The airline's nonstop, the airline's own connection (one ticket), or two tickets with a self-transfer at a hub. */
  kind: z.enum(['nonstop', 'connecting', 'self_transfer']),
  /** The airport it leaves from, and the drive to it. */
  from: z.string(),
  drive_miles: z.number().int(),
  /** The airline's flights, in order: one, or two tickets through `hub`. */
  flights: z.array(flightSchema).min(1).max(2),
  hub: z.string().nullable(),
  layover_minutes: z.number().int().nullable(),
  departure_time: z.string(),
  /** Airport-local arrival at home, and the same as an instant (what the list is sorted by). */
  arrival_time: z.string(),
  arrival_utc: z.string(),
  /** The GoWild fares added up (null when a flight has none), and the lowest price of any fare. */
  total_go_wild: z.number().nullable(),
  total_lowest: z.number().nullable(),
});
export type GetHomeOption = z.infer<typeof getHomeOptionSchema>;

export const getHomeResponseSchema = z.object({
  options: z.array(getHomeOptionSchema),
  search_parameters: z.object({
    from: z.string().nullable(),
    location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    home: z.string(),
    home_airports: z.array(z.string()),
    radius_miles: z.number().int(),
    nearby: z.array(nearbyAirportSchema),
    dates: z.array(z.string()),
  }),
  summary: z.object({ options: z.number().int(), queries: z.number().int(), search_timestamp: z.string() }),
  partial: z.boolean().optional(),
  failed: z.array(z.string()).optional(),
  over_budget: overBudgetSchema.optional(),
  demo: z.boolean().optional(),
});
export type GetHomeResponse = z.infer<typeof getHomeResponseSchema>;
