/**
 * `npx tsx bench/grid.bench.ts -- [--pg postgres://admin…] [--days N] [--flights N] [--states N] [--queries N]`: the
 * destination × date grid's query (GET /api/flights/grid's service: the cells, and each destination's GoWild
 * likelihood over the last 30 days) over a year of synthetic observations of the whole committed route network, on
 * PostgreSQL; and the database bytes a day of observations takes. Prints the figures against the limit
 * (p99 at or under 50 ms) and the table rows for docs/benchmarks.md; writes no file.
 *
 * With --pg (or TEST_DATABASE_URL) the run uses a fresh database created on that server and dropped after; without
 * either it runs on PGlite in memory, which is not the figure the issue asks for (it says so).
 *
 * The year: travel dates from `days` - 35 days back to 35 ahead, every route, `flights` flights a day, each seen in
 * `states` distinct fare states (the rows an answer that changed leaves; an identical answer only moves
 * last_seen_at), written with generate_series on the server. The latest answers (one row per route and date, with
 * the flights as the airline gives them) cover today and the next 35 days, as sweeps keep them.
 */
import { loadavg } from 'node:os';
import { addDays, addMonths, monthStart, todayUtc } from '@gowild/contract/dates';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { ROUTE_SEED } from '../src/lib/reference-data/seed';
import { readAirports } from '../src/modules/flights/flights.module';
import { createObservationsRepository } from '../src/modules/observations/observations.repository';
import { createObservationsService } from '../src/modules/observations/observations.service';
import { testFlight } from '../src/test/alerts';
import { adminQuery, withDatabase } from '../src/test/database';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const DAYS = Number(arg('days') ?? 365);
const FLIGHTS = Number(arg('flights') ?? 3);
const STATES = Number(arg('states') ?? 3);
const QUERIES = Number(arg('queries') ?? 300);
const AHEAD = 35;
const PG_ADMIN_URL = arg('pg') ?? process.env.TEST_DATABASE_URL;
const EXPLAIN = process.argv.includes('--explain');
const LIMIT_MS = 50;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * q) - 1)]!;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function openBenchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!PG_ADMIN_URL) {
    console.log('No --pg: PGlite in memory (not the PostgreSQL figure the issue asks for).');
    return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  }
  const name = `gw_bench_grid_${process.pid}`;
  await adminQuery(PG_ADMIN_URL, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(PG_ADMIN_URL, name), dataDir: '', statementTimeoutMs: 0 });
  return {
    database,
    drop: async () => {
      await database.close();
      await adminQuery(PG_ADMIN_URL, `drop database if exists ${name}`);
    },
  };
}

/**
 * One stretch of travel dates of the synthetic history, written on the server: each state is seen for two days
 * before departure's eve; GoWild offered on about two days in three, seats 0-9.
 */
async function seedHistory(database: Database, from: string, to: string) {
  await database.db.execute(
    sql.raw(`
    insert into flight_observations (origin, destination, travel_date, flight_number, departure_time, first_seen_at,
      last_seen_at, go_wild_cents, go_wild_fare_type, go_wild_seats, standard_cents, standard_seats, discount_den_cents,
      discount_den_seats)
    select r.origin, r.destination, d::date, (1000 + f)::text, to_char(d::date, 'YYYY-MM-DD') || 'T0' || f || ':00:00',
      d - ((${STATES} - s + 1) * interval '2 days') - interval '4 hours',
      d - ((${STATES} - s) * interval '2 days') - interval '5 hours',
      case when (hashtext(r.origin || r.destination || d::text) + f) % 3 <> 0 then 1999 + (abs(hashtext(r.destination || s)) % 5000) end,
      null, abs(hashtext(r.origin || s || f)) % 10,
      6900 + abs(hashtext(r.origin || r.destination || d::text || s || f)) % 30000, abs(hashtext(d::text || f)) % 10,
      5900 + abs(hashtext(r.destination || r.origin || d::text || s || f)) % 25000, abs(hashtext(d::text || s)) % 10
    from bench_routes r
      cross join generate_series('${from}'::date, '${to}'::date, interval '1 day') d
      cross join generate_series(1, ${FLIGHTS}) f
      cross join generate_series(1, ${STATES}) s`),
  );
}

