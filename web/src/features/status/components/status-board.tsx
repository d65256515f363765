import { STATUS_POLL_MS, type ServiceState, type ServiceStatus, type StatusResponse } from '@gowild/contract/status';
import { PageSpinner } from '@/components/ui/spinner';
import { useStatus } from '../api/get-status';

const STATE_LABEL: Record<ServiceState, string> = { up: 'Up', degraded: 'Degraded', down: 'Down', idle: 'Idle' };
const STATE_STYLE: Record<ServiceState, string> = {
  up: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  degraded: 'bg-amber-50 text-amber-900 ring-amber-200',
  down: 'bg-red-50 text-red-800 ring-red-200',
  idle: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const STATE_DOT: Record<ServiceState, string> = {
  up: 'bg-emerald-500',
  degraded: 'bg-amber-500',
  down: 'bg-red-500',
  idle: 'bg-slate-400',
};
const MODE_LABEL = { live: 'Live', emulator: 'Emulator', demo: 'Demo data' } as const;
const BREAKER_LABEL = { closed: 'Closed (normal)', half_open: 'Half-open (trying again)', open: 'Open (paused)', none: 'None' } as const;
const OVERALL_TEXT: Record<ServiceState, string> = {
  up: 'Flight data is arriving normally.',
  degraded: 'Flight data is arriving with problems: some results may be missing or older than usual.',
  down: 'Flight data is not arriving: searches may show older results or none.',
  idle: 'No flight data asked for in the last hour.',
};

/** "12 s ago", "4 min ago", "2 h ago". */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return 'None in the last hour';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

const ms = (v: number | null) => (v === null ? '–' : `${v.toLocaleString('en-US')} ms`);

type PagesRead = NonNullable<ServiceStatus['pages_read']>;

/** Below this share of results pages read, the figure is shown as a warning: the airline's page may have changed. */
const PAGES_READ_WARNING = 0.9;

/**
 * "98% in the last hour (412 of 420)". The percentage is rounded down, so 100% means every page read and a single
 * unreadable page never hides behind a rounding.
 */
export function formatPagesRead(p: PagesRead): string {
  if (p.total === 0 || p.share === null) return 'No results page in the last hour';
  const percent = Math.floor(p.share * 100);
  return `${percent}% in the last hour (${p.read.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')})`;
}

function PagesReadFigure({ pages }: { pages: PagesRead }) {
  const low = pages.share !== null && pages.share < PAGES_READ_WARNING;
  return (
    <Figure label="Pages read">
      <span className={low ? 'font-semibold text-red-800' : undefined}>{formatPagesRead(pages)}</span>
      {low && <span className="block text-xs text-red-800">The airline's page may have changed: some results are missing.</span>}
    </Figure>
  );
}

function StateBadge({ state }: { state: ServiceState }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATE_STYLE[state]}`}>
      <span aria-hidden="true" className={`size-2 rounded-full ${STATE_DOT[state]}`} />
      {STATE_LABEL[state]}
    </span>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function ServiceCard({ service }: { service: ServiceStatus }) {
  const h = service.last_hour;
  return (
    <li data-testid={`status-${service.id}`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{service.name}</h2>
          <p className="text-sm text-slate-600">{service.role}</p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {service.mode !== 'live' && (
            <span className="rounded-md bg-amber-50 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900 ring-1 ring-amber-200">
              {MODE_LABEL[service.mode]}
            </span>
          )}
          <StateBadge state={service.state} />
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700">{service.note}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Figure label="Newest data">{formatAge(service.newest_data_age_seconds)}</Figure>
        <Figure label="Last hour">
          {h.successes} ok · {h.blocks} blocked · {h.throttled} throttled · {h.failures} failed
        </Figure>
        <Figure label="Breaker">{BREAKER_LABEL[service.breaker]}</Figure>
        <Figure label="Latency p50">{ms(service.latency_ms.p50)}</Figure>
        <Figure label="Latency p95">{ms(service.latency_ms.p95)}</Figure>
        {service.transport && <Figure label="Transport">{service.transport}</Figure>}
        {service.pages_read && <PagesReadFigure pages={service.pages_read} />}
      </dl>
    </li>
  );
}

function Summary({ data }: { data: StatusResponse }) {
  return (
    <section aria-labelledby="overall-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="overall-title" className="text-lg font-semibold text-slate-900">
          Overall
        </h2>
        <StateBadge state={data.overall} />
      </div>
      <p className="mt-2 text-slate-700">{OVERALL_TEXT[data.overall]}</p>
      <p className="mt-2 text-xs text-slate-500">
        As of {new Date(data.generated_at).toLocaleTimeString('en-US')}; refreshed every {STATUS_POLL_MS / 1000} s. {data.scope_note}
      </p>
    </section>
  );
}

/** The /status page's body: the overall state and one card per outside service (docs/product/status.md). */
export function StatusBoard() {
  const status = useStatus();
  if (status.isPending) return <PageSpinner />;
  if (!status.data) {
    return (
      <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
        The data status could not be loaded. It is tried again every {STATUS_POLL_MS / 1000} s.
      </p>
    );
  }
  return (
    <>
      <Summary data={status.data} />
      {status.isError && (
        <p role="status" className="mt-3 text-sm text-amber-900">
          The latest refresh failed; these figures are from the one before.
        </p>
      )}
      <ul className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {status.data.services.map((s) => (
          <ServiceCard key={s.id} service={s} />
        ))}
      </ul>
    </>
  );
}
