import { addDays, todayUtc } from '@gowild/contract/dates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { noJobs } from '../../test/alerts';
import { buildTestApp } from '../../test/build-test-app';

/** Decision 226: the app counts every traveller's search as the sweep's demand, off the search's path. */
let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildTestApp({ env: { SWEEP_BUDGET_PER_HOUR: '5000', SWEEP_DEMAND_MIN_SEARCHES: '2' }, deps: { jobs: noJobs } }));
}, 120_000);
afterAll(async () => {
  await app.close();
});

const demand = async () =>
  (
    (await deps.database.db.execute(
      sql`select origin, destination, travel_date::text as date, sum(searches)::int as n from sweep_demand group by 1, 2, 3 order by 1, 2, 3`,
    )) as unknown as { rows: { origin: string; destination: string; date: string; n: number }[] }
  ).rows;

describe("the sweep's demand", () => {
  it("records each (route, date) a traveller's search asks for, once per search", async () => {
    const date = addDays(todayUtc(deps.clock.now()), 1);
    const plan = deps.flights.planOutbound({ origin: 'DEN', destination: 'LAS', date });
    await deps.flights.search.run(plan, { isPremium: true });
    await deps.flights.search.run(plan, { isPremium: true });
    // The writes are off the search's path: wait for them (bounded), then look.
    for (let i = 0; i < 500 && (await demand()).reduce((n, r) => n + r.n, 0) < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await demand()).toEqual([{ origin: 'DEN', destination: 'LAS', date, n: 2 }]);
  });
});
