import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@gowild/contract/dates';
import type { Database } from '../../db/client';
import { testFlight } from '../../test/alerts';
import { createTestDatabase } from '../../test/database';
import { createObservationsRepository, partitionName } from './observations.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 90_000);
afterAll(async () => {
  await database.close();
});

const rows = async (q: string) => ((await database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
const q = (destination: string, date: string) => ({ origin: 'DEN', destination, date });

describe('observations repository', () => {
  it('keeps an identical answer as "seen again" and a changed flight as a new row', async () => {
    const repo = createObservationsRepository(database.db);
    const route = q('MCO', '2026-12-03');
    const a = testFlight(route, { go_wild: 49, standard: 129 }, { number: '100' });
    const b = testFlight(route, { standard: 99, discount_den: 89 }, { number: '200', departs: '15:00' });
    const t1 = new Date('2026-12-01T10:00:00Z');
    const t2 = new Date('2026-12-01T10:30:00Z');
    const t3 = new Date('2026-12-01T11:00:00Z');
    // A fresh database keeps no answer (decision 295: its only writer need not look any up).
    expect(await repo.newestCheck()).toBeUndefined();
    expect(await repo.record({ ...route, flights: [a, b], at: t1 })).toEqual({ inserted: 2, seenAgain: 0 });
    expect(await repo.record({ ...route, flights: [a, b], at: t2 })).toEqual({ inserted: 0, seenAgain: 2 });
    const b2 = testFlight(route, { standard: 109, discount_den: 89 }, { number: '200', departs: '15:00' });
    expect(await repo.record({ ...route, flights: [a, b2], at: t3 })).toEqual({ inserted: 1, seenAgain: 1 });

    expect((await repo.newestCheck())?.toISOString()).toBe(t3.toISOString());
    const history = await repo.history('DEN', 'MCO', '2026-12-03');
    expect(history.map((h) => [h.flightNumber, h.standardCents, h.firstSeenAt.toISOString(), h.lastSeenAt.toISOString()])).toEqual([
      ['100', 12900, t1.toISOString(), t3.toISOString()],
      ['200', 9900, t1.toISOString(), t2.toISOString()],
      ['200', 10900, t3.toISOString(), t3.toISOString()],
    ]);
    const latest = await repo.latest([route, q('LAS', '2026-12-03')]);
    expect([...latest.keys()]).toEqual(['DEN-MCO-2026-12-03']);
    expect(latest.get('DEN-MCO-2026-12-03')?.checkedAt.toISOString()).toBe(t3.toISOString());
    expect(latest.get('DEN-MCO-2026-12-03')?.flights[1]?.fares.standard?.total).toBe(109);
    const grid = await repo.grid(['DEN'], '2026-12-01', '2026-12-05');
    expect(grid).toEqual([
      expect.objectContaining({
        destination: 'MCO',
        date: '2026-12-03',
        goWildOffered: true,
        lowestGoWildCents: 4900,
        lowestFareCents: 8900,
        goWildSeats: 5,
      }),
    ]);
  });

  it('keeps a batch of answers in one go: routes on two months, a repeat of one route keeps the newest', async () => {
    const repo = createObservationsRepository(database.db);
    const atl = q('ATL', '2026-12-30');
    const sfo = q('SFO', '2027-01-02');
    const t1 = new Date('2026-12-20T10:00:00Z');
    const t2 = new Date('2026-12-20T10:05:00Z');
    const atlFlight = testFlight(atl, { standard: 99 }, { number: '300' });
    const sfoFlight = testFlight(sfo, { go_wild: 59, standard: 149 }, { number: '400' });
    expect(
      await repo.recordMany([
        { ...atl, flights: [atlFlight], at: t1 },
        { ...sfo, flights: [sfoFlight], at: t1 },
        // The same route again, later and dearer: only the newest state is kept from one batch.
        { ...atl, flights: [testFlight(atl, { standard: 119 }, { number: '300' })], at: t2 },
      ]),
    ).toEqual({ inserted: 2, seenAgain: 0 });
    expect((await repo.history('DEN', 'ATL', '2026-12-30')).map((h) => h.standardCents)).toEqual([11900]);
    // The next batch finds each flight's last row, on either month's partition.
    const t3 = new Date('2026-12-20T11:00:00Z');
    expect(
      await repo.recordMany([
        { ...sfo, flights: [sfoFlight], at: t3 },
        { ...atl, flights: [testFlight(atl, { standard: 119 }, { number: '300' })], at: t3 },
      ]),
    ).toEqual({ inserted: 0, seenAgain: 2 });
    const sfoHistory = await repo.history('DEN', 'SFO', '2027-01-02');
    expect(sfoHistory.map((h) => h.lastSeenAt.toISOString())).toEqual([t3.toISOString()]);
    const latest = await repo.latest([atl, sfo]);
    expect(latest.get('DEN-ATL-2026-12-30')?.flights[0]?.fares.standard?.total).toBe(119);
    expect(latest.get('DEN-SFO-2027-01-02')?.checkedAt.toISOString()).toBe(t3.toISOString());
  });

  it('reads and writes a thousand (route, date)s a statement, and the embedded database still commits after (decision 238)', async () => {
    // A week of trips from one origin asks for over a thousand keys at once. As a list of bound tuples, 300 or more
    // left PGlite a snapshot behind and the next such statement's commit never returned: the process hung.
    const repo = createObservationsRepository(database.db);
    const at = new Date('2026-12-01T09:00:00Z');
    const keys = Array.from({ length: 1200 }, (_, i) =>
      q(`X${String(i).padStart(3, '0')}`, `2027-02-${String(1 + (i % 28)).padStart(2, '0')}`),
    );
    const kept = keys.slice(0, 400);
    const written = await repo.recordMany(
      kept.map((k, i) => ({ ...k, flights: [testFlight(k, { standard: 100 + i }, { number: String(i) })], at })),
    );
    expect(written).toEqual({ inserted: 400, seenAgain: 0 });
    for (let round = 0; round < 3; round++) {
      const latest = await repo.latest(keys);
      expect(latest.size).toBe(400);
      expect(latest.get(`DEN-X007-2027-02-08`)?.flights[0]?.fares.standard?.total).toBe(107);
    }
    const again = await repo.recordMany(
      kept.map((k, i) => ({
        ...k,
        flights: [testFlight(k, { standard: 100 + i }, { number: String(i) })],
        at: new Date(at.getTime() + 60_000),
      })),
    );
    expect(again).toEqual({ inserted: 0, seenAgain: 400 });
  });

  it('leaves a newer latest answer in place when an older one arrives late', async () => {
    const repo = createObservationsRepository(database.db);
    const route = q('LAS', '2026-12-04');
    await repo.record({ ...route, flights: [testFlight(route, { standard: 80 })], at: new Date('2026-12-01T12:00:00Z') });
    await repo.record({ ...route, flights: [testFlight(route, { standard: 70 })], at: new Date('2026-12-01T11:00:00Z') });
    const latest = (await repo.latest([route])).get('DEN-LAS-2026-12-04');
    expect(latest?.flights[0]?.fares.standard?.total).toBe(80);
  });

  it('counts the days GoWild was offered when its window opened, per route and per flight', async () => {
    const repo = createObservationsRepository(database.db);
    // Domestic window: midnight at the origin the day before (Denver: 07:00 UTC in winter). Seen an hour after it opened.
    for (const [day, offered] of [
      ['2026-12-10', true],
      ['2026-12-11', false],
      ['2026-12-12', true],
    ] as const) {
      const route = q('ATL', day);
      const prev = new Date(`${day}T08:00:00Z`);
      prev.setUTCDate(prev.getUTCDate() - 1);
      await repo.record({
        ...route,
        flights: [testFlight(route, { go_wild: offered ? 39 : null, standard: 99 }, { number: '300' })],
        at: prev,
      });
    }
    // Seen only long after its window opened: not counted.
    const late = q('ATL', '2026-12-13');
    await repo.record({ ...late, flights: [testFlight(late, { go_wild: 39 })], at: new Date('2026-12-12T23:00:00Z') });
    const rowsOut = await repo.likelihood({
      origins: ['DEN'],
      destinations: ['ATL'],
      since: new Date('2026-11-20T00:00:00Z'),
      until: new Date('2026-12-20T00:00:00Z'),
      intl: [],
      domesticDays: 1,
      intlDays: 10,
      hours: 6,
      perFlight: true,
    });
    expect(rowsOut).toEqual(
      expect.arrayContaining([
        { destination: 'ATL', flightNumber: null, days: 3, offered: 2 },
        { destination: 'ATL', flightNumber: '300', days: 3, offered: 2 },
      ]),
    );
    // The same count, kept as the answers arrived (what the grid reads).
    expect(await repo.openings(['DEN'], ['ATL', 'MCO'], new Date('2026-11-20T00:00:00Z'), new Date('2026-12-20T00:00:00Z'))).toEqual([
      { destination: 'ATL', flightNumber: null, days: 3, offered: 2 },
    ]);
  });

  it("gives each destination's lowest fare per day it was seen", async () => {
    const repo = createObservationsRepository(database.db);
    const at = (d: string) => new Date(`${d}T10:00:00Z`);
    const r1 = { origin: 'PHX', destination: 'SJU', date: '2027-01-10' };
    const r2 = { origin: 'PHX', destination: 'SJU', date: '2027-01-11' };
    await repo.record({ ...r1, flights: [testFlight(r1, { standard: 120, discount_den: 110 })], at: at('2026-12-20') });
    await repo.record({ ...r2, flights: [testFlight(r2, { standard: 90 })], at: at('2026-12-20') });
    await repo.record({ ...r1, flights: [testFlight(r1, { standard: 120, discount_den: 110 })], at: at('2026-12-22') });
    const lows = await repo.dailyLows(['PHX'], ['SJU'], new Date('2026-12-01T00:00:00Z'));
    expect(lows.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { source: 'answer', destination: 'SJU', day: '2026-12-20', cents: 9000 },
      { source: 'answer', destination: 'SJU', day: '2026-12-22', cents: 11000 },
    ]);
  });

  it('keeps the latest ribbon figure per route and date, the figures before it as history, and ignores a late one', async () => {
    const repo = createObservationsRepository(database.db);
    const fig = (date: string, cents: number, at: string) => ({ origin: 'SLC', destination: 'MCO', date, cents, at: new Date(at) });
    const [t1, t2, t3] = ['2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z', '2026-12-02T09:00:00Z'];
    expect(await repo.recordRibbons([fig('2026-12-10', 7900, t1), fig('2026-12-11', 8900, t1)])).toEqual({
      new: 2,
      changed: 0,
      seenAgain: 0,
      late: 0,
    });
    // The 10th seen again unchanged, the 11th dearer; in one batch the newer of two figures of the 10th holds.
    expect(await repo.recordRibbons([fig('2026-12-10', 7500, t1), fig('2026-12-10', 7900, t2), fig('2026-12-11', 9900, t2)])).toEqual({
      new: 0,
      changed: 1,
      seenAgain: 1,
      late: 0,
    });
    // Older than what is kept (another process was quicker): nothing changes.
    expect(await repo.recordRibbons([fig('2026-12-11', 5000, '2026-12-01T10:30:00Z')])).toEqual({
      new: 0,
      changed: 0,
      seenAgain: 0,
      late: 1,
    });
    await repo.recordRibbons([fig('2026-12-11', 8900, t3)]);

    const grid = await repo.ribbonGrid(['SLC'], '2026-12-10', '2026-12-11');
    expect(grid.map((r) => [r.destination, r.date, r.cents, r.seenAt.toISOString()]).sort()).toEqual([
      ['MCO', '2026-12-10', 7900, new Date(t2).toISOString()],
      ['MCO', '2026-12-11', 8900, new Date(t3).toISOString()],
    ]);
    const runs = (await repo.ribbonHistory('SLC', 'MCO', '2026-12-11')).map((r) => [
      r.cents,
      r.firstSeenAt.toISOString(),
      r.lastSeenAt.toISOString(),
    ]);
    expect(runs).toEqual([
      [8900, new Date(t1).toISOString(), new Date(t1).toISOString()],
      [9900, new Date(t2).toISOString(), new Date(t2).toISOString()],
      [8900, new Date(t3).toISOString(), new Date(t3).toISOString()],
    ]);
    expect((await repo.ribbonHistory('SLC', 'MCO', '2026-12-10')).map((r) => [r.cents, r.lastSeenAt.toISOString()])).toEqual([
      [7900, new Date(t2).toISOString()],
    ]);
  });

  it("counts a ribbon's figure as its travel date's low, beside the answers' lows per day seen", async () => {
    const repo = createObservationsRepository(database.db);
    const route = { origin: 'OAK', destination: 'DEN', date: '2027-01-20' };
    const at = new Date('2026-12-15T10:00:00Z');
    await repo.record({ ...route, flights: [testFlight(route, { standard: 140, discount_den: 120 })], at });
    const fig = (date: string, cents: number, when: Date) => ({ origin: 'OAK', destination: 'DEN', date, cents, at: when });
    await repo.recordRibbons([fig('2027-01-19', 9900, at), fig('2027-01-21', 10900, at)]);
    // The 21st got dearer later: its lowest figure seen in the window counts. One seen before the window does not.
    await repo.recordRibbons([fig('2027-01-21', 12900, new Date('2026-12-16T10:00:00Z'))]);
    await repo.recordRibbons([fig('2027-01-22', 5000, new Date('2026-11-01T10:00:00Z'))]);
    const lows = await repo.dailyLows(['OAK'], ['DEN'], new Date('2026-12-01T00:00:00Z'));
    expect(lows.sort((a, b) => a.source.localeCompare(b.source) || a.day.localeCompare(b.day))).toEqual([
      { source: 'answer', destination: 'DEN', day: '2026-12-15', cents: 12000 },
      { source: 'ribbon', destination: 'DEN', day: '2027-01-19', cents: 9900 },
      { source: 'ribbon', destination: 'DEN', day: '2027-01-21', cents: 10900 },
    ]);
  });

  it('writes a thousand days of ribbon figures in one statement, and the embedded database still commits after (decision 238)', async () => {
    let statements = 0;
    const counting = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === 'execute') return (...args: Parameters<typeof target.execute>) => (statements++, target.execute(...args));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const repo = createObservationsRepository(counting);
    const at = new Date('2026-12-01T09:00:00Z');
    const figures = Array.from({ length: 1000 }, (_, i) => ({
      origin: 'RIB',
      destination: `R${String(i % 40).padStart(2, '0')}`,
      date: addDays('2027-03-01', Math.floor(i / 40)),
      cents: 5000 + i,
      at,
    }));
    expect(await repo.recordRibbons(figures)).toEqual({ new: 1000, changed: 0, seenAgain: 0, late: 0 });
    expect(statements).toBe(1);
    const later = new Date(at.getTime() + 60_000);
    expect(await repo.recordRibbons(figures.map((f, i) => ({ ...f, cents: i % 2 ? f.cents : f.cents + 1, at: later })))).toEqual({
      new: 0,
      changed: 500,
      seenAgain: 500,
      late: 0,
    });
    expect(statements).toBe(2);
    const grid = await repo.ribbonGrid(['RIB'], '2027-03-01', '2027-03-25');
    expect(grid).toHaveLength(1000);
    expect(grid.find((r) => r.destination === 'R07' && r.date === '2027-03-01')?.cents).toBe(5007);
  });

  it('is partitioned by month of travel date; prune drops whole old months and deletes the rest past retention', async () => {
    const repo = createObservationsRepository(database.db);
    const [kind] = await rows(`select relkind from pg_class where relname = 'flight_observations'`);
    expect(kind?.relkind).toBe('p');
    const months = ['2025-01-01', '2025-02-01'];
    expect((await repo.ensurePartitions(months)).created).toEqual(months.map(partitionName));
    expect((await repo.ensurePartitions(months)).created).toEqual([]);
    const old = q('BOS', '2025-01-20');
    const edge = q('BOS', '2025-02-20');
    await repo.record({ ...old, flights: [testFlight(old, { standard: 50 })], at: new Date('2025-01-19T10:00:00Z') });
    await repo.record({ ...edge, flights: [testFlight(edge, { standard: 50 })], at: new Date('2025-02-19T10:00:00Z') });
    const ribbonAt = new Date('2025-02-19T10:00:00Z');
    await repo.recordRibbons([
      { origin: 'DEN', destination: 'BOS', date: '2025-02-18', cents: 4000, at: ribbonAt },
      { origin: 'DEN', destination: 'BOS', date: '2025-02-26', cents: 4500, at: ribbonAt },
    ]);
    const [where] = await rows(`select tableoid::regclass::text as part from flight_observations where travel_date = '2025-01-20'`);
    expect(where?.part).toBe('flight_observations_2025_01');

    const pruned = await repo.prune('2025-02-25');
    expect(pruned.droppedPartitions).toContain('flight_observations_2025_01');
    expect(pruned.droppedPartitions).not.toContain('flight_observations_2025_02');
    expect(pruned.deletedRows).toBe(1);
    expect(pruned.deletedAnswers).toBe(2);
    expect(pruned.deletedRibbons).toBe(1);
    expect(await rows(`select 1 from ribbon_fares where travel_date < '2025-02-25'`)).toEqual([]);
    expect(await rows(`select 1 from ribbon_fares where travel_date = '2025-02-26'`)).toHaveLength(1);
    expect(await rows(`select 1 from flight_observations where travel_date < '2025-02-25'`)).toEqual([]);
    expect(await repo.history('DEN', 'MCO', '2026-12-03')).toHaveLength(3);
  });
});

