import { localDate } from '@gowild/contract/local-time';
import { Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { scriptedAirline } from '../../test/alerts';
import { createTestDatabase, withDatabase } from '../../test/database';
import type { FlightQuery } from '../../providers/flights/flights.provider';
import { sweepMetrics } from './sweeps.metrics';
import { slotKey } from './sweep-plan';
import { createSweepsRepository } from './sweeps.repository';
import { type SweepSettings, createSweeper } from './sweeps.service';

/**
 * The sweeper on a scripted airline and a clock the tests move: 12:00 in Orlando on 2026-07-15, long after the day's
 * windows opened, so nothing is an opening. Four domestic routes (today and tomorrow: 8 slots) and one
 * international (today through ten days ahead: 11 slots).
 */
const NETWORK = [
  { origin: 'MCO', destination: 'ATL' },
  { origin: 'MCO', destination: 'DEN' },
  { origin: 'LAX', destination: 'DEN' },
  { origin: 'DEN', destination: 'LAX' },
  { origin: 'MCO', destination: 'CUN' },
];
const SLOTS = 19;
const START = new Date('2026-07-15T16:00:00Z');
const MINUTE = 60_000;

let database: Database;
let day = 0;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await database.db.execute(sql`delete from sweep_slots`);
  await database.db.execute(sql`delete from sweep_runs`);
  await database.db.execute(sql`delete from sweep_demand`);
});

function setup(opts: { settings?: Partial<SweepSettings>; env?: Record<string, string>; db?: Database; id?: string } = {}) {
  // Each test on its own day, so no gateway cache or earlier run is in the way.
  const clock = manualClock(new Date(START.getTime() + day++ * 86_400_000));
  const airline = scriptedAirline();
  // The gateway's own time (the breaker's cooldown), real but movable: `skip(ms)` stands for waiting that long.
  let skipped = 0;
  const skip = (ms: number) => void (skipped += ms);
  const engine = airline.engine(clock, { UPSTREAM_RETRIES: '0', ...opts.env }, () => performance.now() + skipped);
  const sweeper = createSweeper({
    repo: createSweepsRepository((opts.db ?? database).db),
    flights: engine,
    reference: { routes: () => NETWORK },
    clock,
    metrics: sweepMetrics(new Registry()),
    // The service's mechanics (budget, claims, demand) on the plan that sweeps every open date; the targeted plan's
    // own test is in sweeps.targeted.test.ts.
    settings: {
      plan: 'hourly',
      budgetPerHour: 10_000,
      refreshMs: 60 * MINUTE,
      laterMs: 240 * MINUTE,
      runEveryMs: MINUTE,
      concurrency: 4,
      ...opts.settings,
    },
    sweeperId: opts.id ?? 'test',
  });
  return { clock, airline, engine, sweeper, skip };
}

