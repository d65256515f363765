/**
 * `npm run bench:sweep`: the sweep's four benchmarks (docs/benchmarks.md). Prints the figures with their goals
 * and the table rows for docs/benchmarks.md; writes no file.
 *
 *   npm run bench:sweep -- [--rps N] [--searches N] [--budget N] [--refresh-minutes N] [--fresh-minutes N] [--only a|b|c|d]
 *
 * (a) A full-network sweep for one date (tomorrow in US Eastern time) against the Frontier emulator in its own process
 *     at its default latency (250 ms, jitter 100 ms), through the real adapter and gateway at the request rate cap
 *     (UPSTREAM_RPS, 100), schedule filter on: results pages ÷ routes not ruled out by a known schedule (goal exactly
 *     1), and the schedule requests its empty pages cause; time ÷ (requests ÷ rate cap) (goal ≤ 1.1).
 * (b) A simulated day of 10,000 traveller searches across the network, on a clock the bench moves minute by minute,
 *     against an airline that answers at once (only the requests are counted): without sweeps, and with the sweep
 *     running every minute on its hourly budget. Searches are answered from what was already fetched while it is
 *     within the fresh time (--fresh-minutes, default the sweep's refresh period); the figure "without sweeps" is
 *     given at that fresh time and at today's default (10 minutes). Goal: at least 10x fewer airline requests.
 * (c) The sweep of (a) under a concurrent stream of traveller searches (cold, other dates): their time against the
 *     same stream on an idle service (goal ≤ 1.2x).
 * (d) The schedule filter (decision 242) on a full-network day: the day of (b), travellers alone and with the
 *     demand-weighted sweep, against an airline whose RetrieveSchedule is the emulator's calendar (the days its results
 *     pages have no flights), without and with the filter: the results pages saved, the schedule requests spent. The
 *     day with the filter on also carries the emulator's 7-day ribbon on every page and keeps every answer through the
 *     real observation store (decision 243); at its end the real service reads every origin's grid (14 days) and the
 *     price history of each cell: the ribbon figures kept, the cells with a lowest fare only thanks to a ribbon (each
 *     a results page saved), the history points from ribbons.
 *
 * `--only` takes one letter or several separated by commas (`--only a,d`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@gowild/contract/dates';
import { localDate } from '@gowild/contract/local-time';
import { Registry } from 'prom-client';
import { loadConfig } from '../src/config';
import { benchAppConfig } from './bench-app-config';
import { openDatabase } from '../src/db/client';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import type { JobRunner } from '../src/jobs/job-runner';
import { manualClock } from '../src/lib/clock';
import { seededRandom } from '../src/lib/seeded-random';
import { ROUTE_SEED } from '../src/lib/reference-data/seed';
import { createFlightsEngine } from '../src/modules/flights/flights.module';
import { sweepMetrics } from '../src/modules/sweeps/sweeps.metrics';
import { createSweepsRepository } from '../src/modules/sweeps/sweeps.repository';
import { createSweeper } from '../src/modules/sweeps/sweeps.service';
import { seedNetwork } from '../src/providers/flights/emulator/network';
import { createSchedule } from '../src/providers/flights/emulator/schedule';
import { type RibbonTally, emulatorRibbon, observedDay } from './ribbon-day';
import type { FlightProvider, FlightQuery, ScheduleFetchResult } from '../src/providers/flights/flights.provider';
import type { Clock } from '../src/lib/clock';
import { findAirport } from '../src/lib/reference-data/airports';
import { testFlight } from '../src/test/alerts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const RPS = Number(arg('rps') ?? 100);
const SEARCHES = Number(arg('searches') ?? 10_000);
const BUDGET = Number(arg('budget') ?? 2400);
const REFRESH_MIN = Number(arg('refresh-minutes') ?? 60);
const FRESH_MIN = Number(arg('fresh-minutes') ?? 10);
const DEMAND_MIN = Number(arg('demand-min') ?? 2);
const ONLY = arg('only')?.split(',');
const runs = (part: string) => !ONLY || ONLY.includes(part);
const SIM_SWEEP_EVERY_MIN = Number(arg('sweep-every-minutes') ?? 1);
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rows: string[] = [];

/** The emulator's counters this bench reads: results pages asked (InternalSelect) and RetrieveSchedule requests. */
interface EmulatorCounts {
  internalSelect: number;
  schedules: number;
}

