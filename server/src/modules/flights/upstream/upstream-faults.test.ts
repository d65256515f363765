import { searchStreamEventSchema } from '@gowild/contract/flights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import { buildTestApp } from '../../../test/build-test-app';
import { fixedCallerGate } from '../../../test/search-gates';

// 06:00 in Denver: the next days' flights are on sale.
const NOW = new Date('2026-04-01T12:00:00Z');

/** The sum of a metric's samples whose name and labels match. */
const metric = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))].reduce((n, m) => n + Number(m[2]), 0);

/** Emulator fault knobs seen end to end: in-process emulator → real adapter → gateway → the search answer. */
describe('airline faults end to end, through the in-process emulator', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let deps: Awaited<ReturnType<typeof buildTestApp>>['deps'];
  beforeAll(async () => {
    ({ app, deps } = await buildTestApp({
      env: { UPSTREAM_RETRIES: '1' },
      deps: { clock: manualClock(NOW), searchGate: fixedCallerGate().gate },
    }));
  });
  afterAll(async () => {
    await app.close();
  });
  const knobs = (k: Parameters<NonNullable<typeof deps.flights.emulator>['setKnobs']>[0]) => deps.flights.emulator?.setKnobs(k);
  const search = (date: string, path = 'search') => app.inject({ method: 'GET', url: `/api/flights/${path}?origin=DEN&date=${date}` });

  it('keeps the good flights of a page with malformed ones and flags the destination incomplete (decision 061)', async () => {
    knobs({ malformedRate: 0.3 });
    try {
      const res = await search('2026-04-02');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const incomplete = Object.entries((body.incomplete ?? {}) as Record<string, number>);
      // A destination that kept some flights is incomplete, not failed: its good flights are listed.
      const kept = incomplete.filter(([code]) => body.flights[code]);
      expect(kept.length).toBeGreaterThan(0);
      for (const [code, n] of kept) {
        expect(n).toBeGreaterThan(0);
        expect(body.failed ?? []).not.toContain(code);
      }
      const counted = metric(await deps.metrics.metrics(), 'flight_upstream_malformed_flights_total');
      expect(counted).toBeGreaterThanOrEqual(incomplete.reduce((sum, [, n]) => sum + n, 0));

      // The streamed search carries the flag in its summary; answers now come from the cache and stay flagged.
      const stream = await search('2026-04-02', 'search/stream');
      const summary = stream.body
        .trim()
        .split('\n')
        .map((line) => searchStreamEventSchema.parse(JSON.parse(line)))
        .find((e) => e.type === 'summary');
      expect(summary?.type === 'summary' && summary.incomplete).toMatchObject(Object.fromEntries(kept));
    } finally {
      knobs({ malformedRate: 0 });
    }
  });

  it('fails a destination whose page changed, and reads 406s as back-pressure that leaves the breaker closed', async () => {
    knobs({ pageChangeRate: 0.2, notAcceptableRate: 0.05 });
    try {
      const res = await search('2026-04-03');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.partial).toBe(true);
      expect(body.failed.length).toBeGreaterThan(0);
      expect(Object.keys(body.flights).length).toBeGreaterThan(20);
      const text = await deps.metrics.metrics();
      expect(metric(text, 'flight_upstream_requests_total\\{outcome="page_changed"\\}')).toBeGreaterThan(0);
      expect(metric(text, 'flight_upstream_requests_total\\{outcome="not_acceptable"\\}')).toBeGreaterThan(0);
      expect(deps.flights.gateway.breakerState()).toBe('closed');
      expect(deps.flights.gateway.requestRate()).toBeLessThan(deps.config.UPSTREAM_RPS);
    } finally {
      knobs({ pageChangeRate: 0, notAcceptableRate: 0 });
    }
  });
});
