import { z } from 'zod';
import { addDays, isIsoDate, type IsoDate } from './dates';
import { SEARCH_MAX_AIRPORT_ITEMS, SEARCH_MESSAGES } from './flights';
import { formatWholeDollars } from './money';

/**
 * What kept airline answers (observations) make possible (docs/product/date-grid-and-history.md): a destination × date grid,
 * how often GoWild was offered on a route, and how a route's fares for one date moved. Every figure here is read
 * from what the service already fetched, never from a new airline request. Prices are US dollars, as in flights.ts.
 */

export const GRID_LIMITS = {
  minDays: 1,
  maxDays: 14,
  defaultDays: 7,
} as const;

export const LIKELIHOOD_RULES = {
  /** Departure dates looked back over. */
  windowDays: 30,
  /** Fewer observed dates than this is "not enough history yet". */
  minObservedDays: 5,
} as const;

export const GOOD_PRICE_RULES = {
  /** Days of a route's fares the comparison reads. */
  windowDays: 90,
  /** Today's fare is good when it is at or under this quantile of the window's daily fares: the lowest quarter. */
  quantile: 0.25,
  /** Fewer observed days than this and no badge is given (a quarter of a handful means nothing). */
  minObservedDays: 14,
} as const;

export const OBSERVATION_MESSAGES = {
  originRequired: SEARCH_MESSAGES.originRequired,
  destinationRequired: SEARCH_MESSAGES.destinationRequired,
  fromRequired: 'Start date (from) is required',
  fromInvalid: 'Start date (from) must be a real date in YYYY-MM-DD format',
  dateRequired: SEARCH_MESSAGES.dateRequired,
  dateInvalid: SEARCH_MESSAGES.dateInvalid,
  daysInvalid: `days must be a whole number from ${GRID_LIMITS.minDays} to ${GRID_LIMITS.maxDays}`,
  gridPremium: 'The date grid is a premium feature. Upgrade your account to see every destination across the coming days at a glance.',
  notEnoughHistory: 'Not enough history yet',
  goodPrice: 'Good price',
  demoData: 'Demo data: these figures come from simulated sweeps, not from the airline.',
} as const;

/**
 * Words for the figures taken from the airline's 7-day ribbon (decision 243): every results page shows the route's
 * lowest fare on each of the 3 days before and after the searched date. Never a GoWild figure.
 */
export const RIBBON_TEXTS = {
  /** Where a ribbon figure comes from, in a traveller's words. */
  source: "the airline's week view",
  /** The price history's name for its ribbon points (the drawing's key). */
  seriesName: 'Lowest fare (week view)',
  /** What a ribbon figure is and is not (the date grid's note). */
  about:
    "Figures in grey italics come from the airline's week view: the lowest fare it showed for that day beside a nearby date's search. It says nothing about GoWild.",
} as const;

const requiredText = (message: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined) });

/** An airport code (DEN), a city group (CITY:NYC) or a comma list of them, as search takes it. */
const airportsParam = (requiredMessage: string) =>
  z
    .string(requiredText(requiredMessage))
    .regex(/[^\s,]/, requiredMessage)
    .meta({
      description: `Airport code (DEN), city group (CITY:NYC) or a comma list of up to ${SEARCH_MAX_AIRPORT_ITEMS}; case and spaces do not matter`,
      example: 'DEN',
    });

/** A real calendar date, YYYY-MM-DD; surrounding spaces are ignored. */
const realDateParam = (required: string, invalid: string) =>
  z
    .string(requiredText(required))
    .trim()
    .refine((v) => v !== '', { error: required, abort: true })
    .refine((v) => isIsoDate(v), { error: invalid })
    .meta({ description: 'A real date, YYYY-MM-DD', example: '2026-04-02' });

/** GET /api/flights/grid: every destination from the origin(s) for `days` dates from `from`. */
export const gridQuerySchema = z.object({
  origin: airportsParam(OBSERVATION_MESSAGES.originRequired),
  from: realDateParam(OBSERVATION_MESSAGES.fromRequired, OBSERVATION_MESSAGES.fromInvalid),
  days: z
    .union([z.literal(''), z.coerce.number()], { error: OBSERVATION_MESSAGES.daysInvalid })
    .optional()
    .refine((v) => v === undefined || v === '' || (Number.isInteger(v) && v >= GRID_LIMITS.minDays && v <= GRID_LIMITS.maxDays), {
      error: OBSERVATION_MESSAGES.daysInvalid,
    })
    .transform((v) => (v === undefined || v === '' ? GRID_LIMITS.defaultDays : v))
    .meta({ description: `Dates in the grid, ${GRID_LIMITS.minDays} to ${GRID_LIMITS.maxDays} (default ${GRID_LIMITS.defaultDays})` }),
});
export type GridQuery = z.input<typeof gridQuerySchema>;

