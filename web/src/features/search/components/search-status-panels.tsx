import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { SearchError } from '../hooks/use-flight-search';

/** Section 8: a 429 is the orange 'Daily Search Limit Reached' panel pointing to /plans; anything else is red. */
export function SearchErrorPanel({ error, onRetry }: { error: SearchError; onRetry?: () => void }) {
  if (error.status === 429 || error.code === 'QUOTA_EXCEEDED') {
    return (
      <div role="alert" className="rounded-xl border border-orange-300 bg-orange-50 p-4 text-orange-950" data-testid="quota-panel">
        <h3 className="text-lg font-bold">Daily Search Limit Reached</h3>
        <p className="mt-1 text-sm">{error.message}</p>
        <Link
          to={paths.plans}
          className="mt-3 inline-block rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800"
        >
          See plans
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950" data-testid="error-panel">
      <h3 className="text-lg font-bold">Search failed</h3>
      <p className="mt-1 text-sm">{error.message}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** 'n of N destinations checked' while the streamed search runs. */
export function SearchProgress({ checked, total, noun = 'destinations' }: { checked: number; total: number; noun?: string }) {
  const pct = total > 0 ? Math.round((checked / total) * 100) : 0;
  const text = total > 0 ? `${checked} of ${total} ${noun} checked` : `Finding ${noun}...`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3" data-testid="search-progress">
      <div className="mb-1 flex justify-between text-sm text-slate-700">
        <span aria-live="polite">{text}</span>
        {total > 0 ? <span>{pct}%</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Search progress"
        aria-valuemin={0}
        aria-valuemax={total || 1}
        aria-valuenow={checked}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] duration-200 ${total === 0 ? 'w-1/4 animate-pulse' : ''}`}
          style={total > 0 ? { width: `${pct}%` } : undefined}
        />
      </div>
    </div>
  );
}

/** Partial results: which places could not be checked, and a retry. */
export function PartialNotice({ failed, onRetry, retrying }: { failed: string[]; onRetry: () => void; retrying: boolean }) {
  if (failed.length === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="partial-notice"
    >
      <p>
        <strong>Some destinations could not be checked:</strong> {failed.join(', ')}. The airline did not answer in time; the results below
        are incomplete.
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold hover:bg-amber-100 disabled:opacity-50"
      >
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </div>
  );
}
