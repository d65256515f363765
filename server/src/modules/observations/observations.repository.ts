import { createHash } from 'node:crypto';
import type { Flight } from '@gowild/contract/flights';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addDays, addMonths, utcDateOf } from '@gowild/contract/dates';
import { goWildSegmentOpensAt } from '@gowild/contract/gowild-window';
import { flightObservations, goWildOpenings, observedAnswers, ribbonFareHistory, ribbonFares } from '../../db/schema';
import { findAirport, isDomesticRoute } from '../../lib/reference-data/airports';
import { ribbonFaresOf } from './ribbon-fares';

/** Hours after a GoWild window opens during which an answer counts as "when its window opened" (decision 184). */
export const WINDOW_OPENING_HOURS = 6;

/** One airline answer for a (route, travel date), as the gateway saw it. */
export interface AnswerSeen {
  origin: string;
  destination: string;
  date: string;
  flights: Flight[];
  at: Date;
}

/**
 * A route's lowest fare on a day: of the answers seen that UTC day (`answer`), or as a ribbon showed it for that
 * travel date (`ribbon`, decision 243).
 */
export interface DailyLow {
  source: 'answer' | 'ribbon';
  destination: string;
  day: string;
  cents: number;
}

/** The latest answer kept for a (route, date): its flights and when the airline last gave it. */
export interface LatestAnswer {
  flights: Flight[];
  checkedAt: Date;
}

/** One cell of the destination by date grid, as stored. */
export interface GridRow {
  origin: string;
  destination: string;
  date: string;
  checkedAt: Date;
  flightCount: number;
  goWildOffered: boolean;
  lowestGoWildCents: number | null;
  lowestFareCents: number | null;
  goWildSeats: number | null;
}

/** Days on which a destination's (or flight's) GoWild window opened while we were looking, and on how many it was offered. */
export interface LikelihoodRow {
  destination: string;
  /** Null for the whole route. */
  flightNumber: string | null;
  days: number;
  offered: number;
}

/** A flight's state from `firstSeenAt` to `lastSeenAt` (one observation row). */
export interface FlightStateRow {
  flightNumber: string;
  departureTime: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  goWildCents: number | null;
  goWildFareType: string | null;
  standardCents: number | null;
  discountDenCents: number | null;
}

const cents = (usd: number | undefined | null) => (usd === undefined || usd === null ? null : Math.round(usd * 100));
const seatsOf = (f: { available_seats?: number | null } | null) => f?.available_seats ?? null;
/** The GoWild fare's type when the airline names one (the field is optional and may be absent). */
function fareTypeOf(flight: Flight): string | null {
  const t = (flight.fares.go_wild as { fare_type?: unknown } | null)?.fare_type;
  return typeof t === 'string' && t !== '' ? t.slice(0, 40) : null;
}

/** What one flight's row holds; two answers with equal states are "seen again". */
function stateOf(f: Flight) {
  return {
    flightNumber: f.flight_number,
    departureTime: f.departure_time,
    goWildCents: cents(f.fares.go_wild?.total),
    goWildFareType: fareTypeOf(f),
    goWildSeats: seatsOf(f.fares.go_wild),
    standardCents: cents(f.fares.standard?.total),
    standardSeats: seatsOf(f.fares.standard),
    discountDenCents: cents(f.fares.discount_den?.total),
    discountDenSeats: seatsOf(f.fares.discount_den),
  };
}
type FlightState = ReturnType<typeof stateOf>;
const STATE_FIELDS = [
  'goWildCents',
  'goWildFareType',
  'goWildSeats',
  'standardCents',
  'standardSeats',
  'discountDenCents',
  'discountDenSeats',
] as const;
const sameState = (a: FlightState, b: Record<(typeof STATE_FIELDS)[number], unknown>) =>
  STATE_FIELDS.every((k) => (a[k] ?? null) === (b[k] ?? null));
const flightKey = (n: string, t: string) => `${n}|${t}`;

