import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { FlightSearchRequest } from '../api/search-flights-stream';
import { type ParsedLink, type Screen, type SearchLink, buildSearchQuery, parseSearchLink } from '../utils/search-link';

/** docs/product/search.md#links-and-the-query-string: after a normal search the URL is updated this much later. */
export const URL_UPDATE_DELAY_MS = 100;

/** The link of a results screen: what was searched, the screen, and on return flights the chosen departure. */
export function screenLink(request: FlightSearchRequest | null, screen: Screen, flight?: string): Partial<SearchLink> {
  return { origin: request?.origin, destination: request?.destination, date: request?.date, direction: request?.direction, screen, flight };
}

/** The query string without its '?'. */
export function queryOf(search: string): string {
  return search.replace(/^\?/, '');
}

/**
 * A query string the page wrote itself is not a new link. Anything else is (first load, back/forward, the Home
 * link), including the first one ever seen.
 */
export function isNewLink(qs: string, lastWritten: string | null): boolean {
  return lastWritten === null || qs !== lastWritten;
}

/**
 * The search page's query string (docs/product/search.md#links-and-the-query-string, decision 040). Reads it: a URL change the page did
 * not write is handed to `onLink`, parsed. Writes it with `replace`: at once, or `URL_UPDATE_DELAY_MS` later after a
 * normal search, and never while a link is loading (the link's own URL stays as it was opened).
 */
export function useSearchUrlState(onLink: (parsed: ParsedLink) => void) {
  const location = useLocation();
  const [, setParams] = useSearchParams();
  const lastWritten = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const linkLoading = useRef(false);
  const latestOnLink = useRef(onLink);
  useLayoutEffect(() => {
    latestOnLink.current = onLink;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    const qs = queryOf(location.search);
    if (!isNewLink(qs, lastWritten.current)) return;
    lastWritten.current = qs;
    // Whatever link was loading is over: this one replaces it.
    linkLoading.current = false;
    latestOnLink.current(parseSearchLink(new URLSearchParams(qs)));
  }, [location.search]);

  const write = useCallback(
    (link: Partial<SearchLink> | null, delay = 0) => {
      if (linkLoading.current) return;
      window.clearTimeout(timer.current);
      const apply = () => {
        const qs = link ? buildSearchQuery(link) : '';
        lastWritten.current = qs;
        setParams(new URLSearchParams(qs), { replace: true });
      };
      if (delay > 0) timer.current = window.setTimeout(apply, delay);
      else apply();
    },
    [setParams],
  );

  return useMemo(
    () => ({
      /** Mirrors a state into the query string at once; null clears it. */
      write: (link: Partial<SearchLink> | null) => write(link),
      /** The URL follows a normal search a moment later (docs/product/search.md#links-and-the-query-string). */
      writeAfterSearch: (link: Partial<SearchLink>) => write(link, URL_UPDATE_DELAY_MS),
      /** While a link's search runs, nothing is written. */
      setLinkLoading: (loading: boolean) => {
        linkLoading.current = loading;
      },
      isLinkLoading: () => linkLoading.current,
      /** The full address of a state, for sharing. */
      absoluteUrl: (link: Partial<SearchLink>) => {
        const qs = buildSearchQuery(link);
        return `${window.location.origin}${location.pathname}${qs ? `?${qs}` : ''}`;
      },
    }),
    [write, location.pathname],
  );
}
