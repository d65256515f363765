/**
 * `npm run bench:load`: requests a second under load (autocannon, 50 connections) on the app's busiest read routes,
 * next to a bare Fastify hello-world measured in the same run on the same machine. The app and the hello-world each
 * run in a child process (load-target.ts) so the load generator has its own event loop. Prints the figures and the
 * same figures as table rows for docs/benchmarks.md; it writes no file (decision 047: what the docs say about a run
 * is what a person chose to record).
 *
 * The app runs on its embedded defaults (PGlite in memory, the in-process emulator, the in-memory flight cache, log
 * level info to a discarded stdout), with two settings changed: RATE_LIMIT_PER_MINUTE raised, since every request
 * comes from 127.0.0.1, and TEST_NOW pinned to a day whose next day is not a GoWild blackout date, so the search
 * (DEN, tomorrow on the app's clock) finds GoWild fares. The search is warmed once before it is measured: every
 * measured search is a cached one.
 *
 * Besides requests a second and latency it reports the target's CPU time per request (asked of the child over IPC
 * before and after each measured window): on a shared machine that figure moves much less than throughput does.
 *
 * Settings: LOAD_DURATION_S (10), LOAD_CONNECTIONS (50), LOAD_WARMUP_S (2, not recorded), LOAD_ONLY (a regular
 * expression: only the cases whose names match), LOAD_PROFILE_DIR (the app writes a V8 CPU profile of each measured
 * window there).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { addDays, utcDateOf, todayUtc } from '@gowild/contract/dates';
import { BLACKOUT_SEED } from '../src/lib/reference-data/seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const WARMUP_S = Number(process.env.LOAD_WARMUP_S ?? 2);
const ONLY = process.env.LOAD_ONLY ? new RegExp(process.env.LOAD_ONLY, 'i') : undefined;
const PROFILE_DIR = process.env.LOAD_PROFILE_DIR;

interface Target {
  url: string;
  token?: string;
  /** Asks the child something over IPC and waits for its answer. */
  ask(question: object): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** Starts load-target.ts as a child with an IPC channel and waits for its address. */