/** The grid's figures for one answer. */
function summaryOf(flights: Flight[]) {
  let lowestGoWild: number | null = null;
  let goWildSeats: number | null = null;
  let seatsKnown = false;
  let lowestFare: number | null = null;
  for (const f of flights) {
    const gw = cents(f.fares.go_wild?.total);
    if (gw !== null && (lowestGoWild === null || gw < lowestGoWild)) lowestGoWild = gw;
    const seats = gw === null ? null : seatsOf(f.fares.go_wild);
    if (seats !== null) {
      goWildSeats = seatsKnown ? Math.max(goWildSeats ?? 0, seats) : seats;
      seatsKnown = true;
    }
    for (const fare of [f.fares.standard, f.fares.discount_den]) {
      const c = cents(fare?.total);
      if (c !== null && (lowestFare === null || c < lowestFare)) lowestFare = c;
    }
  }
  return { goWildOffered: lowestGoWild !== null, lowestGoWildCents: lowestGoWild, lowestFareCents: lowestFare, goWildSeats };
}

type Rows<T> = { rows: T[] };
const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const asNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const isoDay = (v: unknown) => (v instanceof Date ? utcDateOf(v) : String(v).slice(0, 10));

/** A month's partition name (`flight_observations_2026_11`) for the first day of that month. */
export const partitionName = (firstOfMonth: string) => `flight_observations_${firstOfMonth.slice(0, 4)}_${firstOfMonth.slice(5, 7)}`;

