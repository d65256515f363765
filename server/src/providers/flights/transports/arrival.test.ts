import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config';
import { startForwardProxy } from './fake-forward-proxy';
import { createHttpClient } from '../http-client';
import { chromeMajor } from './browser-identity';
import { createTransport } from './create-transport';
import { createSiteSession } from './site-session';
import type { FrontierTransport, PageAnswer, PageRequest } from './transport';
import { transportMetrics } from './transport-metrics';

/**
 * What reaches the site from the transports that arrive as a browser (decision 239), recorded by a stand-in for
 * the site on loopback: the home page first, as a typed navigation; its cookies (the ones whose path and lifetime
 * allow it) on every later request; Referer and Sec-Fetch-* as Chrome sends them; client hints that agree with the
 * User-Agent; a new session after a block; one session per proxy; and Chromium navigating rather than fetching.
 */

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  from: string;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * The site as far as arriving goes: the home page sets the bot wall's cookie (a new value per visit, so a test can
 * tell visits apart), a session cookie, a cookie for another path and one already expired; InternalSelect rotates
 * the wall's cookie and redirects to Select; Select answers the page, or a block page when told to.
 */
async function recordingSite() {
  const seen: Seen[] = [];
  let visits = 0;
  let rotations = 0;
  const state = { block: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site.local');
    seen.push({ path: `${url.pathname}${url.search}`, headers: req.headers, from: req.socket.remoteAddress ?? '' });
    if (url.pathname === '/') {
      visits++;
      res.writeHead(200, {
        'content-type': 'text/html',
        'set-cookie': [
          `_pxhd=home-${visits}; Path=/; Max-Age=31536000`,
          `ASP.NET_SessionId=s${visits}; path=/; HttpOnly; SameSite=Lax`,
          'scripts_only=1; Path=/Scripts',
          'gone=1; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
        ],
      });
      // A browser runs this and holds the bot wall's own cookie afterwards, as the site's check sets it.
      return res.end("<!DOCTYPE html><title>Home</title><script>document.cookie='_px3=passed; path=/'</script>");
    }
    if (url.pathname === '/Flight/InternalSelect') {
      rotations++;
      res.writeHead(302, { location: '/Flight/Select', 'set-cookie': [`_pxhd=rotated-${rotations}; Path=/`] });
      return res.end();
    }
    if (url.pathname === '/Flight/Select' && state.block) {
      res.writeHead(403, { 'content-type': 'text/html' });
      return res.end('<div id="px-captcha"></div>');
    }
    if (url.pathname === '/Resource/GetMarkets') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"markets":[]}');
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end("<script>FlightData = '{}';</script>");
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((r) => server.close(r));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, state, url, paths: () => seen.map((s) => s.path.split('?')[0]) };
}

function through(site: string, settings: Record<string, string>) {
  const registry = new Registry();
  const transport = createTransport(testConfig({ FRONTIER_BLOCK_BACKOFF_MS: '20', ...settings }), { baseUrl: site, registry });
  cleanups.push(() => transport.close());
  return { transport, registry };
}

const SEARCH = '/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=Apr%2002%2C%202026&adt=1&mon=true';

async function ask(transport: FrontierTransport, site: string, path = SEARCH, more: Partial<PageRequest> = {}): Promise<PageAnswer> {
  const got = await transport.fetchPage({ url: new URL(path, site), signal: AbortSignal.timeout(5000), ...more });
  if (got.kind !== 'answer') throw new Error('redirect loop');
  return got.answer;
}

async function metricValue(registry: Registry, name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  return metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
}

/**
 * The client hints agree with the User-Agent: Chromium (and Google Chrome, when named) at the UA's major version,
 * the UA's platform, desktop.
 */