async function startTarget(kind: 'app' | 'hello', env: Record<string, string> = {}): Promise<Target> {
  const child: ChildProcess = fork(path.join(here, 'load-target.ts'), [kind], {
    cwd: serverDir,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const message = await new Promise<{ url: string; token?: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; token?: string }));
    child.once('exit', (code) => reject(new Error(`load target '${kind}' exited (${code}) before it was ready`)));
  });
  return {
    ...message,
    ask: (question) =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as Record<string, unknown>));
        child.send(question);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The first day from now whose next day is not a blackout date, at noon US Eastern (as e2e's goWildEve). */
function goWildEve(from: Date): string {
  const blackouts = new Set(BLACKOUT_SEED.map((b) => b.date));
  const day = new Date(`${utcDateOf(from)}T17:00:00Z`);
  for (let i = 0; i < 400; i++) {
    if (!blackouts.has(addDays(utcDateOf(day), 1))) return day.toISOString();
    day.setTime(day.getTime() + 24 * 3600 * 1000);
  }
  throw new Error('no day without a blackout on the next day within 400 days');
}

interface Case {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  bytesPerRequest: number;
  /** The target process's CPU time per request, µs. */
  cpuPerRequest: number;
}

async function load(c: Case, seconds: number): Promise<Omit<Figures, 'cpuPerRequest'>> {
  const r = await autocannon({
    url: c.url,
    method: c.method ?? 'GET',
    headers: c.headers,
    body: c.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const completed = r.requests.total;
  return {
    name: c.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    requests: completed,
    bytesPerRequest: completed > 0 ? r.throughput.total / completed : 0,
  };
}

async function measure(target: Target, c: Case): Promise<Figures> {
  if (WARMUP_S > 0) await load(c, WARMUP_S);
  const profileFile = PROFILE_DIR ? path.join(PROFILE_DIR, `${c.name.replace(/[^\w]+/g, '-')}.cpuprofile`) : undefined;
  if (profileFile) await target.ask({ profile: 'start' });
  const before = Number((await target.ask({ cpu: true })).cpuMicros);
  const measured = await load(c, DURATION_S);
  const after = Number((await target.ask({ cpu: true })).cpuMicros);
  if (profileFile) await target.ask({ profile: profileFile });
  const f = { ...measured, cpuPerRequest: measured.requests > 0 ? (after - before) / measured.requests : NaN };
  console.log(
    `  ${f.name}: ${Math.round(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.errors} errors, ${(f.bytesPerRequest / 1024).toFixed(1)} KB a response, ${Math.round(f.cpuPerRequest)} µs of server CPU a request`,
  );
  return f;
}

/** One request, to check a case answers 200 before it is measured; returns the response. */
async function probe(c: Case): Promise<Response> {
  const res = await fetch(c.url, { method: c.method ?? 'GET', headers: c.headers, body: c.body });
  if (res.status !== 200) throw new Error(`${c.name} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res;
}

async function main() {
  const loadBefore = loadavg()[0]?.toFixed(1);
  const testNow = goWildEve(new Date());
  const date = addDays(testNow.slice(0, 10), 1);
  console.log(`\nLoad benchmark: ${CONNECTIONS} connections, ${DURATION_S} s a case (after ${WARMUP_S} s of warm-up)\n`);

  const hello = await startTarget('hello');
  let baseline: Figures;
  try {
    baseline = await measure(hello, { name: 'Bare Fastify hello-world', url: `${hello.url}/` });
  } finally {
    await hello.stop();
  }

  // The key's day is raised too: the keyed case is measured for its cost per call, not cut off by its quota.
  const app = await startTarget('app', { TEST_NOW: testNow, RATE_LIMIT_PER_MINUTE: '100000000', API_KEY_CALLS_PER_DAY_PREMIUM: '1000000' });
  const results: Figures[] = [];
  let searchInfo = '';
  try {
    const auth = { authorization: `Bearer ${app.token}` };
    const search = `${app.url}/api/flights/search?origin=DEN&date=${date}`;
    // Warm the flight cache: the first search asks the (in-process) airline for every destination.
    const warm = await probe({ name: 'warm-up search', url: search, headers: { ...auth, 'accept-encoding': 'identity' } });
    const body = (await warm.json()) as { summary: { total_destinations: number; total_flights: number } };
    const size = Number(warm.headers.get('content-length')) || 0;
    const zipped = await fetch(search, { headers: { ...auth, 'accept-encoding': 'gzip, br' } });
    const encoding = zipped.headers.get('content-encoding') ?? 'none';
    const zippedSize = Number(zipped.headers.get('content-length')) || 0;
    await zipped.arrayBuffer();
    searchInfo = `DEN on ${date}: ${body.summary.total_destinations} destinations, ${body.summary.total_flights} flights, ${(size / 1024).toFixed(0)} KB of JSON (${encoding === 'none' ? 'not compressed' : `${(zippedSize / 1024).toFixed(1)} KB in ${encoding}`} for 'gzip, br')`;
    console.log(`  search: ${searchInfo}`);

    // A personal API key of the same account (decision 268): a cached read route with the key and with the session, so
    // the difference is what each way of signing in costs (the key: its hash, its row and its day's count).
    const created = await fetch(`${app.url}/api/account/api-keys`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'load bench' }),
    });
    if (created.status !== 201) throw new Error(`API key creation answered ${created.status}: ${await created.text()}`);
    const { key } = (await created.json()) as { key: string };

    const cases: Case[] = [
      { name: 'Cached search (DEN), no compression', url: search, headers: auth },
      { name: 'Cached search (DEN), accept-encoding: gzip, br', url: search, headers: { ...auth, 'accept-encoding': 'gzip, br' } },
      { name: 'GET /api/airports', url: `${app.url}/api/airports`, headers: { 'accept-encoding': 'gzip, br' } },
      { name: 'GET /api/config', url: `${app.url}/api/config`, headers: { 'accept-encoding': 'gzip, br' } },
      {
        name: 'POST /api/auth/verify-token',
        url: `${app.url}/api/auth/verify-token`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        body: JSON.stringify({ token: app.token }),
      },
      { name: 'GET /api/airports, session token', url: `${app.url}/api/airports`, headers: { ...auth, 'accept-encoding': 'gzip, br' } },
      { name: 'GET /api/airports, API key', url: `${app.url}/api/airports`, headers: { 'x-api-key': key, 'accept-encoding': 'gzip, br' } },
    ];
    for (const c of cases.filter((k) => !ONLY || ONLY.test(k.name))) {
      await probe(c);
      results.push(await measure(app, c));
    }
  } finally {
    await app.stop();
  }

  const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.versions.node}, load average ${loadBefore} before and ${loadavg()[0]?.toFixed(1)} after`;
  const pct = (f: Figures) => `${((f.rps / baseline.rps) * 100).toFixed(f.rps / baseline.rps < 0.1 ? 2 : 1)}%`;
  const row = (f: Figures, ratio: string) =>
    `| ${f.name} | ${Math.round(f.rps).toLocaleString('en-US')} | ${f.p50} ms | ${f.p99} ms | ${f.errors} | ${(f.bytesPerRequest / 1024).toFixed(1)} KB | ${Math.round(f.cpuPerRequest)} µs | ${ratio} |`;
  const markdown = `Machine: ${machine}. Run on ${todayUtc()}. ${CONNECTIONS} connections, ${DURATION_S} s a case after ${WARMUP_S} s of warm-up. Search: ${searchInfo}.

| Case | req/s | p50 | p99 | errors | bytes a response | server CPU a request | ÷ hello-world |
|---|---|---|---|---|---|---|---|
${row(baseline, '100%')}
${results.map((f) => row(f, pct(f))).join('\n')}`;
  console.log(`\nAs rows for docs/benchmarks.md:\n\n${markdown}\n`);
  const bySession = results.find((f) => f.name.endsWith('session token'));
  const byKey = results.find((f) => f.name.endsWith('API key'));
  if (bySession && byKey)
    console.log(
      `API key ÷ session token on the same route: throughput ${(byKey.rps / bySession.rps).toFixed(2)}×, p99 ${(byKey.p99 / bySession.p99).toFixed(2)}×, server CPU a request ${(byKey.cpuPerRequest / bySession.cpuPerRequest).toFixed(2)}×`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
