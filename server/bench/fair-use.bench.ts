/**
 * `npm run bench:fair-use` (and part of `npm run bench`): fair use of the airline (decisions 116, 117, 161, 250).
 * Against the Frontier emulator in its own process with a fixed latency L (as `bench:search`); every figure is another
 * user's cold search time ÷ the same search's time on an idle service, measured in the same run (goal ≤ 1.5).
 *
 *   npm run bench:fair-use -w server -- [--only burst,sweep,steady] [--rounds N]
 *
 * - burst: one premium user starts 20 hub searches and 20 outbound searches at once; another user's cold search
 *   starts 0 to 1000 ms later (one offset per round, evenly spread), the first second of the burst. p50 and p90 of
 *   those searches ÷ the p50 and p90 of the same searches on an idle service (fresh apps each, so every one is cold).
 * - sweep: a full-network sweep of one date runs in a second process (the worker role: its own gateway, on the same
 *   emulator and a Redis of the bench's own), while other users' cold searches start one every 400 ms on this
 *   process; the same stream (same origins, other dates) before the sweep is the idle figure.
 * - steady: the first user's burst has had the airline to itself for 150 answers (and 1.5 s); then the other user's
 *   search (the figure of sessions 10 to 12). Three rounds, medians.
 *
 * Prints rows for docs/benchmarks.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addDays, todayUtc } from '@gowild/contract/dates';
import { localDate } from '@gowild/contract/local-time';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../src/app';
import { benchAppConfig } from './bench-app-config';
import { openDatabase } from '../src/db/client';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import type { JobRunner } from '../src/jobs/job-runner';
import { seededRandom } from '../src/lib/seeded-random';
import type { SearchGate } from '../src/modules/accounts/accounts.module';
import { startEmulatorProcess } from './search.bench';

const L = Number(process.env.FAIR_BENCH_LATENCY_MS ?? 300);
const HUB_SEARCHES = 20;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const ONLY = arg('only')?.split(',');
const runs = (part: string) => !ONLY || ONLY.includes(part);
/** Rounds of the burst scene (one offset each); the steady scene has `FAIR_BENCH_RUNS` (3). */
const BURST_ROUNDS = Number(arg('rounds') ?? 12);
const STEADY_RUNS = Number(process.env.FAIR_BENCH_RUNS ?? 3);
/** The sweep scene's stream: this many searches, one every `SWEEP_STREAM_EVERY_MS`. */
const SWEEP_STREAM = 15;
const SWEEP_STREAM_EVERY_MS = 400;

/**
 * The first user's head start in the steady scene: the second user searches once the airline has answered this many
 * of the first user's requests and at least 1.5 s have passed (counted in answers: on a loaded machine the first
 * user's 40 searches take seconds to reach the airline).
 */
const HEAD_START_ANSWERS = 150;
const HEAD_START_MS = 1500;
const HEAD_START_MAX_MS = 20_000;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const median = (xs: number[]) => percentile(xs, 50);
const ms = (n: number) => `${Math.round(n)} ms`;
const x = (n: number) => `${n.toFixed(2)}×`;
const pause = (t: number) => new Promise((r) => setTimeout(r, t));
const rows: string[] = [];

/** Every search gets in, as the user named in the `x-bench-user` header (premium: the saturating user). */
const benchGate: SearchGate = {
  admit: async (request: FastifyRequest) => {
    const userId = String(request.headers['x-bench-user'] ?? 'anonymous');
    return {
      caller: { userId, email: null, isPremium: userId === 'saturator', isAdmin: false },
      settle: async () => ({ charged: false }),
      cancel: async () => {},
    };
  },
};
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };

type Emulator = Awaited<ReturnType<typeof startEmulatorProcess>>;

function appMaker(emulator: Emulator) {
  return async (extra: Record<string, string> = {}) => {
    const config = benchAppConfig(emulator.url, { UPSTREAM_TIMEOUT_MS: String(5 * L), ...extra });
    const database = await openDatabase({ dataDir: 'memory://' });
    const deps = await createAppDeps(config, database, { searchGate: benchGate, jobs: noJobs });
    const app = await buildApp(deps);
    const get = (user: string, url: string) => app.inject({ method: 'GET', url, headers: { 'x-bench-user': user } });
    return {
      deps,
      get,
      /** One search as `user`: its time in ms (a search that does not answer 200 stops the bench). */
      timed: async (user: string, url: string) => {
        const t = performance.now();
        const res = await get(user, url);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        return performance.now() - t;
      },
      close: async () => {
        await app.close();
        await disposeAppDeps(deps);
        await database.close();
      },
    };
  };
}
type App = Awaited<ReturnType<ReturnType<typeof appMaker>>>;