async function startEmulator(): Promise<{ url: string; child: ChildProcess; requests(): Promise<EmulatorCounts>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/providers/flights/emulator/standalone.ts')], {
    cwd: serverDir,
    env: {
      ...process.env,
      EMULATOR_PORT: String(20000 + Math.floor(Math.random() * 20000)),
      EMULATOR_LATENCY_MS: '250',
      EMULATOR_JITTER_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Frontier emulator on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${out}`)));
  });
  return {
    url,
    child,
    requests: async () => ((await (await fetch(`${url}/__emulator/stats`)).json()) as { stats: EmulatorCounts }).stats,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** An app on the emulator with sweeping allowed as fast as the rate cap lets it. */
async function emulatorApp(emulatorUrl: string) {
  // The search benches' app, with the sweep this bench measures turned on.
  const config = benchAppConfig(emulatorUrl, {
    UPSTREAM_RPS: String(RPS),
    JOBS_RUNNER: 'interval',
    SWEEP_BUDGET_PER_HOUR: '1000000',
    SWEEP_CONCURRENCY: '40',
    AIRLINE_BUDGET_FREE_PER_MINUTE: '0',
    AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '0',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const deps = await createAppDeps(config, database, { jobs: noJobs });
  return {
    deps,
    close: async () => {
      await disposeAppDeps(deps);
      await database.close();
    },
  };
}

type App = Awaited<ReturnType<typeof emulatorApp>>['deps'];

/**
 * (a): one date, every route whose window is open for it, with the schedule filter on (decision 242). A fresh app
 * knows no schedule, so every route's page is asked; a page with no flights for that (later) day makes its route's
 * schedule asked too, in the background lane.
 */
async function fullNetworkSweep(deps: App, emulator: { requests(): Promise<EmulatorCounts> }) {
  const date = addDays(localDate(deps.clock.now(), 'America/New_York'), 1);
  const before = await emulator.requests();
  const r = await deps.sweeper.run({ trigger: 'cli', filter: { date, force: true }, wholeHour: true });
  // The schedules its empty pages asked for, in the background lane behind the sweep.
  await deps.flights.gateway.schedulesIdle();
  const after = await emulator.requests();
  const pages = after.internalSelect - before.internalSelect;
  const schedules = after.schedules - before.schedules;
  const flying = r.due - r.noService;
  const floorMs = ((pages + schedules) / RPS) * 1000;
  const ratio = pages / flying;
  const time = r.durationMs / floorMs;
  console.log(
    `\n(a) Full-network sweep of ${date}: ${r.due} routes due, ${r.noService} of them ruled out by a known schedule, ${r.swept} swept, ${r.failed} failed`,
  );
  console.log(
    `  results pages ÷ routes not ruled out by a known schedule: ${pages} ÷ ${flying} = ${ratio.toFixed(3)} (goal exactly 1.0); schedule requests: ${schedules}`,
  );
  console.log(`  time ÷ (requests ÷ rate cap): ${s(r.durationMs)} ÷ ${s(floorMs)} = ${time.toFixed(2)}× (goal ≤ 1.1)`);
  rows.push(
    `| (a) Results pages ÷ routes of one date, less those a known schedule rules out (filter on, a fresh app: ${r.noService} ruled out; ${schedules} schedule requests after empty pages) | ${pages} ÷ ${flying} = ${ratio.toFixed(3)} | exactly 1.0 | ${ratio === 1 ? 'meets goal' : 'misses goal'} |`,
    `| (a) Sweep time ÷ (requests ÷ rate cap) | ${s(r.durationMs)} ÷ ((${pages} + ${schedules}) ÷ ${RPS}/s = ${s(floorMs)}) = ${time.toFixed(2)}× | ≤ 1.1 | ${time <= 1.1 ? 'meets goal' : 'misses goal'} |`,
  );
}

/** A stream of cold outbound searches (one every `everyMs`, `count` of them): each one's time in ms. */
async function searchStream(deps: App, count: number, everyMs: number, seed: number, dayOffset: number): Promise<number[]> {
  const random = seededRandom(seed);
  const origins = [...new Set(deps.reference.routes().map((r) => r.origin))].filter((o) => deps.reference.destinationsFrom(o).length >= 8);
  const today = localDate(deps.clock.now(), 'America/New_York');
  const times: number[] = [];
  const runs: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const origin = origins[Math.floor(random() * origins.length)]!;
    // A date no search or sweep of this run asked about: a cold search.
    const date = addDays(today, dayOffset + (i % 20));
    runs.push(
      (async () => {
        const plan = deps.flights.planOutbound({ origin, date });
        const t = performance.now();
        await deps.flights.search.run(plan, { isPremium: false }, { gatewayCaller: { userId: `traveller-${seed}-${i}`, premium: false } });
        times.push(performance.now() - t);
      })(),
    );
    await new Promise((r) => setTimeout(r, everyMs));
  }
  await Promise.all(runs);
  return times;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

/** (c): the same stream of traveller searches, idle and during a full-network sweep. */
async function sweepUnderLoad(deps: App) {
  const count = 30;
  const everyMs = 300;
  const idle = await searchStream(deps, count, everyMs, 1, 20);
  const date = addDays(localDate(deps.clock.now(), 'America/New_York'), 1);
  // Sweep today this time (tomorrow's answers are in the cache from (a)).
  const sweepDate = addDays(date, -1);
  const sweep = deps.sweeper.run({ trigger: 'cli', filter: { date: sweepDate, force: true }, wholeHour: true });
  await new Promise((r) => setTimeout(r, 500));
  // The same origins in the same order as the idle stream (same seed), on dates of their own (cold): like for like.
  const loaded = await searchStream(deps, count, everyMs, 1, 60);
  const report = await sweep;
  const ratio = mean(loaded) / mean(idle);
  console.log(
    `\n(c) ${count} traveller searches (one every ${everyMs} ms), idle and during a sweep of ${report.swept} routes (${s(report.durationMs)})`,
  );
  console.log(
    `  idle: mean ${mean(idle).toFixed(0)} ms, p95 ${p95(idle).toFixed(0)} ms; during the sweep: mean ${mean(loaded).toFixed(0)} ms, p95 ${p95(loaded).toFixed(0)} ms`,
  );
  console.log(`  during ÷ idle (mean): ${ratio.toFixed(2)}× (goal ≤ 1.2)`);
  rows.push(
    `| (c) Traveller search time during a sweep ÷ idle | ${mean(loaded).toFixed(0)} ms ÷ ${mean(idle).toFixed(0)} ms = ${ratio.toFixed(2)}× (p95 ${p95(loaded).toFixed(0)} ÷ ${p95(idle).toFixed(0)} ms; sweep of ${report.swept} routes in ${s(report.durationMs)}) | ≤ 1.2 | ${ratio <= 1.2 ? 'meets goal' : 'misses goal'} |`,
  );
}

/**
 * An airline that answers at once with no flights, counting requests by whom they were for. With `schedules`, it is
 * the emulator's airline as far as (d) needs it: RetrieveSchedule is the emulator's calendar (the days with no
 * itinerary, on the bench's clock), and a results page has one flight on the other days, none on those.
 */
function countingAirline(schedules?: { clock: Clock; ribbons?: boolean }) {
  const counts = { requests: 0, schedules: 0, routesWithDaysOff: new Set<string>() };
  const emulated = schedules ? createSchedule({ network: seedNetwork(), bucketMinutes: 30 }) : undefined;
  // One calendar per route and day, as the emulator reckons it (a year of days: worth keeping).
  const calendars = new Map<string, { today: string; disabledDates: string[]; lastAvailableDate: string; off: Set<string> }>();
  const calendarOf = (origin: string, destination: string) => {
    const now = schedules!.clock.now();
    const known = calendars.get(`${origin}-${destination}`);
    if (known && known.today === localDate(now, findAirport(origin)?.timezone ?? 'UTC')) return known;
    const c = emulated!.calendar(origin, destination, now);
    const entry = { ...c, off: new Set(c.disabledDates) };
    calendars.set(`${origin}-${destination}`, entry);
    return entry;
  };
  const provider: FlightProvider = {
    name: 'counting',
    demo: true,
    async fetchFlights(query) {
      counts.requests++;
      // The page's week of lowest fares, as the emulator's page shows it (decision 243), on a day off too.
      const ribbon = emulated && schedules?.ribbons ? { ribbon: emulatorRibbon(emulated, query, schedules.clock.now()) } : {};
      if (!emulated || calendarOf(query.origin, query.destination).off.has(query.date)) return { kind: 'flights', flights: [], ...ribbon };
      return { kind: 'flights', flights: [testFlight(query, { standard: 99 }, { departs: '23:30', arrives: '23:59' })], ...ribbon };
    },
  };
  if (emulated) {
    provider.fetchSchedule = async (route): Promise<ScheduleFetchResult> => {
      counts.schedules++;
      const c = calendarOf(route.origin, route.destination);
      if (c.disabledDates.length > 0) counts.routesWithDaysOff.add(`${route.origin}-${route.destination}`);
      return { kind: 'schedule', lastAvailableDate: c.lastAvailableDate, disabledDates: c.disabledDates };
    };
  }
  return { provider, counts };
}

/**
 * One simulated day: searches at their minute, the sweep (when on) every minute before them. With `ribbons` ((d) with
 * the filter on), the pages carry the emulator's ribbon and every answer is kept through the real observation store,
 * written after each search and each sweep run as the app writes them between searches (decision 236); at the day's
 * end the grid and the price history are read back (ribbon-day.ts).
 */
async function simulatedDay(opts: {
  sweeps: boolean;
  freshMinutes: number;
  demandMin: number;
  scheduleFilter?: boolean;
  ribbons?: boolean;
}) {
  const start = new Date('2026-07-15T04:00:00Z'); // midnight in the East
  const clock = manualClock(start);
  // (d) compares the same airline, publishing its schedules, with the filter off and on; (b) has no schedules.
  const airline = countingAirline(opts.scheduleFilter === undefined ? undefined : { clock, ribbons: opts.ribbons });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FLIGHT_CACHE_TTL_SECONDS: String(opts.freshMinutes * 60),
    UPSTREAM_RPS: '1000000',
    UPSTREAM_CONCURRENCY: '500',
    UPSTREAM_HEDGE: 'false',
    AIRLINE_BUDGET_FREE_PER_MINUTE: '0',
    AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '0',
  });
  const routes = [...ROUTE_SEED];
  const out = new Map<string, string[]>();
  for (const r of routes) out.set(r.origin, [...(out.get(r.origin) ?? []), r.destination]);
  const reference = { routes: () => routes, destinationsFrom: (o: string) => out.get(o) ?? [], originsTo: () => [] };
  // Each search's (route, date)s are the sweep's demand (decision 226), as deps.ts wires it.
  const noting: Promise<void>[] = [];
  const demand: { note?: (q: readonly FlightQuery[]) => Promise<void> } = {};
  const database = await openDatabase({ dataDir: 'memory://' });
  const observed = opts.ribbons
    ? observedDay({ db: database.db, clock, destinationsFrom: reference.destinationsFrom, writeDelayMs: config.OBSERVATION_WRITE_DELAY_MS })
    : undefined;
  const engine = createFlightsEngine({
    config,
    clock,
    metrics: new Registry(),
    reference,
    provider: airline.provider,
    onSearch: (q) => void (demand.note && noting.push(demand.note(q))),
    ...(observed ? { observations: observed.store } : {}),
  });
  engine.gateway.setScheduleFilter(opts.scheduleFilter === true);
  const sweeper = createSweeper({
    repo: createSweepsRepository(database.db),
    flights: engine,
    reference,
    clock,
    metrics: sweepMetrics(new Registry()),
    settings: {
      budgetPerHour: BUDGET,
      refreshMs: REFRESH_MIN * 60_000,
      laterMs: 240 * 60_000,
      runEveryMs: SIM_SWEEP_EVERY_MIN * 60_000,
      concurrency: 50,
      freshMs: opts.freshMinutes * 60_000,
      demandMin: opts.sweeps ? opts.demandMin : 0,
    },
    sweeperId: 'bench',
  });
  demand.note = (q) => sweeper.noteDemand(q);
  // Searches: origins weighted by their routes (busy airports are searched more), dates mostly today and tomorrow.
  const random = seededRandom(20261124);
  const origins = [...out.keys()];
  const weights: number[] = [];
  origins.reduce((sum, o, i) => (weights[i] = sum + out.get(o)!.length), 0);
  const pickOrigin = () => {
    const x = random() * weights.at(-1)!;
    return origins[weights.findIndex((w) => w >= x)]!;
  };
  const minutes = Array.from({ length: SEARCHES }, () => Math.floor(random() * 1440)).sort((a, b) => a - b);
  let sweepRequests = 0;
  let travellerRequests = 0;
  let noRequest = 0;
  let next = 0;
  for (let minute = 0; minute < 1440; minute++) {
    clock.set(new Date(start.getTime() + minute * 60_000));
    await Promise.all(noting.splice(0));
    // The sweep every simulated minute as the worker runs it (--sweep-every-minutes; the budget per hour is the same).
    if (opts.sweeps && minute % SIM_SWEEP_EVERY_MIN === 0) {
      const before = airline.counts.requests;
      await sweeper.run({ trigger: 'schedule' });
      sweepRequests += airline.counts.requests - before;
      await observed?.store.flush(60_000);
    }
    while (next < minutes.length && minutes[next] === minute) {
      next++;
      const origin = pickOrigin();
      const today = localDate(clock.now(), 'America/New_York');
      const x = random();
      const date = addDays(today, x < 0.45 ? 0 : x < 0.9 ? 1 : 2 + Math.floor(random() * 9));
      const before = airline.counts.requests;
      const plan = engine.planOutbound({ origin, date });
      await engine.search.run(plan, { isPremium: false });
      await observed?.store.flush(60_000);
      const asked = airline.counts.requests - before;
      travellerRequests += asked;
      if (asked === 0) noRequest++;
    }
  }
  await engine.gateway.schedulesIdle();
  // At the day's last minute, every origin's grid over the 14 days from the day (all a search of it or its ribbon reaches).
  const ribbons = await observed?.tally(origins, localDate(clock.now(), 'America/New_York'), 14);
  await database.close();
  const { schedules, routesWithDaysOff } = airline.counts;
  return {
    ribbons,
    sweepRequests,
    travellerRequests,
    total: sweepRequests + travellerRequests,
    noRequest,
    schedules,
    routesWithDaysOff: routesWithDaysOff.size,
  };
}

/**
 * (b): the same day of searches without sweeps, with the sweep as it was (hourly refresh of every open date, no
 * demand), and with demand-weighted sweeps (decision 226), all at the same fresh time (--fresh-minutes, default the
 * flight cache's 10 minutes).
 */
async function dayOfSearches() {
  const t = performance.now();
  const timed = async <T>(name: string, work: () => Promise<T>) => {
    const t0 = performance.now();
    const r = await work();
    console.log(`  (${name} simulated in ${s(performance.now() - t0)}, load average ${loadavg()[0]!.toFixed(1)})`);
    return r;
  };
  const without = await timed('without sweeps', () => simulatedDay({ sweeps: false, freshMinutes: FRESH_MIN, demandMin: 0 }));
  // --skip-hourly: only the demand-weighted sweep against none (the hourly-only day takes as long again).
  const plain = process.argv.includes('--skip-hourly')
    ? { sweepRequests: 0, travellerRequests: 0, total: NaN, noRequest: NaN, schedules: 0, routesWithDaysOff: 0, ribbons: undefined }
    : await timed('sweeps without demand', () => simulatedDay({ sweeps: true, freshMinutes: FRESH_MIN, demandMin: 0 }));
  const demand = await timed('demand-weighted sweeps', () =>
    simulatedDay({ sweeps: true, freshMinutes: FRESH_MIN, demandMin: DEMAND_MIN }),
  );
  const pct = (n: number) => `${((100 * n) / SEARCHES).toFixed(1)} %`;
  const x = (r: { total: number }) => (without.total / r.total).toFixed(2);
  const line = (r: Awaited<ReturnType<typeof simulatedDay>>) =>
    `${r.total} (${r.sweepRequests} sweep + ${r.travellerRequests} travellers), ${x(r)}× fewer; ${pct(r.noRequest)} of searches asked the airline nothing`;
  console.log(
    `\n(b) A simulated day of ${SEARCHES} searches (45 % today, 45 % tomorrow, 10 % 2-10 days ahead; origins by their routes), fresh time ${FRESH_MIN} min, budget ${BUDGET}/h, refresh ${REFRESH_MIN} min, in ${s(performance.now() - t)}`,
  );
  console.log(`  without sweeps: ${without.total}; ${pct(without.noRequest)} of searches asked the airline nothing`);
  console.log(`  sweeps without demand: ${line(plain)}`);
  console.log(`  demand-weighted sweeps (${DEMAND_MIN}+ searches an hour): ${line(demand)}`);
  rows.push(
    `| (b) Airline requests in a day of ${SEARCHES} searches (fresh ${FRESH_MIN} min): without sweeps ÷ with | ${without.total} ÷ ${plain.total} (hourly sweeps) = ${x(plain)}×; ÷ ${demand.total} (demand-weighted: ${demand.sweepRequests} sweep + ${demand.travellerRequests} travellers) = ${x(demand)}× | ≥ 10× | ${Number(x(demand)) >= 10 ? 'meets goal' : 'misses goal'} |`,
    `| (b) Searches answered with no airline request: without / hourly sweeps / demand-weighted | ${pct(without.noRequest)} / ${pct(plain.noRequest)} / ${pct(demand.noRequest)} | reported | — |`,
  );
}

/**
 * (d)'s ribbon figures (decision 243) of the day with the filter on, `requests` its airline requests (pages and
 * schedules): the figures kept, the grid's cells a ribbon alone filled (each would have cost a results page without
 * ribbons), and the price-history points from ribbons.
 */
function reportRibbons(name: string, r: RibbonTally, requests: number) {
  const f = (k: string) => r.figures[k] ?? 0;
  const kept = f('new') + f('changed') + f('seen_again');
  const c = r.cells;
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  const fares = c.answered + c.fresherRibbon + c.ribbonOnly;
  const h = r.history;
  console.log(
    `    ribbons (filter on): ${kept} figures kept (${f('new')} new (route, date)s, ${f('changed')} changed, ${f('seen_again')} seen again), ${f('late')} late, ${f('dropped')} dropped`,
  );
  console.log(
    `    grid at the day's end, every origin, 14 days from the day (${c.total} cells): ${fares} with a lowest fare: ${c.answered + c.fresherRibbon} answered (${c.fresherRibbon} showing a fresher ribbon figure), ${c.ribbonOnly} from a ribbon alone (${pct(c.ribbonOnly, fares)}); ${c.answeredNoFare} answered with no flights, ${c.empty} empty (metric grid_cell: ${r.filled.grid_cell ?? 0})`,
  );
  console.log(
    `    price history of the ${h.routeDates} (route, date)s with anything kept: ${h.answer + h.ribbon} points, ${h.ribbon} from ribbons (${pct(h.ribbon, h.answer + h.ribbon)}); ${h.ribbonOnly} histories of ribbon points only (metric history_point: ${r.filled.history_point ?? 0}; good-price verdicts only thanks to ribbons: ${r.filled.good_price ?? 0}); grids and histories read in ${s(r.readMs)}`,
  );
  console.log(
    `    airline requests the ribbon-only cells would have needed without ribbons: ${c.ribbonOnly} = ${pct(c.ribbonOnly, requests)} of the day's ${requests}`,
  );
  rows.push(
    `| (d) ${name}, filter on: ribbon figures kept (new (route, date)s, changed, seen again; dropped) | ${kept} (${f('new')}, ${f('changed')}, ${f('seen_again')}; ${f('dropped')} dropped) | reported | — |`,
    `| (d) ${name}, filter on: grid cells with a lowest fare at the day's end (${c.total} cells: every route, 14 days), answered ÷ ribbon only | ${c.answered + c.fresherRibbon} ÷ ${c.ribbonOnly} (${pct(c.ribbonOnly, fares)} of ${fares} cells with a fare by a ribbon alone) | reported | — |`,
    `| (d) ${name}, filter on: price-history points from ribbons (of the ${h.routeDates} (route, date)s with anything kept) | ${h.ribbon} of ${h.answer + h.ribbon} (${pct(h.ribbon, h.answer + h.ribbon)}); ${h.ribbonOnly} histories from ribbons alone | reported | — |`,
    `| (d) ${name}, filter on: airline requests the ribbon-only cells would have needed ÷ the day's requests | ${c.ribbonOnly} ÷ ${requests} = ${pct(c.ribbonOnly, requests)} | reported | — |`,
  );
}

