/**
 * `npm run bench:search`: the five figures of the flight-engine issue, against the Frontier emulator running in
 * its own process (the airline is not on our CPU) with a fixed latency and no jitter, from the origin with the
 * most routes. Prints the figures with their ratios to the goals, and the same figures as table rows for
 * docs/benchmarks.md; it writes no file, so what the docs say about a run is what a person chose to record.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addDays, todayUtc } from '@gowild/contract/dates';
import type { FlightSearchResponse } from '@gowild/contract/flights';
import { buildApp } from '../src/app';
import { benchAppConfig } from './bench-app-config';
import { openDatabase } from '../src/db/client';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import { fixedCallerGate } from '../src/test/search-gates';
import pg from 'pg';

/**
 * Statements the app sends to PostgreSQL (every query of the pool goes through a client's `query`): counted per cold
 * search, to set one build's cold path beside another's where wall times are noisy (PGlite sends none this way).
 */
const pgStatements = { count: 0 };
{
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    pgStatements.count++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

interface BenchSettings {
  latencyMs: number;
  maxWorkers: number;
  timeoutMs: number;
  retries: number;
  warmRuns: number;
  coldRuns: number;
  concurrentSearches: number;
  faultErrorRate: number;
  faultHangRate: number;
  /** Faulty searches per fault scenario; the median is reported (one run is a roll of the dice). */
  faultRuns: number;
  /**
   * The emulator's dice for the fault runs: run i of every scenario is seeded `faultSeed + i` and asks for a date a
   * fixed number of days ahead, so the same faults come in every run of the bench, on any day, at any load.
   */
  faultSeed: number;
  /**
   * `faults`: only the warm-up, the cold searches (the reference for the fault rows) and the four fault scenarios, for
   * a loaded machine (`BENCH_SEARCH_ONLY=faults`); `cold`: only the warm-up and the cold searches, to set one build
   * beside another run after run (`BENCH_SEARCH_ONLY=cold BENCH_COLD_RUNS=9`); `all` by default.
   */
  only: 'all' | 'faults' | 'cold';
  /** Where a CPU profile of the cold searches alone is written (`BENCH_CPU_PROFILE=cold.cpuprofile`), if anywhere. */
  profilePath?: string;
  /**
   * A PostgreSQL database to run on (`BENCH_DATABASE_URL`, an empty one: the app migrates it); the embedded database
   * in memory by default.
   */
  databaseUrl?: string;
}

const DEFAULTS: BenchSettings = {
  latencyMs: 300,
  maxWorkers: 50,
  timeoutMs: 1500,
  retries: 2,
  warmRuns: 200,
  coldRuns: 5,
  concurrentSearches: 50,
  faultErrorRate: 0.2,
  faultHangRate: 0.05,
  faultRuns: 5,
  faultSeed: 1,
  only: 'all',
};

/** A whole number of at least 1 from the environment, or undefined when unset. */
function runsFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  if (env[name] === undefined) return undefined;
  const runs = Number(env[name]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`${name} is a whole number of at least 1`);
  return runs;
}

/** The settings the environment may change: `BENCH_SEARCH_ONLY=faults|cold`, `BENCH_FAULT_RUNS=5`, `BENCH_COLD_RUNS=5`. */
function benchSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<BenchSettings> {
  const out: Partial<BenchSettings> = {};
  const only = env.BENCH_SEARCH_ONLY;
  if (only === 'faults' || only === 'cold') out.only = only;
  else if (only && only !== 'all') throw new Error('BENCH_SEARCH_ONLY is `all`, `faults` or `cold`');
  const faultRuns = runsFromEnv(env, 'BENCH_FAULT_RUNS');
  if (faultRuns !== undefined) out.faultRuns = faultRuns;
  const coldRuns = runsFromEnv(env, 'BENCH_COLD_RUNS');
  if (coldRuns !== undefined) out.coldRuns = coldRuns;
  if (env.BENCH_CPU_PROFILE) out.profilePath = env.BENCH_CPU_PROFILE;
  if (env.BENCH_DATABASE_URL) out.databaseUrl = env.BENCH_DATABASE_URL;
  return out;
}

/**
 * Profiles this process's CPU from now until `stop` and writes the profile (Chrome DevTools' format) to `file`; without
 * a file, does nothing. `node --cpu-prof` would profile the start-up and warm-up as well, which drown the searches.
 */
