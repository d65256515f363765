import { Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/database';
import type { FlightProvider, FlightQuery, ScheduleFetchResult } from '../../providers/flights/flights.provider';
import { createFlightsEngine } from '../flights/flights.module';
import { sweepMetrics } from './sweeps.metrics';
import { createSweepsRepository } from './sweeps.repository';
import { type SweepSettings, createSweeper } from './sweeps.service';

/**
 * The sweep with the airline's schedules (decision 242), at 12:00 in Orlando on 2026-07-15: MCO-ATL does not fly
 * tomorrow, MCO-DEN flies every day, and Cancún (international: today through ten days ahead) does not fly on the
 * 17th and the 20th. 2 + 2 + 11 slots are due, 3 of them on days without service.
 */
const NETWORK = [
  { origin: 'MCO', destination: 'ATL' },
  { origin: 'MCO', destination: 'DEN' },
  { origin: 'MCO', destination: 'CUN' },
];
const DISABLED: Record<string, string[]> = { ATL: ['2026-07-16'], DEN: [], CUN: ['2026-07-17', '2026-07-20'] };
const START = new Date('2026-07-15T16:00:00Z');
const MINUTE = 60_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await database.db.execute(sql`delete from sweep_slots`);
  await database.db.execute(sql`delete from sweep_runs`);
});

function setup(settings: Partial<SweepSettings> = {}) {
  const clock = manualClock(START);
  const pages: FlightQuery[] = [];
  const schedules: string[] = [];
  const provider: FlightProvider = {
    name: 'scripted',
    demo: true,
    async fetchFlights(query) {
      pages.push(query);
      return { kind: 'flights', flights: [] };
    },
    async fetchSchedule(route): Promise<ScheduleFetchResult> {
      schedules.push(`${route.origin}-${route.destination}`);
      return { kind: 'schedule', lastAvailableDate: '2027-01-31', disabledDates: DISABLED[route.destination] ?? [] };
    },
  };
  const engine = createFlightsEngine({
    config: testConfig({ UPSTREAM_RETRIES: '0' }),
    clock,
    metrics: new Registry(),
    reference: { destinationsFrom: () => [], originsTo: () => [] },
    provider,
    gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
  });
  const sweeper = createSweeper({
    repo: createSweepsRepository(database.db),
    flights: engine,
    reference: { routes: () => NETWORK },
    clock,
    metrics: sweepMetrics(new Registry()),
    settings: { budgetPerHour: 10_000, refreshMs: 60 * MINUTE, laterMs: 240 * MINUTE, runEveryMs: MINUTE, concurrency: 4, ...settings },
    sweeperId: 'test',
  });
  const key = (q: FlightQuery) => `${q.destination} ${q.date}`;
  return { clock, engine, sweeper, schedules, pageKeys: () => pages.map(key) };
}

describe('a sweep with the airline schedules', () => {
  it("learns each route's schedule first, sweeps the days without service at no cost, and asks no schedule again that day", async () => {
    const { clock, sweeper, schedules, pageKeys } = setup();
    const first = await sweeper.run({ trigger: 'schedule' });
    expect(first).toMatchObject({ due: 15, swept: 15, noService: 3, scheduleRequests: 3, requests: 12 + 3, failed: 0 });
    expect(schedules.sort()).toEqual(['MCO-ATL', 'MCO-CUN', 'MCO-DEN']);
    expect(pageKeys()).toHaveLength(12);
    expect(pageKeys()).not.toContain('ATL 2026-07-16');
    expect(pageKeys()).not.toContain('CUN 2026-07-17');
    // An hour on: today and tomorrow again, from what is known of the schedules.
    clock.advance(61 * MINUTE);
    const again = await sweeper.run({ trigger: 'schedule' });
    expect(again).toMatchObject({ due: 6, swept: 6, noService: 1, scheduleRequests: 0, requests: 5 });
    expect(schedules).toHaveLength(3);
  });

  it('asks for schedules only within what the hour budget has left beyond the run slots', async () => {
    const { sweeper, schedules } = setup({ budgetPerHour: 3 });
    // The run's share is one slot; two schedules fit in the rest of the hour.
    const first = await sweeper.run({ trigger: 'schedule' });
    expect(first).toMatchObject({ scheduleRequests: 2 });
    expect(first.requests).toBeLessThanOrEqual(3);
    expect(schedules).toHaveLength(2);
  });

  it('sweeps every page as before with the filter off', async () => {
    const { engine, sweeper, schedules, pageKeys } = setup();
    engine.gateway.setScheduleFilter(false);
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ due: 15, requests: 15, noService: 0, scheduleRequests: 0 });
    expect(schedules).toEqual([]);
    expect(pageKeys()).toContain('ATL 2026-07-16');
  });
});
