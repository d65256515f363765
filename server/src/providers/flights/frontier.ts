import { isIsoDate } from '@gowild/contract/dates';
import { classifyFrontierResponse } from './frontier-page';
import { readResultsPage } from './frontier-results';
import { type FrontierDateFormat, internalSelectUrl } from './frontier-request';
import { frontierMarketsSchema, frontierScheduleSchema } from './frontier.schemas';
import type { z } from 'zod';
import type {
  BlockReason,
  FetchProgress,
  FlightFetchResult,
  FlightProvider,
  FlightQuery,
  MarketsFetchResult,
  ScheduleFetchResult,
} from './flights.provider';
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

/** "6/12/2026" (the schedule's US dates, no zero padding) as YYYY-MM-DD; undefined when it is not a calendar date. */
export function parseUsDate(text: string): string | undefined {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(text);
  if (!m) return undefined;
  const date = `${m[3]}-${(m[1] as string).padStart(2, '0')}-${(m[2] as string).padStart(2, '0')}`;
  return isIsoDate(date) ? date : undefined;
}

/**
 * The Frontier web adapter (docs/product/providers.md#flights): InternalSelect, then the redirect to /Flight/Select with the cookies of
 * the first answer, then the results page, whose FlightData is parsed and mapped to our Flight.
 */
export function createFrontierProvider(
  opts: FrontierProviderOptions,
): FlightProvider & Required<Pick<FlightProvider, 'fetchMarkets' | 'fetchSchedule'>> & { close(): Promise<void> } {
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
    const { res, url, redirected } = got;
    const result = readResultsPage({ ...res, url, redirected }, query, {
      bookingBaseUrl: opts.bookingBaseUrl,
      dateFormat: opts.dateFormat,
      timeZoneOf: opts.timeZoneOf,
      goWildKind: opts.goWildKind,
      now: opts.now(),
    });
    tellTransport(res, result);
    return result;
  }

  /**
   * A JSON call of the site (GetMarkets, RetrieveSchedule): its parsed body, or the outcome that stands for it. Blocks
   * and errors read as for searches; a body that is not JSON of the expected shape is a changed page.
   */
  async function getJson<T>(path: string, name: string, schema: z.ZodType<T>, signal: AbortSignal) {
    const got = await getPage(new URL(path, opts.baseUrl), signal, 'application/json, text/plain, */*');
    if (got.kind !== 'answer') return got;
    const { res, url } = got;
    if (res.status < 200 || res.status >= 300 || /px-captcha/i.test(res.body)) {
      const outcome = classifyFrontierResponse(res.status, res.body, res.retryAfter, opts.now());
      tellTransport(res, outcome);
      // A 2xx here is a captcha (classified as a block above); anything else that is not an error is unexpected.
      return outcome.kind === 'flights' ? { kind: 'page-changed' as const, detail: `${name} answered with a results page` } : outcome;
    }
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      return { kind: 'page-changed' as const, detail: `${name} is not JSON (landed on ${url.pathname})` };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        kind: 'page-changed' as const,
        detail: `${name} does not have the expected shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
      };
    }
    tellTransport(res, { kind: 'json' });
    return { kind: 'json' as const, data: parsed.data };
  }

  /** `/Resource/GetMarkets`: the network as the airline publishes it. */
  async function fetchMarkets(signal: AbortSignal): Promise<MarketsFetchResult> {
    const got = await getJson('/Resource/GetMarkets', 'GetMarkets', frontierMarketsSchema, signal);
    if (got.kind !== 'json') return got;
    const seen = new Set<string>();
    const routes: { origin: string; destination: string }[] = [];
    for (const m of got.data.markets) {
      const origin = m.fromStation.trim().toUpperCase();
      for (const to of m.toStations) {
        const destination = to.trim().toUpperCase();
        const key = `${origin}-${destination}`;
        if (origin === destination || seen.has(key)) continue;
        seen.add(key);
        routes.push({ origin, destination });
      }
    }
    routes.sort((a, b) => a.origin.localeCompare(b.origin) || a.destination.localeCompare(b.destination));
    return { kind: 'markets', routes };
  }

  /** `/Flight/RetrieveSchedule`: the days a route does not fly (decision 242), dates read from the site's "6/12/2026". */
  async function fetchSchedule(route: { origin: string; destination: string }, signal: AbortSignal): Promise<ScheduleFetchResult> {
    const e = encodeURIComponent;
    const path = `/Flight/RetrieveSchedule?calendarSelectableDays.Origin=${e(route.origin)}&calendarSelectableDays.Destination=${e(route.destination)}`;
    const got = await getJson(path, 'RetrieveSchedule', frontierScheduleSchema, signal);
    if (got.kind !== 'json') return got;
    const days = got.data.calendarSelectableDays;
    const disabled = (days.disabledDates ?? []).map(parseUsDate);
    if (disabled.some((d) => d === undefined)) {
      return { kind: 'page-changed', detail: `RetrieveSchedule holds a date that does not read: ${JSON.stringify(days.disabledDates)}` };
    }
    const last = days.lastAvailableDate ? parseUsDate(days.lastAvailableDate) : null;
    return { kind: 'schedule', lastAvailableDate: last ?? null, disabledDates: [...new Set(disabled as string[])].sort() };
  }

  return {
    name: opts.name ?? 'frontier',
    demo: opts.demo ?? false,
    fetchFlights,
    fetchMarkets,
    fetchSchedule,
    close: () => transport.close(),
  };
}
