/**
 * `npm run bench:fair-use` (and part of `npm run bench`): fair use of the airline (decisions 116, 117). One premium
 * user saturates the airline with 20 hub searches at once; a second user then runs an ordinary cold search. Figure:
 * the second user's time ÷ the same search's time on an idle service, measured in the same run (goal ≤ 1.5).
 * Against the Frontier emulator in its own process with a fixed latency L (as `bench:search`); each run builds a
 * fresh app (an empty flight cache). Prints rows for docs/benchmarks.md.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addDays, todayUtc } from '@gowild/contract/dates';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../src/app';
import { benchAppConfig } from './bench-app-config';
import { openDatabase } from '../src/db/client';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import type { SearchGate } from '../src/modules/accounts/accounts.module';
import { startEmulatorProcess } from './search.bench';

const L = Number(process.env.FAIR_BENCH_LATENCY_MS ?? 300);
const RUNS = Number(process.env.FAIR_BENCH_RUNS ?? 3);
const HUB_SEARCHES = 20;

/**
 * The first user's head start: the second user searches once the airline has answered this many of the first user's
 * requests (1.5 s at the default 100 a second) and at least 1.5 s have passed. Counted in answers, not in time alone:
 * on a loaded machine the first user's 40 searches take seconds to reach the airline, and a fixed wait measured
 * their start-up instead of a saturated airline.
 */
const HEAD_START_ANSWERS = 150;
const HEAD_START_MS = 1500;
/** The longest the head start may take before the bench gives up waiting and measures anyway. */
const HEAD_START_MAX_MS = 20_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

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

