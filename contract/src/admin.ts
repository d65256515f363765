import { z } from 'zod';
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
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** Number of pages; 0 when the list is empty. */
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A user, admin view (docs/product/admin.md#admin-api). */
export const adminUserSchema = userSchema.extend({
  notification_count: z.number().int(),
  search_count: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), pagination: paginationSchema });

export const searchLogUserSchema = z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() });

/** The search log (docs/product/admin.md#search-log). `search_type` is search, single, inbound or return; `user` null means guest. */
export const searchLogSchema = z.object({
  id: z.string(),
  origin_airport: z.string(),
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
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponseSchema>;

/** Pages for `total` rows at `limit` per page. */
export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
