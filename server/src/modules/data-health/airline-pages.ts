import type { Flight } from '@gowild/contract/flights';
import type { RereadPage, RereadResponse } from '@gowild/contract/status';
import { findAirport } from '../../lib/reference-data/airports';
import { BLACKOUT_SEED } from '../../lib/reference-data/seed';
import type { FlightFetchResult, FlightQuery, MalformedFlight } from '../../providers/flights/flights.provider';
import { decodeHtmlEntities } from '../../providers/flights/frontier-page';
import { type FrontierDateFormat, parseFrontierDate } from '../../providers/flights/frontier-request';
import { type ReadContext, readResultsPage } from '../../providers/flights/frontier-results';
import type { UnreadablePageRow } from './unreadable-pages.repository';

/**
 * Reading airline pages again for an operator (decision 244): a saved file (`airline:read`) and every kept unreadable
 * page (`airline:reread`), both through the adapter's own pure reader, with no network.
 */

/** What a reading needs besides the page: where booking links point, the `dd1` form, blackout days and the clock. */
export function readContextFor(
  settings: { bookingBaseUrl: string; dateFormat: FrontierDateFormat },
  isBlackout: (date: string) => boolean,
  now: Date,
): ReadContext {
  return {
    bookingBaseUrl: settings.bookingBaseUrl,
    dateFormat: settings.dateFormat,
    timeZoneOf: (code) => findAirport(code)?.timezone,
    goWildKind: { countryOf: (code) => findAirport(code)?.countryCode, isBlackout },
    now,
  };
}

const SNAPSHOT_BLACKOUTS = new Set(BLACKOUT_SEED.map((b) => b.date));
/** The blackout days of the committed snapshot: what `airline:read` judges Peak Day fares by, without the database. */
export const isSnapshotBlackout = (date: string): boolean => SNAPSHOT_BLACKOUTS.has(date);

/** What an answer that is not flights was, in words. */
export function outcomeDetail(result: Exclude<FlightFetchResult, { kind: 'flights' }>): string {
  switch (result.kind) {
    case 'page-changed':
      return result.detail;
    case 'blocked':
      return `blocked (${result.reason}, HTTP ${result.status})`;
    case 'server-error':
      return `the airline's server failed (HTTP ${result.status})`;
    case 'http-error':
      return `HTTP ${result.status}`;
  }
}

/** `airline:read --json`: one document, whatever the outcome (docs/operations.md#when-the-airlines-page-changes). */
export interface PageReport {
  kind: FlightFetchResult['kind'];
  search: FlightQuery;
  read_at: string;
  flights: Flight[];
  malformed: MalformedFlight[];
  ribbon: { date: string; lowest_fare: number }[];
  /** Every outcome but `flights`: what it was, in words. */
  detail?: string;
  /** `blocked`: which kind of block. */
  reason?: string;
  /** `blocked`, `server-error`, `http-error`: the status the page was read with. */
  status?: number;
}

/** A file read as the results page of `query`, as the adapter would read it, in the shape `airline:read` prints. */
export function readSavedPage(body: string, query: FlightQuery, ctx: ReadContext): PageReport {
  const result = readResultsPage({ status: 200, body, retryAfter: null }, query, ctx);
  const base = { kind: result.kind, search: query, read_at: ctx.now.toISOString() };
  if (result.kind !== 'flights') {
    return {
      ...base,
      flights: [],
      malformed: [],
      ribbon: [],
      detail: outcomeDetail(result),
      ...(result.kind === 'blocked' ? { reason: result.reason } : {}),
      ...('status' in result ? { status: result.status } : {}),
    };
  }
  const own = result.ribbon?.find((r) => r.origin === query.origin && r.destination === query.destination);
  return {
    ...base,
    flights: result.flights,
    malformed: result.malformed ?? [],
    ribbon: (own?.days ?? []).map((d) => ({ date: d.date, lowest_fare: d.lowestFare })),
  };
}

type KeptSearch =
  { kind: 'search'; query: FlightQuery; from: 'url' | 'page' } | { kind: 'not-results'; path: string } | { kind: 'unknown'; path: string };

const RESULTS_PATHS = /^\/Flight\/(Internal)?Select\/?$/i;

