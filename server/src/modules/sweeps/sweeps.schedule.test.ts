import { Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { testFlight } from '../../test/alerts';
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

function setup(settings: Partial<SweepSettings> = {}, env: Record<string, string> = {}) {
  const clock = manualClock(START);
  const pages: FlightQuery[] = [];
  const schedules: string[] = [];
  const provider: FlightProvider = {
    name: 'scripted',
    demo: true,
    async fetchFlights(query) {
      pages.push(query);
      // A page for a day the route does not fly has no flights; the others have one, in the evening (today's would
      // otherwise have stopped selling by noon, and a page whose flights have all closed is not asked again).
      const off = DISABLED[query.destination]?.includes(query.date);
      return { kind: 'flights', flights: off ? [] : [testFlight(query, { standard: 99 }, { departs: '20:00' })] };
    },
    async fetchSchedule(route): Promise<ScheduleFetchResult> {
      schedules.push(`${route.origin}-${route.destination}`);
      return { kind: 'schedule', lastAvailableDate: '2027-01-31', disabledDates: DISABLED[route.destination] ?? [] };
    },
  };
  const engine = createFlightsEngine({
    config: testConfig({ UPSTREAM_RETRIES: '0', ...env }),
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
    settings: {
      plan: 'hourly',
      budgetPerHour: 10_000,
      refreshMs: 60 * MINUTE,
      laterMs: 240 * MINUTE,
      runEveryMs: MINUTE,
      concurrency: 4,
      ...settings,
    },
    sweeperId: 'test',
  });
  const key = (q: FlightQuery) => `${q.destination} ${q.date}`;
  return { clock, engine, sweeper, schedules, pageKeys: () => pages.map(key) };
}

describe('a sweep with the airline schedules', () => {
  it('learns the schedule of a route whose later day came back empty, then sweeps its days without service at no cost', async () => {
    const { clock, engine, sweeper, schedules, pageKeys } = setup();
    const first = await sweeper.run({ trigger: 'schedule' });
    expect(first).toMatchObject({ due: 15, swept: 15, requests: 15, noService: 0, scheduleRequests: 0 });
    await engine.gateway.schedulesIdle();
    // Empty pages for tomorrow (Atlanta) and the 17th (Cancún); Denver's pages all had flights.
    expect(schedules.sort()).toEqual(['MCO-ATL', 'MCO-CUN']);
    // An hour on: today and tomorrow again, tomorrow's Atlanta answered from its schedule.
    clock.advance(61 * MINUTE);
    const again = await sweeper.run({ trigger: 'schedule' });
    expect(again).toMatchObject({ due: 6, swept: 6, noService: 1, scheduleRequests: 0, requests: 5 });
    expect(pageKeys().filter((k) => k === 'ATL 2026-07-16')).toHaveLength(1);
    expect(schedules).toHaveLength(2);
  });

  it('reads again, before sweeping, the schedules that named days off once a day, within what the hour budget has left', async () => {
    const { clock, engine, sweeper, schedules } = setup({ budgetPerHour: 2 });
    await engine.gateway.fetch({ origin: 'MCO', destination: 'ATL', date: '2026-07-16' });
    await engine.gateway.fetch({ origin: 'MCO', destination: 'CUN', date: '2026-07-17' });
    await engine.gateway.schedulesIdle();
    expect(schedules).toHaveLength(2);
    clock.advance(25 * 60 * MINUTE);
    // The run's share is one slot; one schedule fits in the rest of the hour.
    const run = await sweeper.run({ trigger: 'schedule' });
    expect(run).toMatchObject({ scheduleRequests: 1 });
    expect(run.requests).toBeLessThanOrEqual(2);
    expect(schedules).toHaveLength(3);
  });

  it('sweeps every page as before with the filter off (FRONTIER_SCHEDULE_FILTER=false)', async () => {
    const { clock, engine, sweeper, schedules, pageKeys } = setup({}, { FRONTIER_SCHEDULE_FILTER: 'false' });
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ due: 15, requests: 15, noService: 0, scheduleRequests: 0 });
    await engine.gateway.schedulesIdle();
    clock.advance(61 * MINUTE);
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ due: 6, requests: 6, noService: 0 });
    expect(schedules).toEqual([]);
    expect(pageKeys().filter((k) => k === 'ATL 2026-07-16')).toHaveLength(2);
  });
});
