import type {
  AdminAuditEntry,
  AdminListQuery,
  AdminNotification,
  AdminNotificationsQuery,
  AdminSearchesQuery,
  AdminUser,
  AdminUsersQuery,
  Pagination,
  SearchLog,
} from '@gowild/contract/admin';
import { ALERT_KIND_NAMES, type AlertKindName } from '@gowild/contract/notifications';
import type { Clock } from '../../lib/clock';
import { pageOf, pagination, presentAdminUser, presentAudit } from './admin.presenters';
import type { AdminRepository } from './admin.repository';

/** The admin lists: users, search log, flight alerts, audit log, each paged over a fixed snapshot (decision 090). */
export function createAdminLists({ repo, clock }: { repo: AdminRepository; clock: Clock }) {
  const asOfOf = (q: AdminListQuery) => (q.as_of ? new Date(q.as_of) : clock.now());
  return {
    async users(query: AdminUsersQuery): Promise<{ users: AdminUser[]; pagination: Pagination }> {
      const asOf = asOfOf(query);
      const filter = { q: query.q, plan: query.plan };
      const [total, rows] = await Promise.all([repo.countUsers(filter, asOf), repo.listUsers(filter, pageOf(query, asOf))]);
      return { users: rows.map(presentAdminUser), pagination: pagination(query, total, asOf) };
    },
    async searches(query: AdminSearchesQuery): Promise<{ searches: SearchLog[]; pagination: Pagination }> {
      const asOf = asOfOf(query);
      const filter = { origin: query.origin, type: query.type, day: query.day };
      const [total, rows] = await Promise.all([repo.countSearches(filter, asOf), repo.listSearches(filter, pageOf(query, asOf))]);
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
        pagination: pagination(query, total, asOf),
      };
    },
    async notifications(query: AdminNotificationsQuery): Promise<{ notifications: AdminNotification[]; pagination: Pagination }> {
      const asOf = asOfOf(query);
      const filter = { status: query.status };
      const [total, rows] = await Promise.all([repo.countNotifications(filter, asOf), repo.listNotifications(filter, pageOf(query, asOf))]);
      return {
        notifications: rows.map(({ alert, owner }) => ({
          id: alert.id,
          kind: (ALERT_KIND_NAMES as readonly string[]).includes(alert.kind) ? (alert.kind as AlertKindName) : ('price' as const),
          origin_airport: alert.originAirport,
          destination_airport: alert.destinationAirport,
          travel_dates: alert.travelDates,
          max_price: alert.maxPriceCents === null ? null : alert.maxPriceCents / 100,
          gowild_only: alert.gowildOnly,
          phone_number: alert.phoneNumber,
          sms_consent: alert.smsConsent,
          is_active: alert.isActive,
          is_completed: alert.isCompleted,
          found_price: alert.foundPriceCents === null ? null : alert.foundPriceCents / 100,
          found_travel_date: alert.foundTravelDate,
          notification_sent: alert.notificationSent,
          created_at: alert.createdAt.toISOString(),
          last_checked_at: alert.lastCheckedAt?.toISOString() ?? null,
          channels: alert.channels as AdminNotification['channels'],
          opens_at: alert.opensAt?.toISOString() ?? null,
          window_result: alert.windowResult === 'gowild' || alert.windowResult === 'not_offered' ? alert.windowResult : null,
          found_seats: alert.foundSeats,
          max_seats: alert.maxSeats,
          legs: alert.legs,
          found_destination: alert.foundDestination,
          user: owner ? { first_name: owner.firstName, last_name: owner.lastName, email: owner.email } : null,
        })),
        pagination: pagination(query, total, asOf),
      };
    },
    async audit(query: AdminListQuery): Promise<{ entries: AdminAuditEntry[]; pagination: Pagination }> {
      const asOf = asOfOf(query);
      const [total, rows] = await Promise.all([repo.countAudit(asOf), repo.listAudit(pageOf(query, asOf))]);
      return { entries: rows.map(presentAudit), pagination: pagination(query, total, asOf) };
    },
  };
}
