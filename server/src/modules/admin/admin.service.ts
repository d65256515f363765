import type { AdminDashboard, AdminListQuery, AdminUser, Pagination, SearchLog } from '@gowild/contract/admin';
import { pageCount } from '@gowild/contract/admin';
import { LIMITS } from '@gowild/contract/limits';
import type { Clock } from '../../lib/clock';
import { presentUser } from '../accounts/accounts.module';
import type { AdminRepository } from './admin.repository';

const DAY_MS = 86_400_000;

function pagination(query: AdminListQuery, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, pages: pageCount(total, query.limit) };
}
const window = (q: AdminListQuery) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

/**
 * The admin area's figures (docs/product/admin.md#admin-api). Flight alerts do not exist yet: notification counts are 0
 * and the notification list is empty until the alerts issue supplies them.
 */
export function createAdminService(deps: { repo: AdminRepository; clock: Clock }) {
  const { repo } = deps;
  return {
    async users(query: AdminListQuery): Promise<{ users: AdminUser[]; pagination: Pagination }> {
      const [total, rows] = await Promise.all([repo.countUsers(), repo.listUsers(window(query))]);
      return {
        users: rows.map((r) => ({ ...presentUser(r.user), notification_count: 0, search_count: r.searchCount })),
        pagination: pagination(query, total),
      };
    },
    async searches(query: AdminListQuery): Promise<{ searches: SearchLog[]; pagination: Pagination }> {
      const [total, rows] = await Promise.all([repo.countSearches(), repo.listSearches(window(query))]);
      return {
        searches: rows.map(({ log, user }) => ({
          id: log.id,
          origin_airport: log.originAirport,
          destination_airport: log.destinationAirport,
          search_type: log.searchType,
          search_date: log.searchDate,
          results_found: log.resultsFound,
          total_flights: log.totalFlights,
          outcome: log.outcome,
          charged: log.charged,
          destinations_total: log.destinationsTotal,
          destinations_checked: log.destinationsChecked,
          destinations_failed: log.destinationsFailed,
          created_at: log.createdAt.toISOString(),
          user: user ? { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName } : null,
        })),
        pagination: pagination(query, total),
      };
    },
    async notifications(query: AdminListQuery) {
      return { notifications: [], pagination: pagination(query, 0) };
    },
    async dashboard(): Promise<AdminDashboard> {
      const since = new Date(deps.clock.now().getTime() - DAY_MS);
      const [totalUsers, totalSearches, byType, byOutcome, recent, topOrigins] = await Promise.all([
        repo.countUsers(),
        repo.countSearches(),
        repo.searchesByType(),
        repo.searchesByOutcome(),
        repo.searchesSince(since),
        repo.topOrigins(LIMITS.adminTopOrigins),
      ]);
      return {
        total_users: totalUsers,
        total_notifications: 0,
        total_searches: totalSearches,
        search_breakdown: {
          searches_by_type: byType,
          searches_by_outcome: byOutcome,
          recent_searches_24h: recent,
          top_origins: topOrigins,
        },
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