/** The statement runner and list builder every part of the repository uses. */
function sqlOn(db: Db) {
  const list = (xs: readonly string[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const run = async <T>(query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  return { list, run };
}

/** The key of a (route, travel date). */
const answerKey = (a: { origin: string; destination: string; date: string }) => `${a.origin}-${a.destination}-${a.date}`;

/**
 * Many (route, travel date) keys as one JSON parameter, read as rows of (origin, destination, travel_date). Not a
 * row-value list `(a, b, c) in ((…), (…), …)`: on the embedded database such a list of about 300 tuples or more leaves
 * a snapshot behind ("snapshot … still active") and the next one's commit never returns, which hung the whole
 * process on a week of trips (decision 238).
 */
const routeDateKeys = (keys: readonly { origin: string; destination: string; date: string }[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ origin: k.origin, destination: k.destination, travel_date: k.date })))}::jsonb)
    as k(origin text, destination text, travel_date date)`;

/**
 * Of several answers for one (route, date) in a batch, the newest: one statement cannot change a row twice, and the
 * newest state is the one that holds (decision 180).
 */
function newestPerRoute(answers: readonly AnswerSeen[]): AnswerSeen[] {
  const newest = new Map<string, AnswerSeen>();
  for (const a of answers) {
    const prev = newest.get(answerKey(a));
    if (!prev || a.at.getTime() >= prev.at.getTime()) newest.set(answerKey(a), a);
  }
  return [...newest.values()];
}

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters at about 15 a row. */
const INSERT_CHUNK = 2000;
/** The columns of a new flight_observations row, and their types as jsonb_to_recordset reads them. */
const FLIGHT_STATE_TYPES =
  'origin text, destination text, travel_date date, flight_number text, departure_time text, first_seen_at timestamptz, ' +
  'last_seen_at timestamptz, go_wild_cents int, go_wild_fare_type text, go_wild_seats int, standard_cents int, ' +
  'standard_seats int, discount_den_cents int, discount_den_seats int';
/** The column names of a `name type, …` list. */
const namesOf = (types: string) =>
  types
    .split(', ')
    .map((c) => c.split(' ')[0])
    .join(', ');
const FLIGHT_STATE_COLUMNS = namesOf(FLIGHT_STATE_TYPES);
/** The columns of an observed_answers row, likewise. */
const ANSWER_TYPES =
  'origin text, travel_date date, destination text, checked_at timestamptz, changed_at timestamptz, answer_hash text, ' +
  'flights jsonb, flight_count int, go_wild_offered boolean, lowest_go_wild_cents int, lowest_fare_cents int, go_wild_seats int';
const ANSWER_COLUMNS = namesOf(ANSWER_TYPES);

/** Answers seen in the first hours of their date's GoWild window: whether GoWild was offered then. */
async function recordOpenings(db: Db, answers: readonly AnswerSeen[]): Promise<void> {
  const rows = answers.flatMap((a) => {
    const opensAt = goWildSegmentOpensAt(
      isDomesticRoute(a.origin, a.destination) ? 'domestic' : 'international',
      a.date,
      findAirport(a.origin)?.timezone,
    );
    const since = a.at.getTime() - opensAt.getTime();
    if (since < 0 || since > WINDOW_OPENING_HOURS * 3_600_000) return [];
    const offered = a.flights.some((f) => f.fares.go_wild !== null);
    return [{ origin: a.origin, destination: a.destination, travelDate: a.date, opensAt, offered }];
  });
  if (rows.length === 0) return;
  await db
    .insert(goWildOpenings)
    .values(rows)
    .onConflictDoUpdate({
      target: [goWildOpenings.origin, goWildOpenings.destination, goWildOpenings.travelDate],
      set: { offered: sql`${goWildOpenings.offered} or excluded.offered` },
    });
}

/** An answer as its observed_answers row, by column name (the JSON row of recordMany's insert). */
function answerRow(a: AnswerSeen) {
  const summary = summaryOf(a.flights);
  return {
    origin: a.origin,
    travel_date: a.date,
    destination: a.destination,
    checked_at: a.at.toISOString(),
    changed_at: a.at.toISOString(),
    answer_hash: createHash('sha1').update(JSON.stringify(a.flights)).digest('base64url'),
    flights: a.flights,
    flight_count: a.flights.length,
    go_wild_offered: summary.goWildOffered,
    lowest_go_wild_cents: summary.lowestGoWildCents,
    lowest_fare_cents: summary.lowestFareCents,
    go_wild_seats: summary.goWildSeats,
  };
}

/** Keeping answers: the latest answer, the flights' states, the window openings. */
function writes(db: Db) {
  const { run } = sqlOn(db);

  /** Each flight's new state as a new row; an unchanged one moves its last row's `last_seen_at`. */
  async function recordFlights(answers: readonly AnswerSeen[]): Promise<{ inserted: number; seenAgain: number }> {
    const latest = await run<Record<string, unknown>>(sql`
      select distinct on (origin, destination, travel_date, flight_number, departure_time) id, origin, destination,
        travel_date, flight_number, departure_time, go_wild_cents, go_wild_fare_type, go_wild_seats, standard_cents,
        standard_seats, discount_den_cents, discount_den_seats
      from ${flightObservations}
      where (origin, destination, travel_date) in (select * from ${routeDateKeys(answers)})
        and travel_date in (${sql.join(
          [...new Set(answers.map((a) => a.date))].map((d) => sql`${d}::date`),
          sql`, `,
        )})
      order by origin, destination, travel_date, flight_number, departure_time, first_seen_at desc, id desc`);
    const last = new Map(
      latest.map((r) => [
        `${String(r.origin)}-${String(r.destination)}-${isoDay(r.travel_date)}|${flightKey(String(r.flight_number), String(r.departure_time))}`,
        r,
      ]),
    );
    const again: { id: number; date: string; at: Date }[] = [];
    const fresh: (FlightState & { origin: string; destination: string; travelDate: string; firstSeenAt: Date; lastSeenAt: Date })[] = [];
    for (const a of answers) {
      const seen = new Set<string>();
      for (const f of a.flights) {
        const s = stateOf(f);
        const key = `${answerKey(a)}|${flightKey(s.flightNumber, s.departureTime)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const prev = last.get(key);
        const prevState = prev && {
          goWildCents: asNum(prev.go_wild_cents),
          goWildFareType: prev.go_wild_fare_type ?? null,
          goWildSeats: asNum(prev.go_wild_seats),
          standardCents: asNum(prev.standard_cents),
          standardSeats: asNum(prev.standard_seats),
          discountDenCents: asNum(prev.discount_den_cents),
          discountDenSeats: asNum(prev.discount_den_seats),
        };
        if (prev && prevState && sameState(s, prevState)) again.push({ id: Number(prev.id), date: a.date, at: a.at });
        else fresh.push({ ...s, origin: a.origin, destination: a.destination, travelDate: a.date, firstSeenAt: a.at, lastSeenAt: a.at });
      }
    }
    if (again.length > 0) {
      // One statement for the batch; the travel dates let PostgreSQL skip the months' partitions not involved.
      const rows = JSON.stringify(again.map((g) => ({ id: g.id, travel_date: g.date, at: g.at.toISOString() })));
      await run(sql`update ${flightObservations} o set last_seen_at = v.at
        from jsonb_to_recordset(${rows}::jsonb) as v(id bigint, travel_date date, at timestamptz)
        where o.travel_date = v.travel_date and o.id = v.id and o.last_seen_at < v.at`);
    }
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      // The rows as one JSON parameter: thousands of bound values cost the query builder and the embedded
      // database far more to build and read than one JSON text (decision 236).
      const rows = fresh.slice(i, i + INSERT_CHUNK).map((f) => ({
        origin: f.origin,
        destination: f.destination,
        travel_date: f.travelDate,
        flight_number: f.flightNumber,
        departure_time: f.departureTime,
        first_seen_at: f.firstSeenAt.toISOString(),
        last_seen_at: f.lastSeenAt.toISOString(),
        go_wild_cents: f.goWildCents,
        go_wild_fare_type: f.goWildFareType,
        go_wild_seats: f.goWildSeats,
        standard_cents: f.standardCents,
        standard_seats: f.standardSeats,
        discount_den_cents: f.discountDenCents,
        discount_den_seats: f.discountDenSeats,
      }));
      await run(sql`insert into ${flightObservations} (${sql.raw(FLIGHT_STATE_COLUMNS)})
        select ${sql.raw(FLIGHT_STATE_COLUMNS)}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(FLIGHT_STATE_TYPES)})`);
    }
    return { inserted: fresh.length, seenAgain: again.length };
  }

  /**
   * Keeps airline answers, several in a few statements whatever their number: each route's latest answer is
   * replaced (its check time moves on; its change time only when the answer differs), and each flight gets a new
   * row only when its fares or seats changed, else its last row is "seen again" (`last_seen_at`).
   */
  async function recordMany(batch: readonly AnswerSeen[]): Promise<{ inserted: number; seenAgain: number }> {
    const answers = newestPerRoute(batch);
    if (answers.length === 0) return { inserted: 0, seenAgain: 0 };
    // As recordFlights' insert: the answers as one JSON parameter (decision 236).
    const rows = answers.map(answerRow);
    const o = observedAnswers;
    await run(sql`insert into ${o} (${sql.raw(ANSWER_COLUMNS)})
      select ${sql.raw(ANSWER_COLUMNS)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(ANSWER_TYPES)})
      on conflict (origin, travel_date, destination) do update set
        checked_at = excluded.checked_at,
        changed_at = case when ${o.answerHash} = excluded.answer_hash then ${o.changedAt} else excluded.changed_at end,
        answer_hash = excluded.answer_hash,
        flights = excluded.flights,
        flight_count = excluded.flight_count,
        go_wild_offered = excluded.go_wild_offered,
        lowest_go_wild_cents = excluded.lowest_go_wild_cents,
        lowest_fare_cents = excluded.lowest_fare_cents,
        go_wild_seats = excluded.go_wild_seats
      -- An answer that arrives after a newer one (two processes) leaves the newer in place.
      where ${o.checkedAt} <= excluded.checked_at`);
    await recordOpenings(db, answers);
    return recordFlights(answers);
  }

  return {
    recordMany,
    /** Keeps one airline answer (see recordMany). */
    record: (a: AnswerSeen) => recordMany([a]),
  };
}