/**
 * How often GoWild was offered on a route when its window opened, over the last LIKELIHOOD_RULES.windowDays
 * departure dates: 'known' with both counts, or 'not_enough_history' below LIKELIHOOD_RULES.minObservedDays.
 */
export const likelihoodSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('known'), offered_days: z.number().int().min(0), observed_days: z.number().int().min(1) }),
  z.object({ status: z.literal('not_enough_history'), observed_days: z.number().int().min(0) }),
]);
export type Likelihood = z.infer<typeof likelihoodSchema>;

/** The likelihood from counts, the one place the "enough history" rule lives. */
export function likelihoodOf(offeredDays: number, observedDays: number): Likelihood {
  return observedDays < LIKELIHOOD_RULES.minObservedDays
    ? { status: 'not_enough_history', observed_days: observedDays }
    : { status: 'known', offered_days: offeredDays, observed_days: observedDays };
}

/** 'GoWild on 8 of the last 10 days' or 'Not enough history yet'. */
export function likelihoodText(likelihood: Likelihood): string {
  if (likelihood.status === 'not_enough_history') return OBSERVATION_MESSAGES.notEnoughHistory;
  const { offered_days: offered, observed_days: observed } = likelihood;
  return `GoWild on ${offered} of the last ${observed} ${observed === 1 ? 'day' : 'days'}`;
}

/** One destination on one date, from the newest observation of that route and date. */
export const gridCellSchema = z.object({
  date: z.string(),
  /** Null when the route and date were never observed. */
  go_wild_offered: z.boolean().nullable(),
  /** Lowest GoWild fare of the day's flights, USD; null when none offered or never observed. */
  lowest_go_wild: z.number().nullable(),
  /** Lowest fare of any type, USD. */
  lowest_fare: z.number().nullable(),
  /** Most GoWild seats left on one flight; premium callers only (absent otherwise). */
  seats: z.number().int().nullable().optional(),
  /** When the route and date were last checked (ISO instant); null when never. */
  checked_at: z.string().nullable(),
  /**
   * Where `lowest_fare` comes from: `answer`, the latest kept answer (as of `checked_at`); `ribbon`, the lowest fare
   * the airline's week view showed for this day beside a search of a nearby date, when it was seen after the latest
   * answer or there is no answer (decision 243). Null when `lowest_fare` is. The server always sends it.
   */
  lowest_fare_source: z.enum(['answer', 'ribbon']).nullable().optional(),
  /** When `lowest_fare` was seen (ISO instant): the answer's check or the ribbon's sighting; null when `lowest_fare` is. */
  lowest_fare_seen_at: z.string().nullable().optional(),
});
export type GridCell = z.infer<typeof gridCellSchema>;

export const gridDateSchema = z.object({
  date: z.string(),
  /** A GoWild blackout date: no pass fares, whatever the observations. */
  blackout: z.boolean(),
});
export type GridDate = z.infer<typeof gridDateSchema>;

export const gridDestinationSchema = z.object({
  destination: z.string(),
  /** One cell per entry of the answer's `dates`, in the same order. */
  cells: z.array(gridCellSchema),
  likelihood: likelihoodSchema,
});
export type GridDestination = z.infer<typeof gridDestinationSchema>;

export const gridResponseSchema = z.object({
  /** The origin as asked (DEN, DEN,COS or CITY:NYC). */
  origin: z.string(),
  origin_airports: z.array(z.string()),
  dates: z.array(gridDateSchema),
  destinations: z.array(gridDestinationSchema),
  /** True when any figure comes from demo (simulated) sweeps rather than the airline. */
  demo: z.boolean(),
});
export type GridResponse = z.infer<typeof gridResponseSchema>;

/** The dates a grid covers: `days` dates from `from`. */
export function gridDates(from: IsoDate, days: number): IsoDate[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}

/**
 * One observation of a route and date, USD. `answer` (the default when absent): the lowest fare of each type among
 * its flights then, and `lowest_fare` the lower of the two. `ribbon`: the lowest fare the airline's week view showed for
 * the date beside a search of a nearby date (decision 243): `lowest_fare` only, `standard` and `discount_den` null.
 */