function expectHintsOfItsUserAgent(headers: IncomingHttpHeaders, brands = ['Chromium', 'Google Chrome']) {
  const ua = headers['user-agent'] ?? '';
  const major = chromeMajor(ua);
  const named = [...String(headers['sec-ch-ua'] ?? '').matchAll(/"([^"]+)";v="(\d+)"/g)].filter(
    ([, brand]) => !/^Not.A.Brand$/.test(brand ?? ''),
  );
  expect(named.map(([, brand, v]) => [brand, Number(v)]).sort()).toEqual(brands.map((b) => [b, major]).sort());
  expect(headers['sec-ch-ua-platform']).toBe(ua.includes('Windows') ? '"Windows"' : ua.includes('Mac OS X') ? '"macOS"' : '"Linux"');
  expect(headers['sec-ch-ua-mobile']).toBe('?0');
}

describe('direct: arriving as a browser', () => {
  it('visits the home page first as a typed navigation, then navigates to InternalSelect with its cookies', async () => {
    const site = await recordingSite();
    const { transport, registry } = through(site.url, { FRONTIER_TRANSPORT: 'direct' });
    let firstAnswers = 0;
    const answer = await ask(transport, site.url, SEARCH, { onFirstAnswer: () => firstAnswers++ });
    expect(answer).toMatchObject({ status: 200, redirected: true });
    expect(firstAnswers).toBe(1);
    expect(site.paths()).toEqual(['/', '/Flight/InternalSelect', '/Flight/Select']);
    const [home, internalSelect, select] = site.seen as [Seen, Seen, Seen];

    expect(home.headers).toMatchObject({
      'sec-fetch-site': 'none',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      'sec-fetch-user': '?1',
      'upgrade-insecure-requests': '1',
    });
    expect(home.headers.accept).toMatch(/^text\/html,application\/xhtml\+xml/);
    expect(home.headers.referer).toBeUndefined();
    expect(home.headers.cookie).toBeUndefined();

    // Only the home page's cookies whose path covers /Flight and that have not expired.
    expect(internalSelect.headers.cookie).toBe('_pxhd=home-1; ASP.NET_SessionId=s1');
    expect(internalSelect.headers).toMatchObject({
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      'sec-fetch-user': '?1',
      'upgrade-insecure-requests': '1',
      referer: `${site.url}/`,
    });
    // The redirect: the address it came from as Referer, the cookie InternalSelect rotated.
    expect(select.headers.referer).toBe(`${site.url}${SEARCH}`);
    expect(select.headers.cookie).toBe('_pxhd=rotated-1; ASP.NET_SessionId=s1');
    expect(select.headers['sec-fetch-site']).toBe('same-origin');
    for (const s of site.seen) expectHintsOfItsUserAgent(s.headers);

    // The session is warm: the next query goes straight to InternalSelect, with the latest cookies.
    await ask(transport, site.url);
    expect(site.paths().slice(3)).toEqual(['/Flight/InternalSelect', '/Flight/Select']);
    expect(site.seen[3]?.headers.cookie).toBe('_pxhd=rotated-1; ASP.NET_SessionId=s1');
    expect(await metricValue(registry, 'flight_transport_warmups_total', { transport: 'direct', result: 'answered' })).toBe(1);
    // The visit is counted apart: the transport's requests are the pages the adapter asked for.
    expect(await metricValue(registry, 'flight_transport_requests_total', { transport: 'direct', result: 'answered' })).toBe(2);
  });

  it("asks the site's JSON calls as its scripts do: cors, empty destination, JSON accepted, from the home page", async () => {
    const site = await recordingSite();
    const { transport } = through(site.url, { FRONTIER_TRANSPORT: 'direct' });
    // The adapter's GetMarkets call as it is written today: only a JSON Accept, no kind.
    await ask(transport, site.url, '/Resource/GetMarkets', { accept: 'application/json, text/plain, */*' });
    await ask(transport, site.url, '/Flight/RetrieveSchedule?calendarSelectableDays.Origin=DEN', { kind: 'data' });
    expect(site.paths()).toEqual(['/', '/Resource/GetMarkets', '/Flight/RetrieveSchedule']);
    for (const data of site.seen.slice(1)) {
      expect(data.headers).toMatchObject({
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
        'sec-fetch-dest': 'empty',
        referer: `${site.url}/`,
        cookie: '_pxhd=home-1; ASP.NET_SessionId=s1',
      });
      expect(data.headers.accept).toMatch(/^application\/json/);
      expect(data.headers['upgrade-insecure-requests']).toBeUndefined();
      expect(data.headers['sec-fetch-user']).toBeUndefined();
      expectHintsOfItsUserAgent(data.headers);
    }
  });

  it('drops the cookies of a blocked session and visits the home page again after the back-off', async () => {
    const site = await recordingSite();
    const { transport, registry } = through(site.url, { FRONTIER_TRANSPORT: 'direct' });
    site.state.block = true;
    const blocked = await ask(transport, site.url);
    expect(blocked.status).toBe(403);
    transport.report(blocked, 'captcha');
    site.state.block = false;
    const before = site.seen.length;
    const started = performance.now();
    await ask(transport, site.url);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(site.paths().slice(before)).toEqual(['/', '/Flight/InternalSelect', '/Flight/Select']);
    // A new visit with none of the burnt session's cookies, and that visit's cookies afterwards.
    expect(site.seen[before]?.headers.cookie).toBeUndefined();
    expect(site.seen[before + 1]?.headers.cookie).toBe('_pxhd=home-2; ASP.NET_SessionId=s2');
    expect(await metricValue(registry, 'flight_transport_warmups_total', { transport: 'direct', result: 'answered' })).toBe(2);

    // Any other answer leaves the session as it is.
    transport.report(blocked, null);
    await ask(transport, site.url);
    expect(site.paths().filter((p) => p === '/')).toHaveLength(2);
  });

  it('visits the home page once for many pages asked at once, and again once the session is past its lifetime', async () => {
    const site = await recordingSite();
    const client = createHttpClient();
    cleanups.push(() => client.close());
    let t = 0;
    const session = createSiteSession({
      transport: 'direct',
      get: client.get,
      maxRedirects: 5,
      lifetimeMs: 60_000,
      metrics: transportMetrics(new Registry()),
      now: () => t,
    });
    const page = () => session.fetchPage({ url: new URL(SEARCH, site.url), signal: AbortSignal.timeout(5000) }, 0);
    await Promise.all([page(), page(), page(), page()]);
    expect(site.paths().filter((p) => p === '/')).toHaveLength(1);
    expect(site.paths()).toHaveLength(9);

    t = 59_999;
    await page();
    expect(site.paths().filter((p) => p === '/')).toHaveLength(1);
    t = 60_000;
    await page();
    const visits = site.seen.filter((s) => s.path === '/');
    expect(visits).toHaveLength(2);
    // A returning browser: the second visit brings the cookies the session holds.
    expect(visits[1]?.headers.cookie).toMatch(/^_pxhd=rotated-\d; ASP\.NET_SessionId=s1$/);
  });

  it('fails the pages waiting for a home page that did not answer, and visits it again for the next', async () => {
    const site = await recordingSite();
    const client = createHttpClient();
    cleanups.push(() => client.close());
    let refuse = true;
    const session = createSiteSession({
      transport: 'direct',
      get: (url, headers, signal) =>
        refuse && url.pathname === '/' ? Promise.reject(new Error('ECONNRESET')) : client.get(url, headers, signal),
      maxRedirects: 5,
      lifetimeMs: 60_000,
      metrics: transportMetrics(new Registry()),
    });
    const page = () => session.fetchPage({ url: new URL(SEARCH, site.url), signal: AbortSignal.timeout(5000) }, 0);
    await expect(Promise.all([page(), page()])).rejects.toThrow('ECONNRESET');
    expect(site.seen).toHaveLength(0);
    refuse = false;
    await page();
    expect(site.paths()).toEqual(['/', '/Flight/InternalSelect', '/Flight/Select']);
  });
});

