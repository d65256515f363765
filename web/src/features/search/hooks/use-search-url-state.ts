import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { FlightSearchRequest } from '../api/search-flights-stream';
import { type Screen, type SearchLink, buildSearchQuery, parseSearchLink } from '../utils/search-link';

/** The link of a results screen: what was searched, the screen, and on return flights the chosen departure. */
export function screenLink(request: FlightSearchRequest | null, screen: Screen, flight?: string, flightRef?: string): Partial<SearchLink> {
  return {
    origin: request?.origin,
    destination: request?.destination,
    date: request?.date,
    direction: request?.direction,
    screen,
    flight,
    flightRef,
  };
}

/**
 * The search page's query string, the one source of its state (docs/product/search.md#links-and-the-query-string,
 * decisions 040 and 126): parsed on every render, written with `replace` (the URL describes the screen; it is not a
 * history). Nothing tells the page's own writes from a pasted link or back/forward: each is simply the state.
 */
export function useSearchUrl() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseSearchLink(params), [params]);
  const write = useCallback(
    (link: Partial<SearchLink> | null) => setParams(new URLSearchParams(link ? buildSearchQuery(link) : ''), { replace: true }),
    [setParams],
  );
  const absoluteUrl = useCallback(
    (link: Partial<SearchLink>) => {
      const qs = buildSearchQuery(link);
      return `${window.location.origin}${location.pathname}${qs ? `?${qs}` : ''}`;
    },
    [location.pathname],
  );
  return { parsed, write, absoluteUrl };
}

/** How a link reads back once written: what the page will parse from the URL it is about to write. */
export function asWritten(link: Partial<SearchLink>) {
  return parseSearchLink(new URLSearchParams(buildSearchQuery(link)));
}
