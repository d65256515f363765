import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flightSchema } from '@gowild/contract/flights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { seedNetwork } from './emulator/network';
import { type FrontierEmulator, startFrontierEmulator } from './emulator/server';
import { createFrontierProvider } from './frontier';
import { formatFrontierDate, parseFrontierDate } from './frontier-flight';

const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
let emulator: FrontierEmulator;
const adapter = (baseUrl: string) =>
  createFrontierProvider({
    baseUrl,
    bookingBaseUrl: 'https://booking.flyfrontier.com',
    dateFormat: 'MMM DD, YYYY',
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

describe('date formats', () => {
  it('writes and reads the three dd1 formats', () => {
    expect(formatFrontierDate('2026-04-02', 'MMM DD, YYYY')).toBe('Apr 02, 2026');
    expect(formatFrontierDate('2026-04-02', 'YYYY-MM-DD')).toBe('2026-04-02');
    expect(formatFrontierDate('2026-04-02', 'MM-DD-YYYY')).toBe('04-02-2026');
    for (const v of ['Apr 02, 2026', '2026-04-02', '04-02-2026', 'apr 2, 2026']) expect(parseFrontierDate(v)).toBe('2026-04-02');
    expect(parseFrontierDate('02/04/2026')).toBeUndefined();
  });
});
