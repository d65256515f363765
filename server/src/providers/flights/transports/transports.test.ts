import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config';
import { manualClock } from '../../../lib/clock';
import { findAirport } from '../../../lib/reference-data/airports';
import { seedNetwork } from '../emulator/network';
import { type FrontierEmulator, startFrontierEmulator } from '../emulator/server';
import { createFrontierProvider } from '../frontier';
import type { FlightFetchResult } from '../flights.provider';
import { createTransport } from './create-transport';
import { startForwardProxy } from './fake-forward-proxy';
import { createFlightProvider } from '../index';

/**
 * Each transport end to end against the emulator with its bot wall on (EMULATOR_BOT_WALL): the adapter, the
 * transport, and whatever stands between them and the site (a forward proxy, a scraping service, Chromium).
 */
const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function wallEmulator(freeRequests: number): Promise<FrontierEmulator> {
  const emulator = await startFrontierEmulator({ network: seedNetwork(), clock, seed: 7, botWall: { freeRequests } });
  cleanups.push(() => emulator.close());
  return emulator;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((r) => server.close(() => r(undefined)));
  });
  return (server.address() as AddressInfo).port;
}

function adapterThrough(baseUrl: string, settings: Record<string, string>, registry = new Registry(), log?: (m: string) => void) {
  const transport = createTransport(testConfig(settings), { baseUrl, registry, log });
  const provider = createFrontierProvider({
    baseUrl,
    bookingBaseUrl: 'https://booking.flyfrontier.com',
    dateFormat: 'YYYY-MM-DD',
    timeZoneOf: (c) => findAirport(c)?.timezone,
    now: () => clock.now(),
    transport,
  });
  cleanups.push(() => provider.close());
  return { provider, registry };
}

const DAYS = ['2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06', '2026-04-07'];
const ask = (provider: ReturnType<typeof adapterThrough>['provider'], date: string, signal = AbortSignal.timeout(20_000)) =>
  provider.fetchFlights({ origin: 'DEN', destination: 'LAS', date }, signal);
const kinds = (results: FlightFetchResult[]) => results.map((r) => (r.kind === 'blocked' ? `blocked:${r.reason}` : r.kind));

async function metricValue(registry: Registry, name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return value?.value ?? 0;
}

describe('direct', () => {
  it('is blocked by the bot wall after a few requests, and the adapter reads the block page as a block, not a changed page', async () => {
    const emulator = await wallEmulator(3);
    const { provider, registry } = adapterThrough(emulator.url, { FRONTIER_TRANSPORT: 'direct', FRONTIER_BLOCK_BACKOFF_MS: '50' });
    const results: FlightFetchResult[] = [];
    for (const date of DAYS.slice(0, 3)) results.push(await ask(provider, date));
    // Two requests a query (InternalSelect, then Select): the 4th request, the second query's Select, meets the wall.
    expect(kinds(results)).toEqual(['flights', 'blocked:captcha', 'blocked:captcha']);
    expect(results[1]).toMatchObject({ status: 403 });
    // GetMarkets asks for JSON: PerimeterX's JSON block, naming its blockScript.
    const markets = await provider.fetchMarkets!(AbortSignal.timeout(5000));
    expect(markets).toMatchObject({ kind: 'blocked', status: 403, reason: 'perimeterx' });
    expect(emulator.botWall?.stats).toMatchObject({ free: 3, passed: 0 });
    // A session begun on the home page first, and a new one after each block (the wall's cookie is set by the page's
    // script, so the visit alone does not get past it).
    expect(await metricValue(registry, 'flight_transport_warmups_total', { transport: 'direct', result: 'answered' })).toBe(3);
    expect(await metricValue(registry, 'flight_transport_blocks_total', { transport: 'direct', reason: 'captcha' })).toBe(2);
    expect(await metricValue(registry, 'flight_transport_requests_total', { transport: 'direct', result: 'answered' })).toBe(4);
    // Blocks in a row: the transport held the later requests back (50 ms, then 100 ms).
    expect(await metricValue(registry, 'flight_transport_backoff_seconds_total', { transport: 'direct' })).toBeGreaterThan(0);
  });
});

async function forwardProxy(exitAddress: string, credentials?: string) {
  const proxy = await startForwardProxy(exitAddress, credentials);
  cleanups.push(proxy.close);
  return proxy;
}

