/**
 * `npm run bench:day`: a simulated day of traveller searches against an airline that knows the truth at any instant
 * (the emulator's schedule: fares and GoWild seats drift every 30 minutes, flights stop selling before they leave), on
 * a clock the bench moves second by second, for three sweep plans at the same fresh time (decision 258;
 * docs/benchmarks.md, "Session 16: the sweep plan and a simulated day"):
 *
 * - no sweep;
 * - the hourly plan (today's build: every open date again every hour, demand-weighted as decision 226 built it);
 * - the targeted plan (openings, demand on open dates, near departure, cover pages for the grid's fortnight).
 *
 * The searches are decision 226's day (10,000 outbound searches of every route from an origin, origins weighted by
 * their routes, 45 % today, 45 % tomorrow, 10 % two to ten days ahead; here at a random second of the day), after
 * `--warmup-days` days of the same kind that are not counted (a service that has been running). Each plan's day is
 * read two ways, which ask the airline exactly the same (a search re-checks live what is older than the fresh time
 * either way):
 *
 * - today's build: a destination is answered from the flight cache while fresh, else when the airline answers;
 * - answer at once (issue 30, modelled: the stream itself is another change): a destination with any kept answer is
 *   sent at once from it, then again when its live re-check answers.
 *
 * Figures: airline requests a day (÷ no sweep); searches whose every destination arrives within 100 ms; time until
 * the whole answer is confirmed ÷ the floor (the airline's own time for the search's live requests); first answers
 * that differed from the truth at that moment (GoWild offered, or price) and the median seconds until corrected; the
 * grid's fortnight covered by a figure less than a day old. The airline's time is modelled (the emulator's 250 ms
 * ± 100 ms a request, `UPSTREAM_CONCURRENCY` requests at once); the app's own time is measured.
 *
 *   npm run bench:day -- [--searches N] [--warmup-days N] [--fresh-minutes N] [--budget N] [--demand-min N]
 *                        [--departure-minutes N] [--only none,hourly,targeted]
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { localDate } from '@gowild/contract/local-time';
import { Registry } from 'prom-client';
import { loadConfig } from '../src/config';
import { manualClock } from '../src/lib/clock';
import { findAirport } from '../src/lib/reference-data/airports';
import { ROUTE_SEED } from '../src/lib/reference-data/seed';
import { seededRandom } from '../src/lib/seeded-random';
import { createFlightsEngine } from '../src/modules/flights/flights.module';
import { createOnSale } from '../src/modules/flights/on-sale';
import { COVER_MS, type PlanMode, slotKey } from '../src/modules/sweeps/sweep-plan';
import { SWEEP_COVER_DAYS, SWEEP_RUN_EVERY_MS } from '../src/modules/sweeps/sweeps.module';
import { sweepMetrics } from '../src/modules/sweeps/sweeps.metrics';
import { DEMAND_BUCKET_MS, type SweepsRepository } from '../src/modules/sweeps/sweeps.repository';
import { createSweeper } from '../src/modules/sweeps/sweeps.service';
import { seedNetwork } from '../src/providers/flights/emulator/network';
import { type Offer, createSchedule } from '../src/providers/flights/emulator/schedule';
import { type FlightQuery, flightQueryKey } from '../src/providers/flights/flights.provider';
import { emulatorRibbon } from './ribbon-day';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const SEARCHES = Number(arg('searches') ?? 10_000);
const WARMUP_DAYS = Number(arg('warmup-days') ?? 1);
const FRESH_MIN = Number(arg('fresh-minutes') ?? 10);
const BUDGET = Number(arg('budget') ?? 2400);
/** The app's default unless told (SWEEP_DEMAND_MIN_SEARCHES, off since decision 296). */
const DEMAND_MIN = Number(arg('demand-min') ?? loadConfig({}).SWEEP_DEMAND_MIN_SEARCHES);
const DEPARTURE_MIN = Number(arg('departure-minutes') ?? 0);
const ONLY = arg('only')?.split(',');
/** The emulator's default latency and jitter (ms), and the app's airline connections (UPSTREAM_CONCURRENCY's default). */
const LATENCY_MS = 250;
const JITTER_MS = 100;
const CONNECTIONS = loadConfig({}).UPSTREAM_CONCURRENCY;
const AT_ONCE_MS = 100;
/** Midnight in the East: the measured day. */
const DAY = new Date('2026-07-15T04:00:00Z');