async function seed(database: Database, today: string) {
  const db = database.db;
  const repo = createObservationsRepository(db);
  const first = addDays(today, -(DAYS - AHEAD));
  const last = addDays(today, AHEAD);
  const months: string[] = [];
  for (let m = monthStart(first); m <= last; m = addMonths(m, 1)) months.push(m);
  await repo.ensurePartitions(months);
  await db.execute(sql.raw(`create table bench_routes (origin text, destination text)`));
  const values = ROUTE_SEED.map((r) => `('${r.origin}','${r.destination}')`).join(',');
  await db.execute(sql.raw(`insert into bench_routes values ${values}`));
  const t0 = performance.now();
  for (let from = first; from <= last; from = addDays(from, 30)) {
    const to = addDays(from, 29) < last ? addDays(from, 29) : last;
    await seedHistory(database, from, to);
  }
  // The window openings the gateway keeps as answers arrive (decision 184), from the same states (domestic window).
  await db.execute(
    sql.raw(`
    insert into go_wild_openings (origin, destination, travel_date, opens_at, offered)
    select origin, destination, travel_date, opens_at, bool_or(go_wild_cents is not null) from (
      select *, ((travel_date - 1)::timestamp at time zone 'America/New_York') as opens_at from flight_observations) o
    where last_seen_at >= opens_at and first_seen_at <= opens_at + interval '6 hours'
    group by origin, destination, travel_date, opens_at`),
  );
  const historyMs = performance.now() - t0;
  // The latest answers, as the gateway writes them (real flight JSON), for today and the days ahead.
  const t1 = performance.now();
  const batch: (typeof import('../src/db/schema').observedAnswers.$inferInsert)[] = [];
  const { observedAnswers } = await import('../src/db/schema');
  const flush = async () => {
    if (batch.length > 0) await db.insert(observedAnswers).values(batch.splice(0));
  };
  const checkedAt = new Date(Date.now() - 20 * 60_000);
  for (const r of ROUTE_SEED) {
    for (let i = 0; i <= AHEAD; i++) {
      const q = { origin: r.origin, destination: r.destination, date: addDays(today, i) };
      const flights = Array.from({ length: FLIGHTS }, (_, f) =>
        testFlight(q, { go_wild: (i + f) % 3 ? 29 + f : null, standard: 99 + f * 10, discount_den: 89 + f }, { number: String(1000 + f) }),
      );
      batch.push({
        ...{ origin: q.origin, destination: q.destination, travelDate: q.date },
        checkedAt,
        changedAt: checkedAt,
        answerHash: 'bench',
        flights,
        flightCount: flights.length,
        goWildOffered: flights.some((f) => f.fares.go_wild),
        lowestGoWildCents: 2900,
        lowestFareCents: 8900,
        goWildSeats: 5,
      });
      if (batch.length >= 500) await flush();
    }
  }
  await flush();
  await db.execute(sql.raw('drop table bench_routes'));
  // As autovacuum leaves an insert-mostly table (PostgreSQL 13+ vacuums after inserts): statistics and the visibility
  // map that lets the likelihood read answer from its index alone (decision 228).
  await db.execute(sql.raw('vacuum analyze'));
  return { historyMs, answersMs: performance.now() - t1 };
}

