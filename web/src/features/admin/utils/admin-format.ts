import type { AdminUser } from '@gowild/contract/admin';
import { findCityGroup } from '@gowild/contract/city-groups';
import { formatDayShort, formatDayTime, fromEpochSeconds } from '@gowild/contract/date-labels';

/** 'Jul 15, 2026, 12:00 PM' in the viewer's zone, or '—'. */
export function formatInstant(iso: string | null | undefined): string {
  return (iso && formatDayTime(iso, { year: true })) || '—';
}

/** 'Jul 15, 2026' in the viewer's zone, or '—'. */
export function formatDay(iso: string | null | undefined): string {
  return (iso && formatDayShort(iso)) || '—';
}

/** A trial end (epoch seconds) as a day, or '—'. */
export function formatEpochDay(seconds: number | null): string {
  return (seconds !== null && formatDayShort(fromEpochSeconds(seconds), 'UTC')) || '—';
}

/** 'Jul 15' for a YYYY-MM-DD chart day. */
export function formatChartDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
}

/** What a user's plan is, in the words of the plan filter. */
export function planLabels(
  u: Pick<AdminUser, 'is_premium' | 'is_trial' | 'is_admin' | 'is_active' | 'premium_granted' | 'subscription_premium'>,
): string[] {
  const labels: string[] = [];
  if (u.is_trial) labels.push('Trial');
  else if (u.is_premium) labels.push(u.premium_granted && !u.subscription_premium ? 'Premium (granted)' : 'Premium');
  else labels.push('Free');
  if (u.is_admin) labels.push('Admin');
  if (!u.is_active) labels.push('Inactive');
  return labels;
}

/** A logged origin for people: 'New York City (CITY:NYC)', codes as they are, and inbound searches (no origin) as 'Any (inbound)'. */
export function originLabel(origin: string | null): string {
  if (origin === null) return 'Any (inbound)';
  const city = findCityGroup(origin);
  return city ? `${city.cityName} (${origin})` : origin;
}

/** 'Ada Lovelace' or the e-mail when the name is blank. */
export function fullName(u: { first_name: string; last_name: string; email?: string }): string {
  return `${u.first_name} ${u.last_name}`.trim() || u.email || '';
}

const ACTION_LABELS: Record<string, string> = {
  grant_premium: 'Granted premium',
  revoke_premium: 'Removed premium',
  grant_admin: 'Granted admin',
  revoke_admin: 'Removed admin',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  blackouts_add: 'Added blackout dates',
  blackout_remove: 'Removed a blackout date',
  routes_import: 'Imported routes',
  routes_refresh: 'Refreshed routes from the airline',
};
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** A before/after value as short text: changed flags as 'is_premium: false', lists and counts as they are. */
export function describeChange(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(
      ([k, v]) =>
        `${k}: ${Array.isArray(v) ? (v.length > 6 ? `${v.slice(0, 6).join(', ')} … (${v.length})` : v.join(', ') || 'none') : String(v)}`,
    )
    .join('; ');
}

/** The 5 page buttons around `page` (docs/product/admin.md#dashboard-screen). */
export function pageWindow(page: number, pages: number, size = 5): number[] {
  if (pages <= 0) return [];
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