describe('proxy: a session per proxy', () => {
  it("keeps each proxy's cookies to that proxy, and drops only the blocked proxy's session", async () => {
    const site = await recordingSite();
    const a = await startForwardProxy('127.0.0.2');
    const b = await startForwardProxy('127.0.0.3');
    cleanups.push(a.close, b.close);
    const { transport, registry } = through(site.url, {
      FRONTIER_TRANSPORT: 'proxy',
      FRONTIER_PROXY_URLS: `http://127.0.0.1:${a.port},http://127.0.0.1:${b.port}`,
      FRONTIER_PROXY_COOLDOWN_MS: '20',
    });
    // Proxies taken in turn: A, B, A, B.
    for (let i = 0; i < 4; i++) await ask(transport, site.url);
    const byExit = (address: string) => site.seen.filter((s) => s.from === address);
    for (const address of ['127.0.0.2', '127.0.0.3']) expect(byExit(address)[0]?.path).toBe('/');
    expect(site.paths().filter((p) => p === '/')).toHaveLength(2);
    const homeCookie = (address: string) => /_pxhd=(home-\d)/.exec(byExit(address)[1]?.headers.cookie ?? '')?.[1];
    const [homeA, homeB] = [homeCookie('127.0.0.2'), homeCookie('127.0.0.3')];
    expect(homeA).toBeDefined();
    expect(homeB).toBeDefined();
    expect(homeA).not.toBe(homeB);
    // Each exit's later requests carry its own session cookie, never the other's.
    const sessionOf = (s: Seen) => /ASP\.NET_SessionId=(s\d)/.exec(s.headers.cookie ?? '')?.[1];
    const sessionsA = new Set(byExit('127.0.0.2').slice(1).map(sessionOf));
    const sessionsB = new Set(byExit('127.0.0.3').slice(1).map(sessionOf));
    expect(sessionsA.size).toBe(1);
    expect(sessionsB.size).toBe(1);
    expect([...sessionsA][0]).not.toBe([...sessionsB][0]);

    // A is blocked: its session goes, B's stays.
    site.state.block = true;
    const blocked = await ask(transport, site.url);
    expect(site.seen.at(-1)?.from).toBe('127.0.0.2');
    transport.report(blocked, 'captcha');
    site.state.block = false;
    await ask(transport, site.url); // B, still warm
    await sleep(30); // A's rest is over
    await ask(transport, site.url); // A, a new visit
    expect(byExit('127.0.0.3').filter((s) => s.path === '/')).toHaveLength(1);
    const visitsA = byExit('127.0.0.2').filter((s) => s.path === '/');
    expect(visitsA).toHaveLength(2);
    expect(visitsA[1]?.headers.cookie).toBeUndefined();
    expect(await metricValue(registry, 'flight_transport_warmups_total', { transport: 'proxy', result: 'answered' })).toBe(3);
  });
});