async function sizes(database: Database) {
  const rows = (
    (await database.db.execute(
      sql.raw(`
      select
        (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'flight_observations'::regclass)::bigint as history_bytes,
        (select count(*) from flight_observations)::bigint as history_rows,
        pg_total_relation_size('observed_answers')::bigint as answers_bytes,
        (select count(*) from observed_answers)::bigint as answers_rows,
        pg_total_relation_size('go_wild_openings')::bigint as openings_bytes`),
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows[0]!;
  return {
    historyBytes: Number(rows.history_bytes),
    historyRows: Number(rows.history_rows),
    answersBytes: Number(rows.answers_bytes),
    answersRows: Number(rows.answers_rows),
    openingsBytes: Number(rows.openings_bytes),
  };
}

/** `--explain`: the plans of the grid's two reads for the busiest origin (EXPLAIN ANALYZE, BUFFERS). */
async function explain(database: Database, origin: string, destinations: string[], today: string) {
  const list = destinations.map((d) => `'${d}'`).join(',');
  const queries = {
    cells: `select origin, destination, travel_date, checked_at, flight_count, go_wild_offered, lowest_go_wild_cents,
      lowest_fare_cents, go_wild_seats from observed_answers
      where origin in ('${origin}') and travel_date between '${today}' and '${addDays(today, 13)}'`,
    openings: `select destination, count(distinct travel_date)::int as days,
      count(distinct travel_date) filter (where offered)::int as offered from go_wild_openings
      where origin in ('${origin}') and destination in (${list})
        and opens_at between now() - interval '30 days' and now() group by destination`,
  };
  for (const [name, q] of Object.entries(queries)) {
    const r = (await database.db.execute(sql.raw(`explain (analyze, buffers) ${q}`))) as unknown as {
      rows: Record<string, string>[];
    };
    console.log(`\nEXPLAIN ANALYZE ${name} (${origin}):\n${r.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

async function main() {
  const { database, drop } = await openBenchDatabase();
  try {
    const today = todayUtc(new Date());
    const seeded = await seed(database, today);
    const size = await sizes(database);
    const origins = [...new Set(ROUTE_SEED.map((r) => r.origin))];
    const destinationsFrom = (o: string) => ROUTE_SEED.filter((r) => r.origin === o).map((r) => r.destination);
    const service = createObservationsService({
      repository: createObservationsRepository(database.db),
      clock: systemClock,
      reference: { destinationsFrom, isBlackout: () => false },
      readAirports,
      demo: () => true,
    });
    // The busiest origins most often (a traveller's grid is usually a hub's), every origin some of the time.
    const byRoutes = [...origins].sort((a, b) => destinationsFrom(b).length - destinationsFrom(a).length);
    const pick = (i: number) => (i % 2 === 0 ? byRoutes[i % 10]! : origins[(i * 7919) % origins.length]!);
    for (let i = 0; i < 20; i++) await service.grid({ origin: pick(i), from: today, days: 14 }, true);
    if (EXPLAIN) await explain(database, byRoutes[0]!, destinationsFrom(byRoutes[0]!), today);
    const times: number[] = [];
    // The baseline, measured in the same run between the grid queries: one round trip to the database (select 1),
    // so a loaded machine's scheduling shows in both.
    const baseline: number[] = [];
    let cells = 0;
    for (let i = 0; i < QUERIES; i++) {
      const b = performance.now();
      await database.db.execute(sql.raw('select 1'));
      baseline.push(performance.now() - b);
      const t = performance.now();
      const g = await service.grid({ origin: pick(i), from: addDays(today, i % 20), days: 14 }, true);
      times.push(performance.now() - t);
      cells += g.destinations.length * g.dates.length;
    }
    // The cells' query alone, for the breakdown.
    const repo = createObservationsRepository(database.db);
    const cellTimes: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      await repo.grid([pick(i)], addDays(today, i % 20), addDays(today, (i % 20) + 13));
      cellTimes.push(performance.now() - t);
    }
    console.log(`cells' query alone: p50 ${quantile(cellTimes, 0.5).toFixed(1)} ms, p99 ${quantile(cellTimes, 0.99).toFixed(1)} ms`);
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    const p99 = quantile(times, 0.99);
    const perDay = (size.historyBytes + size.openingsBytes) / DAYS;
    const load = loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    console.log(`database: ${PG_ADMIN_URL ? 'PostgreSQL' : 'PGlite'}; load ${load}`);
    console.log(
      `seeded ${size.historyRows.toLocaleString()} flight states (${ROUTE_SEED.length} routes x ${DAYS} days x ${FLIGHTS} flights x ${STATES} states) in ${(seeded.historyMs / 1000).toFixed(1)} s; ${size.answersRows.toLocaleString()} latest answers in ${(seeded.answersMs / 1000).toFixed(1)} s`,
    );
    const b99 = quantile(baseline, 0.99);
    console.log(
      `baseline (select 1): p50 ${quantile(baseline, 0.5).toFixed(1)} ms, p99 ${b99.toFixed(1)} ms; grid p99 is ${(p99 / b99).toFixed(1)}x it`,
    );
    console.log(
      `grid (14 days, ${(cells / QUERIES).toFixed(0)} cells on average), ${QUERIES} queries: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms — ${(p99 / LIMIT_MS).toFixed(2)}x the ${LIMIT_MS} ms limit (${p99 <= LIMIT_MS ? 'within' : 'OVER'})`,
    );
    console.log(
      `bytes: flight states ${mb(size.historyBytes)} (${(size.historyBytes / size.historyRows).toFixed(0)} B a row with its indexes), ${mb(perDay)} a day of observations; latest answers ${mb(size.answersBytes)} (${(size.answersBytes / size.answersRows).toFixed(0)} B a route and date)`,
    );
    console.log('\nFor docs/benchmarks.md:');
    console.log(
      `| grid query p99 (14 days, whole network, ${DAYS} days of observations) | ${p99.toFixed(1)} ms (p50 ${p50.toFixed(1)}, p95 ${p95.toFixed(1)}) | ≤ ${LIMIT_MS} ms (${(p99 / LIMIT_MS).toFixed(2)}x); select 1 p99 ${b99.toFixed(1)} ms | load ${load} |`,
    );
    console.log(
      `| database bytes a day of observations | ${mb(perDay)} (${(size.historyBytes / size.historyRows).toFixed(0)} B a flight state) | — | |`,
    );
  } finally {
    await drop();
  }
}

await main();
