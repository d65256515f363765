import type { AdminDashboard, AdminListQuery, AdminNotification, AdminUser, Pagination, SearchLog } from '@gowild/contract/admin';
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

/** The admin area's figures (docs/product/admin.md#admin-api), flight alerts (docs/product/alerts.md) included. */
export function createAdminService(deps: { repo: AdminRepository; clock: Clock }) {
  const { repo } = deps;
  return {
    async users(query: AdminListQuery): Promise<{ users: AdminUser[]; pagination: Pagination }> {
      const [total, rows] = await Promise.all([repo.countUsers(), repo.listUsers(window(query))]);
      return {
        users: rows.map((r) => ({ ...presentUser(r.user), notification_count: r.notificationCount, search_count: r.searchCount })),
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
          created_at: log.createdAt.toISOString(),
          user: user ? { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName } : null,
        })),
        pagination: pagination(query, total),
      };
    },
    async notifications(query: AdminListQuery): Promise<{ notifications: AdminNotification[]; pagination: Pagination }> {
      const [total, rows] = await Promise.all([repo.countNotifications(), repo.listNotifications(window(query))]);
      return {
        notifications: rows.map(({ alert, owner }) => ({
          id: alert.id,
          origin_airport: alert.originAirport,
          destination_airport: alert.destinationAirport,
          travel_dates: alert.travelDates,
          max_price: alert.maxPrice,
          gowild_only: alert.gowildOnly,
          phone_number: alert.phoneNumber,
          sms_consent: alert.smsConsent,
          is_active: alert.isActive,
          is_completed: alert.isCompleted,
          found_price: alert.foundPrice,
          found_travel_date: alert.foundTravelDate,
          notification_sent: alert.notificationSent,
          created_at: alert.createdAt.toISOString(),
          last_checked_at: alert.lastCheckedAt?.toISOString() ?? null,
          user: owner ? { first_name: owner.firstName, last_name: owner.lastName, email: owner.email } : null,
        })),
        pagination: pagination(query, total),
      };
    },
    async dashboard(): Promise<AdminDashboard> {
      const since = new Date(deps.clock.now().getTime() - DAY_MS);
      const [totalUsers, totalNotifications, totalSearches, byType, recent, topOrigins] = await Promise.all([
        repo.countUsers(),
        repo.countNotifications(),
        repo.countSearches(),
        repo.searchesByType(),
        repo.searchesSince(since),
        repo.topOrigins(LIMITS.adminTopOrigins),
      ]);
      return {
        total_users: totalUsers,
        total_notifications: totalNotifications,
        total_searches: totalSearches,
        search_breakdown: { searches_by_type: byType, recent_searches_24h: recent, top_origins: topOrigins },
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
