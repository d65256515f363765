import { z } from 'zod';
import { adminListQuerySchema, paginationSchema } from './admin';

/**
 * The public data-health page (`GET /api/status`, the web's `/status`): how each outside service we depend on is
 * doing, from what this process saw over the last hour. No secret, no user data: counts, ages, states and latencies.
 */

/** The services, in the order the page lists them. */
export const STATUS_SERVICES = ['airline', 'hotels', 'cars', 'weather', 'geo', 'email', 'billing', 'database', 'redis'] as const;
export type StatusServiceId = (typeof STATUS_SERVICES)[number];

/**
 * `up`: answering well; `degraded`: answering, with many failures or a breaker trying again; `down`: failing, or
 * its breaker open; `idle`: not asked in the last hour, so nothing to say (a quiet service is not a broken one).
 */
export const serviceStateSchema = z.enum(['up', 'degraded', 'down', 'idle']);
export type ServiceState = z.infer<typeof serviceStateSchema>;

/** `live`: the real service; `emulator` / `demo`: the offline default (generated data, no outside call). */
export const serviceModeSchema = z.enum(['live', 'emulator', 'demo']);
export type ServiceMode = z.infer<typeof serviceModeSchema>;

/** `none`: this service has no circuit breaker (the database and Redis have reconnecting clients instead). */
export const breakerStateSchema = z.enum(['closed', 'half_open', 'open', 'none']);

export const serviceStatusSchema = z.object({
  id: z.enum(STATUS_SERVICES),
  name: z.string(),
  /** What it gives the product, in a few words. */
  role: z.string(),
  state: serviceStateSchema,
  mode: serviceModeSchema,
  /** A plain sentence on what the state means here (the offline default said honestly). */
  note: z.string(),
  /** The newest good answer this process has (ISO instant), and its age in whole seconds; null when none yet. */
  newest_data_at: z.string().nullable(),
  newest_data_age_seconds: z.number().int().nullable(),
  /** Calls over the last hour, by how they ended. */
  last_hour: z.object({
    successes: z.number().int(),
    blocks: z.number().int(),
    throttled: z.number().int(),
    failures: z.number().int(),
  }),
  breaker: breakerStateSchema,
  /** Over the last hour's successful and failed calls; null without any. */
  latency_ms: z.object({ p50: z.number().nullable(), p95: z.number().nullable() }),
  /** The airline only: how its requests reach the site (FRONTIER_TRANSPORT). */
  transport: z.string().optional(),
  /**
   * The airline only: its results pages over the last hour and how many of them the adapter read (flights, or the
   * airline's "no flights"); the others could not be read (the page changed). `share` is `read / total`, null
   * without any page.
   */
  pages_read: z.object({ read: z.number().int(), total: z.number().int(), share: z.number().min(0).max(1).nullable() }).optional(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

export const statusResponseSchema = z.object({
  /** When this answer was assembled (it is kept for a second or two). */
  generated_at: z.string(),
  /** What the figures cover: `process`, the one server process that answered (decision 171). */
  scope: z.literal('process'),
  scope_note: z.string(),
  window_seconds: z.number().int(),
  /** The worst state among the services that matter to a search (the airline and the database). */
  overall: serviceStateSchema,
  services: z.array(serviceStatusSchema),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** How often the page asks again. */
export const STATUS_POLL_MS = 10_000;

/** An airline page the adapter could not read, as admins list it (docs/product/status.md#unreadable-airline-pages). */
export const unreadablePageSchema = z.object({
  id: z.string(),
  seen_at: z.string(),
  /** Secret query values redacted. */
  url: z.string(),
  status: z.number().int(),
  content_type: z.string().nullable(),
  /** The whole answer's size; the body kept may be cut (`truncated`). */
  bytes: z.number().int(),
  truncated: z.boolean(),
  reason: z.string(),
});
export type UnreadablePage = z.infer<typeof unreadablePageSchema>;

/** The admin list of unreadable pages is paged as the other admin lists are: `page` from 1, `limit` up to 100 (25). */
export const unreadablePagesQuerySchema = adminListQuerySchema.pick({ page: true, limit: true });
export type UnreadablePagesQuery = z.infer<typeof unreadablePagesQuerySchema>;

export const unreadablePagesResponseSchema = z.object({
  pages: z.array(unreadablePageSchema),
  pagination: paginationSchema,
  /** How many days a page is kept, and how many are kept at most. */
  kept_days: z.number().int(),
  kept_max: z.number().int(),
});
export type UnreadablePagesResponse = z.infer<typeof unreadablePagesResponseSchema>;

export const unreadablePageParamsSchema = z.object({ id: z.uuid({ error: 'id must be a page id' }) });

/** One page with its kept body, to be shown as text (never rendered as HTML). */
export const unreadablePageBodyResponseSchema = z.object({ page: unreadablePageSchema.extend({ body: z.string() }) });
export type UnreadablePageBodyResponse = z.infer<typeof unreadablePageBodyResponseSchema>;

/**
 * A kept page read again with the adapter of today (`POST /api/admin/unreadable-pages/reread`, the operator's
 * `airline:reread`; decision 244). `search`: the route and date it answered, from its address or, for a page that
 * landed on /Flight/Select, from the page itself. `outcome`: `reads` (with `flights`, the count), `unreadable`,
 * `not_a_results_page` (GetMarkets, an error page…) or `search_unknown`; `detail` says why, in words.
 */
export const rereadPageSchema = z.object({
  id: z.string(),
  seen_at: z.string(),
  url: z.string(),
  status: z.number().int(),
  truncated: z.boolean(),
  /** Why it could not be read when it was kept. */
  was: z.string(),
  search: z.object({ origin: z.string(), destination: z.string(), date: z.string(), from: z.enum(['url', 'page']) }).nullable(),
  outcome: z.enum(['reads', 'unreadable', 'not_a_results_page', 'search_unknown']),
  flights: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export type RereadPage = z.infer<typeof rereadPageSchema>;

export const rereadResponseSchema = z.object({
  /** The clock the GoWild fare types were judged by. */
  read_at: z.string(),
  /** Kept pages read again, and how many of them now read. */
  total: z.number().int(),
  reads: z.number().int(),
  pages: z.array(rereadPageSchema),
});
export type RereadResponse = z.infer<typeof rereadResponseSchema>;