/** The latest answers and one route's history. */
function answerReads(db: Db) {
  const { run } = sqlOn(db);
  return {
    /** The latest answers of many (route, date) keys in one query. */
    async latest(keys: readonly { origin: string; destination: string; date: string }[]): Promise<Map<string, LatestAnswer>> {
      const out = new Map<string, LatestAnswer>();
      if (keys.length === 0) return out;
      const rows = await run<Record<string, unknown>>(sql`
        select origin, travel_date, destination, checked_at, flights from ${observedAnswers}
        where (origin, destination, travel_date) in (select * from ${routeDateKeys(keys)})`);
      for (const r of rows) {
        const flights = typeof r.flights === 'string' ? (JSON.parse(r.flights) as Flight[]) : (r.flights as Flight[]);
        out.set(`${String(r.origin)}-${String(r.destination)}-${isoDay(r.travel_date)}`, { flights, checkedAt: asDate(r.checked_at) });
      }
      return out;
    },

    /** When the most recently checked kept answer was checked, or undefined when none is kept (decision 295). */
    async newestCheck(): Promise<Date | undefined> {
      const rows = await run<{ newest: unknown }>(sql`select max(checked_at) as newest from ${observedAnswers}`);
      const newest = rows[0]?.newest;
      return newest === null || newest === undefined ? undefined : asDate(newest);
    },

    /** Every stored cell of the grid for these origins and travel dates (from, to inclusive). */
    async grid(origins: readonly string[], from: string, to: string): Promise<GridRow[]> {
      const rows = await db
        .select({
          origin: observedAnswers.origin,
          destination: observedAnswers.destination,
          date: observedAnswers.travelDate,
          checkedAt: observedAnswers.checkedAt,
          flightCount: observedAnswers.flightCount,
          goWildOffered: observedAnswers.goWildOffered,
          lowestGoWildCents: observedAnswers.lowestGoWildCents,
          lowestFareCents: observedAnswers.lowestFareCents,
          goWildSeats: observedAnswers.goWildSeats,
        })
        .from(observedAnswers)
        .where(
          sql`${observedAnswers.origin} in (${sql.join(
            origins.map((o) => sql`${o}`),
            sql`, `,
          )}) and ${observedAnswers.travelDate} between ${from} and ${to}`,
        );
      return rows;
    },

    /** Every state of every flight of one route and date, oldest first. */
    async history(origin: string, destination: string, date: string): Promise<FlightStateRow[]> {
      const rows = await run<Record<string, unknown>>(sql`
        select flight_number, departure_time, first_seen_at, last_seen_at, go_wild_cents, go_wild_fare_type,
          standard_cents, discount_den_cents
        from ${flightObservations}
        where origin = ${origin} and destination = ${destination} and travel_date = ${date}
        order by first_seen_at, id`);
      return rows.map((r) => ({
        flightNumber: String(r.flight_number),
        departureTime: String(r.departure_time),
        firstSeenAt: asDate(r.first_seen_at),
        lastSeenAt: asDate(r.last_seen_at),
        goWildCents: asNum(r.go_wild_cents),
        goWildFareType: r.go_wild_fare_type === null ? null : String(r.go_wild_fare_type),
        standardCents: asNum(r.standard_cents),
        discountDenCents: asNum(r.discount_den_cents),
      }));
    },
  };
}