type Side = 'none' | PlanMode;
const SIDES: Side[] = (['none', 'hourly', 'targeted'] as const).filter((s) => !ONLY || ONLY.includes(s));

const routes = [...ROUTE_SEED];
const destinationsOf = new Map<string, string[]>();
for (const r of routes) destinationsOf.set(r.origin, [...(destinationsOf.get(r.origin) ?? []), r.destination]);
const onSale = createOnSale((code) => findAirport(code)?.timezone);

/** What a card shows of a destination, in whole dollars: whether GoWild is offered, its lowest total, the lowest fare. */
interface Shown {
  goWild: boolean;
  goWildUsd: number | null;
  fareUsd: number | null;
}
function shown(flights: readonly Flight[], at: Date): Shown {
  let goWildUsd: number | null = null;
  let fareUsd: number | null = null;
  for (const f of flights) {
    if (!onSale.isOnSale(f, at)) continue;
    const gw = f.fares.go_wild?.total;
    if (gw && gw > 0 && (goWildUsd === null || gw < goWildUsd)) goWildUsd = gw;
    for (const fare of [f.fares.standard, f.fares.discount_den])
      if (fare && fare.total > 0 && (fareUsd === null || fare.total < fareUsd)) fareUsd = fare.total;
  }
  const whole = (n: number | null) => (n === null ? null : Math.round(n));
  return { goWild: goWildUsd !== null, goWildUsd: whole(goWildUsd), fareUsd: whole(fareUsd) };
}
/** How a first answer differed from the truth: GoWild offered or not, else a price; null when the card was right. */
function differs(first: Shown, truth: Shown): 'gowild' | 'price' | null {
  if (first.goWild !== truth.goWild) return 'gowild';
  return first.goWildUsd !== truth.goWildUsd || first.fareUsd !== truth.fareUsd ? 'price' : null;
}

/** One emulator itinerary as the adapter gives it: the fields the card's figures and the sales close read. */
function flightOf(q: FlightQuery, o: Offer): Flight {
  const first = o.legs[0]!;
  const last = o.legs[o.legs.length - 1]!;
  const number = o.legs.map((l) => l.flightNumber).join('/');
  const fare = (total: number, seats: number) => (total > 0 ? { total, available_seats: seats } : null);
  const fares = {
    go_wild: fare(o.goWildFare, o.goWildSeats),
    standard: fare(o.standardFare, o.seatsLeft),
    discount_den: fare(o.discountDenFare, o.seatsLeft),
  };
  return {
    origin: q.origin,
    destination: q.destination,
    departure_time: first.depLocal,
    arrival_time: last.arrLocal,
    total_trip_time: '',
    duration: Math.round((last.arrUtc - first.depUtc) / 60_000),
    stops: o.legs.length - 1,
    flight_number: number,
    segments: o.legs.map((l) => ({
      departure_airport: l.from.code,
      arrival_airport: l.to.code,
      departure_time: l.depLocal,
      arrival_time: l.arrLocal,
      flight_number: String(l.flightNumber),
    })),
    fares,
    booking_links: { go_wild: null, standard: null, discount_den: null },
    lowest_go_wild_price: fares.go_wild?.total ?? null,
    lowest_price: Math.min(...[fares.standard?.total, fares.discount_den?.total].filter((x): x is number => !!x)),
    flightHash: `${q.origin}${q.destination}${q.date}${number}`,
  } as Flight;
}

/**
 * The airline: the emulator's schedule answering at once, with the page's week view. It counts requests, remembers
 * every answer it gave (the kept answers: what the observation store would hold), when each (route, date) last had a
 * figure (answer or week view: the grid's coverage), and tells `onAnswer` (corrections pending on that key).
 */
