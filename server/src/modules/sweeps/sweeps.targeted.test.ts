import { addDays } from '@gowild/contract/dates';
import { localDate } from '@gowild/contract/local-time';
import { Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { scriptedAirline } from '../../test/alerts';
import { createTestDatabase } from '../../test/database';
import { createCoverageReader } from './coverage.repository';
import { sweepMetrics } from './sweeps.metrics';
import { createSweepsRepository } from './sweeps.repository';
import { createSweeper } from './sweeps.service';

/**
 * The targeted plan through the service (decisions 258, 327): at 12:00 in Orlando, long after the day's windows
 * opened, one domestic route. No hourly refresh; cover pages that keep a figure under a day old for every day of the
 * grid's fortnight, fewer where the observation tables already hold figures that a traveller's pages brought.
 */
const START = new Date('2026-07-15T16:00:00Z');
const HOUR = 3_600_000;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database.close();
});

function setup(schema: string) {
  const clock = manualClock(START);
  const airline = scriptedAirline();
  const engine = airline.engine(clock, { UPSTREAM_RETRIES: '0' });
  const sweeper = createSweeper({
    repo: createSweepsRepository(database.db),
    flights: engine,
    reference: { routes: () => [{ origin: 'MCO', destination: schema }] },
    clock,
    metrics: sweepMetrics(new Registry()),
    settings: {
      budgetPerHour: 10_000,
      refreshMs: HOUR,
      laterMs: 4 * HOUR,
      runEveryMs: 60_000,
      concurrency: 4,
      coverDays: 14,
    },
    sweeperId: 'test',
    coverage: createCoverageReader(database.db),
  });
  return { clock, airline, sweeper };
}

describe('the targeted plan through the sweeper (decision 258)', () => {
  it('asks two cover pages for an empty fortnight, then only what the day adds until they near a day old', async () => {
    const { clock, airline, sweeper } = setup('ATL');
    const today = localDate(clock.now(), 'America/New_York');
    const first = await sweeper.run({ trigger: 'schedule' });
    expect(first).toMatchObject({ due: 2, requests: 2 });
    expect(airline.requests.map((q) => q.date)).toEqual([addDays(today, 3), addDays(today, 10)]);
    // No hourly refresh. At 01:00 the day after: the window opening of the day after that, and a page for the day
    // that joined the grid at midnight (the last day's own page: its week view reaches three days past the grid).
    clock.advance(13 * HOUR);
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ due: 2, requests: 2 });
    expect(airline.requests.slice(2).map((q) => q.date)).toEqual([addDays(today, 2), addDays(today, 14)]);
    // The first pages' figures last a day: at 11:30 nothing is due; at 11:45, within the lead, one page renews
    // the days neither of the 01:00 pages reaches.
    clock.advance(10.5 * HOUR);
    expect((await sweeper.run({ trigger: 'schedule' })).due).toBe(0);
    clock.advance(0.25 * HOUR);
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ due: 1, requests: 1 });
    expect(airline.requests.at(-1)?.date).toBe(addDays(today, 9));
  });

  it("reads the answers and week-view figures travellers' pages kept, and asks only for the days they left out", async () => {
    const { clock, airline, sweeper } = setup('DEN');
    const today = localDate(clock.now(), 'America/New_York');
    const at = new Date(clock.now().getTime() - HOUR).toISOString();
    // A traveller's page for today+3 brought its answer and a week view from today to today+6 (the rows the
    // observation store writes; the sweep reads the tables, not the observations module).
    await database.db.execute(sql`
      insert into observed_answers (origin, travel_date, destination, checked_at, changed_at, answer_hash, flights, flight_count,
        go_wild_offered)
      values ('MCO', ${addDays(today, 3)}, 'DEN', ${at}::timestamptz, ${at}::timestamptz, 'h', '[]'::jsonb, 0, false)`);
    for (const i of [0, 1, 2, 4, 5, 6])
      await database.db.execute(sql`
        insert into ribbon_fares (origin, travel_date, destination, lowest_fare_cents, first_seen_at, seen_at)
        values ('MCO', ${addDays(today, i)}, 'DEN', 9900, ${at}::timestamptz, ${at}::timestamptz)`);
    await sweeper.run({ trigger: 'schedule' });
    expect(airline.requests.map((q) => q.date)).toEqual([addDays(today, 10)]);
  });
});
