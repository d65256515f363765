import { z } from 'zod';
import { isoDateSchema } from './dates';
import { LIMITS } from './limits';
import { userSchema } from './auth';
import { notificationSchema } from './notifications';

/** GET /admin/* lists: `page` from 1, `limit` per page (the dashboard asks for 25). */
export const adminListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(LIMITS.adminPageSize),
  /**
   * The list as it stood at this moment (the `as_of` of its first page): rows added later are left out, so paging
   * through it neither repeats nor skips a row while new ones arrive. Defaults to now.
   */
  as_of: z.iso.datetime({ offset: true, error: 'as_of must be a date and time' }).optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** A filter left blank in the form arrives as `q=`: the same as no filter. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const ADMIN_USER_PLANS = ['free', 'trial', 'premium', 'admin', 'inactive'] as const;
export type AdminUserPlan = (typeof ADMIN_USER_PLANS)[number];
export const adminUsersQuerySchema = adminListQuerySchema.extend({
  /** Part of the e-mail or of the name ('first last'), any case. */
  q: optionalFilter(z.string().trim().max(200, 'q must be at most 200 characters')),
  plan: optionalFilter(z.enum(ADMIN_USER_PLANS, { error: `plan must be one of ${ADMIN_USER_PLANS.join(', ')}` })),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const SEARCH_TYPES = ['search', 'single', 'inbound', 'return'] as const;
export const adminSearchesQuerySchema = adminListQuerySchema.extend({
  /** The origin as logged: a code, codes or CITY:XXX (any case). */
  origin: optionalFilter(z.string().trim().max(200, 'origin must be at most 200 characters')),
  type: optionalFilter(z.enum(SEARCH_TYPES, { error: `type must be one of ${SEARCH_TYPES.join(', ')}` })),
  /** The UTC day the search ran. */
  day: optionalFilter(isoDateSchema),
});
export type AdminSearchesQuery = z.infer<typeof adminSearchesQuerySchema>;

/** The alert statuses of docs/product/alerts.md#alert-status. */
export const ALERT_STATUSES = ['active', 'inactive', 'found', 'date_passed'] as const;
export type AlertStatusFilter = (typeof ALERT_STATUSES)[number];
export const adminNotificationsQuerySchema = adminListQuerySchema.extend({
  status: optionalFilter(z.enum(ALERT_STATUSES, { error: `status must be one of ${ALERT_STATUSES.join(', ')}` })),
});
export type AdminNotificationsQuery = z.infer<typeof adminNotificationsQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** Number of pages; 0 when the list is empty. */
  pages: z.number().int(),
  /** The moment the list was read at: pass it back as `as_of` for the next pages. */
  as_of: z.string(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A user, admin view (docs/product/admin.md#admin-api). */
export const adminUserSchema = userSchema.extend({
  notification_count: z.number().int(),
  search_count: z.number().int(),
  /** Premium given by an operator (the CLI's `user:grant premium` or /admin); `is_premium` is this or a subscription. */
  premium_granted: z.boolean(),
  /** Premium owed to a paying (or trialing) subscription. */
  subscription_premium: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), pagination: paginationSchema });

export const searchLogUserSchema = z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() });

/** The search log (docs/product/admin.md#search-log). `search_type` is search, single, inbound or return; `user` null means guest. */
export const searchLogSchema = z.object({
  id: z.string(),
  /** The origin as asked for (a code, codes or CITY:XXX); null for an inbound search. */
  origin_airport: z.string().nullable(),
  destination_airport: z.string().nullable(),
  search_type: z.string(),
  search_date: z.string().nullable(),
  results_found: z.number().int(),
  total_flights: z.number().int(),
  /** complete, partial, abandoned (the client left), interrupted (the server shut down) or failed (docs/product/admin.md#search-log). */
  outcome: z.string(),
  /** Whether it counted as one of the user's searches (docs/product/accounts-and-plans.md#when-a-search-counts). */
  charged: z.boolean(),
  destinations_total: z.number().int(),
  destinations_checked: z.number().int(),
  destinations_failed: z.number().int(),
  created_at: z.string(),
  user: searchLogUserSchema.nullable(),
});
export type SearchLog = z.infer<typeof searchLogSchema>;
export const adminSearchesResponseSchema = z.object({ searches: z.array(searchLogSchema), pagination: paginationSchema });

/** A flight alert, admin view, with its owner (docs/product/alerts.md#alert-record). */
export const adminNotificationSchema = notificationSchema.extend({
  user: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }).nullable(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;
export const adminNotificationsResponseSchema = z.object({ notifications: z.array(adminNotificationSchema), pagination: paginationSchema });

const dayCountSchema = z.object({ day: z.string(), count: z.number().int() });

/** The dashboard figures (docs/product/admin.md#admin-api). */
export const adminDashboardResponseSchema = z.object({
  total_users: z.number().int(),
  total_notifications: z.number().int(),
  total_searches: z.number().int(),
  search_breakdown: z.object({
    searches_by_type: z.record(z.string(), z.number().int()),
    searches_by_outcome: z.record(z.string(), z.number().int()),
    recent_searches_24h: z.number().int(),
    top_origins: z.array(z.object({ airport: z.string(), count: z.number().int() })),
    /** The last 30 UTC days, oldest first, today last; days without searches are 0. */
    searches_per_day: z.array(dayCountSchema),
  }),
  users_breakdown: z.object({
    premium: z.number().int(),
    trial: z.number().int(),
    admins: z.number().int(),
    inactive: z.number().int(),
    /** Sign-ups on each of the last 30 UTC days, oldest first. */
    signups_per_day: z.array(dayCountSchema),
  }),
  /** This process's own counters since it started (the /metrics figures); several processes each count their own. */
  service: z.object({
    since: z.string(),
    airline_requests: z.number(),
    airline_requests_failed: z.number(),
    cache_hits: z.number(),
    cache_misses: z.number(),
    /** hits / (hits + misses), or null before any query. */
    cache_hit_ratio: z.number().nullable(),
    breaker_state: z.enum(['closed', 'half_open', 'open']),
    checker_runs: z.number(),
    checker_runs_failed: z.number(),
    emails_sent: z.number(),
    emails_failed: z.number(),
    emails_pending: z.number(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponseSchema>;

/** Pages for `total` rows at `limit` per page. */
export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

// ---- Operator actions (docs/product/admin.md#operator-actions) ----

export const ADMIN_USER_ACTIONS = ['grant_premium', 'revoke_premium', 'grant_admin', 'revoke_admin', 'deactivate', 'reactivate'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];
export const adminUserActionBodySchema = z.object({
  action: z.enum(ADMIN_USER_ACTIONS, { error: `action must be one of ${ADMIN_USER_ACTIONS.join(', ')}` }),
});
export const adminUserParamsSchema = z.object({ id: z.uuid({ error: 'id must be a user id' }) });

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found',
  lastAdmin: 'This is the last active admin: make another admin first.',
  notOnYourself: 'You cannot remove your own admin rights or deactivate your own account.',
  blackoutNotFound: 'That date is not a blackout date',
  noValidRoutes: 'No valid routes: each needs a 3-letter origin and destination that differ',
  routesUnavailable: 'The airline did not give its route network; the routes were left as they were.',
} as const;

/** One audit entry: who did what to whom, when, and the values before and after. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  target: z.string(),
  target_user_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponseSchema = z.object({ entries: z.array(adminAuditEntrySchema), pagination: paginationSchema });

export const adminUserActionResponseSchema = z.object({ user: adminUserSchema, audit: adminAuditEntrySchema });

/** One date or an inclusive range (at most a year), as `blackouts:add` takes them. */
export const adminBlackoutsAddBodySchema = z
  .object({
    start: isoDateSchema,
    end: isoDateSchema.optional(),
    label: z.string().trim().max(100, 'label must be at most 100 characters').default(''),
  })
  .refine((b) => !b.end || b.end >= b.start, { message: 'end must not be before start', path: ['end'] })
  .refine((b) => !b.end || (Date.parse(b.end) - Date.parse(b.start)) / 86_400_000 < 366, {
    message: 'a range covers at most 366 days',
    path: ['end'],
  });
export const adminBlackoutParamsSchema = z.object({ date: isoDateSchema });
export const adminBlackoutsResponseSchema = z.object({ blackout_dates: z.array(z.string()), audit: adminAuditEntrySchema.optional() });

const airportCode = z.string().regex(/^[A-Z]{3}$/, 'airport codes are 3 capital letters');
export const adminRoutesImportBodySchema = z.object({
  routes: z
    .array(z.object({ origin: airportCode, destination: airportCode }))
    .min(1, 'routes must list at least one route')
    .max(20_000, 'routes must list at most 20000 routes'),
});
export const adminRoutesRefreshBodySchema = z.object({ dry_run: z.boolean().default(false) });
export const adminRoutesResponseSchema = z.object({
  routes: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  skipped: z.number().int(),
  dry_run: z.boolean(),
  audit: adminAuditEntrySchema.optional(),
});
export type AdminRoutesResult = z.infer<typeof adminRoutesResponseSchema>;

export type AdminUsersPage = z.infer<typeof adminUsersResponseSchema>;
export type AdminNotificationsPage = z.infer<typeof adminNotificationsResponseSchema>;
export type AdminSearchesPage = z.infer<typeof adminSearchesResponseSchema>;
export type AdminAuditPage = z.infer<typeof adminAuditResponseSchema>;
export type AdminBlackoutsResult = z.infer<typeof adminBlackoutsResponseSchema>;
export type AdminUserActionResult = z.infer<typeof adminUserActionResponseSchema>;
