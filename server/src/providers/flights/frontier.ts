import type { Flight } from '@gowild/contract/flights';
import { classifyFrontierResponse } from './frontier-page';
import { mapFrontierFlight } from './frontier-flight';
import { type FrontierDateFormat, internalSelectUrl } from './frontier-request';
import { frontierMarketsSchema } from './frontier.schemas';
import type { BlockReason, FetchProgress, FlightFetchResult, FlightProvider, FlightQuery, MarketsFetchResult } from './flights.provider';
import type { FrontierTransport, PageAnswer, PageResult } from './transports/transport';
import { createDirectTransport } from './transports/direct';
import { transportMetrics } from './transports/transport-metrics';
import { Registry } from 'prom-client';
import { type UnreadablePageListener, unreadablePage } from './unreadable-page';

interface FrontierProviderOptions {
  /** Where requests go: the airline, or the emulator on loopback. */
  baseUrl: string;
  /** Where booking links point: always the airline's public site. */
  bookingBaseUrl: string;
  dateFormat: FrontierDateFormat;
  timeZoneOf(code: string): string | undefined;
  /** Country and blackout lookups that tell a GoWild fare's kind (decision 176). */
  goWildKind?: { countryOf(code: string): string | undefined; isBlackout(date: string): boolean };
  now(): Date;
  demo?: boolean;
  name?: string;
  maxRedirects?: number;
  /** How requests reach the site (FRONTIER_TRANSPORT); plain HTTP with no back-off when not given (tests). */
  transport?: FrontierTransport;
  /** Told of every answer that could not be read (page-changed), with its raw body, whatever the transport. */
  onUnreadablePage?: UnreadablePageListener;
}

/**
 * The Frontier web adapter (docs/product/providers.md#flights): InternalSelect, then the redirect to /Flight/Select with the cookies of
 * the first answer, then the results page, whose FlightData is parsed and mapped to our Flight.
 */
export function createFrontierProvider(opts: FrontierProviderOptions): FlightProvider & { close(): Promise<void> } {
  const maxRedirects = opts.maxRedirects ?? 5;
  const transport = opts.transport ?? createDirectTransport({ backoffMs: 0, maxRedirects, metrics: transportMetrics(new Registry()) });

  /** The transport's answer, or page-changed when its redirects do not end. */
  async function getPage(url: URL, signal: AbortSignal, accept?: string, onFirstAnswer?: () => void) {
    const got: PageResult = await transport.fetchPage({ url, accept, signal, onFirstAnswer });
    if (got.kind === 'redirect-loop') return { kind: 'page-changed' as const, detail: `more than ${maxRedirects} redirects` };
    return { kind: 'answer' as const, res: got.answer, url: got.answer.url, redirected: got.answer.redirected };
  }

  /** A block, whatever its form, goes back to the transport (its back-off, the exit's cool-down) as well as up. */
  function tellTransport(answer: PageAnswer, outcome: { kind: string; reason?: BlockReason }) {
    transport.report(answer, outcome.kind === 'blocked' ? (outcome.reason ?? 'forbidden') : null);
  }

  async function fetchFlights(query: FlightQuery, signal: AbortSignal, progress?: FetchProgress): Promise<FlightFetchResult> {
    const got = await getPage(internalSelectUrl(opts.baseUrl, query, opts.dateFormat), signal, undefined, progress?.firstAnswer);
    if (got.kind !== 'answer') return got;
    const result = readFlights(query, got);
    if (result.kind === 'page-changed') keepUnreadable(got, result.detail);
    return result;
  }

  /** Hands an unreadable answer to the listener; a listener that throws never turns the answer into a failure. */
  function keepUnreadable(got: { res: PageAnswer; url: URL }, reason: string) {
    if (!opts.onUnreadablePage) return;
    const { status, contentType, body } = got.res;
    try {
      opts.onUnreadablePage(unreadablePage(got.url, { status, headers: { 'content-type': contentType ?? undefined }, body }, reason));
    } catch {
      // Keeping the page is a courtesy to the operator; the search goes on without it.
    }
  }

  function readFlights(query: FlightQuery, got: Extract<Awaited<ReturnType<typeof getPage>>, { kind: 'answer' }>): FlightFetchResult {
    const { res, url } = got;
    const outcome = classifyFrontierResponse(res.status, res.body, res.retryAfter, opts.now());
    tellTransport(res, outcome);
    if (outcome.kind !== 'flights') {
      if (outcome.kind === 'page-changed' && got.redirected) return { ...outcome, detail: `${outcome.detail} (landed on ${url.pathname})` };
      return outcome;
    }
    const goWildKind = opts.goWildKind ? { ...opts.goWildKind, now: opts.now() } : undefined;
    const ctx = {
      date: query.date,
      bookingBaseUrl: opts.bookingBaseUrl,
      dateFormat: opts.dateFormat,
      timeZoneOf: opts.timeZoneOf,
      goWildKind,
    };
    const malformed = [...outcome.malformed];
    const flights: Flight[] = [];
    for (const f of outcome.flights) {
      try {
        flights.push(mapFrontierFlight(f, ctx));
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
    return malformed.length > 0 ? { kind: 'flights', flights, malformed } : { kind: 'flights', flights };
  }

  /** `/Resource/GetMarkets`: the network as the airline publishes it. Blocks and errors read as for searches. */
  async function fetchMarkets(signal: AbortSignal): Promise<MarketsFetchResult> {
    const got = await getPage(new URL('/Resource/GetMarkets', opts.baseUrl), signal, 'application/json, text/plain, */*');
    if (got.kind !== 'answer') return got;
    const { res, url } = got;
    if (res.status < 200 || res.status >= 300 || /px-captcha/i.test(res.body)) {
      const outcome = classifyFrontierResponse(res.status, res.body, res.retryAfter, opts.now());
      tellTransport(res, outcome);
      // A 2xx here is a captcha (classified as a block above); anything else that is not an error is unexpected.
      return outcome.kind === 'flights' ? { kind: 'page-changed', detail: 'GetMarkets answered with a results page' } : outcome;
    }
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      return { kind: 'page-changed', detail: `GetMarkets is not JSON (landed on ${url.pathname})` };
    }
    const parsed = frontierMarketsSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        kind: 'page-changed',
        detail: `GetMarkets does not have the expected shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
      };
    }
    const seen = new Set<string>();
    const routes: { origin: string; destination: string }[] = [];
    for (const m of parsed.data.markets) {
      const origin = m.fromStation.trim().toUpperCase();
      for (const to of m.toStations) {
        const destination = to.trim().toUpperCase();
        const key = `${origin}-${destination}`;
        if (origin === destination || seen.has(key)) continue;
        seen.add(key);
        routes.push({ origin, destination });
      }
    }
    tellTransport(res, { kind: 'markets' });
    routes.sort((a, b) => a.origin.localeCompare(b.origin) || a.destination.localeCompare(b.destination));
    return { kind: 'markets', routes };
  }

  return { name: opts.name ?? 'frontier', demo: opts.demo ?? false, fetchFlights, fetchMarkets, close: () => transport.close() };
}