describe("browser: navigating as a person's browser does", () => {
  it('loads the home page, then navigates to InternalSelect as a document, naming the Chrome it is', async () => {
    const site = await recordingSite();
    const { transport, registry } = through(site.url, { FRONTIER_TRANSPORT: 'browser', FRONTIER_BROWSER_PAGES: '1' });
    const answer = await ask(transport, site.url, SEARCH, { signal: AbortSignal.timeout(40_000) });
    expect(answer).toMatchObject({ status: 200, redirected: true, url: new URL('/Flight/Select', site.url) });
    expect(answer.body).toContain('FlightData');
    const documents = site.seen.filter((s) => s.headers['sec-fetch-dest'] === 'document');
    expect(documents.map((s) => s.path.split('?')[0])).toEqual(['/', '/Flight/InternalSelect', '/Flight/Select']);
    for (const d of documents) {
      expect(d.headers['sec-fetch-mode']).toBe('navigate');
      expect(d.headers['user-agent']).not.toMatch(/Headless/);
      // Chromium sends its own hints (it does not call itself Google Chrome); the User-Agent is made to agree.
      expectHintsOfItsUserAgent(d.headers, ['Chromium']);
    }
    expect(documents[1]?.headers.cookie).toMatch(/(^|; )_px3=passed(;|$)/);
    expect(await metricValue(registry, 'flight_transport_warmups_total', { transport: 'browser', result: 'answered' })).toBe(1);

    // The site's JSON calls are made from the page, as its scripts make them.
    await ask(transport, site.url, '/Resource/GetMarkets', { kind: 'data', signal: AbortSignal.timeout(40_000) });
    expect(site.seen.at(-1)?.headers).toMatchObject({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' });
  }, 60_000);
});
