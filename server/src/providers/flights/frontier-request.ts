import { isIsoDate } from '@gowild/contract/dates';

/**
 * The search request as the tools that keep working send it, and as the site writes its own links (decision 239):
 * InternalSelect with `o1`, `d1`, `dd1`, one adult (`adt=1`) and `mon=true`, nothing else. No `ftype`: the page
 * carries GoWild fares without it (a real page asked with `ftype=DD` had them), the site's own links leave it out,
 * and so do the 2026 tools that read GoWild fares. How the request is sent (a session begun on the home page, a
 * navigation with Chrome's headers) is the transports' part.
 */

/**
 * The `dd1` forms working tools send and the site answers (decision 239): `Jul 15, 2025` (the tool that captured a
 * real results page, and the 2026 tools), `Jun-11, 2026`, `Oct 05 2026`, `2025-07-15` (the site's own links) and
 * `2025-07-15 00:00:00`.
 */
export const FRONTIER_DATE_FORMATS = ['MMM DD, YYYY', 'MMM-DD, YYYY', 'MMM DD YYYY', 'YYYY-MM-DD', 'YYYY-MM-DD 00:00:00'] as const;
export type FrontierDateFormat = (typeof FRONTIER_DATE_FORMATS)[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The `dd1` / `dd2` value the airline is sent, from YYYY-MM-DD. */
export function formatFrontierDate(isoDate: string, format: FrontierDateFormat): string {
  const [y, m, d] = isoDate.split('-');
  const month = MONTHS[Number(m) - 1];
  switch (format) {
    case 'YYYY-MM-DD':
      return isoDate;
    case 'YYYY-MM-DD 00:00:00':
      return `${isoDate} 00:00:00`;
    case 'MMM DD, YYYY':
      return `${month} ${d}, ${y}`;
    case 'MMM-DD, YYYY':
      return `${month}-${d}, ${y}`;
    case 'MMM DD YYYY':
      return `${month} ${d} ${y}`;
  }
}

/**
 * Reads a `dd1` / `dd2` value in any of the forms above back to YYYY-MM-DD (a month name in any case, a day with or
 * without its leading zero); undefined for anything else or a day the calendar does not have.
 */
export function parseFrontierDate(value: string): string | undefined {
  const v = value.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?: 00:00:00)?$/.exec(v);
  if (iso) return iso[1] && isIsoDate(iso[1]) ? iso[1] : undefined;
  const named = /^([A-Za-z]{3})[ -](\d{1,2}),? (\d{4})$/.exec(v);
  if (!named) return undefined;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === (named[1] as string).toLowerCase());
  if (month < 0) return undefined;
  const date = `${named[3]}-${String(month + 1).padStart(2, '0')}-${(named[2] as string).padStart(2, '0')}`;
  return isIsoDate(date) ? date : undefined;
}

export interface InternalSelectQuery {
  origin: string;
  destination: string;
  /** Outbound date, YYYY-MM-DD. */
  date: string;
  /** Return date, YYYY-MM-DD: asks for the round-trip form (`dd2`, `r=true`). */
  returnDate?: string;
}

/**
 * The `dd1` form sent unless FRONTIER_DATE_FORMAT says otherwise: the form of the tool whose request got a real
 * results page served, which the 2026 tools send too.
 */
export const DEFAULT_FRONTIER_DATE_FORMAT: FrontierDateFormat = 'MMM DD, YYYY';

/** Path and query of InternalSelect, parameters in the order working tools send them. */
export function internalSelectPath(q: InternalSelectQuery, format: FrontierDateFormat): string {
  const e = encodeURIComponent;
  const parts = [`o1=${e(q.origin)}`, `d1=${e(q.destination)}`, `dd1=${e(formatFrontierDate(q.date, format))}`];
  if (q.returnDate) parts.push(`dd2=${e(formatFrontierDate(q.returnDate, format))}`, 'r=true');
  // `umnr=false`, `loy=false` and an empty `promo=` are the site's defaults: some tools send them, its own links do not.
  parts.push('adt=1', 'mon=true');
  return `/Flight/InternalSelect?${parts.join('&')}`;
}

/** The airline's own search entry point for a route and date: what a person opens to book. */
export function internalSelectUrl(baseUrl: string, q: InternalSelectQuery, format: FrontierDateFormat): URL {
  return new URL(internalSelectPath(q, format), baseUrl);
}