describe('proxy', () => {
  it('rotates through the proxies, keeps a query on one proxy, rests a blocked proxy and waits when all rest', async () => {
    const emulator = await wallEmulator(4);
    const a = await forwardProxy('127.0.0.2');
    const b = await forwardProxy('127.0.0.3', 'gowild:s3cret');
    // Proxy A's exit address has already used up its free requests at the wall.
    for (let i = 0; i < 4; i++)
      await new Promise<void>((r) =>
        request(`${emulator.url}/Resource/GetMarkets`, { localAddress: '127.0.0.2' }, (res) => res.resume().on('end', r)).end(),
      );
    const logged: string[] = [];
    const { provider, registry } = adapterThrough(
      emulator.url,
      {
        FRONTIER_TRANSPORT: 'proxy',
        FRONTIER_PROXY_URLS: `http://127.0.0.1:${a.port}, http://gowild:s3cret@127.0.0.1:${b.port}`,
        FRONTIER_PROXY_COOLDOWN_MS: '60000',
      },
      new Registry(),
      (m) => logged.push(m),
    );
    const results: FlightFetchResult[] = [];
    for (const date of DAYS.slice(0, 3)) results.push(await ask(provider, date));
    // A first (blocked: it rests), then B for both later queries though A would be next in turn.
    expect(kinds(results)).toEqual(['blocked:captcha', 'flights', 'flights']);
    // Each proxy begins its session on the home page, which the wall does not guard.
    expect(a.seen).toEqual(['GET /', 'GET /Flight/InternalSelect']);
    expect(b.seen).toEqual([
      'GET /',
      'GET /Flight/InternalSelect',
      'GET /Flight/Select',
      'GET /Flight/InternalSelect',
      'GET /Flight/Select',
    ]);
    expect(await metricValue(registry, 'flight_transport_exits', { transport: 'proxy', state: 'cooling' })).toBe(1);
    expect(logged).toEqual([expect.stringMatching(/^proxy http:\/\/127\.0\.0\.1:\d+ got a block \(captcha\); resting it for 60 s$/)]);

    // B's fifth request meets the wall too: both rest, and the next query waits (here until its signal gives up).
    expect(kinds([await ask(provider, DAYS[3]!)])).toEqual(['blocked:captcha']);
    expect(logged.join('\n')).not.toContain('s3cret');
    await expect(ask(provider, DAYS[4]!, AbortSignal.timeout(300))).rejects.toThrow();
    expect(b.seen).toHaveLength(6);
    expect(await metricValue(registry, 'flight_transport_backoff_seconds_total', { transport: 'proxy' })).toBeGreaterThan(0);
  });
});

/**
 * A scraping service of the common shape (`?api_key=&url=`): it fetches the target from an exit address of its own
 * for each job (as a residential pool does), follows the redirects with their cookies, and answers with the target's
 * status and body. It refuses a wrong key.
 */
async function fakeScrapingService(key: string) {
  const calls: { url: string; keyOk: boolean }[] = [];
  let job = 0;
  const fetchAsService = (target: URL, exit: string, cookies: string[] = [], hops = 0): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const req = request(target, { localAddress: exit, headers: cookies.length ? { cookie: cookies.join('; ') } : {} }, (res) => {
        const next = res.headers.location;
        if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && next && hops < 5) {
          res.resume();
          const jar = [...cookies, ...(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!)];
          return void fetchAsService(new URL(next, target), exit, jar, hops + 1).then(resolve, reject);
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://service.local').searchParams;
    const target = q.get('url') ?? '';
    calls.push({ url: target, keyOk: q.get('api_key') === key });
    if (q.get('api_key') !== key) return void res.writeHead(401, { 'content-type': 'text/plain' }).end('Invalid API key');
    job++;
    fetchAsService(new URL(target), `127.0.1.${(job % 250) + 1}`).then(
      ({ status, body }) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body),
      () => res.writeHead(500).end('Request failed. You will not be charged for this request.'),
    );
  });
  const port = await listen(server);
  return { calls, url: `http://127.0.0.1:${port}` };
}

describe('scraper-api', () => {
  const KEY = 'sk_live_7f3e9a1c0b5d2e8f';

  it('gets every page through the service, past the wall, and counts the credits', async () => {
    const emulator = await wallEmulator(3);
    const service = await fakeScrapingService(KEY);
    const { provider, registry } = adapterThrough(emulator.url, {
      FRONTIER_TRANSPORT: 'scraper-api',
      FRONTIER_SCRAPER_URL: `${service.url}/?api_key={key}&url={url}&country_code=us`,
      FRONTIER_SCRAPER_KEY: KEY,
      FRONTIER_SCRAPER_CREDITS_PER_REQUEST: '5',
    });
    const results: FlightFetchResult[] = [];
    for (const date of DAYS.slice(0, 4)) results.push(await ask(provider, date));
    expect(kinds(results)).toEqual(['flights', 'flights', 'flights', 'flights']);
    expect(service.calls).toHaveLength(4);
    expect(service.calls.every((c) => c.keyOk)).toBe(true);
    expect(new URL(service.calls[0]!.url).pathname).toBe('/Flight/InternalSelect');
    // The service is handed the request as the builder writes it (decision 239).
    expect(new URL(service.calls[0]!.url).search).toBe('?o1=DEN&d1=LAS&dd1=2026-04-02&adt=1&mon=true');
    expect(await metricValue(registry, 'flight_transport_credits_total', { transport: 'scraper-api' })).toBe(20);
    expect(await registry.metrics()).not.toContain(KEY);
  });

  it('never shows the key: not in an error, a metric or a log line', async () => {
    const emulator = await wallEmulator(3);
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const logged: string[] = [];
    const { provider, registry } = adapterThrough(
      emulator.url,
      {
        FRONTIER_TRANSPORT: 'scraper-api',
        FRONTIER_SCRAPER_URL: `http://127.0.0.1:${port}/?api_key={key}&url={url}`,
        FRONTIER_SCRAPER_KEY: KEY,
      },
      new Registry(),
      (m) => logged.push(m),
    );
    const error = await ask(provider, DAYS[0]!).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^scraping service unreachable: /);
    expect(`${error?.message} ${String(error?.cause)} ${error?.stack}`).not.toContain(KEY);
    expect(await registry.metrics()).not.toContain(KEY);
    expect(await metricValue(registry, 'flight_transport_requests_total', { transport: 'scraper-api', result: 'failed' })).toBe(1);
    expect(logged.join('\n')).not.toContain(KEY);

    // A wrong key: the service's 401 is an HTTP error of the query, the key still nowhere.
    const wrong = await fakeScrapingService('another-key');
    const { provider: misconfigured } = adapterThrough(emulator.url, {
      FRONTIER_TRANSPORT: 'scraper-api',
      FRONTIER_SCRAPER_URL: `${wrong.url}/?api_key={key}&url={url}`,
      FRONTIER_SCRAPER_KEY: KEY,
    });
    expect(JSON.stringify(await ask(misconfigured, DAYS[0]!))).toBe(JSON.stringify({ kind: 'http-error', status: 401 }));
  });
});

