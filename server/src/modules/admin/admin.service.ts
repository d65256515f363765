import {
  ADMIN_MESSAGES,
  type AdminAuditEntry,
  type AdminDashboard,
  type AdminListQuery,
  type AdminNotification,
  type AdminNotificationsQuery,
  type AdminRoutesResult,
  type AdminSearchesQuery,
  type AdminUser,
  type AdminUserAction,
  type AdminUsersQuery,
  type Pagination,
  type SearchLog,
  pageCount,
} from '@gowild/contract/admin';
import { ENTITLEMENT_MESSAGES } from '@gowild/contract/auth';
import { ERROR_CODES } from '@gowild/contract/errors';
import { LIMITS } from '@gowild/contract/limits';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../../lib/http-error';
import { type UserRow, type UsersService, presentUser } from '../accounts/accounts.module';
import { type RouteRefresh, RouteRefreshError, diffRoutes } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import type { AdminRepository, AuditRow, Page } from './admin.repository';

const DAY_MS = 86_400_000;
/** The charts' span: the last 30 UTC days, today included. */
const CHART_DAYS = 30;
/** Route lists kept in an audit entry; a network of thousands is summarised by its counts. */
const AUDIT_ROUTE_LIST = 100;

function pagination(query: AdminListQuery, total: number, asOf: Date): Pagination {
  return { page: query.page, limit: query.limit, total, pages: pageCount(total, query.limit), as_of: asOf.toISOString() };
}
const pageOf = (q: AdminListQuery, asOf: Date): Page => ({ limit: q.limit, offset: (q.page - 1) * q.limit, asOf });

