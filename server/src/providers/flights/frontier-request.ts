import { isIsoDate } from '@gowild/contract/dates';

/**
 * The search request as the tools that work against the airline today send it (decision 150): InternalSelect with
 * `o1`, `d1`, `dd1`, one adult, no unaccompanied minor, no loyalty pricing, `mon=true` and `ftype=GW`, which asks
 * for GoWild fares (without it the site may leave them out), and browser headers.
 */

/** The two `dd1` forms seen in working tools: `2026-04-02` (the default) and `2026-04-02 00:00:00`. */
export const FRONTIER_DATE_FORMATS = ['YYYY-MM-DD', 'YYYY-MM-DD 00:00:00'] as const;
export type FrontierDateFormat = (typeof FRONTIER_DATE_FORMATS)[number];

/** A normal desktop browser: the site answers bots differently. */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

/** The `dd1` / `dd2` value the airline is sent, from YYYY-MM-DD. */
export function formatFrontierDate(isoDate: string, format: FrontierDateFormat): string {
  return format === 'YYYY-MM-DD' ? isoDate : `${isoDate} 00:00:00`;
}

/** Reads a `dd1` / `dd2` value in one of the two forms back to YYYY-MM-DD; undefined for anything else. */
export function parseFrontierDate(value: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?: 00:00:00)?$/.exec(value.trim());
  return m?.[1] && isIsoDate(m[1]) ? m[1] : undefined;
}

export interface InternalSelectQuery {
  origin: string;
  destination: string;
  /** Outbound date, YYYY-MM-DD. */
  date: string;
  /** Return date, YYYY-MM-DD: asks for the round-trip form (`dd2`, `r=true`). */
  returnDate?: string;
}

/** Path and query of InternalSelect, parameters in the order working tools send them. */
export function internalSelectPath(q: InternalSelectQuery, format: FrontierDateFormat): string {
  const e = encodeURIComponent;
  const parts = [`o1=${e(q.origin)}`, `d1=${e(q.destination)}`, `dd1=${e(formatFrontierDate(q.date, format))}`];
  if (q.returnDate) parts.push(`dd2=${e(formatFrontierDate(q.returnDate, format))}`, 'r=true');
  parts.push('adt=1', 'umnr=false', 'loy=false', 'mon=true', 'ftype=GW');
  return `/Flight/InternalSelect?${parts.join('&')}`;
}

/** The airline's own search entry point for a route and date: what a person opens to book. */
export function internalSelectUrl(baseUrl: string, q: InternalSelectQuery, format: FrontierDateFormat): URL {
  return new URL(internalSelectPath(q, format), baseUrl);
}