/**
 * (d): the day of (b) without and with the schedule filter (decision 242), travellers alone and with the
 * demand-weighted sweep, on an airline whose RetrieveSchedule is the emulator's calendar. The day starts with no
 * schedule known: a route's is read after its first empty page for a later day. Once known, a route whose read names
 * a day without service is read daily, the others at most weekly (the steady figure below counts them so: an upper
 * bound, as those are read again only after another empty page).
 */
async function scheduleFilterDay() {
  const t = performance.now();
  // The day with the filter on (the default) keeps its answers and ribbons through the observation store (decision 243).
  const day = (sweeps: boolean, scheduleFilter: boolean) =>
    simulatedDay({ sweeps, freshMinutes: FRESH_MIN, demandMin: sweeps ? DEMAND_MIN : 0, scheduleFilter, ribbons: scheduleFilter });
  console.log(`\n(d) The schedule filter on a simulated day of ${SEARCHES} searches (as (b)), fresh time ${FRESH_MIN} min`);
  for (const sweeps of [false, true]) {
    const name = sweeps ? `demand-weighted sweeps (budget ${BUDGET}/h)` : 'travellers alone (no sweeps)';
    const t0 = performance.now();
    const off = await day(sweeps, false);
    const on = await day(sweeps, true);
    const pagesOff = off.sweepRequests + off.travellerRequests;
    const pagesOn = on.sweepRequests + on.travellerRequests;
    const saved = pagesOff - pagesOn;
    const steady = on.routesWithDaysOff + (on.schedules - on.routesWithDaysOff) / 7;
    const all = (n: number) => (pagesOff / n).toFixed(3);
    console.log(`  ${name} (simulated in ${s(performance.now() - t0)}, load average ${loadavg()[0]!.toFixed(1)}):`);
    console.log(`    results pages without the filter: ${pagesOff} (${off.sweepRequests} sweep + ${off.travellerRequests} travellers)`);
    console.log(`    results pages with it: ${pagesOn} (${on.sweepRequests} sweep + ${on.travellerRequests} travellers): ${saved} saved`);
    console.log(
      `    schedule requests: ${on.schedules} this first day, at most about ${steady.toFixed(0)} a day once known (${on.routesWithDaysOff} routes with days off daily, the others weekly)`,
    );
    console.log(
      `    pages saved ÷ schedule requests: ${(saved / on.schedules).toFixed(2)} (first day), ${(saved / steady).toFixed(2)} (steady); all requests without ÷ with: ${all(pagesOn + on.schedules)}× (first day), ${all(pagesOn + steady)}× (steady)`,
    );
    rows.push(
      `| (d) ${name}: results pages without ÷ with the filter | ${pagesOff} ÷ ${pagesOn} (${saved} saved) | reported | — |`,
      `| (d) ${name}: schedule requests; pages saved ÷ schedule requests | ${on.schedules} the first day, ≤ ${steady.toFixed(0)} a day once known (${on.routesWithDaysOff} routes with days off); ${(saved / on.schedules).toFixed(2)} first day, ${(saved / steady).toFixed(2)} steady | > 1 | ${saved / steady > 1 ? 'pays' : 'does not pay'} |`,
      `| (d) ${name}: all airline requests without ÷ with | ${pagesOff} ÷ ${pagesOn + on.schedules} = ${all(pagesOn + on.schedules)}× first day; ÷ ${(pagesOn + steady).toFixed(0)} = ${all(pagesOn + steady)}× steady | reported | — |`,
    );
    if (on.ribbons) reportRibbons(name, on.ribbons, pagesOn + on.schedules);
  }
  console.log(`  (d) in ${s(performance.now() - t)}`);
}

async function main() {
  const loadBefore = loadavg()[0]!.toFixed(1);
  if (runs('b')) await dayOfSearches();
  if (runs('d')) await scheduleFilterDay();
  if (runs('a') || runs('c')) {
    const emulator = await startEmulator();
    const app = await emulatorApp(emulator.url);
    try {
      if (runs('a')) await fullNetworkSweep(app.deps, emulator);
      if (runs('c')) await sweepUnderLoad(app.deps);
    } finally {
      await app.close();
      await emulator.stop();
    }
  }
  const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.versions.node}, load average ${loadBefore} before and ${loadavg()[0]!.toFixed(1)} after`;
  console.log(`\nmachine: ${machine}\nRows for docs/benchmarks.md:`);
  for (const r of rows) console.log(r);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
