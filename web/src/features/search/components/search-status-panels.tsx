import { ERROR_CODES } from '@gowild/contract/errors';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import type { SearchError } from '../hooks/use-flight-search';

/**
 * docs/product/search.md#search-errors: a 429 is the orange 'Daily Search Limit Reached' panel pointing to /plans;
 * a server restart (SERVER_RESTARTING, decision 057) is the amber 'Search interrupted' panel, which keeps the results
 * already shown and offers to search again; anything else is red.
 */
export function SearchErrorPanel({
  error,
  onRetry,
  searchesLeft = null,
  resultsShown = false,
}: {
  error: SearchError;
  onRetry?: () => void;
  /** Free users' searches left today; null when searches are unlimited or the figure is unknown. */
  searchesLeft?: number | null;
  /** Some results arrived before the error and are still on screen. */
  resultsShown?: boolean;
}) {
  if (error.code === ERROR_CODES.SERVER_RESTARTING)
    return <RestartPanel error={error} onRetry={onRetry} searchesLeft={searchesLeft} resultsShown={resultsShown} />;
  // The user's share of airline lookups for this minute (decision 117): the server's words say when to try again.
  if (error.status === 429 && error.code === ERROR_CODES.RATE_LIMITED) {
    return (
      <Notice tone="limit" size="lg" role="alert" title="Airline Search Limit Reached" titleAs="h3" data-testid="airline-share-panel">
        {error.message}
      </Notice>
    );
  }
  if (error.status === 429 || error.code === 'QUOTA_EXCEEDED') {
    return (
      <Notice
        tone="limit"
        size="lg"
        role="alert"
        title="Daily Search Limit Reached"
        titleAs="h3"
        data-testid="quota-panel"
        action={
          <ButtonLink to={paths.plans} variant="premium">
            See plans
          </ButtonLink>
        }
      >
        {error.message}
      </Notice>
    );
  }
  return (
    <Notice
      tone="error"
      size="lg"
      title="Search failed"
      titleAs="h3"
      data-testid="error-panel"
      action={
        onRetry ? (
          <Button variant="danger" onClick={onRetry}>
            Try again
          </Button>
        ) : null
      }
    >
      {error.message}
    </Notice>
  );
}

/**
 * The server restarted mid-search: its message, the results that came before it (they stand), and a way to search
 * again. For a free user searching again is one more search, as a retry of partial results is (decision 041).
 */
function RestartPanel({
  error,
  onRetry,
  searchesLeft,
  resultsShown,
}: {
  error: SearchError;
  onRetry?: () => void;
  searchesLeft: number | null;
  resultsShown: boolean;
}) {
  const canRetry = onRetry !== undefined && (searchesLeft === null || searchesLeft > 0);
  return (
    <Notice
      tone="warning"
      size="lg"
      role="alert"
      title="Search interrupted"
      titleAs="h3"
      data-testid="restart-panel"
      action={
        canRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Search again
          </Button>
        ) : null
      }
    >
      <p>
        {error.message}
        {resultsShown ? ' The results below are incomplete.' : ''}
      </p>
      {searchesLeft !== null ? (
        <p className="mt-1 text-xs" data-testid="retry-cost">
          {canRetry
            ? `Searching again uses 1 of your ${searchesLeft} ${searchesLeft === 1 ? 'search' : 'searches'} left today.`
            : 'No searches left today to search again with.'}
        </p>
      ) : null}
    </Notice>
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
        {/* No width transition: the bar must show the same figure as the text at every moment (a transition left it
            far behind while a fast stream moved the count on). */}
        <div
          className={`h-full rounded-full bg-brand-600 ${total === 0 ? 'w-1/4 animate-pulse' : ''}`}
          style={total > 0 ? { width: `${pct}%` } : undefined}
          data-testid="search-progress-fill"
        />
      </div>
    </div>
  );
}

/**
 * Partial results: which places could not be checked, and a retry. The retry runs the search again (the server's
 * cache answers the places already checked), so for a free user it is one more search from the day's allowance:
 * the notice says so, and offers no retry when none is left.
 */
export function PartialNotice({
  failed,
  onRetry,
  noun = 'destinations',
  searchesLeft = null,
  overBudgetMessage = null,
}: {
  failed: string[];
  onRetry: () => void;
  noun?: string;
  /** Why, when the user's airline share for this minute ran out midway (decision 117): the server's words. */
  overBudgetMessage?: string | null;
  /** Free users' searches left today; null when searches are unlimited or the figure is unknown. */
  searchesLeft?: number | null;
}) {
  if (failed.length === 0) return null;
  const canRetry = searchesLeft === null || searchesLeft > 0;
  return (
    <Notice
      tone="warning"
      data-testid="partial-notice"
      actionAt="end"
      action={
        canRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        ) : null
      }
    >
      <p>
        <strong>Some {noun} could not be checked:</strong> {failed.join(', ')}.{' '}
        {overBudgetMessage ?? 'The airline did not answer in time; the results below are incomplete.'}
      </p>
      {searchesLeft !== null ? (
        <p className="mt-1 text-xs" data-testid="retry-cost">
          {canRetry
            ? `Retrying runs the search again and uses 1 of your ${searchesLeft} ${searchesLeft === 1 ? 'search' : 'searches'} left today.`
            : 'No searches left today to retry with.'}
        </p>
      ) : null}
    </Notice>
  );
}

/**
 * Results that arrived but did not match what this page expects (decision 127): named as a data problem rather than
 * dropped, in the words of the partial-results notice. `events` counts every unreadable event, with or without a place.
 */
export function DataProblemNotice({ codes, events, noun = 'destinations' }: { codes: string[]; events: number; noun?: string }) {
  if (codes.length === 0 && events === 0) return null;
  return (
    <Notice tone="warning" data-testid="data-problem-notice">
      <p>
        {codes.length > 0 ? (
          <>
            <strong>Some {noun} could not be read:</strong> {codes.join(', ')}. Their results arrived in a form this page does not
            understand; the results below are incomplete.
          </>
        ) : (
          <>
            <strong>Part of the search answer could not be read.</strong> It arrived in a form this page does not understand; the results
            below may be incomplete.
          </>
        )}
      </p>
    </Notice>
  );
}