/** The scene's places: the first user's hub origin and targets, the other user's origin, the date, a warm-up origin. */
async function scenery(fresh: ReturnType<typeof appMaker>) {
  const first = await fresh();
  const reference = first.deps.reference;
  const today = todayUtc();
  const date = [addDays(today, 1), today].find((d) => !reference.isBlackout(d)) ?? addDays(today, 1);
  const degree = new Map<string, number>();
  for (const r of reference.routes()) degree.set(r.origin, (degree.get(r.origin) ?? 0) + 1);
  const byDegree = [...degree].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([o]) => o);
  const hubOrigin = byDegree[0]!;
  const direct = new Set(reference.destinationsFrom(hubOrigin));
  const reach = new Map<string, number>();
  for (const h of direct)
    for (const d of reference.destinationsFrom(h)) if (d !== hubOrigin && !direct.has(d)) reach.set(d, (reach.get(d) ?? 0) + 1);
  const targets = [...reach].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([d]) => d);
  const warmUrl = `/api/flights/search?origin=${byDegree[2]}&date=${date}`;
  // Warm the process (JIT, connections) on a third origin.
  await first.get('warm', warmUrl);
  await first.close();
  // The first user's load: 20 hub searches (each asks for the legs through every hub that can carry it further) and,
  // since hub legs need GoWild seats on sale to go on, 20 outbound searches on the next 20 days.
  const saturate = (a: App) => [
    ...targets.slice(0, HUB_SEARCHES).map((d) => a.get('saturator', `/api/flights/hub?origin=${hubOrigin}&destination=${d}&date=${date}`)),
    ...Array.from({ length: HUB_SEARCHES }, (_, i) =>
      a.get('saturator', `/api/flights/search?origin=${hubOrigin}&date=${addDays(date, i + 2)}`),
    ),
  ];
  // The second user searches from another big origin, so none of their queries is in the first user's searches.
  return { date, hubOrigin, origin: byDegree[1]!, warmUrl, saturate, search: `/api/flights/search?origin=${byDegree[1]}&date=${date}` };
}
type Scenery = Awaited<ReturnType<typeof scenery>>;

/** The first second of a burst: the other user's search 0 to 1000 ms after the burst starts, against idle. */
async function burstScene(fresh: ReturnType<typeof appMaker>, emulator: Emulator, scene: Scenery) {
  const idle: number[] = [];
  const loaded: number[] = [];
  const offsets = Array.from({ length: BURST_ROUNDS }, (_, i) => Math.round((i * 1000) / Math.max(1, BURST_ROUNDS - 1)));
  for (const offset of offsets) {
    const a = await fresh();
    await a.get('warm', scene.warmUrl);
    idle.push(await a.timed('second', scene.search));
    await a.close();
    const b = await fresh();
    await b.get('warm', scene.warmUrl);
    await emulator.reset();
    const load = scene.saturate(b);
    await pause(offset);
    loaded.push(await b.timed('second', scene.search));
    await b.close();
    await Promise.allSettled(load);
  }
  const p50 = median(loaded) / median(idle);
  const p90 = percentile(loaded, 90) / percentile(idle, 90);
  console.log(`\n(burst) the other user's search 0 to 1000 ms into the first user's burst, ${BURST_ROUNDS} rounds:`);
  console.log(
    `  idle: p50 ${ms(median(idle))}, p90 ${ms(percentile(idle, 90))}; in the burst: p50 ${ms(median(loaded))}, p90 ${ms(percentile(loaded, 90))}, max ${ms(Math.max(...loaded))}`,
  );
  console.log(`  by offset: ${offsets.map((o, i) => `${o} ms → ${ms(loaded[i]!)}`).join(', ')}`);
  console.log(`Burst ratio: p50 ${x(p50)}, p90 ${x(p90)} (p90 ÷ idle p50: ${x(percentile(loaded, 90) / median(idle))}; goal p90 ≤ 1.5)`);
  rows.push(
    `| first second of a burst (${BURST_ROUNDS} offsets, 0-1000 ms) | ${ms(median(idle))} / ${ms(percentile(idle, 90))} | ${ms(median(loaded))} / ${ms(percentile(loaded, 90))} | ${x(p50)} | **${x(p90)}** |`,
  );
}

