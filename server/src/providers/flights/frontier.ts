import type { Flight } from '@gowild/contract/flights';
import { classifyFrontierResponse } from './frontier-page';
import { type FrontierDateFormat, internalSelectUrl, mapFrontierFlight } from './frontier-flight';
import { createHttpClient } from './http-client';
import { frontierMarketsSchema } from './frontier.schemas';
import type { FlightFetchResult, FlightProvider, FlightQuery, MarketsFetchResult } from './flights.provider';

interface FrontierProviderOptions {
  /** Where requests go: the airline, or the emulator on loopback. */
  baseUrl: string;
  /** Where booking links point: always the airline's public site. */
  bookingBaseUrl: string;
  dateFormat: FrontierDateFormat;
  timeZoneOf(code: string): string | undefined;
  now(): Date;
  demo?: boolean;
  name?: string;
  maxRedirects?: number;
}

/** A normal desktop browser: the site answers bots differently. */
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

/** Name=value pairs from Set-Cookie headers, merged into the jar (attributes such as Path are not needed here). */
function keepCookies(jar: Map<string, string>, setCookie: string[] | undefined) {
  for (const line of setCookie ?? []) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/**
 * The Frontier web adapter (docs/product/providers.md#flights): InternalSelect, then the redirect to /Flight/Select with the cookies of
 * the first answer, then the results page, whose FlightData is parsed and mapped to our Flight.
 */
export function createFrontierProvider(opts: FrontierProviderOptions): FlightProvider & { close(): void } {
  const maxRedirects = opts.maxRedirects ?? 5;
  const client = createHttpClient();

  /**
   * GET that follows redirects itself, carrying the cookies of every answer to the next request, as a browser does
   * (the site's InternalSelect → Select hop needs the first answer's session cookie). Returns the final answer and
   * the URL it came from, or page-changed when the redirects do not end.
   */
  async function getAsBrowser(start: URL, extraHeaders: Record<string, string>, signal: AbortSignal) {
    const jar = new Map<string, string>();
    let url = start;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { ...BROWSER_HEADERS, ...extraHeaders };
      if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await client.get(url, headers, signal);
      keepCookies(jar, res.headers['set-cookie']);
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        if (hop >= maxRedirects) return { kind: 'page-changed' as const, detail: `more than ${maxRedirects} redirects` };
        url = new URL(location, url);
        continue;
      }
      return { kind: 'answer' as const, res, url, redirected: hop > 0 };
    }
  }

  async function fetchFlights(query: FlightQuery, signal: AbortSignal): Promise<FlightFetchResult> {
    const got = await getAsBrowser(internalSelectUrl(opts.baseUrl, query, opts.dateFormat), {}, signal);
    if (got.kind !== 'answer') return got;
    const { res, url } = got;
    const retryAfter = res.headers['retry-after'];
    const outcome = classifyFrontierResponse(res.status, res.body, typeof retryAfter === 'string' ? retryAfter : null, opts.now());
    if (outcome.kind !== 'flights') {
      if (outcome.kind === 'page-changed' && got.redirected) return { ...outcome, detail: `${outcome.detail} (landed on ${url.pathname})` };
      return outcome;
    }
    const ctx = { date: query.date, bookingBaseUrl: opts.bookingBaseUrl, dateFormat: opts.dateFormat, timeZoneOf: opts.timeZoneOf };
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
    const got = await getAsBrowser(new URL('/Resource/GetMarkets', opts.baseUrl), { accept: 'application/json, text/plain, */*' }, signal);
    if (got.kind !== 'answer') return got;
    const { res, url } = got;
    if (res.status < 200 || res.status >= 300 || /px-captcha/i.test(res.body)) {
      const retryAfter = res.headers['retry-after'];
      const outcome = classifyFrontierResponse(res.status, res.body, typeof retryAfter === 'string' ? retryAfter : null, opts.now());
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
    routes.sort((a, b) => a.origin.localeCompare(b.origin) || a.destination.localeCompare(b.destination));
    return { kind: 'markets', routes };
  }

  return { name: opts.name ?? 'frontier', demo: opts.demo ?? false, fetchFlights, fetchMarkets, close: () => client.close() };
}