/** What many answers over time tell: window openings, likelihood per flight, daily lowest fares. */
function trendReads(db: Db) {
  const { list, run } = sqlOn(db);
  return {
    /**
     * For each destination from these origins: the travel dates whose GoWild window opened between `since` and
     * `until` and was seen opening, and on how many GoWild was offered then (by any of the origins).
     */
    async openings(origins: readonly string[], destinations: readonly string[], since: Date, until: Date): Promise<LikelihoodRow[]> {
      if (destinations.length === 0) return [];
      const rows = await run<Record<string, unknown>>(sql`
        select destination, count(distinct travel_date)::int as days,
          count(distinct travel_date) filter (where offered)::int as offered
        from ${goWildOpenings}
        where origin in (${list(origins)}) and destination in (${list(destinations)}) and opens_at between ${since} and ${until}
        group by destination`);
      return rows.map((r) => ({
        destination: String(r.destination),
        flightNumber: null,
        days: Number(r.days),
        offered: Number(r.offered),
      }));
    },

    /**
     * For each destination from these origins (and each flight with `perFlight`): the travel dates whose GoWild window
     * opened between `since` and `until` (midnight US Eastern, `domesticDays` or `intlDays` before the date; `intl`
     * names the destinations with the international window) and on which an answer was seen within `hours` after it
     * opened, and on how many of those GoWild was offered then (by any of the origins).
     */
    async likelihood(q: {
      origins: readonly string[];
      destinations?: readonly string[];
      since: Date;
      until: Date;
      intl: readonly string[];
      domesticDays: number;
      intlDays: number;
      hours: number;
      perFlight?: boolean;
    }): Promise<LikelihoodRow[]> {
      const intl = q.intl.length > 0 ? sql`destination in (${list(q.intl)})` : sql`false`;
      const dests = q.destinations ? sql`and destination in (${list(q.destinations.length > 0 ? q.destinations : [''])})` : sql``;
      const grouping = q.perFlight ? sql`grouping sets ((destination), (destination, flight_number))` : sql`destination`;
      // Travel dates whose window can have opened in the period: up to the international window after it.
      const fromDate = utcDateOf(q.since);
      const toDate = addDays(utcDateOf(q.until), Math.max(q.intlDays, q.domesticDays) + 1);
      const rows = await run<Record<string, unknown>>(sql`
        with opened as (
          select destination, travel_date, flight_number, go_wild_cents, first_seen_at, last_seen_at,
            ((travel_date - case when ${intl} then ${q.intlDays}::int else ${q.domesticDays}::int end)::timestamp
              at time zone 'America/New_York') as opens_at
          from ${flightObservations}
          where origin in (${list(q.origins)}) ${dests} and travel_date between ${fromDate} and ${toDate}
        ), at_open as (
          select destination, travel_date, flight_number, go_wild_cents from opened
          where opens_at between ${q.since} and ${q.until}
            and last_seen_at >= opens_at and first_seen_at <= opens_at + make_interval(hours => ${q.hours}::int)
        )
        select destination, ${q.perFlight ? sql`flight_number` : sql`null::text as flight_number`},
          count(distinct travel_date)::int as days,
          count(distinct travel_date) filter (where go_wild_cents is not null)::int as offered
        from at_open group by ${grouping}`);
      return rows.map((r) => ({
        destination: String(r.destination),
        flightNumber: r.flight_number === null || r.flight_number === undefined ? null : String(r.flight_number),
        days: Number(r.days),
        offered: Number(r.offered),
      }));
    },

    /**
     * Each destination's daily lowest fares since `since`, from these origins, in one read:
     * - `answer`: the lowest Standard or Discount Den fare of any flight on each UTC day it was seen (`day`); a flight
     *   state counts on the day it was first seen and on the day it was last seen;
     * - `ribbon`: the lowest figure a ribbon showed for each travel date (`day`) among those seen since `since`: the
     *   airline's own lowest fare of that day (decision 243).
     */
    async dailyLows(origins: readonly string[], destinations: readonly string[] | undefined, since: Date): Promise<DailyLow[]> {
      const dests = destinations ? sql`and destination in (${list(destinations.length > 0 ? destinations : [''])})` : sql``;
      // Observed since `since`, so travelling no earlier than the day before (observations end at departure).
      const sinceDate = addDays(utcDateOf(since), -1);
      const rows = await run<Record<string, unknown>>(sql`
        with seen as (
          select destination, first_seen_at, last_seen_at, least(standard_cents, discount_den_cents) as fare
          from ${flightObservations}
          where origin in (${list(origins)}) ${dests} and travel_date >= ${sinceDate} and last_seen_at >= ${since}
            and coalesce(standard_cents, discount_den_cents) is not null
        ), days as (
          select destination, (first_seen_at at time zone 'UTC')::date as day, fare from seen where first_seen_at >= ${since}
          union all
          select destination, (last_seen_at at time zone 'UTC')::date as day, fare from seen
        ), ribbon as (
          select destination, travel_date as day, lowest_fare_cents as fare from ${ribbonFares}
          where origin in (${list(origins)}) ${dests} and travel_date >= ${sinceDate} and seen_at >= ${since}
          union all
          select destination, travel_date as day, lowest_fare_cents as fare from ${ribbonFareHistory}
          where origin in (${list(origins)}) ${dests} and travel_date >= ${sinceDate} and last_seen_at >= ${since}
        )
        select 'answer' as source, destination, day, min(fare)::int as cents from days group by destination, day
        union all
        select 'ribbon' as source, destination, day, min(fare)::int as cents from ribbon group by destination, day`);
      return rows.map((r) => ({
        source: r.source === 'ribbon' ? 'ribbon' : 'answer',
        destination: String(r.destination),
        day: isoDay(r.day),
        cents: Number(r.cents),
      }));
    },
  };
}