async function main() {
  const loadBefore = loadavg()[0]?.toFixed(1);
  const emulator = await startEmulatorProcess(L);
  const settings = (extra: Record<string, string>) => benchAppConfig(emulator.url, { UPSTREAM_TIMEOUT_MS: String(5 * L), ...extra });
  const fresh = async (extra: Record<string, string> = {}) => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const deps = await createAppDeps(settings(extra), database, { searchGate: benchGate });
    const app = await buildApp(deps);
    return {
      deps,
      app,
      close: async () => {
        await app.close();
        await disposeAppDeps(deps);
        await database.close();
      },
    };
  };
  type App = Awaited<ReturnType<typeof fresh>>;
  const get = (a: App, user: string, url: string) => a.app.inject({ method: 'GET', url, headers: { 'x-bench-user': user } });

  try {
    const first = await fresh();
    const reference = first.deps.reference;
    const today = todayUtc();
    const date = [addDays(today, 1), today].find((d) => !reference.isBlackout(d)) ?? addDays(today, 1);
    const degree = new Map<string, number>();
    for (const r of reference.routes()) degree.set(r.origin, (degree.get(r.origin) ?? 0) + 1);
    const byDegree = [...degree].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([o]) => o);
    const hubOrigin = byDegree[0]!;
    // The second user searches from another big origin, so none of their queries is in the first user's searches.
    const origin = byDegree[1]!;
    const direct = new Set(reference.destinationsFrom(hubOrigin));
    const reach = new Map<string, number>();
    for (const h of direct)
      for (const d of reference.destinationsFrom(h)) if (d !== hubOrigin && !direct.has(d)) reach.set(d, (reach.get(d) ?? 0) + 1);
    const targets = [...reach].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([d]) => d);
    // Warm the process (JIT, connections) on a third origin.
    await get(first, 'warm', `/api/flights/search?origin=${byDegree[2]}&date=${date}`);
    await first.close();

    const search = `/api/flights/search?origin=${origin}&date=${date}`;
    const timed = async (a: App) => {
      const t = performance.now();
      const res = await get(a, 'second', search);
      if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return performance.now() - t;
    };

    // The first user's load: 20 hub searches (each asks for the legs through every hub that can carry it further)
    // and, since hub legs need GoWild seats on sale to go on, 20 outbound searches on the next 20 days.
    const saturate = (a: App) => [
      ...targets
        .slice(0, HUB_SEARCHES)
        .map((d) => get(a, 'saturator', `/api/flights/hub?origin=${hubOrigin}&destination=${d}&date=${date}`)),
      ...Array.from({ length: HUB_SEARCHES }, (_, i) =>
        get(a, 'saturator', `/api/flights/search?origin=${hubOrigin}&date=${addDays(date, i + 2)}`),
      ),
    ];
    const idle: number[] = [];
    const fair: number[] = [];
    const noBudget: number[] = [];
    let saturatorRequests = 0;
    const headStartMs: number[] = [];
    const lagMs: number[] = [];
    const emulatorMs: number[] = [];
    // One idle, one loaded and one loaded without the budget per round, so the machine's load weighs on all three alike.
    for (let i = 0; i < RUNS; i++) {
      const a = await fresh();
      // Open the airline connections as a busy service has them: a search from a third origin first.
      await get(a, 'warm', `/api/flights/search?origin=${byDegree[2]}&date=${date}`);
      idle.push(await timed(a));
      await a.close();
      for (const [extra, into] of [
        [{}, fair],
        [{ AIRLINE_BUDGET_FREE_PER_MINUTE: '0', AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '0' }, noBudget],
      ] as const) {
        const b = await fresh(extra);
        await emulator.reset();
        const load = saturate(b);
        const loadStarted = performance.now();
        await new Promise((r) => setTimeout(r, HEAD_START_MS));
        while ((await emulator.stats()).answered < HEAD_START_ANSWERS && performance.now() - loadStarted < HEAD_START_MAX_MS)
          await new Promise((r) => setTimeout(r, 50));
        if (into === fair) headStartMs.push(performance.now() - loadStarted);
        const asked = performance.now();
        if (into === fair) saturatorRequests += (await emulator.stats()).internalSelect;
        // How long the emulator (the airline of this bench, one Node process) takes to answer a trivial request now.
        if (into === fair) emulatorMs.push(performance.now() - asked);
        // How late this process's event loop runs while the second user searches: CPU, not the gateway's queue.
        const lag = monitorEventLoopDelay({ resolution: 10 });
        lag.enable();
        into.push(await timed(b));
        lag.disable();
        if (into === fair) lagMs.push(lag.mean / 1e6);
        // Closing stops the first user's searches (the shutdown signal ends them).
        await b.close();
        await Promise.allSettled(load);
      }
    }
    const saturatorPerSecond = (saturatorRequests / headStartMs.reduce((a, b) => a + b, 0)) * 1000;

    const idleMs = median(idle);
    const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.versions.node}, load average ${loadBefore} before and ${loadavg()[0]?.toFixed(1)} after`;
    console.log(
      `Fair-use bench: L = ${L} ms, second user's search from ${origin} on ${date}, ${HUB_SEARCHES} hub searches from ${hubOrigin}. ${machine}.`,
    );
    console.log(`  idle service: ${Math.round(idleMs)} ms (median of ${RUNS})`);
    console.log(
      `  with the saturating user (${Math.round(saturatorPerSecond)} airline requests a second in its head start of ${Math.round(median(headStartMs))} ms): ${Math.round(median(fair))} ms`,
    );
    const withoutBudget = median(noBudget);
    console.log(
      `  event-loop delay during the loaded search: mean ${median(lagMs).toFixed(0)} ms; the emulator's stats page answered in ${median(emulatorMs).toFixed(0)} ms (medians of rounds)`,
    );
    console.log(
      `  the same without the per-user budget (fair queue only): ${Math.round(withoutBudget)} ms (${(withoutBudget / idleMs).toFixed(2)}×)`,
    );
    console.log(`Fair-use ratio (second user's cold search, saturated ÷ idle): ${(median(fair) / idleMs).toFixed(2)}× (goal ≤ 1.5)`);
  } finally {
    await emulator.stop();
  }
}

await main();
