import type { ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';

interface SearchAnswerProps<T> {
  /** The query behind the page's one search: while it runs, placeholders; when it failed, its message. */
  search: { isFetching: boolean; isError: boolean; error: Error | null; data: T | undefined };
  /** Names the placeholders for screen readers ("Searching trips"). */
  busyLabel: string;
  /** The test id of the error notice. */
  errorTestId: string;
  /** Tailwind height of each of the three placeholders, near that of one answer card. */
  placeholderHeight?: 'h-28' | 'h-36';
  children: (data: T) => ReactNode;
}

/**
 * The answer area of a premium search page (get me home, trip finder, via a hub): three pulsing placeholders while
 * the search runs, its error as an alert, then the answer; nothing before the first search.
 */
export function SearchAnswer<T>({ search, busyLabel, errorTestId, placeholderHeight = 'h-28', children }: SearchAnswerProps<T>) {
  if (search.isFetching) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={busyLabel}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={`${placeholderHeight} animate-pulse rounded-xl bg-slate-200`} />
        ))}
      </div>
    );
  }
  if (search.isError) {
    return (
      <Notice tone="error" role="alert" data-testid={errorTestId}>
        {search.error?.message}
      </Notice>
    );
  }
  return search.data ? <>{children(search.data)}</> : null;
}