const key = (q: FlightQuery) => `${q.origin}-${q.destination}-${q.date}`;
async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe('a sweep run', () => {
  it('asks the airline once per open (route, date), then waits for each slot to be due again', async () => {
    const { clock, airline, sweeper } = setup();
    const first = await sweeper.run({ trigger: 'schedule' });
    expect(first).toMatchObject({ due: SLOTS, swept: SLOTS, requests: SLOTS, failed: 0, routes: 5 });
    expect(new Set(airline.requests.map(key)).size).toBe(SLOTS);
    expect((await sweeper.run({ trigger: 'schedule' })).due).toBe(0);
    // An hour on: today and tomorrow again (4 domestic routes and the international one), not the later dates.
    clock.advance(61 * MINUTE);
    const again = await sweeper.run({ trigger: 'schedule' });
    expect(again).toMatchObject({ due: 10, requests: 10 });
  });

  it('keeps to the hourly budget: one run its steady share, the hour no more than the budget', async () => {
    const { clock, airline, sweeper } = setup({ settings: { budgetPerHour: 10 } });
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ requests: 1, skippedBudget: SLOTS - 1 });
    expect(await sweeper.run({ trigger: 'cli', wholeHour: true })).toMatchObject({ requests: 9, skippedBudget: SLOTS - 10 });
    expect(await sweeper.run({ trigger: 'cli', wholeHour: true })).toMatchObject({ requests: 0, skippedBudget: SLOTS - 10 });
    expect(airline.requests).toHaveLength(10);
    // The hour slides on: the budget is there again.
    clock.advance(61 * MINUTE);
    expect((await sweeper.run({ trigger: 'schedule' })).requests).toBe(1);
  });

  it('stops when the breaker opens, does not start while it is open, and resumes once it closes', async () => {
    const { airline, engine, sweeper, skip } = setup({
      env: { BREAKER_THRESHOLD: '2', BREAKER_COOLDOWN_MS: '1500' },
      settings: { concurrency: 1 },
    });
    airline.answer(() => ({ kind: 'blocked', status: 403, reason: 'perimeterx' }));
    const stopped = await sweeper.run({ trigger: 'schedule' });
    expect(stopped).toMatchObject({ stoppedByBreaker: true, requests: 2, swept: 0 });
    expect(airline.requests).toHaveLength(2);
    expect(engine.gateway.breakerState()).toBe('open');
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ stoppedByBreaker: true, requests: 0, due: 0 });
    expect(airline.requests).toHaveLength(2);
    skip(1600);
    airline.answer(() => ({ kind: 'flights', flights: [] }));
    // The slots it could not sweep were given back: the next run sweeps them all.
    expect(await sweeper.run({ trigger: 'schedule' })).toMatchObject({ stoppedByBreaker: false, swept: SLOTS, requests: SLOTS });
  });

  it("puts a traveller's request queued behind the sweep's first", async () => {
    const { airline, engine, sweeper } = setup({ env: { UPSTREAM_CONCURRENCY: '1' }, settings: { concurrency: 4 } });
    const holds: (() => void)[] = [];
    airline.answer(() => new Promise((resolve) => holds.push(() => resolve({ kind: 'flights', flights: [] }))));
    const run = sweeper.run({ trigger: 'schedule' });
    await until(() => airline.requests.length === 1);
    // The sweep has three more queries waiting for the one slot; a traveller arrives after them.
    await new Promise((r) => setTimeout(r, 50));
    const traveller = engine.gateway.fetch(
      { origin: 'MCO', destination: 'LAS', date: '2026-07-20' },
      { caller: { userId: 'u1', premium: false } },
    );
    await new Promise((r) => setTimeout(r, 20));
    holds.shift()!();
    await until(() => airline.requests.length === 2);
    expect(key(airline.requests[1]!)).toBe('MCO-LAS-2026-07-20');
    holds.shift()!();
    expect((await traveller).status).toBe('ok');
    const release = setInterval(() => holds.shift()?.(), 1);
    try {
      expect((await run).swept).toBe(SLOTS);
    } finally {
      clearInterval(release);
    }
  });
});

/** Two sweepers, each with its own gateway (two workers, no Redis): one database decides who sweeps each slot. */
async function twoSweepers(second: Database) {
  const a = setup({ id: 'worker-a' });
  const b = setup({ id: 'worker-b', db: second });
  day--; // the same day for both
  b.clock.set(a.clock.now());
  const airline = [a.airline, b.airline];
  for (const x of airline) x.answer(() => new Promise((r) => setTimeout(() => r({ kind: 'flights', flights: [] }), 10)));
  const [ra, rb] = await Promise.all([a.sweeper.run({ trigger: 'schedule' }), b.sweeper.run({ trigger: 'schedule' })]);
  const asked = [...a.airline.requests, ...b.airline.requests].map(key);
  expect(asked).toHaveLength(SLOTS);
  expect(new Set(asked).size).toBe(SLOTS);
  expect(ra.swept + rb.swept).toBe(SLOTS);
}

