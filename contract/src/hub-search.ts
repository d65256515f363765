import { z } from 'zod';
import { formatOpensAt } from './date-labels';
import { SEARCH_MESSAGES, flightSchema, overBudgetSchema } from './flights';

/**
 * "Via a hub" (docs/product/search.md#via-a-hub; decision 102): two-flight GoWild trips the airline does not sell as
 * one, from an origin to a destination (or anywhere), through any airport with a safe layover. Each trip is two
 * separate tickets.
 */
export const HUB_LIMITS = {
  /** The default safe layover: time to collect bags, check in again and clear security. */
  minLayoverDefault: 120,
  minLayoverMin: 60,
  minLayoverMax: 720,
  /** Connections kept per hub and destination (the best by price, then arrival). */
  perHubAndDestination: 3,
  /** Connections in one answer. */
  maxConnections: 200,
  /** Second-leg airline queries one search may make ("anywhere" from a busy origin can name thousands). */
  maxSecondLegQueries: 600,
} as const;

/** The layover choices the screen offers, in minutes. */
export const HUB_LAYOVER_CHOICES = [60, 90, 120, 180, 240, 360] as const;

export const HUB_MESSAGES = {
  premiumRequired: 'Hub search is a premium feature. Upgrade your account to find connections through a hub.',
  separateTickets:
    'Separate tickets: the airline does not know these two flights belong together. If the first is late or cancelled, the second will not wait, and you are not rebooked or refunded for the missed flight. Check bags only to the hub, and leave the layover you chose.',
  overnight: 'Overnight at the hub: the second flight leaves the next day, so plan where to stay.',
  noConnections: 'No GoWild connections found through a hub on this date. Try another date or a shorter minimum layover.',
  layoverInvalid: `Minimum layover must be a whole number of minutes from ${HUB_LIMITS.minLayoverMin} to ${HUB_LIMITS.minLayoverMax}`,
} as const;

/**
 * The query fields both connection searches share (this one and the route builder's, contract/src/connections.ts):
 * a boolean as a form sends it ('true'/'false'), the origin and the departure date with the search's own texts.
 */
export const connectionQueryParams = {
  /** 'true'/'false' from a query string (a form sends strings); blank is absent. */
  boolean: () =>
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1')),
  origin: () => z.string({ error: SEARCH_MESSAGES.originRequired }).regex(/[^\s,]/, SEARCH_MESSAGES.originRequired),
  date: () =>
    z
      .string({ error: SEARCH_MESSAGES.dateRequired })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, SEARCH_MESSAGES.dateInvalid),
};

/** GET /api/flights/hub. */
export const hubSearchQuerySchema = z.object({
  origin: connectionQueryParams.origin(),
  destination: z.string().optional().meta({ description: 'Airport, city group or list; blank or absent for anywhere' }),
  date: connectionQueryParams.date(),
  min_layover: z
    .union([z.literal(''), z.coerce.number()])
    .optional()
    .refine((v) => v === undefined || v === '' || (Number.isInteger(v) && v >= HUB_LIMITS.minLayoverMin && v <= HUB_LIMITS.minLayoverMax), {
      error: HUB_MESSAGES.layoverInvalid,
    })
    .meta({ description: `Minutes at the hub at least (default ${HUB_LIMITS.minLayoverDefault})` }),
  overnight: connectionQueryParams.boolean().meta({ description: 'Also second flights the next day (default true)' }),
});
export type HubSearchQuery = z.input<typeof hubSearchQuerySchema>;

export const hubConnectionSchema = z.object({
  hub: z.string(),
  destination: z.string(),
  first: flightSchema,
  second: flightSchema,
  /** Minutes between landing at the hub and the second flight leaving it. */
  layover_minutes: z.number().int(),
  /** The second flight leaves on a later day than the first lands. */
  overnight: z.boolean(),
  /** The two GoWild fares added up, USD. */
  total_go_wild: z.number(),
  /**
   * When the second ticket's standard GoWild window opens (ISO instant; decision 175: midnight at the hub the day
   * before it leaves, per segment). Before then its GoWild fare, if any, is an Early Booking one with a charge.
   */
  second_opens_at: z.string().optional(),
  /** The IANA time zone of the airport whose midnight `second_opens_at` is (the segment that opens last). */
  second_opens_time_zone: z.string().optional(),
  /** Always true: two tickets, bought separately (the risk is in HUB_MESSAGES.separateTickets). */
  separate_tickets: z.literal(true),
});
export type HubConnection = z.infer<typeof hubConnectionSchema>;

export const hubSearchResponseSchema = z.object({
  connections: z.array(hubConnectionSchema),
  search_parameters: z.object({
    origin: z.string(),
    origin_airports: z.array(z.string()),
    /** Null for anywhere. */
    destination: z.string().nullable(),
    date: z.string(),
    min_layover_minutes: z.number().int(),
    overnight: z.boolean(),
  }),
  summary: z.object({
    /** Airports a first flight could reach (the origins' routes). */
    hubs_checked: z.number().int(),
    /** Of those, hubs with a GoWild first flight. */
    hubs_with_go_wild: z.number().int(),
    connections: z.number().int(),
    /** Route-days asked of the flight gateway (cache or airline). */
    queries: z.number().int(),
    search_timestamp: z.string(),
  }),
  /** Some queries failed: these routes (ORIGIN-DEST) were not checked. */
  partial: z.boolean().optional(),
  failed: z.array(z.string()).optional(),
  /** More onward routes than one search may ask for (HUB_LIMITS.maxSecondLegQueries): not all were checked. */
  truncated: z.boolean().optional(),
  /** The user's airline share for this minute ran out midway: these routes (also in `failed`) were not checked. */
  over_budget: overBudgetSchema.optional(),
  demo: z.boolean().optional(),
});
export type HubSearchResponse = z.infer<typeof hubSearchResponseSchema>;

/**
 * 'Second flight bookable from 12:00 AM MT, Tue Nov 26' while the second ticket's GoWild window is not open at `now`
 * (the time on the clock of the airport where it opens, decision 175); undefined once it is open or when unknown.
 */
export function secondFlightOpensText(c: Pick<HubConnection, 'second_opens_at' | 'second_opens_time_zone'>, now: Date): string | undefined {
  if (!c.second_opens_at) return undefined;
  const at = new Date(c.second_opens_at);
  if (Number.isNaN(at.getTime()) || now.getTime() >= at.getTime()) return undefined;
  return `Second flight bookable from ${formatOpening(at, c.second_opens_time_zone)}`;
}

/** When the window opens, on the zone's clock, or in UTC when the zone is unknown to Intl. */
function formatOpening(at: Date, timeZone: string | undefined): string {
  try {
    return formatOpensAt(at, timeZone);
  } catch {
    return formatOpensAt(at);
  }
}
