import { isIsoDate, utcDateOf } from '@gowild/contract/dates';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ribbonFareHistory, ribbonFares } from '../../db/schema';
import type { FlightQuery, RouteRibbon } from '../../providers/flights/flights.provider';

/** One (route, travel date)'s lowest fare as a results page's ribbon showed it (decision 243). */
export interface RibbonFigure {
  origin: string;
  destination: string;
  date: string;
  cents: number;
  at: Date;
}

/** A ribbon figure as the grid reads it: the latest per route and date, and when it was last seen. */
export interface RibbonRow {
  origin: string;
  destination: string;
  date: string;
  cents: number;
  seenAt: Date;
}

/** One figure of a route and date, from when it was first seen to when it was last seen. */
export interface RibbonRun {
  cents: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** What became of a batch's figures: a route and date's first, a changed figure, the same again, or older than the kept one. */
export interface RibbonWrite {
  new: number;
  changed: number;
  seenAgain: number;
  late: number;
}

/** More than any fare a page shows: a figure past it is a misreading, not a fare (and would not fit the column). */
const MAX_FARE_USD = 100_000;

/**
 * The figures of a page's ribbons, one per (route, date). The searched date of the searched route is left out: its
 * answer, kept with it, says the same and more (every flight, every fare type, GoWild).
 */
export function ribbonFigures(query: FlightQuery, ribbons: readonly RouteRibbon[], at: Date): RibbonFigure[] {
  const out = new Map<string, RibbonFigure>();
  for (const r of ribbons) {
    for (const d of r.days) {
      if (r.origin === query.origin && r.destination === query.destination && d.date === query.date) continue;
      if (!isIsoDate(d.date) || !Number.isFinite(d.lowestFare) || d.lowestFare <= 0 || d.lowestFare > MAX_FARE_USD) continue;
      const key = `${r.origin}-${r.destination}-${d.date}`;
      const cents = Math.round(d.lowestFare * 100);
      // A day named twice on one page: its lowest, like every other figure.
      const prev = out.get(key);
      if (!prev || cents < prev.cents) out.set(key, { origin: r.origin, destination: r.destination, date: d.date, cents, at });
    }
  }
  return [...out.values()];
}

/** Of several figures for one (route, date) in a batch, the newest: one statement cannot change a row twice. */
function newestPerKey(figures: readonly RibbonFigure[]): RibbonFigure[] {
  const newest = new Map<string, RibbonFigure>();
  for (const f of figures) {
    const key = `${f.origin}-${f.destination}-${f.date}`;
    const prev = newest.get(key);
    if (!prev || f.at.getTime() >= prev.at.getTime()) newest.set(key, f);
  }
  return [...newest.values()];
}

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const isoDay = (v: unknown) => (v instanceof Date ? utcDateOf(v) : String(v).slice(0, 10));
type Rows<T> = { rows: T[] };

/** The ribbon's tables: the latest figure per route and date (`ribbon_fares`) and the figures before it. */
export function ribbonFaresOf(db: Db) {
  const run = async <T>(query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  const list = (xs: readonly string[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );

  return {
    /**
     * Keeps ribbon figures in one statement whatever their number, passed as one JSON parameter (decision 238: never a
     * row-value list). A figure equal to the kept one moves its `seen_at`; a different one replaces it, and the one
     * it replaces goes to the history with when it was first and last seen. A figure older than the kept one's last
     * sighting (another process was quicker) changes nothing.
     */
    async recordRibbons(batch: readonly RibbonFigure[]): Promise<RibbonWrite> {
      const figures = newestPerKey(batch);
      if (figures.length === 0) return { new: 0, changed: 0, seenAgain: 0, late: 0 };
      const rows = JSON.stringify(
        figures.map((f) => ({
          origin: f.origin,
          destination: f.destination,
          travel_date: f.date,
          cents: f.cents,
          seen_at: f.at.toISOString(),
        })),
      );
      const [counts] = await run<{ figures: number; previous: number; changed: number; kept: number }>(sql`
        with x as (
          select * from jsonb_to_recordset(${rows}::jsonb)
            as x(origin text, destination text, travel_date date, cents int, seen_at timestamptz)
        ), prev as (
          select f.origin, f.destination, f.travel_date, f.lowest_fare_cents, f.first_seen_at, f.seen_at,
            x.cents as next_cents, x.seen_at as next_seen_at
          from ${ribbonFares} f
          join x on f.origin = x.origin and f.destination = x.destination and f.travel_date = x.travel_date
        ), closed as (
          insert into ${ribbonFareHistory} (origin, destination, travel_date, lowest_fare_cents, first_seen_at, last_seen_at)
          select origin, destination, travel_date, lowest_fare_cents, first_seen_at, seen_at from prev
          where lowest_fare_cents <> next_cents and seen_at < next_seen_at
          returning 1
        ), kept as (
          insert into ${ribbonFares} as f (origin, travel_date, destination, lowest_fare_cents, first_seen_at, seen_at)
          select origin, travel_date, destination, cents, seen_at, seen_at from x
          on conflict (origin, travel_date, destination) do update set
            first_seen_at = case when f.lowest_fare_cents = excluded.lowest_fare_cents then f.first_seen_at else excluded.first_seen_at end,
            lowest_fare_cents = excluded.lowest_fare_cents,
            seen_at = excluded.seen_at
          where f.seen_at < excluded.seen_at
          returning 1
        )
        select (select count(*) from x)::int as figures, (select count(*) from prev)::int as previous,
          (select count(*) from closed)::int as changed, (select count(*) from kept)::int as kept`);
      const n = { figures: Number(counts?.figures ?? 0), previous: Number(counts?.previous ?? 0), changed: Number(counts?.changed ?? 0) };
      const kept = Number(counts?.kept ?? 0);
      const fresh = n.figures - n.previous;
      return { new: fresh, changed: n.changed, seenAgain: kept - fresh - n.changed, late: n.figures - kept };
    },

    /** The latest ribbon figure of every route from these origins on the travel dates from `from` to `to` (inclusive). */
    async ribbonGrid(origins: readonly string[], from: string, to: string): Promise<RibbonRow[]> {
      const rows = await run<Record<string, unknown>>(sql`
        select origin, destination, travel_date, lowest_fare_cents, seen_at from ${ribbonFares}
        where origin in (${list(origins)}) and travel_date between ${from} and ${to}`);
      return rows.map((r) => ({
        origin: String(r.origin),
        destination: String(r.destination),
        date: isoDay(r.travel_date),
        cents: Number(r.lowest_fare_cents),
        seenAt: asDate(r.seen_at),
      }));
    },

    /** Every figure one route and date's ribbons showed, oldest first, the latest last. */
    async ribbonHistory(origin: string, destination: string, date: string): Promise<RibbonRun[]> {
      const rows = await run<Record<string, unknown>>(sql`
        select lowest_fare_cents, first_seen_at, last_seen_at from ${ribbonFareHistory}
        where origin = ${origin} and destination = ${destination} and travel_date = ${date}
        union all
        select lowest_fare_cents, first_seen_at, seen_at as last_seen_at from ${ribbonFares}
        where origin = ${origin} and destination = ${destination} and travel_date = ${date}
        order by first_seen_at`);
      return rows.map((r) => ({
        cents: Number(r.lowest_fare_cents),
        firstSeenAt: asDate(r.first_seen_at),
        lastSeenAt: asDate(r.last_seen_at),
      }));
    },

    /** Removes the figures of travel dates before `cutoff` (the observations' retention); returns how many. */
    async pruneRibbons(cutoff: string): Promise<number> {
      const [latest] = await run<{ n: number }>(sql`
        with d as (delete from ${ribbonFares} where travel_date < ${cutoff} returning 1) select count(*)::int as n from d`);
      const [older] = await run<{ n: number }>(sql`
        with d as (delete from ${ribbonFareHistory} where travel_date < ${cutoff} returning 1) select count(*)::int as n from d`);
      return Number(latest?.n ?? 0) + Number(older?.n ?? 0);
    },
  };
}
