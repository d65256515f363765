import { z } from 'zod';
import { SEARCH_MAX_AIRPORT_ITEMS, SEARCH_MESSAGES, exportFormatParam, searchStreamEventSchema } from './flights';

/**
 * Anywhere over a range of days (docs/product/anywhere.md; decisions 276-278): from an origin (an airport, a comma
 * list or a city group) every destination, one way, on every day from `from` to `to` (at most 7 days), in one
 * streamed answer like the outbound search's, or as CSV with `format=csv`. Premium; one search for the quota rules.
 */
export const ANYWHERE_LIMITS = {
  /** Days in one search, `from` and `to` included. */
  maxDays: 7,
  /** Airline queries in flight at once for one anywhere search: a range asks up to 7 times a day's queries. */
  maxWorkersDefault: 20,
} as const;

export const ANYWHERE_MESSAGES = {
  premiumRequired:
    'Anywhere over a range of days is a premium feature. Upgrade your account to see every destination across several days in one search.',
  /** What a free user reads of the feature (the premium panel's words). */
  pitch:
    'See every destination from your airport over up to 7 days in one search: one way, every GoWild flight in one list you can sort and export.',
  fromRequired: 'First departure date (from) is required',
  fromInvalid: 'First departure date (from) must be a real date in YYYY-MM-DD format',
  toRequired: 'Last departure date (to) is required',
  toInvalid: 'Last departure date (to) must be a real date in YYYY-MM-DD format',
  toBeforeFrom: 'The last departure date (to) cannot be before the first (from)',
  tooManyDays: `A range covers at most ${ANYWHERE_LIMITS.maxDays} days: choose a last departure date (to) at most ${ANYWHERE_LIMITS.maxDays - 1} days after the first (from)`,
  noFlights: (origin: string) => `No flights found from ${origin} on these days. Try other days.`,
} as const;

const rangeDate = (required: string, invalid: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : invalid) })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: (issue) => (issue.input === '' ? required : invalid) });

/** GET /api/flights/anywhere. */
export const anywhereQuerySchema = z.object({
  origin: z
    .string({ error: SEARCH_MESSAGES.originRequired })
    .regex(/[^\s,]/, SEARCH_MESSAGES.originRequired)
    .meta({
      description: `Airport code (DEN), city group (CITY:NYC) or a comma list of up to ${SEARCH_MAX_AIRPORT_ITEMS}`,
      example: 'DEN',
    }),
  from: rangeDate(ANYWHERE_MESSAGES.fromRequired, ANYWHERE_MESSAGES.fromInvalid).meta({
    description: 'First departure date (YYYY-MM-DD), today at the departure airport or later',
    example: '2026-04-02',
  }),
  to: rangeDate(ANYWHERE_MESSAGES.toRequired, ANYWHERE_MESSAGES.toInvalid).meta({
    description: `Last departure date (YYYY-MM-DD), from \`from\` to ${ANYWHERE_LIMITS.maxDays - 1} days after it`,
    example: '2026-04-08',
  }),
  format: exportFormatParam,
});
export type AnywhereQuery = z.input<typeof anywhereQuerySchema>;

export const anywhereParametersSchema = z.object({
  origin: z.string(),
  origin_airports: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  /** Every departure date searched, in order. */
  dates: z.array(z.string()),
  max_workers: z.number().int(),
});
export type AnywhereParameters = z.infer<typeof anywhereParametersSchema>;

const [, destinationEvent, summaryEvent, errorEvent] = searchStreamEventSchema.options;

/**
 * The streamed answer (NDJSON), in the outbound search's event style: `start` (every destination `codes` to check,
 * and the range), one `destination` per destination with its flights of every day of the range (first from what was
 * last seen with `confirming`, then again confirmed, as docs/product/search.md#answer-at-once), then `summary` (or
 * `error`).
 */
export const anywhereStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), total: z.number().int(), codes: z.array(z.string()), search_parameters: anywhereParametersSchema }),
  destinationEvent,
  summaryEvent,
  errorEvent,
]);
export type AnywhereStreamEvent = z.infer<typeof anywhereStreamEventSchema>;

/** The CSV file's name: gowild-DEN-2026-04-02.csv, gowild-DEN-2026-04-02-to-2026-04-08.csv (codes and dates only). */
export function exportFileName(origin: string, from: string, to?: string): string {
  const place =
    origin
      .replace(/^CITY:/, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'search';
  return `gowild-${place}-${from}${to && to !== from ? `-to-${to}` : ''}.csv`;
}