function truthAirline(clock: { now(): Date }) {
  const schedule = createSchedule({ network: seedNetwork(), bucketMinutes: 30 });
  const kept = new Map<string, { flights: Flight[]; at: number }>();
  const seen = new Map<string, number>();
  const asked = new Set<string>();
  const counts = { requests: 0 };
  let onAnswer: (key: string, at: number) => void = () => {};
  const truth = (q: FlightQuery, at: Date): Flight[] =>
    (schedule.offers(q.origin, q.destination, q.date, at) ?? []).map((o) => flightOf(q, o));
  return {
    counts,
    kept,
    seen,
    asked,
    truth,
    listen: (fn: typeof onAnswer) => (onAnswer = fn),
    provider: {
      name: 'truth',
      demo: true,
      async fetchFlights(q: FlightQuery) {
        const now = clock.now();
        const key = flightQueryKey(q);
        counts.requests++;
        asked.add(key);
        const flights = truth(q, now);
        const ribbon = emulatorRibbon(schedule, q, now);
        kept.set(key, { flights, at: now.getTime() });
        seen.set(key, now.getTime());
        for (const d of ribbon[0]?.days ?? []) seen.set(flightQueryKey({ ...q, date: d.date }), now.getTime());
        onAnswer(key, now.getTime());
        return { kind: 'flights' as const, flights, ribbon };
      },
    },
  };
}
type Airline = ReturnType<typeof truthAirline>;

/** The observation store as the engine reads it (the airline's kept answers), in memory: the day is long enough. */
function memoryObservations(airline: Airline) {
  return {
    record() {},
    async latest(q: FlightQuery) {
      const k = airline.kept.get(flightQueryKey(q));
      return k ? { flights: k.flights, checkedAt: k.at } : undefined;
    },
    served() {},
  };
}

