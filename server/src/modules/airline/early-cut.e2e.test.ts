import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { seedNetwork } from '../../providers/flights/emulator/network';
import { type FrontierEmulator, startFrontierEmulator } from '../../providers/flights/emulator/server';
import { createFrontierProvider } from '../../providers/flights/frontier';
import { type FlightsEngine, createFlightsEngine } from '../flights/flights.module';

const NOW = new Date('2026-04-01T12:00:00Z');
const metric = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))].reduce((n, m) => n + Number(m[2]), 0);

/**
 * The early cut (decision 220) through the real adapter and the in-process emulator: the emulator answers the
 * InternalSelect redirect at once and the page after its latency, and sends its 5xx pages and hangs with no redirect
 * first, so an attempt that has not begun answering well past the redirect's usual time is one of those. The
 * figures of the policy are in fault-policy.sim.test.ts (fake time); this shows the real adapter reports first answers.
 */
describe('the early cut end to end, through the in-process emulator', () => {
  const clock = manualClock(NOW);
  const network = seedNetwork();
  const registry = new Registry();
  let emulator: FrontierEmulator;
  let provider: ReturnType<typeof createFrontierProvider>;
  let engine: FlightsEngine;
  beforeAll(async () => {
    emulator = await startFrontierEmulator({ network, clock, latencyMs: 2500, seed: 7 });
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
      config: testConfig({ UPSTREAM_TIMEOUT_MS: '20000' }),
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

  it('cuts the 5xx pages and hangs the site has not begun answering, and retries them at once', async () => {
    // A healthy search first: the gateway learns how soon the redirect and the page come.
    await search('2026-04-02');
    emulator.setKnobs({ errorRate: 0.2, hangRate: 0.05 });
    try {
      const answer = await search('2026-04-03');
      const text = await registry.metrics();
      const cuts = metric(text, 'flight_upstream_early_cuts_total');
      // A page takes 2.5 s here, so even a loaded machine reads the redirects well before: the 5xx pages (sent after
      // 2.5 s) and the hangs (never) are cut, not waited for; a hang would otherwise hold its destination for 20 s.
      expect(cuts).toBeGreaterThan(0);
      expect(emulator.stats.hangs + emulator.stats.errors).toBeGreaterThanOrEqual(cuts);
      expect(Object.keys(answer.flights).length).toBeGreaterThan(60);
    } finally {
      emulator.setKnobs({ errorRate: 0, hangRate: 0 });
    }
  });
});