/** The month partitions and the retention. */
function upkeepOf(db: Db) {
  const { run } = sqlOn(db);
  return {
    /** Makes each month's partition from `firstMonth` for `months` months that is not there yet (PostgreSQL and PGlite). */
    async ensurePartitions(months: readonly string[]): Promise<{ created: string[]; failed: string[] }> {
      const existing = new Set(
        (
          await run<{ name: string }>(sql`
            select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'flight_observations'::regclass`)
        ).map((r) => r.name),
      );
      const created: string[] = [];
      const failed: string[] = [];
      for (const m of months) {
        const name = partitionName(m);
        if (existing.has(name)) continue;
        const next = addMonths(m, 1);
        try {
          await run(
            sql.raw(`create table if not exists "${name}" partition of "flight_observations" for values from ('${m}') to ('${next}')`),
          );
          created.push(name);
        } catch {
          // Rows of that month already sit in the default partition: they stay there (correct, just not pruned whole).
          failed.push(name);
        }
      }
      return { created, failed };
    },

    /**
     * Removes what is older than the retention: whole month partitions that end on or before `cutoff` are dropped
     * (no row-by-row delete), the rest of the rows of travel dates before it deleted; and the latest answers of travel
     * dates before `pastBefore` (no search or grid asks for a date gone by; the history keeps their fares).
     */
    async prune(
      cutoff: string,
      pastBefore: string = cutoff,
    ): Promise<{ droppedPartitions: string[]; deletedRows: number; deletedAnswers: number; deletedRibbons: number }> {
      const parts = await run<{ name: string; bound: string }>(sql`
        select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'flight_observations'::regclass`);
      const droppedPartitions: string[] = [];
      for (const p of parts) {
        const to = /TO \('(\d{4}-\d{2}-\d{2})'\)/.exec(p.bound)?.[1];
        if (to && to <= cutoff && /^flight_observations_\d{4}_\d{2}$/.test(p.name)) {
          await run(sql.raw(`drop table "${p.name}"`));
          droppedPartitions.push(p.name);
        }
      }
      const deleted = await run<{ n: number }>(sql`
        with d as (delete from ${flightObservations} where travel_date < ${cutoff} returning 1) select count(*)::int as n from d`);
      await run(sql`delete from ${goWildOpenings} where travel_date < ${cutoff}`);
      const answers = await run<{ n: number }>(sql`
        with d as (delete from ${observedAnswers} where travel_date < ${pastBefore} returning 1) select count(*)::int as n from d`);
      // Ribbon figures by the same retention: their latest row is also the last of their history.
      const deletedRibbons = await ribbonFaresOf(db).pruneRibbons(cutoff);
      return { droppedPartitions, deletedRows: Number(deleted[0]?.n ?? 0), deletedAnswers: Number(answers[0]?.n ?? 0), deletedRibbons };
    },
  };
}

/**
 * The observation store (docs/product/observations.md; decisions 180-183): the latest answer per route and date,
 * each flight's fares and seats over time, one row per distinct state, and the ribbons' lowest fares (decision 243).
 */
export function createObservationsRepository(db: Db) {
  return { ...writes(db), ...answerReads(db), ...trendReads(db), ...upkeepOf(db), ...ribbonFaresOf(db) };
}
export type ObservationsRepository = ReturnType<typeof createObservationsRepository>;