/** `o1`, `d1`, `dd1` of a query string, when all three read. */
function searchIn(params: URLSearchParams): FlightQuery | undefined {
  const origin = params.get('o1')?.trim().toUpperCase();
  const destination = params.get('d1')?.trim().toUpperCase();
  const date = parseFrontierDate(params.get('dd1') ?? '');
  if (!origin || !destination || !date || !/^[A-Z]{3}$/.test(origin) || !/^[A-Z]{3}$/.test(destination)) return undefined;
  return { origin, destination, date };
}

/**
 * The page's own `calendarLink` (`o1=JFK&d1=ATL&dd1=2025-07-15…`, HTML-encoded inside FlightData): the search a results
 * page says it answers. A page that landed on /Flight/Select has no search in its address, and a changed page may
 * still name it there.
 */
function searchNamedByPage(body: string): FlightQuery | undefined {
  const at = body.indexOf('calendarLink');
  if (at < 0) return undefined;
  const text = decodeHtmlEntities(body.slice(at, at + 400));
  const link = /o1=[^"'\s]*/.exec(text)?.[0];
  return link ? searchIn(new URLSearchParams(link)) : undefined;
}

/**
 * The search a kept page answered: from its address (InternalSelect's `o1`, `d1`, `dd1`, in any `dd1` form), else
 * from the page itself (a results page's calendar link). GetMarkets, RetrieveSchedule, the home page or an error page
 * are not results pages.
 */
export function searchOfKeptPage(url: string, body: string): KeptSearch {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'unknown', path: url };
  }
  const fromUrl = searchIn(parsed.searchParams);
  if (fromUrl) return { kind: 'search', query: fromUrl, from: 'url' };
  if (!RESULTS_PATHS.test(parsed.pathname)) return { kind: 'not-results', path: parsed.pathname };
  const fromPage = searchNamedByPage(body);
  return fromPage ? { kind: 'search', query: fromPage, from: 'page' } : { kind: 'unknown', path: parsed.pathname };
}

/** One kept page read again with today's adapter. */
export function rereadOne(row: UnreadablePageRow, ctx: ReadContext): RereadPage {
  const base = {
    id: row.id,
    seen_at: row.seenAt.toISOString(),
    url: row.url,
    status: row.status,
    truncated: row.truncated,
    was: row.reason,
  };
  const search = searchOfKeptPage(row.url, row.body);
  if (search.kind === 'not-results') {
    return { ...base, search: null, outcome: 'not_a_results_page', flights: null, detail: `${search.path} is not a results page` };
  }
  if (search.kind === 'unknown') {
    const detail = `neither its address (${search.path}) nor the page says which route and date it answers`;
    return { ...base, search: null, outcome: 'search_unknown', flights: null, detail };
  }
  const result = readResultsPage({ status: row.status, body: row.body, retryAfter: null, url: new URL(row.url) }, search.query, ctx);
  const found = { ...search.query, from: search.from };
  if (result.kind === 'flights') {
    const left = result.malformed?.length ?? 0;
    const detail = left > 0 ? `${left} more flight${left === 1 ? '' : 's'} did not read (first: ${result.malformed![0]!.field})` : null;
    return { ...base, search: found, outcome: 'reads', flights: result.flights.length, detail };
  }
  return { ...base, search: found, outcome: 'unreadable', flights: null, detail: outcomeDetail(result) };
}

/** Where the kept pages come from: listed without their bodies, then fetched one at a time (each up to 256 KB). */
export interface KeptPages {
  list(limit: number, offset: number): Promise<{ rows: { id: string }[]; total: number }>;
  find(id: string): Promise<UnreadablePageRow | undefined>;
}

const LIST_PAGE = 100;

/** Every kept unreadable page read again, newest first; a page pruned meanwhile is left out. */
export async function rereadKeptPages(pages: KeptPages, ctx: ReadContext): Promise<RereadResponse> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += LIST_PAGE) {
    const { rows } = await pages.list(LIST_PAGE, offset);
    ids.push(...rows.map((r) => r.id));
    if (rows.length < LIST_PAGE) break;
  }
  const read: RereadPage[] = [];
  for (const id of ids) {
    const row = await pages.find(id);
    if (row) read.push(rereadOne(row, ctx));
  }
  return {
    read_at: ctx.now.toISOString(),
    total: read.length,
    reads: read.filter((p) => p.outcome === 'reads').length,
    pages: read,
  };
}
