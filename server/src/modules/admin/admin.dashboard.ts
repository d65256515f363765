import { utcDateOf } from '@gowild/contract/dates';
import type { AdminDashboard } from '@gowild/contract/admin';
import { LIMITS } from '@gowild/contract/limits';
import type { Clock } from '../../lib/clock';
import type { AdminRepository } from './admin.repository';

const DAY_MS = 86_400_000;
/** The charts' span: the last 30 UTC days, today included. */
const CHART_DAYS = 30;

/** The last `days` UTC days, oldest first, with the counts found (0 for the rest). */
function fillDays(now: Date, days: number, rows: { day: string; count: number }[]): { day: string; count: number }[] {
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  const out: { day: string; count: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = utcDateOf(now.getTime() - i * DAY_MS);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}

/** GET /api/admin/dashboard: the database's figures and this process's service counters (decision 093). */
export function createAdminDashboard(deps: {
  repo: AdminRepository;
  clock: Clock;
  serviceFigures: () => Promise<AdminDashboard['service']>;
}) {
  const { repo, clock } = deps;
  return async function dashboard(): Promise<AdminDashboard> {
    const now = clock.now();
    const since = new Date(now.getTime() - DAY_MS);
    const chartStart = new Date(`${utcDateOf(now.getTime() - (CHART_DAYS - 1) * DAY_MS)}T00:00:00Z`);
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
  };
}