/** What one build served first for a day's searches, and how it was corrected. */
class Tally {
  atOnce = 0;
  answers = 0;
  differed = { gowild: 0, price: 0 };
  /** Seconds from the first answer to its correction, for those corrected (live re-check or the next answer kept). */
  corrected: number[] = [];
  correctedInStream = 0;
  pending = new Map<string, number[]>();
  answer(key: string, what: 'gowild' | 'price' | null, at: number, liveAfterMs: number | null) {
    this.answers++;
    if (!what) return;
    this.differed[what]++;
    if (liveAfterMs !== null) {
      this.corrected.push(liveAfterMs / 1000);
      this.correctedInStream++;
    } else this.pending.set(key, [...(this.pending.get(key) ?? []), at]);
  }
  /** A new answer for `key` was kept at `at`: every first answer still wrong on it is corrected then. */
  settle(key: string, at: number) {
    for (const t of this.pending.get(key) ?? []) this.corrected.push((at - t) / 1000);
    this.pending.delete(key);
  }
  get unsettled() {
    let n = 0;
    for (const v of this.pending.values()) n += v.length;
    return n;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pctile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/**
 * The airline's modelled time for `n` live requests from one search: waves of `CONNECTIONS` at once, each request
 * 250 ± 100 ms; each request's answer time (ms after the search began its requests) and the last one's.
 */
function airlineTime(n: number, random: () => number): { each: number[]; total: number } {
  const each: number[] = [];
  let start = 0;
  for (let i = 0; i < n; i += CONNECTIONS) {
    const wave = Array.from({ length: Math.min(CONNECTIONS, n - i) }, () => LATENCY_MS - JITTER_MS + random() * 2 * JITTER_MS);
    for (const ms of wave) each.push(start + ms);
    start += Math.max(...wave);
  }
  return { each, total: start };
}

/** One plan's measured day. */
interface DayResult {
  side: Side;
  sweepRequests: number;
  travellerRequests: number;
  /** Searches with no airline request at all. */
  noRequest: number;
  today: Tally;
  atOnce: Tally;
  /** Searches whose every destination arrived within 100 ms: today's build, answer at once. */
  within: { today: number; atOnce: number };
  /** Searches with live requests: the airline's modelled time (the floor) and that plus the app's measured time. */
  confirm: { floorMs: number[]; actualMs: number[] };
  appMs: number[];
  /** Share of the grid's cells (every route, its fortnight) with a figure less than a day old: lowest hourly, at the end. */
  grid: { lowest: number; end: number };
  simulatedInMs: number;
}

/** The share of every route's fortnight (from today at its origin) with an answer or week-view figure seen within a day. */
function gridCovered(airline: Airline, now: Date): number {
  let covered = 0;
  let cells = 0;
  const fortnights = new Map<string, string[]>();
  for (const r of routes) {
    const zone = findAirport(r.origin)?.timezone ?? 'America/New_York';
    let days = fortnights.get(zone);
    if (!days) {
      const today = localDate(now, zone);
      fortnights.set(zone, (days = Array.from({ length: SWEEP_COVER_DAYS }, (_, i) => addDays(today, i))));
    }
    for (const date of days) {
      cells++;
      const at = airline.seen.get(`${r.origin}-${r.destination}-${date}`);
      if (at !== undefined && now.getTime() - at < COVER_MS) covered++;
    }
  }
  return covered / cells;
}

/**
 * The sweep's tables in memory, for speed: a day is 1,440 runs, and on PGlite the runs' own reads and writes took
 * longer than the day's searches. The rules are the repository's (sweeps.repository.ts, tested there): a slot's last
 * sweep, the hour's budget counted from the runs that started within it, demand per ten-minute bucket over the hour.
 */
function memorySweepsRepository(): SweepsRepository {
  const slots = new Map<string, Date>();
  const runs: { startedAt: Date; reserved: number; requests: number; done: boolean }[] = [];
  const demand: { at: number; key: string }[] = [];
  return {
    async lastSwept(fromDate) {
      return new Map([...slots].filter(([k]) => k.slice(8) >= fromDate));
    },
    async claim(claimed) {
      return new Set(claimed.map((c) => slotKey(c)));
    },
    async swept(done, _by, at) {
      for (const d of done) slots.set(slotKey(d), at);
    },
    async release() {},
    async startRun(run, budget) {
      const since = run.startedAt.getTime() - 3_600_000;
      while (runs.length > 0 && runs[0]!.startedAt.getTime() < since) runs.shift();
      const used = runs.reduce((n, r) => n + (r.done ? r.requests : Math.max(r.reserved, r.requests)), 0);
      const reserved = budget.want(Math.max(0, budget.perHour - used));
      runs.push({ startedAt: run.startedAt, reserved, requests: 0, done: false });
      return { id: String(runs.length), usedLastHour: used, reserved };
    },
    async finishRun(_id, counts) {
      const open = runs.find((r) => !r.done);
      if (open) Object.assign(open, { requests: counts.requests, done: true });
    },
    async noteDemand(searched, at) {
      for (const key of new Set(searched.map((q) => flightQueryKey(q)))) demand.push({ at: at.getTime(), key });
    },
    async demandSince(since) {
      const from = Math.floor(since.getTime() / DEMAND_BUCKET_MS) * DEMAND_BUCKET_MS;
      while (demand.length > 0 && demand[0]!.at < from - 3_600_000) demand.shift();
      const out = new Map<string, number>();
      for (const d of demand) if (d.at >= from) out.set(d.key, (out.get(d.key) ?? 0) + 1);
      return out;
    },
    async purge() {},
  };
}

/** The day's app: the flights engine on the truth airline and, unless `side` is 'none', the sweep with that plan. */
async function dayApp(side: Side, clock: ReturnType<typeof manualClock>, airline: Airline) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FLIGHT_CACHE_TTL_SECONDS: String(FRESH_MIN * 60),
    UPSTREAM_RPS: '1000000',
    UPSTREAM_CONCURRENCY: '500',
    UPSTREAM_HEDGE: 'false',
    AIRLINE_BUDGET_FREE_PER_MINUTE: '0',
    AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '0',
  });
  const reference = { routes: () => routes, destinationsFrom: (o: string) => destinationsOf.get(o) ?? [], originsTo: () => [] };
  // Each search's (route, date)s are the sweep's demand (decision 226), as deps.ts wires it.
  const noting: Promise<void>[] = [];
  const demand: { note?: (q: readonly FlightQuery[]) => Promise<void> } = {};
  const engine = createFlightsEngine({
    config,
    clock,
    metrics: new Registry(),
    reference,
    provider: airline.provider,
    onSearch: (q) => void (demand.note && noting.push(demand.note(q))),
    observations: memoryObservations(airline),
  });
  engine.gateway.setScheduleFilter(false);
  const sweeper =
    side === 'none'
      ? undefined
      : createSweeper({
          repo: memorySweepsRepository(),
          flights: engine,
          reference,
          clock,
          metrics: sweepMetrics(new Registry()),
          settings: {
            plan: side,
            budgetPerHour: BUDGET,
            refreshMs: 60 * 60_000,
            laterMs: 240 * 60_000,
            departureMs: DEPARTURE_MIN * 60_000,
            coverDays: SWEEP_COVER_DAYS,
            runEveryMs: SWEEP_RUN_EVERY_MS,
            concurrency: 50,
            freshMs: FRESH_MIN * 60_000,
            demandMin: DEMAND_MIN,
          },
          sweeperId: 'bench',
          // The observation tables' figures, as the coverage reader finds them.
          coverage: {
            async seenSince(from, to, since) {
              const out = new Map<string, Date>();
              for (const [key, at] of airline.seen) {
                const date = key.slice(8);
                if (at >= since.getTime() && date >= from && date <= to) out.set(key, new Date(at));
              }
              return out;
            },
          },
        });
  if (sweeper) demand.note = (q) => sweeper.noteDemand(q);
  return { engine, sweeper, noting };
}

