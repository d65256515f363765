import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { seedNetwork } from '../../providers/flights/emulator/network';
import { type FrontierEmulator, startFrontierEmulator } from '../../providers/flights/emulator/server';
import { createFrontierProvider } from '../../providers/flights/frontier';
import { type FlightsEngine, createFlightsEngine } from '../flights/flights.module';

// 06:00 in Denver: the next days' flights are on sale.
const NOW = new Date('2026-04-01T12:00:00Z');

/** The sum of a metric's samples whose name and labels match. */
const metric = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))].reduce((n, m) => n + Number(m[2]), 0);

/**
 * Emulator fault knobs seen end to end: the in-process emulator, the real adapter over HTTP, the gateway and the
 * search service's answer. The rate recovers slowly here (0.01 a second per good answer), so a slow-down is still
 * visible when the search ends.
 */
describe('airline faults end to end, through the in-process emulator', () => {
  const clock = manualClock(NOW);
  const network = seedNetwork();
  const registry = new Registry();
  let emulator: FrontierEmulator;
  let provider: ReturnType<typeof createFrontierProvider>;
  let engine: FlightsEngine;
  beforeAll(async () => {
    // Seeded dice: the same faults every run (at a 5 % rate, an unseeded run met no 406 about one time in fifty).
    emulator = await startFrontierEmulator({ network, clock, seed: 1 });
    provider = createFrontierProvider({
      baseUrl: emulator.url,
      bookingBaseUrl: 'https://booking.flyfrontier.com',
      dateFormat: 'YYYY-MM-DD',
      timeZoneOf: (c) => findAirport(c)?.timezone,
      now: () => clock.now(),
      demo: true,
    });
    const routes = network.routes();
    engine = createFlightsEngine({
      config: testConfig({ UPSTREAM_RETRIES: '1', UPSTREAM_RPS_STEP: '0.01' }),
      clock,
      metrics: registry,
      provider,
      reference: {
        destinationsFrom: (o) => routes.filter((r) => r.origin === o).map((r) => r.destination),
        originsTo: (d) => routes.filter((r) => r.destination === d).map((r) => r.origin),
      },
    });
  });
  afterAll(async () => {
    provider.close();
    await emulator.close();
  });
  const search = async (date: string) =>
    (await engine.search.run(engine.planOutbound({ origin: 'DEN', date }), { isPremium: true })).response;

  it('keeps the good flights of a page with malformed ones and flags the destination incomplete (decision 061)', async () => {
    emulator.setKnobs({ malformedRate: 0.3 });
    try {
      const answer = await search('2026-04-02');
      const incomplete = Object.entries(answer.incomplete ?? {});
      // A destination that kept some flights is incomplete, not failed: its good flights are listed.
      const kept = incomplete.filter(([code]) => answer.flights[code]);
      expect(kept.length).toBeGreaterThan(0);
      for (const [code, n] of kept) {
        expect(n).toBeGreaterThan(0);
        expect(answer.failed ?? []).not.toContain(code);
      }
      const counted = metric(await registry.metrics(), 'flight_upstream_malformed_flights_total');
      expect(counted).toBeGreaterThanOrEqual(incomplete.reduce((sum, [, n]) => sum + n, 0));
      // Asked again within the fresh time, the answers come from the cache and stay flagged.
      expect((await search('2026-04-02')).incomplete).toMatchObject(Object.fromEntries(kept));
    } finally {
      emulator.setKnobs({ malformedRate: 0 });
    }
  });

  it('fails a destination whose page changed, and reads 406s as back-pressure that leaves the breaker closed', async () => {
    emulator.setKnobs({ pageChangeRate: 0.2, notAcceptableRate: 0.05 });
    try {
      const answer = await search('2026-04-03');
      expect(answer.partial).toBe(true);
      expect(answer.failed?.length).toBeGreaterThan(0);
      expect(Object.keys(answer.flights).length).toBeGreaterThan(20);
      const text = await registry.metrics();
      expect(metric(text, 'flight_upstream_requests_total\\{outcome="page_changed"\\}')).toBeGreaterThan(0);
      expect(metric(text, 'flight_upstream_requests_total\\{outcome="not_acceptable"\\}')).toBeGreaterThan(0);
      expect(engine.gateway.breakerState()).toBe('closed');
      expect(engine.gateway.requestRate()).toBeLessThan(100);
    } finally {
      emulator.setKnobs({ pageChangeRate: 0, notAcceptableRate: 0 });
    }
  });
});