describe('browser', () => {
  it('passes the wall with warm Chromium pages, and replaces a page that gets blocked', async () => {
    // No free requests at all: only a client that ran the page's script gets through.
    const emulator = await wallEmulator(0);
    const { provider: direct } = adapterThrough(emulator.url, { FRONTIER_TRANSPORT: 'direct' });
    expect(kinds([await ask(direct, DAYS[0]!)])).toEqual(['blocked:captcha']);

    const { provider, registry } = adapterThrough(emulator.url, { FRONTIER_TRANSPORT: 'browser', FRONTIER_BROWSER_PAGES: '2' });
    // Several routes at once: each page serves one query at a time, so no search reads another's session.
    const destinations = ['LAS', 'MCO', 'ATL', 'PHL', 'DFW', 'TPA'];
    const results = await Promise.all(
      destinations.map((destination, i) =>
        provider.fetchFlights({ origin: 'DEN', destination, date: DAYS[i]! }, AbortSignal.timeout(40_000)),
      ),
    );
    expect(kinds(results)).toEqual(destinations.map(() => 'flights'));
    expect(results.every((r) => r.kind === 'flights' && r.flights.length > 0)).toBe(true);
    expect(await metricValue(registry, 'flight_transport_exits', { transport: 'browser', state: 'ready' })).toBe(2);
    const passedBefore = emulator.botWall!.stats.passed;
    expect(passedBefore).toBe(DAYS.length * 2);

    // The wall rotates its keys: the pages' cookies stop working, a page is blocked and replaced by a fresh one. The
    // page navigates to InternalSelect as a document, so the wall answers with its HTML captcha page.
    emulator.botWall!.revoke();
    expect(kinds([await ask(provider, DAYS[0]!)])).toEqual(['blocked:captcha']);
    expect(await metricValue(registry, 'flight_transport_browser_pages_replaced_total', { why: 'blocked' })).toBe(1);
    const after: FlightFetchResult[] = [];
    // The other old page may be picked once and be replaced in turn; a fresh page then answers.
    for (let i = 0; i < 3 && after.at(-1)?.kind !== 'flights'; i++) after.push(await ask(provider, DAYS[1]!, AbortSignal.timeout(40_000)));
    expect(after.at(-1)?.kind).toBe('flights');
  }, 90_000);
});

/** Chromium processes this test process started (playwright launches the browser as a child). */
function chromiumChildren(): number {
  const out = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)]).toString();
  return out.split('\n').filter((l) => /chrom/i.test(l)).length;
}

describe("the app's flight provider", () => {
  it('runs the configured transport against the in-process emulator and its wall, and closes Chromium when the app closes', async () => {
    const bundle = await createFlightProvider(
      testConfig({
        FRONTIER_TRANSPORT: 'browser',
        FRONTIER_BROWSER_PAGES: '1',
        EMULATOR_BOT_WALL: 'true',
        EMULATOR_BOT_WALL_FREE_REQUESTS: '0',
      }),
      { clock, reference: seedNetwork(), metrics: new Registry() },
    );
    try {
      const answer = await bundle.provider.fetchFlights({ origin: 'DEN', destination: 'LAS', date: DAYS[0]! }, AbortSignal.timeout(40_000));
      expect(answer.kind).toBe('flights');
      expect(bundle.emulator?.botWall?.stats).toMatchObject({ blocked: 0, free: 0, passed: 2 });
      expect(chromiumChildren()).toBeGreaterThan(0);
    } finally {
      await bundle.close();
    }
    for (let i = 0; i < 50 && chromiumChildren() > 0; i++) await sleep(100);
    expect(chromiumChildren()).toBe(0);
  }, 60_000);
});