describe("travellers' demand (decision 226)", () => {
  it('sweeps a searched (route, date) again before it leaves the fresh time; the rest waits for the hourly refresh', async () => {
    const { clock, airline, sweeper } = setup({ settings: { demandMin: 2, freshMs: 10 * MINUTE } });
    await sweeper.run({ trigger: 'schedule' });
    const today = localDate(clock.now(), 'America/New_York');
    const searched = { origin: 'MCO', destination: 'ATL', date: today };
    // Two searches of MCO-ATL (one search counts a route once), one of MCO-DEN: only MCO-ATL is demanded.
    await sweeper.noteDemand([searched, { origin: 'MCO', destination: 'DEN', date: today }]);
    await sweeper.noteDemand([searched, searched]);
    clock.advance(8 * MINUTE);
    expect((await sweeper.run({ trigger: 'schedule' })).due).toBe(0);
    clock.advance(MINUTE);
    const before = airline.requests.length;
    const run = await sweeper.run({ trigger: 'schedule' });
    // Asked of the airline although the flight cache still holds the answer fresh for another minute.
    expect(run).toMatchObject({ due: 1, requests: 1, fromCache: 0 });
    expect(airline.requests.slice(before).map(key)).toEqual([`MCO-ATL-${today}`]);
    // An hour on the demand has faded: the hourly refresh only.
    clock.advance(70 * MINUTE);
    expect((await sweeper.run({ trigger: 'schedule' })).due).toBe(10);
  });

  it('counts nothing when demand weighting is off', async () => {
    const { sweeper } = setup({ settings: { demandMin: 0 } });
    await sweeper.noteDemand([{ origin: 'MCO', destination: 'ATL', date: '2026-07-15' }]);
    const rows = (await database.db.execute(sql`select count(*)::int as n from sweep_demand`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('several sweepers', () => {
  it('sweep each slot once between them', async () => {
    await twoSweepers(database);
  });

  it("take a dead sweeper's claimed slots at once, never a living one's", async () => {
    // Two holders by their heartbeats (db/liveness.ts): one beat just now, one a minute ago (dead after 8 s).
    const db = database.db;
    await db.execute(sql`
      insert into job_workers (id, started_at, heartbeat_at)
      values ('sweeper-alive', now(), now()), ('sweeper-dead', now() - interval '1 minute', now() - interval '1 minute')`);
    try {
      const beating = createSweepsRepository(db, { holdersBeat: true });
      const now = new Date();
      const until = new Date(now.getTime() + 10 * MINUTE);
      const alive = { origin: 'MCO', destination: 'ATL', date: '2026-07-15' };
      const dead = { origin: 'MCO', destination: 'DEN', date: '2026-07-15' };
      expect((await beating.claim([alive], 'sweeper-alive', now, until)).size).toBe(1);
      expect((await beating.claim([dead], 'sweeper-dead', now, until)).size).toBe(1);
      // The dead one's claim had ten minutes to run: it is taken now; the living one's is not.
      expect([...(await beating.claim([alive, dead], 'sweeper-next', now, until))]).toEqual([slotKey(dead)]);

      // One process without heartbeats (the embedded database): a claim holds until it runs out, whoever signed it.
      const unsigned = { origin: 'LAX', destination: 'DEN', date: '2026-07-15' };
      const plain = createSweepsRepository(db);
      expect((await plain.claim([unsigned], 'sweeper-gone', now, until)).size).toBe(1);
      expect((await plain.claim([unsigned], 'sweeper-next', now, until)).size).toBe(0);
      expect((await plain.claim([unsigned], 'sweeper-next', until, new Date(until.getTime() + MINUTE))).size).toBe(1);
    } finally {
      await db.execute(sql`delete from job_workers where id in ('sweeper-alive', 'sweeper-dead')`);
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!adminUrl)('sweep each slot once between them on PostgreSQL, each on its own connection', async () => {
    const name = ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!
      .name;
    const second = await openDatabase({ databaseUrl: withDatabase(adminUrl!, name), dataDir: 'memory://' });
    try {
      await twoSweepers(second);
    } finally {
      await second.close();
    }
  });
});