/** A Redis of the bench's own on a free port (the sweep scene's processes share it as production's do). */
async function startRedis(): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const started = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    setTimeout(() => resolve(child.exitCode === null), 500);
  });
  if (!started) return undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The worker process of the sweep scene: this file with `--sweeper`; answers `ready`, then sweeps on `go`. */
function startSweeper(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fair-use.bench.ts'), '--sweeper'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const line = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const look = () => {
        const m = re.exec(out);
        if (m) {
          child.stdout?.off('data', onData);
          resolve(m);
        }
      };
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        look();
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`sweeper exited (${code}): ${out}`)));
      look();
    });
  return {
    ready: () => line(/^ready$/m),
    go: () => child.stdin?.write('go\n'),
    done: async () => {
      const m = await line(/^swept (\d+) in (\d+) ms$/m);
      return { swept: Number(m[1]), ms: Number(m[2]) };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** `--sweeper`: the worker's sweep of one date (every route, forced), on the emulator and Redis the bench names. */
async function sweeperProcess() {
  const config = benchAppConfig(process.env.FAIR_EMULATOR_URL!, {
    UPSTREAM_TIMEOUT_MS: String(5 * L),
    SWEEP_BUDGET_PER_HOUR: '1000000',
    ...(process.env.FAIR_REDIS_URL && { REDIS_URL: process.env.FAIR_REDIS_URL }),
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const deps = await createAppDeps(config, database, { jobs: noJobs });
  console.log('ready');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  const r = await deps.sweeper.run({ trigger: 'cli', filter: { date: process.env.FAIR_SWEEP_DATE!, force: true }, wholeHour: true });
  console.log(`swept ${r.swept} in ${r.durationMs} ms`);
  await disposeAppDeps(deps);
  await database.close();
  process.exit(0);
}

/** Other users' cold searches, one every `SWEEP_STREAM_EVERY_MS`, each from a seeded origin on `dayOffset + i`. */
async function stream(a: App, dayOffset: number): Promise<number[]> {
  const random = seededRandom(7);
  const reference = a.deps.reference;
  const origins = [...new Set(reference.routes().map((r) => r.origin))].filter((o) => reference.destinationsFrom(o).length >= 8).sort();
  const today = localDate(a.deps.clock.now(), 'America/New_York');
  const runs: Promise<number>[] = [];
  for (let i = 0; i < SWEEP_STREAM; i++) {
    const origin = origins[Math.floor(random() * origins.length)]!;
    runs.push(a.timed(`traveller-${dayOffset}-${i}`, `/api/flights/search?origin=${origin}&date=${addDays(today, dayOffset + i)}`));
    await pause(SWEEP_STREAM_EVERY_MS);
  }
  return Promise.all(runs);
}

/** Other users' searches on this process while another process sweeps the whole network, against the same idle. */
async function sweepScene(fresh: ReturnType<typeof appMaker>, emulator: Emulator) {
  const redis = await startRedis();
  if (!redis) console.log('\n(sweep) no redis-server on this machine: the two processes share nothing but the airline');
  const redisEnv: Record<string, string> = redis ? { REDIS_URL: redis.url } : {};
  const a = await fresh(redisEnv);
  const sweepDate = addDays(localDate(a.deps.clock.now(), 'America/New_York'), 1);
  const sweeper = startSweeper({
    FAIR_EMULATOR_URL: emulator.url,
    FAIR_SWEEP_DATE: sweepDate,
    ...(redis && { FAIR_REDIS_URL: redis.url }),
  });
  try {
    await sweeper.ready();
    await a.get('warm', `/api/flights/search?origin=DEN&date=${addDays(sweepDate, 40)}`);
    // The same origins in the same order on dates of their own: cold, and none the sweep asks about.
    const idle = await stream(a, 2);
    const done = sweeper.done();
    sweeper.go();
    await pause(1000);
    const loaded = await stream(a, 20);
    const swept = await done;
    const p50 = median(loaded) / median(idle);
    const p90 = percentile(loaded, 90) / percentile(idle, 90);
    console.log(
      `\n(sweep) ${SWEEP_STREAM} cold searches (one every ${SWEEP_STREAM_EVERY_MS} ms) on this process while another swept ${swept.swept} routes of ${sweepDate} in ${ms(swept.ms)}${redis ? ' (one Redis)' : ''}:`,
    );
    console.log(
      `  idle: p50 ${ms(median(idle))}, p90 ${ms(percentile(idle, 90))}; during the sweep: p50 ${ms(median(loaded))}, p90 ${ms(percentile(loaded, 90))}, max ${ms(Math.max(...loaded))}`,
    );
    console.log(`Sweep ratio: p50 ${x(p50)}, p90 ${x(p90)} (goal p90 ≤ 1.5)`);
    rows.push(
      `| during a full sweep on another process (${SWEEP_STREAM} searches; sweep of ${swept.swept} routes in ${ms(swept.ms)}) | ${ms(median(idle))} / ${ms(percentile(idle, 90))} | ${ms(median(loaded))} / ${ms(percentile(loaded, 90))} | ${x(p50)} | **${x(p90)}** |`,
    );
  } finally {
    await sweeper.stop();
    await a.close();
    await redis?.stop();
  }
}

/** The steady scene (sessions 10 to 12): the other user's search once the burst has had the airline to itself. */
async function steadyScene(fresh: ReturnType<typeof appMaker>, emulator: Emulator, scene: Scenery) {
  const idle: number[] = [];
  const fair: number[] = [];
  const headStartMs: number[] = [];
  const lagMs: number[] = [];
  let saturatorRequests = 0;
  for (let i = 0; i < STEADY_RUNS; i++) {
    const a = await fresh();
    await a.get('warm', scene.warmUrl);
    idle.push(await a.timed('second', scene.search));
    await a.close();
    const b = await fresh();
    await b.get('warm', scene.warmUrl);
    await emulator.reset();
    const load = scene.saturate(b);
    const loadStarted = performance.now();
    await pause(HEAD_START_MS);
    while ((await emulator.stats()).answered < HEAD_START_ANSWERS && performance.now() - loadStarted < HEAD_START_MAX_MS) await pause(50);
    headStartMs.push(performance.now() - loadStarted);
    saturatorRequests += (await emulator.stats()).internalSelect;
    // How late this process's event loop runs while the second user searches: CPU, not the gateway's queue.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    fair.push(await b.timed('second', scene.search));
    lag.disable();
    lagMs.push(lag.mean / 1e6);
    // Closing stops the first user's searches (the shutdown signal ends them).
    await b.close();
    await Promise.allSettled(load);
  }
  const perSecond = (saturatorRequests / headStartMs.reduce((s, t) => s + t, 0)) * 1000;
  console.log(
    `\n(steady) after a head start of ${ms(median(headStartMs))} (${Math.round(perSecond)} airline requests a second), ${STEADY_RUNS} rounds: idle ${ms(median(idle))}, loaded ${ms(median(fair))}; event-loop delay ${median(lagMs).toFixed(0)} ms`,
  );
  console.log(`Steady ratio (medians): ${x(median(fair) / median(idle))} (goal ≤ 1.5)`);
  rows.push(
    `| steady burst (after 150 answers; ${STEADY_RUNS} rounds) | ${ms(median(idle))} | ${ms(median(fair))} | ${x(median(fair) / median(idle))} | — |`,
  );
}

async function main() {
  const loadBefore = loadavg()[0]?.toFixed(1);
  const emulator = await startEmulatorProcess(L);
  const fresh = appMaker(emulator);
  try {
    const scene = await scenery(fresh);
    console.log(
      `Fair-use bench: L = ${L} ms; other user's search from ${scene.origin} on ${scene.date}; the first user's ${HUB_SEARCHES} hub and ${HUB_SEARCHES} outbound searches from ${scene.hubOrigin}.`,
    );
    if (runs('burst')) await burstScene(fresh, emulator, scene);
    if (runs('sweep')) await sweepScene(fresh, emulator);
    if (runs('steady')) await steadyScene(fresh, emulator, scene);
  } finally {
    await emulator.stop();
  }
  const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.versions.node}, load average ${loadBefore} before and ${loadavg()[0]?.toFixed(1)} after`;
  console.log(`\n${machine}\n| Scene | Idle p50 / p90 | Loaded p50 / p90 | p50 ratio | p90 ratio |\n|---|---|---|---|---|`);
  for (const row of rows) console.log(row);
}

if (process.argv.includes('--sweeper')) await sweeperProcess();
else await main();