export const pricePointSchema = z.object({
  observed_at: z.string(),
  standard: z.number().nullable(),
  discount_den: z.number().nullable(),
  source: z.enum(['answer', 'ribbon']).optional(),
  lowest_fare: z.number().nullable().optional(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

/** Whether today's fare on a route is in the lowest quarter of the last GOOD_PRICE_RULES.windowDays. */
export const goodPriceSchema = z.object({
  good: z.boolean(),
  /** Today's lowest Standard or Discount Den fare, USD. */
  fare: z.number(),
  /** The lowest quarter's upper bound over the window, USD: `good` is fare <= threshold. */
  threshold: z.number(),
  observed_days: z.number().int(),
});
export type GoodPrice = z.infer<typeof goodPriceSchema>;

/**
 * The good-price verdict from the window's daily lowest fares and today's fare; null when fewer than
 * GOOD_PRICE_RULES.minObservedDays days were observed. The threshold is the lower quartile by nearest rank.
 */
export function goodPriceOf(dailyLowest: readonly number[], fare: number): GoodPrice | null {
  if (dailyLowest.length < GOOD_PRICE_RULES.minObservedDays) return null;
  const sorted = [...dailyLowest].sort((a, b) => a - b);
  const threshold = sorted[Math.max(0, Math.ceil(sorted.length * GOOD_PRICE_RULES.quantile) - 1)]!;
  return { good: fare <= threshold, fare, threshold, observed_days: dailyLowest.length };
}

/** GET /api/flights/price-history: one route's fares for one date, as observed over time. */
export const priceHistoryQuerySchema = z.object({
  origin: airportsParam(OBSERVATION_MESSAGES.originRequired),
  destination: airportsParam(OBSERVATION_MESSAGES.destinationRequired),
  date: realDateParam(OBSERVATION_MESSAGES.dateRequired, OBSERVATION_MESSAGES.dateInvalid),
});
export type PriceHistoryQuery = z.input<typeof priceHistoryQuerySchema>;

export const priceHistoryResponseSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  date: z.string(),
  /** Oldest first. */
  points: z.array(pricePointSchema),
  /** Null when the route has too little history for a verdict. */
  good_price: goodPriceSchema.nullable(),
  likelihood: likelihoodSchema,
  /** The same count per flight of the route, keyed by flight number (flights seen when a window opened). */
  flight_likelihood: z.record(z.string(), likelihoodSchema).optional(),
  demo: z.boolean(),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;

/**
 * GET /api/flights/route-insights: for every destination from the origin(s) on a date, the GoWild likelihood and
 * the good-price verdict, in one small answer for the results cards (the full history is price-history's).
 */
export const routeInsightsQuerySchema = z.object({
  origin: airportsParam(OBSERVATION_MESSAGES.originRequired),
  date: realDateParam(OBSERVATION_MESSAGES.dateRequired, OBSERVATION_MESSAGES.dateInvalid),
});
export type RouteInsightsQuery = z.input<typeof routeInsightsQuerySchema>;

export const routeInsightSchema = z.object({
  likelihood: likelihoodSchema,
  good_price: goodPriceSchema.nullable(),
});
export type RouteInsight = z.infer<typeof routeInsightSchema>;

export const routeInsightsResponseSchema = z.object({
  origin: z.string(),
  date: z.string(),
  /** Keyed by destination code; a destination never observed is absent. */
  routes: z.record(z.string(), routeInsightSchema),
  demo: z.boolean(),
});
export type RouteInsightsResponse = z.infer<typeof routeInsightsResponseSchema>;

/** 'just now', '12 min ago', '2 h ago', '3 days ago'. */
function agoText(instant: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(instant)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** 'checked just now', 'checked 12 min ago', 'checked 2 h ago', 'checked 3 days ago'; 'never checked' for null. */
export function checkedAgoText(checkedAt: string | null, now: Date = new Date()): string {
  return checkedAt === null ? 'never checked' : `checked ${agoText(checkedAt, now)}`;
}

/** "lowest fare $79 from the airline's week view, seen 2 h ago": a ribbon figure, said where it is shown. */
export function ribbonFareText(fare: number, seenAt: string, now: Date = new Date()): string {
  return `lowest fare ${formatWholeDollars(fare)} from ${RIBBON_TEXTS.source}, seen ${agoText(seenAt, now)}`;
}
