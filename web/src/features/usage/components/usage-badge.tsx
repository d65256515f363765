import { Link } from 'react-router';
import { CrownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useSearchUsage } from '@/features/usage/api/get-search-usage';

/**
 * The search-usage badge of docs/product/accounts-and-plans.md#usage-badge: unlimited for premium; green with more than
 * 1 search left, yellow at 1 or fewer, red at 0 with 'Get Free Trial'. Hidden while loading, on error and for visitors.
 */
export function UsageBadge({ onUpgrade }: { onUpgrade?: () => void }) {
  const { isAuthenticated } = useAuth();
  const usage = useSearchUsage();
  if (!isAuthenticated || usage.isPending || usage.isError || !usage.data) return null;
  const { search_limit: limit, searches_remaining: remaining, is_premium: premium } = usage.data;

  if (premium || remaining === null) {
    return (
      <div
        data-testid="usage-badge"
        data-state="unlimited"
        className="inline-flex items-center gap-2 rounded-full border border-amber-200 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900"
      >
        <CrownIcon className="size-4 text-amber-500" />
        Unlimited searches
      </div>
    );
  }

  const state = remaining <= 0 ? 'empty' : remaining <= 1 ? 'low' : 'ok';
  const tone = {
    ok: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    low: 'border-amber-300 bg-amber-50 text-amber-900',
    empty: 'border-red-200 bg-red-50 text-red-900',
  }[state];
  const dot = { ok: 'bg-emerald-500', low: 'bg-amber-500', empty: 'bg-red-500' }[state];
  const action = state === 'empty' ? 'Get Free Trial' : 'Upgrade';
  const actionClass = 'font-semibold underline decoration-2 underline-offset-2 hover:no-underline';

  return (
    <div
      data-testid="usage-badge"
      data-state={state}
      className={`inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-full border px-3 py-1.5 text-sm ${tone}`}
    >
      <span className="inline-flex items-center gap-2">
        <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
        {state === 'empty' ? (
          <span className="font-medium">No searches remaining today</span>
        ) : (
          <span>
            <span className="font-semibold" data-testid="usage-remaining">
              {remaining}
            </span>
            {limit !== null ? ` of ${limit}` : ''} {remaining === 1 ? 'search' : 'searches'} left today
          </span>
        )}
      </span>
      {onUpgrade ? (
        <button type="button" onClick={onUpgrade} className={actionClass}>
          {action}
        </button>
      ) : (
        <Link to={paths.plans} className={actionClass}>
          {action}
        </Link>
      )}
    </div>
  );
}
