import type { AdminDashboard } from '@gowild/contract/admin';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useAppConfig } from '@/lib/app-config';
import { ADMIN_FETCH_ERRORS } from '../api/admin-keys';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { useErrorToast } from '../hooks/use-error-toast';
import { formatInstant, originLabel } from '../utils/admin-format';
import { AuditList } from './audit-list';
import { Bars, DayColumns } from './charts';
import { ReferenceDataPanel } from './reference-data-panel';

function Figure({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-slate-600">{note}</dd>}
    </div>
  );
}

const BREAKER_TEXT: Record<AdminDashboard['service']['breaker_state'], string> = {
  closed: 'Closed (healthy)',
  half_open: 'Half-open (testing)',
  open: 'Open (airline paused)',
};
const percent = (r: number | null) => (r === null ? '—' : `${Math.round(r * 100)}%`);

/** The figures an operator watches (docs/product/admin.md#dashboard-screen). */
export function OverviewTab({ limit }: { limit: number }) {
  const ids = useId();
  const query = useAdminDashboard();
  const config = useAppConfig();
  // The airline and e-mail figures come from the offline defaults when those run (the emulator, the disk outbox).
  const demo = config.data ? (['flights', 'email'] as const).filter((k) => config.data.providers[k] === 'demo') : [];
  useErrorToast(query.error, 'dashboard', ADMIN_FETCH_ERRORS.dashboard);
  const d = query.data;
  if (!d)
    return (
      <div className="py-10 text-center text-slate-600">
        {query.isError ? (
          <>
            <p>{ADMIN_FETCH_ERRORS.dashboard}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </>
        ) : (
          'Loading figures…'
        )}
      </div>
    );
  const sb = d.search_breakdown;
  const svc = d.service;
  return (
    <div>
      <section aria-labelledby={`${ids}-totals`}>
        <h2 id={`${ids}-totals`} className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Users" value={d.total_users} note={`${d.users_breakdown.inactive} inactive, ${d.users_breakdown.admins} admins`} />
          <Figure label="Premium" value={d.users_breakdown.premium} note={`${d.users_breakdown.trial} on trial`} />
          <Figure label="Alerts" value={d.total_notifications} />
          <Figure label="Searches" value={d.total_searches} note={`${sb.recent_searches_24h} in the last 24 hours`} />
        </dl>
      </section>
      <section aria-labelledby={`${ids}-charts`} className="mt-6">
        <h2 id={`${ids}-charts`} className="sr-only">
          Charts
        </h2>
        <div className="grid gap-3 md:grid-cols-2">
          <DayColumns title="Searches per day" days={sb.searches_per_day} />
          <DayColumns title="Sign-ups per day" days={d.users_breakdown.signups_per_day} color="#b45309" />
          <Bars
            title="Searches by type"
            rows={Object.entries(sb.searches_by_type)
              .sort((a, b) => b[1] - a[1])
              .map(([label, count]) => ({ label, count }))}
            empty="No searches yet."
          />
          <Bars
            title="Top 8 origins"
            rows={sb.top_origins.map((o) => ({ label: originLabel(o.airport), count: o.count }))}
            color="#0f766e"
            empty="No searches yet."
          />
        </div>
      </section>
      <section aria-labelledby={`${ids}-service`} className="mt-6">
        <h2 id={`${ids}-service`} className="text-lg font-bold text-slate-900">
          Service
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          This server process since {formatInstant(svc.since)}.
          {demo.length > 0 && (
            <span
              className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
              title={`Offline default for: ${demo.join(', ')}`}
            >
              Demo data
            </span>
          )}
        </p>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Airline requests" value={svc.airline_requests} note={`${svc.airline_requests_failed} failed`} />
          <Figure
            label="Cache hit ratio"
            value={percent(svc.cache_hit_ratio)}
            note={`${svc.cache_hits} hits, ${svc.cache_misses} misses`}
          />
          <Figure label="Circuit breaker" value={BREAKER_TEXT[svc.breaker_state]} />
          <Figure label="Alert checker runs" value={svc.checker_runs} note={`${svc.checker_runs_failed} failed`} />
          <Figure
            label="Alert e-mails sent"
            value={svc.emails_sent}
            note={`${svc.emails_failed} given up, ${svc.emails_pending} waiting`}
          />
        </dl>
      </section>
      <ReferenceDataPanel />
      <AuditList limit={limit} />
    </div>
  );
}