async function cpuProfile(file: string | undefined): Promise<{ stop(): Promise<void> }> {
  if (!file) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = await post<{ profile: object }>('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of the cold searches written to ${file}`);
    },
  };
}

export interface Emulator {
  url: string;
  child: ChildProcess;
  stats(): Promise<{ internalSelect: number; select: number; answered: number; needed: number }>;
  /** Zeroes the counters; `seed` re-seeds the fault dice. */
  reset(seed?: number): Promise<void>;
  knobs(k: Record<string, number>): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmulatorProcess(latencyMs: number): Promise<Emulator> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/providers/flights/emulator/standalone.ts')], {
    cwd: serverDir,
    env: {
      ...process.env,
      EMULATOR_PORT: String(20000 + Math.floor(Math.random() * 20000)),
      EMULATOR_LATENCY_MS: String(latencyMs),
      EMULATOR_JITTER_MS: '0',
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
  const call = async (p: string, body?: unknown) => {
    const res = await fetch(url + p, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
    return res.json() as Promise<Record<string, unknown>>;
  };
  return {
    url,
    child,
    stats: async () =>
      (await call('/__emulator/stats')).stats as { internalSelect: number; select: number; answered: number; needed: number },
    reset: async (seed) => void (await call('/__emulator/reset', seed === undefined ? {} : { seed })),
    knobs: async (k) => void (await call('/__emulator/knobs', k)),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const ms = (n: number) => `${Math.round(n)} ms`;
const x = (n: number) => `${n.toFixed(2)}×`;

interface BenchResult {
  settings: BenchSettings;
  origin: string;
  destinations: number;
  floorMs: number;
  cold: { runsMs: number[]; medianMs: number; ratio: number; cpuMs: number; statements: { during: number; all: number } };
  /** Left out (undefined) when only the fault part runs. */
  warm?: { p50Ms: number; p99Ms: number };
  concurrent?: { upstreamRequests: number; ratio: number; wallMs: number };
  stream?: { firstDestinationMs: number; ratio: number; totalMs: number };
  /**
   * The fault scenarios, and the same two with hedging turned off (the gateway as it was before decision 059); left
   * out when only the cold searches run.
   */
  faults?: { faults: FaultFigure; hangs: FaultFigure; faultsUnhedged: FaultFigure; hangsUnhedged: FaultFigure };
  baseline?: { wallMs: number; ratioToCold: number };
  machine: string;
  /** The app's database: the embedded one, or PostgreSQL. */
  database: string;
  date: string;
}

/** One fault scenario: the median of its faulty searches, with its answered share, airline requests and hedges. */
interface FaultFigure {
  answeredShare: number;
  wallMs: number;
  runsMs: number[];
  ratio: number;
  upstreamRequests: number;
  /** The requests the faults made necessary in the median run (the emulator's count): the rest is our overhead. */
  neededRequests: number;
  hedges: number;
  /** Attempts cut because the site had not begun answering (decision 220). */
  earlyCuts: number;
  /** The gateway's p95 of first answers and of whole answers after the median run (ms): what the cut goes by. */
  p95: { firstAnswer?: number; answer?: number };
}

async function runSearchBench(overrides: Partial<BenchSettings> = {}): Promise<BenchResult> {
  const s = { ...DEFAULTS, ...overrides };
  const L = s.latencyMs;
  const loadBefore = loadavg()[0]?.toFixed(1);
  const emulator = await startEmulatorProcess(L);
  const config = benchAppConfig(emulator.url, {
    UPSTREAM_TIMEOUT_MS: String(s.timeoutMs),
    UPSTREAM_RETRIES: String(s.retries),
    UPSTREAM_CONCURRENCY: String(s.maxWorkers),
    // One bench caller runs every search: the per-user airline share (decision 117, measured by bench:fair-use) is off.
    AIRLINE_BUDGET_FREE_PER_MINUTE: '0',
    AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '0',
  });
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: s.databaseUrl });
  const deps = await createAppDeps(config, database, { searchGate: fixedCallerGate({ isPremium: true }).gate });
  const app = await buildApp(deps);
  try {
    const routes = deps.reference.routes();
    const degree = new Map<string, number>();
    for (const r of routes) degree.set(r.origin, (degree.get(r.origin) ?? 0) + 1);
    const ranked = [...degree].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const [origin, N] = ranked[0] as [string, number];
    const warmupOrigins = ranked.slice(1, 6).map(([code]) => code);
    const floorMs = Math.ceil(N / s.maxWorkers) * L;
    const day0 = addDays(todayUtc(), 1);
    let day = 0;
    const nextDate = () => addDays(day0, ++day);
    const search = async (date: string, o = origin) => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/flights/search?origin=${o}&date=${date}&max_workers=${s.maxWorkers}` });
      const wall = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return { wall, body: res.json() as FlightSearchResponse };
    };

    // Warm the process (JIT, connection pool) on other origins; "cold" below means a cold cache, not a cold process.
    for (const o of warmupOrigins) await search(nextDate(), o);

    // 1. Cold all-destinations search ÷ floor.
    const coldRuns: number[] = [];
    const coldCpu: number[] = [];
    /** Statements while each cold search was under way, and from its start to the next one's. */
    const coldStatements = { during: [] as number[], all: [] as number[], starts: [] as number[] };
    let coldDate = '';
    const profile = await cpuProfile(s.profilePath);
    for (let i = 0; i < s.coldRuns; i++) {
      coldDate = nextDate();
      const cpu = process.cpuUsage();
      const statements = pgStatements.count;
      coldRuns.push((await search(coldDate)).wall);
      const used = process.cpuUsage(cpu);
      coldCpu.push((used.user + used.system) / 1000);
      coldStatements.during.push(pgStatements.count - statements);
      // From its start to the next one's (the searches run back to back): with what it left to write after its answer.
      coldStatements.starts.push(statements);
    }
    coldStatements.starts.push(pgStatements.count);
    for (let i = 1; i < coldStatements.starts.length; i++)
      coldStatements.all.push(coldStatements.starts[i]! - coldStatements.starts[i - 1]!);
    await profile.stop();
    const coldMedian = median(coldRuns);

    const full = s.only === 'all';
    // 2. Warm (cached) search: server time through inject, p50 and p99.
    const warm: number[] = [];
    for (let i = 0; full && i < s.warmRuns; i++) warm.push((await search(coldDate)).wall);
    warm.sort((a, b) => a - b);

    // 3. Concurrent identical cold searches: airline requests ÷ N.
    await emulator.reset();
    const concurrentDate = nextDate();
    const t3 = performance.now();
    if (full) await Promise.all(Array.from({ length: s.concurrentSearches }, () => search(concurrentDate)));
    const concurrentWall = performance.now() - t3;
    const upstream3 = (await emulator.stats()).internalSelect;

    // 4. Streamed variant over real HTTP: time to the first destination ÷ L (median of the cold runs).
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const firstDestinations: number[] = [];
    let streamTotal = 0;
    for (let i = 0; full && i < s.coldRuns; i++) {
      const t4 = performance.now();
      const res = await fetch(`${address}/api/flights/search/stream?origin=${origin}&date=${nextDate()}`);
      let first = NaN;
      let buffered = '';
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        if (Number.isNaN(first) && buffered.includes('"type":"destination"')) first = performance.now() - t4;
      }
      firstDestinations.push(first);
      streamTotal = performance.now() - t4;
    }
    const firstDestination = median(firstDestinations);

    // 5. Faults: 20% 5xx and 5% hangs; then 5% hangs alone (what hedging is for); then both again with hedging off.
    // Median of `faultRuns` searches each.
    const hedgesSent = async () =>
      Number(/^flight_upstream_hedges_total\{result="sent"\} (\S+)$/m.exec(await deps.metrics.metrics())?.[1] ?? 0);
    const earlyCuts = async () => Number(/^flight_upstream_early_cuts_total (\S+)$/m.exec(await deps.metrics.metrics())?.[1] ?? 0);
    // Each scenario asks for dates of its own, a fixed number of days ahead (the emulator's dice depend on it).
    let scenario = 0;
    const faultScenario = async (errorRate: number, hangRate: number): Promise<FaultFigure> => {
      await emulator.knobs({ errorRate, hangRate });
      const firstDay = 100 + 10 * scenario++;
      const runs: {
        wall: number;
        failed: number;
        requests: number;
        needed: number;
        hedges: number;
        cuts: number;
        p95: FaultFigure['p95'];
      }[] = [];
      for (let i = 0; i < s.faultRuns; i++) {
        await emulator.reset(s.faultSeed + i);
        const hedgesBefore = await hedgesSent();
        const cutsBefore = await earlyCuts();
        const faulty = await search(addDays(day0, firstDay + i));
        const counted = await emulator.stats();
        runs.push({
          wall: faulty.wall,
          failed: faulty.body.failed?.length ?? 0,
          requests: counted.internalSelect,
          needed: counted.needed,
          hedges: (await hedgesSent()) - hedgesBefore,
          cuts: (await earlyCuts()) - cutsBefore,
          p95: deps.flights.gateway.latencyP95(),
        });
      }
      await emulator.knobs({ errorRate: 0, hangRate: 0 });
      const mid = [...runs].sort((a, b) => a.wall - b.wall)[Math.floor(runs.length / 2)] ?? runs[0]!;
      return {
        answeredShare: (N - mid.failed) / N,
        wallMs: mid.wall,
        runsMs: runs.map((r) => r.wall),
        ratio: mid.wall / floorMs,
        upstreamRequests: mid.requests,
        neededRequests: mid.needed,
        hedges: mid.hedges,
        earlyCuts: mid.cuts,
        p95: mid.p95,
      };
    };
    const faultFigures = async () => {
      const faults = await faultScenario(s.faultErrorRate, s.faultHangRate);
      const hangs = await faultScenario(0, s.faultHangRate);
      deps.flights.gateway.setHedging(false);
      const faultsUnhedged = await faultScenario(s.faultErrorRate, s.faultHangRate);
      const hangsUnhedged = await faultScenario(0, s.faultHangRate);
      deps.flights.gateway.setHedging(true);
      return { faults, hangs, faultsUnhedged, hangsUnhedged };
    };
    const faults = s.only === 'cold' ? undefined : await faultFigures();

    // Baseline: what a typical script does — one request after another, no cache — through the same adapter.
    const baselineDate = nextDate();
    const tb = performance.now();
    for (const destination of full ? deps.reference.destinationsFrom(origin) : []) {
      await deps.flights.provider.fetchFlights({ origin, destination, date: baselineDate }, AbortSignal.timeout(s.timeoutMs * 4));
    }
    const baselineWall = performance.now() - tb;

    return {
      settings: s,
      origin,
      destinations: N,
      floorMs,
      cold: {
        runsMs: coldRuns,
        medianMs: coldMedian,
        ratio: coldMedian / floorMs,
        cpuMs: median(coldCpu),
        statements: { during: median(coldStatements.during), all: median(coldStatements.all) },
      },
      warm: full ? { p50Ms: percentile(warm, 50), p99Ms: percentile(warm, 99) } : undefined,
      concurrent: full ? { upstreamRequests: upstream3, ratio: upstream3 / N, wallMs: concurrentWall } : undefined,
      stream: full ? { firstDestinationMs: firstDestination, ratio: firstDestination / L, totalMs: streamTotal } : undefined,
      faults,
      baseline: full ? { wallMs: baselineWall, ratioToCold: baselineWall / coldMedian } : undefined,
      machine: `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.versions.node}, load average ${loadBefore} before and ${loadavg()[0]?.toFixed(1)} after`,
      database: database.kind === 'pglite' ? 'the embedded database (PGlite, in memory)' : 'PostgreSQL',
      date: todayUtc(),
    };
  } finally {
    await app.close();
    await disposeAppDeps(deps);
    await database.close();
    await emulator.stop();
  }
}

/** The fault figure's request limit: what the gateway sent for 70 destinations before this work (issue of 2026-11-24). */
const FAULT_REQUEST_LIMIT = 95;

function verdict(ok: boolean): string {
  return ok ? 'meets goal' : 'MISSES goal';
}

function faultText(r: BenchResult, f: FaultFigure): string {
  return `median ${ms(f.wallMs)} (runs ${f.runsMs.map((v) => Math.round(v)).join(', ')}) ÷ floor = ${x(f.ratio)} (${x(f.wallMs / r.cold.medianMs)} this run's cold search); ${(f.answeredShare * 100).toFixed(1)}% of destinations answered, ${f.upstreamRequests} airline requests for ${r.destinations} (the faults needed ${f.neededRequests}), ${f.hedges} hedged, ${f.earlyCuts} cut early (p95 of first answers ${ms(f.p95.firstAnswer ?? NaN)}, of answers ${ms(f.p95.answer ?? NaN)})`;
}

function renderBench(r: BenchResult): { table: string; markdown: string } {
  const L = r.settings.latencyMs;
  const { warm, concurrent, stream, baseline, faults: f } = r;
  const rows: ([string, string, string, string] | undefined)[] = [
    [
      '1. Cold all-destinations search ÷ floor',
      `median ${ms(r.cold.medianMs)} (runs ${r.cold.runsMs.map((v) => Math.round(v)).join(', ')}) ÷ ${ms(r.floorMs)} = ${x(r.cold.ratio)}; app CPU ${ms(r.cold.cpuMs)} a search${r.database === 'PostgreSQL' ? `; PostgreSQL statements a search (median): ${r.cold.statements.during} while under way, ${r.cold.statements.all} with its writes` : ''}`,
      '≤ 1.15',
      verdict(r.cold.ratio <= 1.15),
    ],
    warm && [
      '2. Warm (cached) search, server time',
      `p50 ${warm.p50Ms.toFixed(1)} ms, p99 ${warm.p99Ms.toFixed(1)} ms`,
      'p50 ≤ 20 ms',
      verdict(warm.p50Ms <= 20),
    ],
    concurrent && [
      `3. ${r.settings.concurrentSearches} concurrent identical cold searches: airline requests ÷ N`,
      `${concurrent.upstreamRequests} ÷ ${r.destinations} = ${x(concurrent.ratio)} (all done in ${ms(concurrent.wallMs)})`,
      'exactly 1.0',
      verdict(concurrent.ratio === 1),
    ],
    stream && [
      '4. Streamed search: first destination ÷ L',
      `${ms(stream.firstDestinationMs)} ÷ ${ms(L)} = ${x(stream.ratio)} (median of ${r.settings.coldRuns}; whole stream ${ms(stream.totalMs)})`,
      '≤ 1.2',
      verdict(stream.ratio <= 1.2),
    ],
    f && [
      `5. With ${r.settings.faultErrorRate * 100}% errors and ${r.settings.faultHangRate * 100}% hangs`,
      faultText(r, f.faults),
      `< 2, every destination, ≤ ${FAULT_REQUEST_LIMIT} requests`,
      verdict(f.faults.ratio < 2 && f.faults.answeredShare === 1 && f.faults.upstreamRequests <= FAULT_REQUEST_LIMIT),
    ],
    f && [`5b. With ${r.settings.faultHangRate * 100}% hangs only`, faultText(r, f.hangs), '< 2', verdict(f.hangs.ratio < 2)],
    f && [`5c. As 5, hedging and early cut off`, faultText(r, f.faultsUnhedged), 'reported', '—'],
    f && [`5d. As 5b, hedging and early cut off`, faultText(r, f.hangsUnhedged), 'reported', '—'],
    baseline && [
      'Baseline: sequential requests, no cache',
      `${ms(baseline.wallMs)}; ${x(baseline.ratioToCold)} the cold search time`,
      'reported',
      '—',
    ],
  ];
  const shown = rows.filter((row): row is [string, string, string, string] => row !== undefined);
  const table = shown.map((row) => `${row[0]}\n    ${row[1]}    [goal ${row[2]}: ${row[3]}]`).join('\n');
  const markdown = `Machine: ${r.machine}. Database: ${r.database}. Run on ${r.date}. Origin ${r.origin}, N = ${r.destinations}, L = ${L} ms, floor ${r.floorMs} ms.

| Figure | Measured | Goal | |
|---|---|---|---|
${shown.map((row) => `| ${row.join(' | ')} |`).join('\n')}`;
  return { table, markdown };
}

async function main() {
  const result = await runSearchBench(benchSettingsFromEnv(process.env));
  const { table, markdown } = renderBench(result);
  console.log(
    `\nFlight search benchmark — origin ${result.origin}, N = ${result.destinations}, L = ${result.settings.latencyMs} ms, floor ${result.floorMs} ms\n`,
  );
  console.log(table);
  console.log(`\nAs rows for docs/benchmarks.md:\n\n${markdown}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