type App = Awaited<ReturnType<typeof dayApp>>;

/**
 * One traveller's search at the clock's instant: what each build served first for each destination, against the
 * truth at that instant, and when the whole answer was there and confirmed.
 */
async function oneSearch(
  ctx: { app: App; airline: Airline; clock: { now(): Date }; latency: () => number },
  q: { origin: string; date: string },
  r: DayResult,
) {
  const { app, airline } = ctx;
  const now = ctx.clock.now();
  const keys = (destinationsOf.get(q.origin) ?? []).map((destination) => ({
    ...q,
    destination,
    key: flightQueryKey({ ...q, destination }),
  }));
  const before = new Map(keys.map((k) => [k.key, airline.kept.get(k.key)]));
  airline.asked.clear();
  const requests = airline.counts.requests;
  const t0 = performance.now();
  await app.engine.search.run(app.engine.planOutbound(q), { isPremium: false });
  const appMs = performance.now() - t0;
  r.appMs.push(appMs);
  r.travellerRequests += airline.counts.requests - requests;
  const live = keys.filter((k) => airline.asked.has(k.key));
  const time = airlineTime(live.length, ctx.latency);
  const liveAfter = new Map(live.map((k, i) => [k.key, time.each[i]!]));
  if (live.length === 0) r.noRequest++;
  else {
    r.confirm.floorMs.push(time.total);
    r.confirm.actualMs.push(time.total + appMs);
  }
  let allKept = true;
  for (const k of keys) {
    // A key asked live at this instant was answered with the truth; the others are worked out from the schedule.
    const truth = shown(airline.asked.has(k.key) ? airline.kept.get(k.key)!.flights : airline.truth(k, now), now);
    const prev = before.get(k.key);
    const after = liveAfter.get(k.key);
    // Today's build: the cached answer while fresh (no re-check), else the live one, which is the truth.
    r.today.answer(k.key, after === undefined && prev ? differs(shown(prev.flights, now), truth) : null, now.getTime(), null);
    // Answer at once: any kept answer first, corrected by its live re-check when it was stale.
    if (!prev) allKept = false;
    r.atOnce.answer(k.key, prev ? differs(shown(prev.flights, now), truth) : null, now.getTime(), after ?? null);
  }
  if (live.length === 0 && appMs < AT_ONCE_MS) r.within.today++;
  if ((live.length === 0 || allKept) && appMs < AT_ONCE_MS) r.within.atOnce++;
}