/** The last `days` UTC days, oldest first, with the counts found (0 for the rest). */
function fillDays(now: Date, days: number, rows: { day: string; count: number }[]): { day: string; count: number }[] {
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  const out: { day: string; count: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}

function presentAdminUser(r: { user: UserRow; searchCount: number; notificationCount: number }): AdminUser {
  return {
    ...presentUser(r.user),
    notification_count: r.notificationCount,
    search_count: r.searchCount,
    premium_granted: r.user.premiumGranted,
    subscription_premium: r.user.subscriptionPremium,
  };
}

function presentAudit(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actorId, email: row.actorEmail },
    target: row.target,
    target_user_id: row.targetUserId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The account flags an audit entry records before and after a user action. */
const flagsOf = (u: UserRow) => ({
  is_premium: u.isPremium,
  premium_granted: u.premiumGranted,
  is_admin: u.isAdmin,
  is_active: u.isActive,
});

/** Each action as the accounts module's operator call (the CLI's `user:grant` / `user:revoke`). */
const FLAG_CALLS: Record<AdminUserAction, { call: 'grant' | 'revoke'; flag: 'premium' | 'admin' | 'active' }> = {
  grant_premium: { call: 'grant', flag: 'premium' },
  revoke_premium: { call: 'revoke', flag: 'premium' },
  grant_admin: { call: 'grant', flag: 'admin' },
  revoke_admin: { call: 'revoke', flag: 'admin' },
  deactivate: { call: 'revoke', flag: 'active' },
  reactivate: { call: 'grant', flag: 'active' },
};

/** Actions after which the target may no longer run the service. */
const LOCKS_OUT: ReadonlySet<AdminUserAction> = new Set(['revoke_admin', 'deactivate']);

/** One at a time: the last-admin guard reads, then acts (see docs/decisions/091). */
function createSerial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

export interface AdminServiceDeps {
  repo: AdminRepository;
  clock: Clock;
  users: Pick<UsersService, 'grant' | 'revoke'>;
  reference: Pick<ReferenceService, 'routes' | 'replaceRoutes' | 'addBlackoutRange' | 'removeBlackout' | 'blackoutDates'>;
  routeRefresh: Pick<RouteRefresh, 'run'>;
  serviceFigures: () => Promise<AdminDashboard['service']>;
}

/** The admin area's lists, figures and operator actions (docs/product/admin.md). */
export function createAdminService(deps: AdminServiceDeps) {
  const { repo, clock } = deps;
  const serial = createSerial();
  const asOfOf = (q: AdminListQuery) => (q.as_of ? new Date(q.as_of) : clock.now());

  async function audit(actor: UserRow, entry: { action: string; target: string; targetUserId?: string; before: unknown; after: unknown }) {
    return presentAudit(
      await repo.insertAudit({
        actorId: actor.id,
        actorEmail: actor.email,
        action: entry.action,
        target: entry.target,
        targetUserId: entry.targetUserId ?? null,
        before: entry.before,
        after: entry.after,
        createdAt: clock.now(),
      }),
    );
  }

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
        pagination: pagination(query, total, asOf),
      };
    },
    async audit(query: AdminListQuery): Promise<{ entries: AdminAuditEntry[]; pagination: Pagination }> {
      const asOf = asOfOf(query);
      const [total, rows] = await Promise.all([repo.countAudit(asOf), repo.listAudit(pageOf(query, asOf))]);
      return { entries: rows.map(presentAudit), pagination: pagination(query, total, asOf) };
    },
    async dashboard(): Promise<AdminDashboard> {
      const now = clock.now();
      const since = new Date(now.getTime() - DAY_MS);
      const chartStart = new Date(`${new Date(now.getTime() - (CHART_DAYS - 1) * DAY_MS).toISOString().slice(0, 10)}T00:00:00Z`);
      const [
        totalUsers,
        totalNotifications,
        totalSearches,
        byType,
        byOutcome,
        recent,
        topOrigins,
        searchDays,
        signupDays,
        userCounts,
        service,
      ] = await Promise.all([
        repo.countUsers(),
        repo.countNotifications(),
        repo.countSearches(),
        repo.searchesByType(),
        repo.searchesByOutcome(),
        repo.searchesSince(since),
        repo.topOrigins(LIMITS.adminTopOrigins),
        repo.searchesPerDay(chartStart),
        repo.signupsPerDay(chartStart),
        repo.userCounts(),
        deps.serviceFigures(),
      ]);
      return {
        total_users: totalUsers,
        total_notifications: totalNotifications,
        total_searches: totalSearches,
        search_breakdown: {
          searches_by_type: byType,
          searches_by_outcome: byOutcome,
          recent_searches_24h: recent,
          top_origins: topOrigins,
          searches_per_day: fillDays(now, CHART_DAYS, searchDays),
        },
        users_breakdown: { ...userCounts, signups_per_day: fillDays(now, CHART_DAYS, signupDays) },
        service,
      };
    },

    /**
     * Grant or take back premium or admin, deactivate or reactivate, through the accounts module's operator calls
     * (the CLI's): premium is the operator's grant beside any subscription (decision 073); deactivation ends every
     * session. Never on oneself where it would lock one out, never the last active admin. Audited.
     */
    async act(actor: UserRow, targetId: string, action: AdminUserAction): Promise<{ user: AdminUser; audit: AdminAuditEntry }> {
      return serial(async () => {
        // The actor may have lost admin to a request that ran while this one waited.
        const me = await repo.findUser(actor.id);
        if (!me?.user.isAdmin || !me.user.isActive) throw forbidden(ENTITLEMENT_MESSAGES.adminRequired, ERROR_CODES.ADMIN_REQUIRED);
        const found = await repo.findUser(targetId);
        if (!found) throw notFound(ADMIN_MESSAGES.userNotFound);
        const target = found.user;
        if (LOCKS_OUT.has(action)) {
          if (target.id === actor.id) throw conflict(ADMIN_MESSAGES.notOnYourself);
          if (target.isAdmin && target.isActive && (await repo.countOtherActiveAdmins(target.id)) === 0)
            throw conflict(ADMIN_MESSAGES.lastAdmin);
        }
        const { call, flag } = FLAG_CALLS[action];
        await deps.users[call](target.email, flag);
        const after = (await repo.findUser(target.id))!;
        const entry = await audit(me.user, {
          action,
          target: target.email,
          targetUserId: target.id,
          before: flagsOf(target),
          after: flagsOf(after.user),
        });
        return { user: presentAdminUser(after), audit: entry };
      });
    },

    blackoutDates: () => deps.reference.blackoutDates(),
    /** `blackouts:add`: one date or an inclusive range, with a label. */
    async addBlackouts(actor: UserRow, body: { start: string; end?: string; label: string }) {
      const before = new Set(deps.reference.blackoutDates());
      const dates = await deps.reference.addBlackoutRange(body.start, body.end ?? body.start, body.label);
      const entry = await audit(actor, {
        action: 'blackouts_add',
        target: 'blackout dates',
        before: { present: dates.filter((d) => before.has(d)) },
        after: { dates, label: body.label },
      });
      return { blackout_dates: deps.reference.blackoutDates(), audit: entry };
    },
    /** `blackouts:remove`. */
    async removeBlackout(actor: UserRow, date: string) {
      if (!(await deps.reference.removeBlackout(date))) throw notFound(ADMIN_MESSAGES.blackoutNotFound);
      const entry = await audit(actor, { action: 'blackout_remove', target: 'blackout dates', before: { date }, after: null });
      return { blackout_dates: deps.reference.blackoutDates(), audit: entry };
    },

    /** `routes:import`: replaces the network with the routes given. */
    async importRoutes(actor: UserRow, rows: { origin: string; destination: string }[]): Promise<AdminRoutesResult> {
      const key = (r: { origin: string; destination: string }) => `${r.origin}-${r.destination}`;
      const unique = [...new Map(rows.filter((r) => r.origin !== r.destination).map((r) => [key(r), r])).values()];
      if (unique.length === 0) throw badRequest(ADMIN_MESSAGES.noValidRoutes);
      const previous = deps.reference.routes();
      const { added, removed } = diffRoutes(previous, unique);
      await deps.reference.replaceRoutes(unique);
      const entry = await audit(actor, {
        action: 'routes_import',
        target: 'route network',
        before: { routes: previous.length },
        after: { routes: unique.length, added: added.slice(0, AUDIT_ROUTE_LIST), removed: removed.slice(0, AUDIT_ROUTE_LIST) },
      });
      return { routes: unique.length, added, removed, skipped: rows.length - unique.length, dry_run: false, audit: entry };
    },
    /** `routes:refresh`: the network as the airline publishes it; 503 when the airline does not give it. */
    async refreshRoutes(actor: UserRow, dryRun: boolean): Promise<AdminRoutesResult> {
      const previous = deps.reference.routes().length;
      let report;
      try {
        report = await deps.routeRefresh.run({ dryRun });
      } catch (e) {
        if (e instanceof RouteRefreshError) throw serviceUnavailable(`${ADMIN_MESSAGES.routesUnavailable} (${e.message})`);
        throw e;
      }
      const result = { routes: report.routes, added: report.added, removed: report.removed, skipped: report.skipped, dry_run: dryRun };
      if (dryRun) return result;
      const entry = await audit(actor, {
        action: 'routes_refresh',
        target: 'route network',
        before: { routes: previous },
        after: {
          routes: report.routes,
          from: report.provider,
          added: report.added.slice(0, AUDIT_ROUTE_LIST),
          removed: report.removed.slice(0, AUDIT_ROUTE_LIST),
        },
      });
      return { ...result, audit: entry };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