describe('the likelihood read of the grid (decision 228)', () => {
  it("answers an origin's openings of the last 30 days from the openings index alone, never the table's pages", async () => {
    await database.db.execute(
      sql.raw(`
      insert into go_wild_openings (origin, destination, travel_date, opens_at, offered)
      select 'IDX', d, day::date, day - interval '1 day', (extract(day from day)::int % 3) <> 0
      from unnest(array['ATL','LAS','MCO','PHX','SFO']) d
        cross join generate_series(timestamp '2026-09-01', timestamp '2026-12-01', interval '1 day') day
      on conflict do nothing`),
    );
    await database.db.execute(sql.raw('vacuum analyze go_wild_openings'));
    const plan = await database.db.transaction(async (tx) => {
      // Whatever the table's size: the question is whether the index can answer by itself.
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      await tx.execute(sql.raw('set local enable_bitmapscan = off'));
      const r = (await tx.execute(
        sql.raw(`explain (analyze, costs off) select destination, count(distinct travel_date)::int as days,
          count(distinct travel_date) filter (where offered)::int as offered
        from go_wild_openings where origin in ('IDX') and destination in ('LAS', 'MCO')
          and opens_at between '2026-10-20T00:00:00Z' and '2026-11-19T00:00:00Z' group by destination`),
      )) as unknown as { rows: Record<string, string>[] };
      return r.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('Index Only Scan using go_wild_openings_origin_opens_idx');
    expect(plan).toContain('Heap Fetches: 0');
    const repo = createObservationsRepository(database.db);
    const counts = await repo.openings(['IDX'], ['LAS', 'MCO'], new Date('2026-10-20T00:00:00Z'), new Date('2026-11-19T00:00:00Z'));
    expect(counts.map((c) => [c.destination, c.days]).sort()).toEqual([
      ['LAS', 31],
      ['MCO', 31],
    ]);
  });
});
