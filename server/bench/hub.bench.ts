/**
 * `npm run bench:hub`: the hub search of decision 102 against the Frontier emulator in its own process, with a fixed
 * latency L and no jitter (as `bench:search`). Figures: time ÷ (2 × L) (the goal is "about two airline round trips"),
 * and airline requests ÷ the (origin, hub) and (hub, destination) route-days the search needed. Each cold run builds
 * a fresh app (an empty flight cache); the emulator process stays. Prints table rows for docs/benchmarks.md.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { addDays, todayUtc } from '@gowild/contract/dates';
import type { HubSearchResponse } from '@gowild/contract/hub-search';
import { buildApp } from '../src/app';
import { benchAppConfig } from './bench-app-config';
import { openDatabase } from '../src/db/client';
import { createAppDeps, disposeAppDeps } from '../src/deps';
import { fixedCallerGate } from '../src/test/search-gates';
import { startEmulatorProcess } from './search.bench';

const L = Number(process.env.HUB_BENCH_LATENCY_MS ?? 300);
const COLD_RUNS = Number(process.env.HUB_BENCH_RUNS ?? 5);
const CONCURRENT = 10;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const x = (n: number) => `${n.toFixed(2)}×`;

async function main() {
  const loadBefore = loadavg()[0]?.toFixed(1);
  const emulator = await startEmulatorProcess(L);
  const config = benchAppConfig(emulator.url, {
    UPSTREAM_TIMEOUT_MS: String(5 * L),
    UPSTREAM_RETRIES: '2',
    // One bench caller runs every search: the per-user airline share (decision 117, measured by bench:fair-use) is off.
    AIRLINE_BUDGET_FREE_PER_MINUTE: '0',
    AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '0',
  });
  /** A fresh app: its own in-memory flight cache, so the run is cold. */
  const fresh = async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const deps = await createAppDeps(config, database, { searchGate: fixedCallerGate({ isPremium: true }).gate });
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
  try {
    const first = await fresh();
    const reference = first.deps.reference;
    // GoWild seats are on sale today and tomorrow (domestic window), never on a blackout date: tomorrow when it can be.
    const today = todayUtc();
    const date = [addDays(today, 1), today].find((d) => !reference.isBlackout(d)) ?? addDays(today, 1);
    const degree = new Map<string, number>();
    for (const r of reference.routes()) degree.set(r.origin, (degree.get(r.origin) ?? 0) + 1);
    const origin = [...degree].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const direct = new Set(reference.destinationsFrom(origin));
    // Destinations the origin has no nonstop to, reached from the most of its hubs: "connections the airline does not sell".
    const reach = new Map<string, number>();
    for (const h of direct)
      for (const d of reference.destinationsFrom(h)) if (d !== origin && !direct.has(d)) reach.set(d, (reach.get(d) ?? 0) + 1);
    const targets = [...reach].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, COLD_RUNS);
    // Warm the process (JIT, connection pool) on another origin's search.
    await first.app.inject({
      method: 'GET',
      url: `/api/flights/search?origin=${[...degree.keys()].find((o) => o !== origin)}&date=${date}`,
    });
    await first.close();

    const hub = async (app: Awaited<ReturnType<typeof fresh>>['app'], query: string) => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/flights/hub?${query}` });
      const wall = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`hub search answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return { wall, body: res.json() as HubSearchResponse };
    };

    // 0. One airline round trip on this machine now: a cold single-route search on a fresh app, ÷ L (the load's toll).
    const oneTrip: number[] = [];
    for (const h of [...direct].slice(0, 3)) {
      const a = await fresh();
      const t = performance.now();
      const res = await a.app.inject({ method: 'GET', url: `/api/flights/single?origin=${origin}&destination=${h}&date=${date}` });
      oneTrip.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`single search answered ${res.statusCode}`);
      await a.close();
    }
    const tripMs = median(oneTrip);

    // 1. Cold hub searches origin → destination, one per target, each on a fresh app.
    const runs: {
      target: string;
      wall: number;
      requests: number;
      needed: number;
      hubs: number;
      withGoWild: number;
      connections: number;
    }[] = [];
    for (const [target] of targets) {
      const a = await fresh();
      await emulator.reset();
      const { wall, body } = await hub(a.app, `origin=${origin}&destination=${target}&date=${date}`);
      const requests = (await emulator.stats()).internalSelect;
      runs.push({
        target,
        wall,
        requests,
        needed: body.summary.queries,
        hubs: body.summary.hubs_checked,
        withGoWild: body.summary.hubs_with_go_wild,
        connections: body.summary.connections,
      });
      await a.close();
    }
    const coldMedian = median(runs.map((r) => r.wall));
    const requests = runs.reduce((s, r) => s + r.requests, 0);
    const needed = runs.reduce((s, r) => s + r.needed, 0);

    // 2. Anywhere from the origin, cold.
    const b = await fresh();
    await emulator.reset();
    const anywhere = await hub(b.app, `origin=${origin}&date=${date}`);
    const anywhereRequests = (await emulator.stats()).internalSelect;
    await b.close();

    // 3. Concurrent identical cold hub searches: coalescing keeps airline requests at the needed pairs.
    const c = await fresh();
    await emulator.reset();
    const t3 = performance.now();
    const concurrent = await Promise.all(
      Array.from({ length: CONCURRENT }, () => hub(c.app, `origin=${origin}&destination=${targets[0]![0]}&date=${date}`)),
    );
    const concurrentWall = performance.now() - t3;
    const concurrentRequests = (await emulator.stats()).internalSelect;
    const concurrentNeeded = concurrent[0]!.body.summary.queries;
    // 4. The same search again on that app: every route-day from the cache.
    const w = await hub(c.app, `origin=${origin}&destination=${targets[0]![0]}&date=${date}`);
    await c.close();

    const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.versions.node}, load average ${loadBefore} before and ${loadavg()[0]?.toFixed(1)} after`;
    console.log(`Hub search bench: origin ${origin}, date ${date}, L = ${L} ms, 2 × L = ${2 * L} ms. ${machine}.`);
    for (const r of runs)
      console.log(
        `  ${origin} → ${r.target}: ${Math.round(r.wall)} ms (${x(r.wall / (2 * L))} of 2L); ${r.hubs} hubs, ${r.withGoWild} with GoWild, ${r.connections} connections; ${r.requests} airline requests for ${r.needed} needed`,
      );
    console.log('\n| Figure | Measured | Goal | |\n|---|---|---|---|');
    console.log(
      `| 0. One airline round trip now (cold single-route search) ÷ L | median ${Math.round(tripMs)} ms (runs ${oneTrip.map((v) => Math.round(v)).join(', ')}) ÷ ${L} ms = ${x(tripMs / L)} | reported | — |`,
    );
    console.log(
      `| 1. Cold hub search ${origin} → one destination ÷ (2 × L) | median ${Math.round(coldMedian)} ms (runs ${runs.map((r) => Math.round(r.wall)).join(', ')}; to ${runs.map((r) => r.target).join(', ')}) ÷ ${2 * L} ms = ${x(coldMedian / (2 * L))}; ÷ two of row 0's round trips = ${x(coldMedian / (2 * tripMs))} | about 1 | ${coldMedian / (2 * L) <= 1.5 ? 'meets goal' : 'MISSES goal'} |`,
    );
    console.log(
      `| 2. Airline requests ÷ needed (origin, hub) and (hub, destination) route-days | ${requests} ÷ ${needed} = ${x(requests / needed)} over the ${runs.length} runs | 1.0 | ${requests / needed <= 1.05 ? 'meets goal' : 'MISSES goal'} |`,
    );
    console.log(
      `| 3. Cold hub search ${origin} → anywhere ÷ (2 × L) | ${Math.round(anywhere.wall)} ms ÷ ${2 * L} ms = ${x(anywhere.wall / (2 * L))}; ${anywhere.body.summary.queries} route-days (${anywhere.body.summary.hubs_checked} hubs, ${anywhere.body.summary.hubs_with_go_wild} with GoWild${anywhere.body.truncated ? ', truncated' : ''}), ${anywhereRequests} airline requests (${x(anywhereRequests / anywhere.body.summary.queries)}), ${anywhere.body.summary.connections} connections | reported | — |`,
    );
    console.log(
      `| 4. ${CONCURRENT} concurrent identical cold hub searches: airline requests ÷ needed | ${concurrentRequests} ÷ ${concurrentNeeded} = ${x(concurrentRequests / concurrentNeeded)} (all done in ${Math.round(concurrentWall)} ms) | 1.0 | ${concurrentRequests === concurrentNeeded ? 'meets goal' : 'MISSES goal'} |`,
    );
    console.log(`| 5. The same hub search again (cache) | ${Math.round(w.wall)} ms | reported | — |`);
  } finally {
    await emulator.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
