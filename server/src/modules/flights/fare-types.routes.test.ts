import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { buildTestApp } from '../../test/build-test-app';
import { fixedCallerGate } from '../../test/search-gates';

// 06:00 in Denver on Apr 1: tomorrow's domestic window is open, Apr 16's is not (domestic or international), Apr 3 is made a blackout date.
const NOW = new Date('2026-04-01T12:00:00Z');
const TOMORROW = '2026-04-02';
const BLACKOUT = '2026-04-03';

describe('GoWild fare types in the search API (decision 176)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    let deps: Awaited<ReturnType<typeof buildTestApp>>['deps'];
    ({ app, deps } = await buildTestApp({ deps: { clock: manualClock(NOW), searchGate: fixedCallerGate({ isPremium: false }).gate } }));
    await deps.reference.addBlackouts([{ date: BLACKOUT, label: 'test blackout' }]);
  });
  afterAll(async () => {
    await app.close();
  });

  const goWildFares = async (date: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN&date=${date}` });
    expect(res.statusCode).toBe(200);
    const flights = Object.values(res.json().flights as Record<string, Flight[]>).flat();
    return flights.map((f) => f.fares.go_wild).filter((f) => f !== null);
  };

  it.each([
    ['standard', TOMORROW],
    ['early_booking', addDays(TOMORROW, 14)],
    ['peak_day', BLACKOUT],
  ] as const)('names every GoWild fare %s on %s, also for a caller without seat counts', async (kind, date) => {
    const fares = await goWildFares(date);
    expect(fares.length).toBeGreaterThan(0);
    for (const f of fares) {
      expect(f.fare_type).toBe(kind);
      expect(f.available_seats).toBeUndefined();
    }
    // The charged kinds cost more than the standard fare's taxes and fees.
    if (kind !== 'standard') expect(Math.min(...fares.map((f) => f.total))).toBeGreaterThan(40);
  });

  it('documents fare_type in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"fare_type"');
    expect(res.body).toContain('early_booking');
  });
});
