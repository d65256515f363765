import { type IncomingHttpHeaders, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flightSchema } from '@gowild/contract/flights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { seedNetwork } from './emulator/network';
import { type FrontierEmulator, startFrontierEmulator } from './emulator/server';
import { createFrontierProvider } from './frontier';

const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
let emulator: FrontierEmulator;
const adapter = (baseUrl: string) =>
  createFrontierProvider({
    baseUrl,
    bookingBaseUrl: 'https://booking.flyfrontier.com',
    dateFormat: 'YYYY-MM-DD',
    timeZoneOf: (c) => findAirport(c)?.timezone,
    now: () => clock.now(),
  });
const signal = () => AbortSignal.timeout(5000);

beforeAll(async () => {
  emulator = await startFrontierEmulator({ network: seedNetwork(), clock, seed: 7 });
});
afterAll(async () => {
  await emulator.close();
});

describe('Frontier adapter against the emulator, over HTTP', () => {
  it('follows InternalSelect to Select with the session cookie and maps the flights', async () => {
    const provider = adapter(emulator.url);
    const result = await provider.fetchFlights({ origin: 'DEN', destination: 'LAS', date: '2026-04-02' }, signal());
    provider.close();
    expect(result.kind).toBe('flights');
    const flights = result.kind === 'flights' ? result.flights : [];
    expect(flights.length).toBeGreaterThan(0);
    for (const f of flights) {
      expect(flightSchema.safeParse(f).success).toBe(true);
      expect([f.origin, f.destination]).toEqual(['DEN', 'LAS']);
      // Booking links point at the airline, never at the emulator.
      for (const link of Object.values(f.booking_links))
        if (link) expect(link.startsWith('https://booking.flyfrontier.com/Flight/InternalSelect?')).toBe(true);
    }
    expect(emulator.stats.internalSelect).toBeGreaterThan(0);
    expect(emulator.stats.select).toBe(emulator.stats.internalSelect);
  });

  it("asks with the working tools' request and browser headers, carries the first answer's cookies, and gets GoWild fares with no fare type (decision 239)", async () => {
    // A relay in front of the emulator that records each request.
    const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
    const relay = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const url = new URL(req.url ?? '/', emulator.url);
      const out = request(url, { headers: { ...req.headers, host: url.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      out.end();
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const provider = adapter(`http://127.0.0.1:${(relay.address() as AddressInfo).port}`);
    const q = { origin: 'DEN', destination: 'LAS', date: '2026-04-02' };
    const goWildFares = (r: Awaited<ReturnType<typeof provider.fetchFlights>>) =>
      r.kind === 'flights' ? r.flights.filter((f) => f.fares.go_wild !== null).length : -1;
    try {
      const asked = await provider.fetchFlights(q, signal());
      expect(seen.map((s) => s.url)).toEqual(['/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=2026-04-02&adt=1&mon=true', '/Flight/Select']);
      for (const { headers } of seen) {
        expect(headers['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome\/\d+/);
        expect(headers.accept).toMatch(/^text\/html/);
        expect(headers['accept-language']).toMatch(/^en-US/);
      }
      expect(seen[0]?.headers.cookie).toBeUndefined();
      expect(seen[1]?.headers.cookie).toMatch(/ASP\.NET_SessionId=[^;]+; _pxhd=/);
      expect(goWildFares(asked)).toBeGreaterThan(0);
    } finally {
      provider.close();
      relay.close();
    }
  });

  it("sees the emulator's error page for a date it cannot read as a changed page, never as no flights", async () => {
    const res = await fetch(`${emulator.url}/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=04%2F02%2F2026`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/Error');
    const site = createServer((req, res) => {
      // The airline as it would answer a request with a date in a form no tool sends ('04/02/2026'): straight to its error page.
      const target = req.url?.startsWith('/Flight/InternalSelect')
        ? '/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=04%2F02%2F2026'
        : (req.url ?? '/');
      const out = request(new URL(target, emulator.url), { headers: { ...req.headers, host: new URL(emulator.url).host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      out.end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const provider = adapter(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
    try {
      expect(await provider.fetchFlights({ origin: 'DEN', destination: 'LAS', date: '2026-04-02' }, signal())).toEqual({
        kind: 'page-changed',
        detail: 'no FlightData assignment on the page (landed on /Error)',
      });
    } finally {
      provider.close();
      site.close();
    }
  });

  it('sends a visitor without the session cookie home, as the site does', async () => {
    const res = await fetch(`${emulator.url}/Flight/Select`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it('reports a site that lands on another page as changed, not as no flights', async () => {
    const site = createServer((req, res) => {
      if (req.url?.startsWith('/Flight/InternalSelect')) {
        res.writeHead(302, { location: '/' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><title>Frontier</title><script>var Config = {};</script>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const provider = adapter(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
    const result = await provider.fetchFlights({ origin: 'DEN', destination: 'LAS', date: '2026-04-02' }, signal());
    provider.close();
    site.close();
    expect(result).toEqual({ kind: 'page-changed', detail: 'no FlightData assignment on the page (landed on /)' });
  });

  it('sees the emulator knobs as typed outcomes: 5xx, blocks and 429 with Retry-After', async () => {
    const provider = adapter(emulator.url);
    const q = { origin: 'DEN', destination: 'MCO', date: '2026-04-02' };
    try {
      emulator.setKnobs({ errorRate: 1 });
      expect((await provider.fetchFlights(q, signal())).kind).toBe('server-error');
      emulator.setKnobs({ errorRate: 0, blockRate: 1 });
      const blocked = await Promise.all([1, 2, 3, 4, 5, 6].map(() => provider.fetchFlights(q, signal())));
      expect(new Set(blocked.map((b) => (b.kind === 'blocked' ? b.reason : b.kind)))).toEqual(new Set(['perimeterx', 'captcha']));
      emulator.setKnobs({ blockRate: 0, throttleRate: 1 });
      expect(await provider.fetchFlights(q, signal())).toEqual({ kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 1000 });
      emulator.setKnobs({ throttleRate: 0, hangRate: 1 });
      await expect(provider.fetchFlights(q, AbortSignal.timeout(100))).rejects.toThrow();
    } finally {
      emulator.setKnobs({ errorRate: 0, blockRate: 0, throttleRate: 0, hangRate: 0 });
      provider.close();
    }
  });

  it('sees the remaining real failure modes as typed outcomes: 406, a changed page, malformed flights (decision 061)', async () => {
    const provider = adapter(emulator.url);
    const q = { origin: 'DEN', destination: 'MCO', date: '2026-04-02' };
    try {
      emulator.setKnobs({ notAcceptableRate: 1 });
      expect(await provider.fetchFlights(q, signal())).toEqual({ kind: 'blocked', status: 406, reason: 'not-acceptable' });

      emulator.setKnobs({ notAcceptableRate: 0, pageChangeRate: 1 });
      const changed = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => provider.fetchFlights(q, signal())));
      const details = new Set(changed.map((c) => (c.kind === 'page-changed' ? c.detail.replace(/ \(landed on .*\)$/, '') : c.kind)));
      expect(details).toEqual(new Set(['no FlightData assignment on the page', 'FlightData string is not terminated (truncated page?)']));

      emulator.setKnobs({ pageChangeRate: 0 });
      const routes = ['LAS', 'MCO', 'ATL', 'PHX', 'LAX', 'SFO', 'DFW', 'PHL'].map((destination) => ({ ...q, destination }));
      const whole = await Promise.all(routes.map((r) => provider.fetchFlights(r, signal())));
      emulator.setKnobs({ malformedRate: 0.4 });
      const before = emulator.stats.malformedFlights;
      const partial = await Promise.all(routes.map((r) => provider.fetchFlights(r, signal())));
      const malformed = partial.flatMap((p) => (p.kind === 'flights' ? (p.malformed ?? []) : []));
      expect(malformed.length).toBeGreaterThan(0);
      expect(new Set(malformed.map((m) => m.field))).toSatisfy((fields: Set<string>) =>
        [...fields].every((f) => ['legs.departureDate', 'legs.flightNumber', 'standardFare', 'legs'].includes(f)),
      );
      // Every flight is either kept or named as left out; a page none of whose flights reads is a changed page.
      partial.forEach((p, i) => {
        const all = whole[i]?.kind === 'flights' ? whole[i].flights.length : 0;
        if (p.kind === 'flights') expect(p.flights.length + (p.malformed?.length ?? 0)).toBe(all);
        else expect(p).toMatchObject({ kind: 'page-changed', detail: expect.stringMatching(/no flight on the page reads/) });
      });
      expect(emulator.stats.malformedFlights - before).toBeGreaterThanOrEqual(malformed.length);
    } finally {
      emulator.setKnobs({ notAcceptableRate: 0, pageChangeRate: 0, malformedRate: 0 });
      provider.close();
    }
  });

  it('lists the network at /Resource/GetMarkets', async () => {
    const body = (await (await fetch(`${emulator.url}/Resource/GetMarkets`)).json()) as {
      markets: { fromStation: string; toStations: string[] }[];
      marketDetails: { stationCode: string; cityAndCode: string }[];
    };
    expect(body.markets.reduce((n, m) => n + m.toStations.length, 0)).toBe(seedNetwork().routes().length);
    expect(body.markets.find((m) => m.fromStation === 'DEN')?.toStations).toContain('LAS');
    expect(body.marketDetails.find((m) => m.stationCode === 'DEN')?.cityAndCode).toMatch(/Denver/);
  });
});
