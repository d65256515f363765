import type { Flight } from '@gowild/contract/flights';
import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { createMemoryFlightCache, createRedisFlightCache } from './flight-cache';
import { airlineMetrics } from './airline.metrics';
import { createRedisSharedUpstream } from './shared-upstream';
import { type GatewayOptions, createUpstreamGateway } from './upstream-gateway';

const url = process.env.TEST_REDIS_URL;
const prefix = `gw:test:shared:${process.pid}:${Date.now()}:`;
const Q: FlightQuery = { origin: 'DEN', destination: 'LAS', date: '2026-04-02' };
const ok = (n = 1): FlightFetchResult => ({ kind: 'flights', flights: [{ flight_number: `F9 ${n}` } as Flight] });
const blocked: FlightFetchResult = { kind: 'blocked', status: 403, reason: 'perimeterx' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (without asserting on time) until `done` holds. */
async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await pause(10);
}

/** One airline shared by every "process" of a test: answers from `answer`, counting calls. */
function countingAirline(answer: (q: FlightQuery, n: number) => FlightFetchResult | Promise<FlightFetchResult>) {
  const calls: FlightQuery[] = [];
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: async (q) => {
      calls.push(q);
      return answer(q, calls.length);
    },
  };
  return { provider, calls };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.skipIf(!url)('upstream state shared between API processes through Redis (TEST_REDIS_URL; decision 060)', () => {
  const connections: Redis[] = [];
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(url as string, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await Promise.all([admin, ...connections].map((c) => c.quit()));
  });

  /** One API process: its own Redis connection, cache and gateway, on a key prefix of this test's own. */
  function apiProcess(provider: FlightProvider, test: string, overrides: Partial<GatewayOptions> = {}) {
    const redis = new Redis(url as string, { maxRetriesPerRequest: 1 });
    connections.push(redis);
    const registry = new Registry();
    const gateway = createUpstreamGateway({
      provider,
      cache: createRedisFlightCache(redis, { prefix: `${prefix}${test}:flights:` }),
      shared: createRedisSharedUpstream(redis, { prefix: `${prefix}${test}:upstream:` }),
      sharedPollMs: 5,
      sharedSyncMs: 0,
      clock: systemClock,
      metrics: airlineMetrics(registry),
      freshSeconds: 600,
      staleSeconds: 3600,
      concurrency: 10,
      rps: 1000,
      timeoutMs: 2000,
      retries: 0,
      breakerThreshold: 3,
      breakerCooldownMs: 300,
      hedge: false,
      ...overrides,
    });
    return { gateway, registry };
  }

  it('sends one airline request for identical queries asked at once on two processes', async () => {
    const answer = deferred<FlightFetchResult>();
    const { provider, calls } = countingAirline(() => answer.promise);
    const a = apiProcess(provider, 'coalesce');
    const b = apiProcess(provider, 'coalesce');
    const asked = [a, b, a, b, b].map((p) => p.gateway.fetch(Q));
    await until(() => calls.length > 0);
    await pause(50); // every process has claimed the request or is waiting for it
    answer.resolve(ok(7));
    const results = await Promise.all(asked);
    expect(calls).toHaveLength(1);
    for (const r of results) expect(r).toMatchObject({ status: 'ok', flights: [{ flight_number: 'F9 7' }] });
  });

  it('tells the waiting process the failure of the request it waited for, without asking again', async () => {
    const answer = deferred<FlightFetchResult>();
    const { provider, calls } = countingAirline(() => answer.promise);
    const a = apiProcess(provider, 'fail');
    const b = apiProcess(provider, 'fail');
    const asked = [a.gateway.fetch(Q), b.gateway.fetch(Q)];
    await until(() => calls.length > 0);
    await pause(50);
    answer.resolve({ kind: 'server-error', status: 503 });
    const results = await Promise.all(asked);
    expect(calls).toHaveLength(1);
    for (const r of results) expect(r).toMatchObject({ status: 'failed', reason: 'server-error' });
  });

  it('stops waiting for a process that died holding the claim, and asks the airline itself', async () => {
    const { provider, calls } = countingAirline(() => ok(5));
    // A "process" that claims the query and dies before answering: its connection goes, its claim is not renewed.
    const dying = new Redis(url as string, { maxRetriesPerRequest: 0 });
    dying.on('error', () => {});
    const claimed = await createRedisSharedUpstream(dying, { prefix: `${prefix}died:upstream:`, claimTtlMs: 200 }).claim(
      'DEN-LAS-2026-04-02',
    );
    expect(claimed).toBe('mine');
    dying.disconnect();
    const b = apiProcess(provider, 'died');
    expect(await b.gateway.fetch(Q)).toMatchObject({ status: 'ok', flights: [{ flight_number: 'F9 5' }] });
    expect(calls).toHaveLength(1);
  });

  it('agrees on the breaker: opened by blocks on one process, it is open on the other', async () => {
    const { provider, calls } = countingAirline(() => blocked);
    const a = apiProcess(provider, 'breaker');
    const b = apiProcess(provider, 'breaker', { breakerCooldownMs: 60_000 });
    for (const d of ['A01', 'A02', 'A03']) await a.gateway.fetch({ ...Q, destination: d });
    expect(a.gateway.breakerState()).toBe('open');
    expect(await b.gateway.fetch({ ...Q, destination: 'B01' })).toMatchObject({ status: 'failed', reason: 'breaker-open' });
    expect(b.gateway.breakerState()).toBe('open');
    expect(calls).toHaveLength(3);
  });

  it('lets one process probe after the cooldown while the other waits for the outcome, then both proceed', async () => {
    const probe = deferred<FlightFetchResult>();
    const { provider, calls } = countingAirline((_q, n) => (n <= 3 ? blocked : n === 4 ? probe.promise : ok()));
    const a = apiProcess(provider, 'probe');
    const b = apiProcess(provider, 'probe');
    for (const d of ['A01', 'A02', 'A03']) await a.gateway.fetch({ ...Q, destination: d });
    expect(await b.gateway.fetch({ ...Q, destination: 'B00' })).toMatchObject({ status: 'failed', reason: 'breaker-open' });
    await pause(350); // the 300 ms cooldown
    const probing = a.gateway.fetch({ ...Q, destination: 'A04' });
    await until(() => calls.length === 4);
    const held = b.gateway.fetch({ ...Q, destination: 'B01' });
    await pause(50);
    expect(calls).toHaveLength(4); // b neither asked the airline nor failed: it waits for a's probe
    probe.resolve(ok());
    expect(await probing).toMatchObject({ status: 'ok' });
    expect(await held).toMatchObject({ status: 'ok' });
    expect(calls).toHaveLength(5);
    expect(a.gateway.breakerState()).toBe('closed');
    expect(b.gateway.breakerState()).toBe('closed');
  });

  it("narrows a sweep on one process to a tenth of the slots while another process's travellers search (decision 252)", async () => {
    const answer = deferred<FlightFetchResult>();
    const { provider, calls } = countingAirline(() => answer.promise);
    const worker = apiProcess(provider, 'yield', { concurrency: 50 });
    const api = apiProcess(provider, 'yield', { concurrency: 50 });
    const traveller = api.gateway.fetch({ ...Q, destination: 'TRV' }, { caller: { userId: 'ann', premium: false } });
    await until(() => calls.length === 1);
    await pause(50); // the traveller's mark is written off their path
    const sweep = Array.from({ length: 20 }, (_, i) =>
      worker.gateway.fetch({ ...Q, destination: `S${i}` }, { lane: 'background', hedge: false }),
    );
    // Five of the worker's 50 slots: before decision 252 the sweep took 20 at once, whatever the other process did.
    // The sweep reaches the airline once the worker has read the shared mark (a Redis round trip, slow on a loaded
    // machine); with every answer held, no sixth can start after the fifth, so a moment more shows it stays at five.
    const swept = () => calls.filter((q) => q.destination.startsWith('S')).length;
    await until(() => swept() >= 5);
    await pause(100);
    expect(swept()).toBe(5);
    answer.resolve(ok());
    await Promise.all([traveller, ...sweep]);
    // A second after the last traveller's request the sweep goes at full width again.
    await pause(1300);
    const before = calls.length;
    const more = Array.from({ length: 20 }, (_, i) =>
      worker.gateway.fetch({ ...Q, destination: `W${i}` }, { lane: 'background', hedge: false }),
    );
    await until(() => calls.length - before >= 20);
    expect(calls.length - before).toBe(20);
    await Promise.all(more);
  });

  it('works per process when Redis cannot be reached: never a failed search', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const answer = deferred<FlightFetchResult>();
    const { provider, calls } = countingAirline(() => answer.promise);
    const registry = new Registry();
    const gateway = createUpstreamGateway({
      provider,
      cache: createMemoryFlightCache(),
      shared: createRedisSharedUpstream(down, { prefix: `${prefix}down:` }),
      clock: systemClock,
      metrics: airlineMetrics(registry),
      freshSeconds: 600,
      staleSeconds: 3600,
      concurrency: 10,
      rps: 1000,
      timeoutMs: 2000,
      retries: 0,
      breakerThreshold: 3,
      breakerCooldownMs: 300,
    });
    const asked = [gateway.fetch(Q), gateway.fetch(Q), gateway.fetch({ ...Q, destination: 'MCO' })];
    await until(() => calls.length === 2);
    answer.resolve(ok());
    expect((await Promise.all(asked)).map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(calls).toHaveLength(2);
    expect(await registry.getSingleMetricAsString('flight_upstream_shared_unavailable_total')).toMatch(/total [1-9]/);
    down.disconnect();
  });
});
