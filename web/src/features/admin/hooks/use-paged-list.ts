import { useState } from 'react';

/**
 * A list's page and its snapshot: page 1 is always read fresh; later pages pass back the `as_of` of the page shown,
 * so rows added meanwhile neither repeat nor shift between pages (docs/decisions/090). New filters start again at
 * page 1.
 */
export function usePagedList<F>(initial: F) {
  const [state, setState] = useState<{ filters: F; page: number; asOf?: string }>({ filters: initial, page: 1 });
  return {
    ...state,
    setFilters: (filters: F) => setState({ filters, page: 1 }),
    goTo: (page: number, asOf: string | undefined) => setState((s) => ({ ...s, page, asOf: page === 1 ? undefined : asOf })),
  };
}
