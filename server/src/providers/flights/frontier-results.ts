import type { Flight } from '@gowild/contract/flights';
import { type MapContext, mapFrontierFlight } from './frontier-flight';
import { type PageModel, type PageRibbon, classifyFrontierResponse } from './frontier-page';
import { type FrontierDateFormat, parseFrontierDate } from './frontier-request';
import type { FlightFetchResult, FlightQuery, RouteRibbon } from './flights.provider';

/** What reading a results page needs besides the page: where links point and what tells a GoWild fare's kind. */
export interface ReadContext {
  bookingBaseUrl: string;
  dateFormat: FrontierDateFormat;
  timeZoneOf(code: string): string | undefined;
  /** Country and blackout lookups that tell a GoWild fare's kind (decision 176), judged at `now`. */
  goWildKind?: { countryOf(code: string): string | undefined; isBlackout(date: string): boolean };
  now: Date;
}

/** One final airline answer: its status, body and Retry-After, and where it landed when the transport can tell. */
export interface ResultsAnswer {
  status: number;
  body: string;
  retryAfter: string | null;
  url?: URL;
  redirected?: boolean;
}

/** The page model's search, when it names one that is not `query` (a stale page): what it names, in words. */
function staleSearch(model: PageModel, query: FlightQuery): string | undefined {
  const date = model.date ? (parseFrontierDate(model.date) ?? model.date.slice(0, 10)) : undefined;
  const differs =
    (model.origin && model.origin.toUpperCase() !== query.origin) ||
    (model.destination && model.destination.toUpperCase() !== query.destination) ||
    (date && date !== query.date);
  return differs ? `${model.origin ?? '?'}-${model.destination ?? '?'} on ${date ?? '?'}` : undefined;
}

/** The ribbons that name a route and a day: a journey that does not name its stations is the query's, or its way back. */
function routeRibbons(ribbons: PageRibbon[], query: FlightQuery): RouteRibbon[] {
  return ribbons
    .map((r, i) => ({
      origin: r.origin ?? (i === 0 ? query.origin : query.destination),
      destination: r.destination ?? (i === 0 ? query.destination : query.origin),
      days: r.days,
    }))
    .filter((r) => r.days.length > 0);
}

/**
 * Reads one results page as the answer to `query` (docs/product/providers.md#results-page): its flights mapped to
 * ours, those that did not read named in `malformed`, and the week of lowest fares its ribbon shows. A page for
 * another search (the page model says so, or its flights are another route's) is a changed page, never "no flights".
 * Pure: no network, no database; the adapter and the operator's `airline:read` both read pages through it.
 */
export function readResultsPage(answer: ResultsAnswer, query: FlightQuery, ctx: ReadContext): FlightFetchResult {
  const outcome = classifyFrontierResponse(answer.status, answer.body, answer.retryAfter, ctx.now);
  if (outcome.kind !== 'flights') {
    if (outcome.kind === 'page-changed' && answer.redirected && answer.url) {
      return { ...outcome, detail: `${outcome.detail} (landed on ${answer.url.pathname})` };
    }
    return outcome;
  }
  const stale = staleSearch(outcome.pageModel, query);
  if (stale) {
    return { kind: 'page-changed', detail: `stale page: it answers ${stale}, not ${query.origin}-${query.destination} on ${query.date}` };
  }
  const map: MapContext = {
    date: query.date,
    bookingBaseUrl: ctx.bookingBaseUrl,
    dateFormat: ctx.dateFormat,
    timeZoneOf: ctx.timeZoneOf,
    goWildKind: ctx.goWildKind ? { ...ctx.goWildKind, now: ctx.now } : undefined,
  };
  const malformed = [...outcome.malformed];
  const flights: Flight[] = [];
  for (const f of outcome.flights) {
    try {
      flights.push(mapFrontierFlight(f, map));
    } catch (e) {
      // Read but not mappable (an impossible local time, say): left out like a flight that did not read.
      malformed.push({ field: 'legs', detail: (e as Error).message });
    }
  }
  if (flights.length === 0 && malformed.length > 0) {
    return { kind: 'page-changed', detail: `no flight on the page could be mapped (first: ${malformed[0]?.detail})` };
  }
  // A page for another search (a mixed-up session) must not pass as this route's answer.
  const foreign = flights.find((f) => f.origin !== query.origin || f.destination !== query.destination);
  if (foreign) {
    return {
      kind: 'page-changed',
      detail: `results are for ${foreign.origin}-${foreign.destination}, not ${query.origin}-${query.destination}`,
    };
  }
  const ribbon = routeRibbons(outcome.ribbons, query);
  return {
    kind: 'flights',
    flights,
    ...(malformed.length > 0 ? { malformed } : {}),
    ...(ribbon.length > 0 ? { ribbon } : {}),
  };
}