/** A plan's day: `WARMUP_DAYS` days not counted, then the measured one. Searches and their seconds are the same on every side. */
async function simulate(side: Side): Promise<DayResult> {
  const t = performance.now();
  const start = new Date(DAY.getTime() - WARMUP_DAYS * 86_400_000);
  const clock = manualClock(start);
  const airline = truthAirline(clock);
  const app = await dayApp(side, clock, airline);
  const random = seededRandom(20261124);
  const latency = seededRandom(7);
  const origins = [...destinationsOf.keys()];
  const weights: number[] = [];
  origins.reduce((sum, o, i) => (weights[i] = sum + destinationsOf.get(o)!.length), 0);
  const pickOrigin = () => {
    const x = random() * weights.at(-1)!;
    return origins[weights.findIndex((w) => w >= x)]!;
  };
  const fresh = (): DayResult => ({
    side,
    sweepRequests: 0,
    travellerRequests: 0,
    noRequest: 0,
    today: new Tally(),
    atOnce: new Tally(),
    within: { today: 0, atOnce: 0 },
    confirm: { floorMs: [], actualMs: [] },
    appMs: [],
    grid: { lowest: 1, end: 0 },
    simulatedInMs: 0,
  });
  let r = fresh();
  airline.listen((key, at) => {
    r.today.settle(key, at);
    r.atOnce.settle(key, at);
  });
  for (let day = 0; day <= WARMUP_DAYS; day++) {
    if (day === WARMUP_DAYS) r = fresh();
    const dayStart = start.getTime() + day * 86_400_000;
    const seconds = Array.from({ length: SEARCHES }, () => Math.floor(random() * 86_400)).sort((a, b) => a - b);
    let next = 0;
    for (let minute = 0; minute < 1440; minute++) {
      clock.set(new Date(dayStart + minute * 60_000));
      await Promise.all(app.noting.splice(0));
      if (day === WARMUP_DAYS && minute % 60 === 0) r.grid.lowest = Math.min(r.grid.lowest, gridCovered(airline, clock.now()));
      if (app.sweeper) {
        const before = airline.counts.requests;
        await app.sweeper.run({ trigger: 'schedule' });
        r.sweepRequests += airline.counts.requests - before;
      }
      while (next < seconds.length && seconds[next]! < (minute + 1) * 60) {
        clock.set(new Date(dayStart + seconds[next++]! * 1000));
        const origin = pickOrigin();
        const x = random();
        const date = addDays(localDate(clock.now(), 'America/New_York'), x < 0.45 ? 0 : x < 0.9 ? 1 : 2 + Math.floor(random() * 9));
        await oneSearch({ app, airline, clock, latency }, { origin, date }, r);
      }
    }
    process.stderr.write(`  ${side}: day ${day + 1} of ${WARMUP_DAYS + 1} simulated (${s1((performance.now() - t) / 1000)} s)\n`);
  }
  r.grid.end = gridCovered(airline, clock.now());
  r.grid.lowest = Math.min(r.grid.lowest, r.grid.end);
  r.simulatedInMs = performance.now() - t;
  return r;
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const s1 = (x: number) => x.toFixed(1);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const NAMES: Record<Side, string> = { none: 'no sweep', hourly: 'hourly plan (today)', targeted: 'targeted plan' };

/** A build's first answers: differed (GoWild, price), the median seconds to correct them, and those never corrected by the day's end. */
function firstAnswers(t: Tally): string {
  const wrong = t.differed.gowild + t.differed.price;
  return `${pct(wrong, t.answers)} of ${t.answers} differed (${t.differed.gowild} GoWild offered, ${t.differed.price} price); median ${s1(median(t.corrected))} s to correct (${t.correctedInStream} in the search's own stream), ${t.unsettled} not corrected by the day's end`;
}

function report(results: DayResult[]) {
  const none = results.find((r) => r.side === 'none');
  const rows: string[] = [];
  for (const r of results) {
    const total = r.sweepRequests + r.travellerRequests;
    const ratio = none ? total / (none.sweepRequests + none.travellerRequests) : NaN;
    const confirm = mean(r.confirm.actualMs) / mean(r.confirm.floorMs);
    const within11 = r.confirm.actualMs.filter((a, i) => a <= 1.1 * r.confirm.floorMs[i]!).length;
    console.log(`\n${NAMES[r.side]} (simulated in ${s1(r.simulatedInMs / 1000)} s, load average ${loadavg()[0]!.toFixed(1)})`);
    console.log(
      `  airline requests: ${total} (${r.sweepRequests} sweep + ${r.travellerRequests} travellers) = ${ratio.toFixed(3)}× no sweep`,
    );
    console.log(`  searches with no airline request: ${pct(r.noRequest, SEARCHES)}`);
    console.log(
      `  every destination within ${AT_ONCE_MS} ms: today's build ${pct(r.within.today, SEARCHES)}, answer at once ${pct(r.within.atOnce, SEARCHES)}`,
    );
    console.log(
      `  whole answer confirmed (${r.confirm.floorMs.length} searches with live requests): mean ${s1(mean(r.confirm.actualMs))} ms ÷ floor ${s1(mean(r.confirm.floorMs))} ms = ${confirm.toFixed(3)}×; ${pct(within11, r.confirm.floorMs.length)} within 1.1× their floor; app time p50 ${s1(median(r.appMs))} ms, p95 ${s1(pctile(r.appMs, 0.95))} ms`,
    );
    console.log(`  first answers, today's build: ${firstAnswers(r.today)}`);
    console.log(`  first answers, answer at once: ${firstAnswers(r.atOnce)}`);
    console.log(
      `  grid fortnight with a figure under a day old: lowest hourly ${pct(r.grid.lowest, 1)}, at the day's end ${pct(r.grid.end, 1)}`,
    );
    const wrong = (t: Tally) => pct(t.differed.gowild + t.differed.price, t.answers);
    rows.push(
      `| ${NAMES[r.side]} | ${total} (${r.sweepRequests} + ${r.travellerRequests}) | ${ratio.toFixed(3)}× | ${pct(r.within.today, SEARCHES)} / ${pct(r.within.atOnce, SEARCHES)} | ${confirm.toFixed(3)}× | ${wrong(r.today)}, ${s1(median(r.today.corrected))} s / ${wrong(r.atOnce)}, ${s1(median(r.atOnce.corrected))} s | ${pct(r.grid.lowest, 1)} / ${pct(r.grid.end, 1)} |`,
    );
  }
  return rows;
}

async function main() {
  const loadBefore = loadavg()[0]!.toFixed(1);
  console.log(
    `A simulated day of ${SEARCHES} searches after ${WARMUP_DAYS} day(s) of warm-up; fresh time ${FRESH_MIN} min on every side; sweep budget ${BUDGET}/h, demand ${DEMAND_MIN}+ searches an hour, departure ${DEPARTURE_MIN ? `${DEPARTURE_MIN} min` : 'off'}; airline ${LATENCY_MS} ± ${JITTER_MS} ms a request, ${CONNECTIONS} at once (modelled)`,
  );
  const results: DayResult[] = [];
  for (const side of SIDES) results.push(await simulate(side));
  const rows = report(results);
  const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.versions.node}, load average ${loadBefore} before and ${loadavg()[0]!.toFixed(1)} after`;
  console.log(`\nmachine: ${machine}\nRows for docs/benchmarks.md:`);
  console.log(
    '| Plan | Airline requests (sweep + travellers) | ÷ no sweep | Every destination within 100 ms: today / answer at once | Confirmed ÷ floor | First answers differing, median s to correct: today / answer at once | Grid fortnight covered: lowest / end |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
