import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { testGateway } from '../../test/gateway';
import type { GatewayOptions } from './upstream-gateway';

const Q: FlightQuery = { origin: 'DEN', destination: 'LAS', date: '2026-04-02' };
const flight = (n = 1) => ({ flight_number: `F9 ${n}` }) as Flight;
const ok = (n = 1): FlightFetchResult => ({ kind: 'flights', flights: [flight(n)] });

/** A fake airline answering from a script; each call takes the next answer (the last one repeats). */
function scripted(...answers: (FlightFetchResult | 'hang' | Promise<FlightFetchResult>)[]) {
  const calls: FlightQuery[] = [];
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: (q, signal) => {
      calls.push(q);
      const a = answers[Math.min(calls.length - 1, answers.length - 1)];
      if (a === 'hang') return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      return Promise.resolve(a as FlightFetchResult);
    },
  };
  return { provider, calls };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setup(provider: FlightProvider, overrides: Partial<GatewayOptions> = {}) {
  const sleeps: number[] = [];
  const built = testGateway(provider, new Date('2026-04-01T12:00:00Z'), (clock) => ({
    timeoutMs: 30,
    retries: 2,
    breakerThreshold: 3,
    retryBaseMs: 200,
    retryMaxMs: 2000,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
    random: () => 0.5,
    // The fake sleep returns at once, so a hedge would always beat the fake airline; the hedging tests turn it on.
    hedge: false,
    ...overrides,
  }));
  return { ...built, sleeps };
}

describe('upstream gateway: cache and coalescing', () => {
  it('coalesces identical queries in flight into one airline request', async () => {
    const answer = deferred<FlightFetchResult>();
    const { provider, calls } = scripted(answer.promise);
    const { gateway, metric } = setup(provider);
    const pending = Array.from({ length: 5 }, () => gateway.fetch(Q));
    await new Promise((r) => setTimeout(r, 5));
    answer.resolve(ok());
    const results = await Promise.all(pending);
    expect(calls).toHaveLength(1);
    expect(results.every((r) => r.status === 'ok' && r.flights.length === 1)).toBe(true);
    expect(await metric('flight_upstream_coalesced_total')).toBe(4);
  });

  it('answers from cache while fresh, and asks again once the fresh time has passed', async () => {
    const { provider, calls } = scripted(ok(1), ok(2));
    const { gateway, clock, metric } = setup(provider);
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok', source: 'upstream' });
    clock.advance(599_000);
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok', source: 'cache', ageSeconds: 599, flights: [flight(1)] });
    expect(calls).toHaveLength(1);
    clock.advance(2_000);
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok', source: 'upstream', flights: [flight(2)] });
    expect(calls).toHaveLength(2);
    expect(await metric('flight_cache_hits_total')).toBe(1);
    expect(await metric('flight_cache_misses_total')).toBe(2);
  });

  it('serves a stale answer with its age when the airline fails inside the stale window, and fails after it', async () => {
    const { provider } = scripted(ok(1), { kind: 'blocked', status: 403, reason: 'perimeterx' });
    const { gateway, clock, metric } = setup(provider);
    await gateway.fetch(Q);
    clock.advance(1_800_000);
    expect(await gateway.fetch(Q)).toEqual({ status: 'stale', flights: [flight(1)], ageSeconds: 1800, reason: 'blocked' });
    expect(await metric('flight_cache_stale_served_total')).toBe(1);
    clock.advance(3_000_000);
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'failed', reason: 'blocked' });
  });

  it('caches "no flights" as an answer', async () => {
    const { provider, calls } = scripted({ kind: 'flights', flights: [] });
    const { gateway } = setup(provider);
    await gateway.fetch(Q);
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok', source: 'cache', flights: [] });
    expect(calls).toHaveLength(1);
  });
});

describe('upstream gateway: retries', () => {
  it('retries an independent 5xx at once, then succeeds (decision 162)', async () => {
    const { provider, calls } = scripted({ kind: 'server-error', status: 502 }, { kind: 'server-error', status: 503 }, ok());
    const { gateway, sleeps, metric } = setup(provider);
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok' });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([]);
    expect(await metric('flight_upstream_requests_total', '{outcome="server_error"}')).toBe(2);
    expect(await metric('flight_upstream_requests_total', '{outcome="ok"}')).toBe(1);
  });

  it('backs off with jittered, growing waits once most recent attempts fail (failures together)', async () => {
    const script: Record<string, FlightFetchResult[]> = {
      LAS: [{ kind: 'server-error', status: 502 }, { kind: 'server-error', status: 503 }, ok()],
    };
    let n = 0;
    const seen: Record<string, number> = {};
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: async (q) => {
        n++;
        const list = script[q.destination] ?? [{ kind: 'server-error', status: 500 }];
        const i = (seen[q.destination] = (seen[q.destination] ?? -1) + 1);
        return list[Math.min(i, list.length - 1)] as FlightFetchResult;
      },
    };
    const { gateway, sleeps } = setup(provider);
    // Three queries whose every attempt fails: the airline is failing as a whole (the third gets no last chances).
    for (const d of ['B1', 'B2', 'B3']) expect(await gateway.fetch({ ...Q, destination: d })).toMatchObject({ status: 'failed' });
    expect(n).toBe(5 + 5 + 3);
    sleeps.length = 0;
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok' });
    // Equal jitter with random() = 0.5: base/2 + 0.5 × base/2, base doubling from 200 ms.
    expect(sleeps).toEqual([150, 300]);
  });

  it('retries timeouts, gives as many last chances, then gives up', async () => {
    const { provider, calls } = scripted('hang');
    const { gateway, metric } = setup(provider, { retries: 1 });
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(calls).toHaveLength(3);
    expect(await metric('flight_upstream_requests_total', '{outcome="timeout"}')).toBe(3);
  });

  it.each<[string, FlightFetchResult, string]>([
    ['a bot block', { kind: 'blocked', status: 403, reason: 'captcha' }, 'blocked'],
    ['a changed page', { kind: 'page-changed', detail: 'no FlightData' }, 'page-changed'],
    ['a 404', { kind: 'http-error', status: 404 }, 'http-error'],
  ])('never retries %s', async (_name, answer, reason) => {
    const { provider, calls } = scripted(answer);
    const { gateway, sleeps } = setup(provider);
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'failed', reason });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('keeps the flights that read when one is malformed: flags the answer, counts and logs the field, and caches the flag', async () => {
    const { provider } = scripted({
      kind: 'flights',
      flights: [flight(1), flight(2)],
      malformed: [{ field: 'legs.departureDate', detail: 'expected a local date-time' }],
    });
    const lines: { fields: object; message: string }[] = [];
    const { gateway, metric } = setup(provider, { log: { warn: (fields, message) => lines.push({ fields, message }) } });
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok', source: 'upstream', dropped: 1, flights: [flight(1), flight(2)] });
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok', source: 'cache', dropped: 1 });
    expect(await metric('flight_upstream_malformed_flights_total', '{field="legs.departureDate"}')).toBe(1);
    expect(lines).toEqual([
      {
        fields: { query: 'DEN-LAS-2026-04-02', field: 'legs.departureDate', detail: 'expected a local date-time' },
        message: 'airline page for DEN-LAS-2026-04-02: left out a flight whose legs.departureDate did not read',
      },
    ]);
  });

  it('counts a changed page in the metrics', async () => {
    const { provider } = scripted({ kind: 'page-changed', detail: 'x' });
    const { gateway, metric } = setup(provider);
    await gateway.fetch(Q);
    expect(await metric('flight_upstream_requests_total', '{outcome="page_changed"}')).toBe(1);
  });
});

describe('upstream gateway: 429 and Retry-After', () => {
  it('waits out Retry-After before any further request, then retries', async () => {
    const { provider, calls } = scripted({ kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 3000 }, ok());
    const { gateway, sleeps, clock } = setup(provider, { timeoutMs: 5000 });
    const start = clock.now().getTime();
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok' });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
    expect(clock.now().getTime() - start).toBe(3000);
    // Another route asked now goes straight through: the pause is over.
    await gateway.fetch({ ...Q, destination: 'MCO' });
    expect(sleeps).toEqual([3000]);
  });

  it('pauses every other query too while a Retry-After runs', async () => {
    const { provider, calls } = scripted({ kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 4000 }, ok());
    const { gateway, sleeps } = setup(provider, { retries: 0, timeoutMs: 5000 });
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'failed', reason: 'throttled' });
    expect(await gateway.fetch({ ...Q, destination: 'MCO' })).toMatchObject({ status: 'ok' });
    expect(sleeps).toEqual([4000]);
    expect(calls).toHaveLength(2);
  });

  it('treats 30% throttling as back-pressure: the breaker stays closed, the rate halves, every destination answers or fails honestly', async () => {
    // The airline throttles in bursts: the first 3 of every 10 requests get a 429 (decision 058).
    let n = 0;
    const provider: FlightProvider = {
      name: 'throttling',
      demo: false,
      fetchFlights: async () =>
        n++ % 10 < 3 ? { kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 1000 } : { kind: 'flights', flights: [flight()] },
    };
    const { gateway, sleeps, metric } = setup(provider, { timeoutMs: 5000, rpsFloor: 5, breakerThreshold: 3 });
    const destinations = Array.from({ length: 70 }, (_, i) => `D${String(i).padStart(2, '0')}`);
    const results = await Promise.all(destinations.map((d) => gateway.fetch({ ...Q, destination: d })));
    expect(gateway.breakerState()).toBe('closed');
    expect(await metric('flight_breaker_rejections_total')).toBe(0);
    for (const r of results) if (r.status !== 'ok') expect(r).toMatchObject({ status: 'failed', reason: 'throttled' });
    expect(results.filter((r) => r.status === 'ok').length).toBeGreaterThan(60);
    expect(sleeps).toContain(1000);
    expect(await metric('flight_upstream_rate_rps')).toBeLessThan(1000);
    expect(await metric('flight_upstream_rate_rps')).toBeGreaterThanOrEqual(5);
  });

  it('reads a 406 burst answer as back-pressure too, not as a block', async () => {
    const { provider, calls } = scripted({ kind: 'blocked', status: 406, reason: 'not-acceptable' }, ok());
    const { gateway, metric } = setup(provider, { timeoutMs: 5000, rpsFloor: 1, breakerThreshold: 1 });
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok' });
    expect(calls).toHaveLength(2);
    expect(gateway.breakerState()).toBe('closed');
    expect(gateway.requestRate()).toBeLessThan(1000);
    expect(await metric('flight_upstream_requests_total', '{outcome="not_acceptable"}')).toBe(1);
  });

  it('gives up at once when Retry-After is longer than the query can wait', async () => {
    const { provider, calls } = scripted({ kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 60_000 });
    const { gateway } = setup(provider, { timeoutMs: 5000 });
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'failed', reason: 'throttled' });
    expect(calls).toHaveLength(1);
  });
});

describe('upstream gateway: circuit breaker', () => {
  const blocked: FlightFetchResult = { kind: 'blocked', status: 403, reason: 'perimeterx' };
  const q = (d: string) => ({ ...Q, destination: d });

  it('opens on sustained blocks, fails fast while open, probes once after the cooldown and closes on success', async () => {
    const { provider, calls } = scripted(blocked, blocked, blocked, ok());
    const { gateway, clock, metric } = setup(provider);
    for (const d of ['A01', 'A02', 'A03']) await gateway.fetch(q(d));
    expect(gateway.breakerState()).toBe('open');
    expect(await metric('flight_breaker_state')).toBe(2);
    expect(await gateway.fetch(q('A04'))).toMatchObject({ status: 'failed', reason: 'breaker-open' });
    expect(calls).toHaveLength(3);
    expect(await metric('flight_breaker_rejections_total')).toBe(1);

    clock.advance(30_000);
    expect(await gateway.fetch(q('A05'))).toMatchObject({ status: 'ok' });
    expect(calls).toHaveLength(4);
    expect(gateway.breakerState()).toBe('closed');
    expect(await metric('flight_breaker_state')).toBe(0);
  });

  it('after the cooldown, holds every other request behind the single probe and lets them all through when it succeeds', async () => {
    // A search after the airline recovered: 7 destinations, the first becomes the probe (decision 058).
    const probe = deferred<FlightFetchResult>();
    const { provider, calls } = scripted(blocked, blocked, blocked, probe.promise, ok());
    const { gateway, clock, metric } = setup(provider);
    for (const d of ['A01', 'A02', 'A03']) await gateway.fetch(q(d));
    clock.advance(30_000);
    const search = ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07'].map((d) => gateway.fetch(q(d)));
    await new Promise((r) => setTimeout(r, 5));
    expect(gateway.breakerState()).toBe('half-open');
    expect(calls).toHaveLength(4);
    probe.resolve(ok());
    const results = await Promise.all(search);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(calls).toHaveLength(10);
    expect(gateway.breakerState()).toBe('closed');
    expect(await metric('flight_breaker_rejections_total')).toBe(0);
  });

  it('fails the requests held behind the probe as breaker-open when the probe is blocked', async () => {
    const probe = deferred<FlightFetchResult>();
    const { provider, calls } = scripted(blocked, blocked, blocked, probe.promise);
    const { gateway, clock, metric } = setup(provider);
    for (const d of ['A01', 'A02', 'A03']) await gateway.fetch(q(d));
    clock.advance(30_000);
    const probing = gateway.fetch(q('A04'));
    const held = gateway.fetch(q('A05'));
    await new Promise((r) => setTimeout(r, 5));
    expect(gateway.breakerState()).toBe('half-open');
    probe.resolve(blocked);
    expect(await probing).toMatchObject({ status: 'failed', reason: 'blocked' });
    expect(await held).toMatchObject({ status: 'failed', reason: 'breaker-open' });
    expect(gateway.breakerState()).toBe('open');
    expect(calls).toHaveLength(4);
    expect(await metric('flight_breaker_rejections_total')).toBe(1);
  });

  it('hands the trial to a held request when the probe ends in a 5xx, and closes when that one succeeds', async () => {
    const probe = deferred<FlightFetchResult>();
    const { provider, calls } = scripted(blocked, blocked, blocked, probe.promise, ok());
    const { gateway, clock } = setup(provider, { retries: 0 });
    for (const d of ['A01', 'A02', 'A03']) await gateway.fetch(q(d));
    clock.advance(30_000);
    const probing = gateway.fetch(q('A04'));
    const held = [gateway.fetch(q('A05')), gateway.fetch(q('A06'))];
    await new Promise((r) => setTimeout(r, 5));
    probe.resolve({ kind: 'server-error', status: 502 });
    expect(await probing).toMatchObject({ status: 'failed', reason: 'server-error' });
    expect((await Promise.all(held)).map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(gateway.breakerState()).toBe('closed');
    expect(calls).toHaveLength(6);
  });

  it('is not opened by blocks separated by good answers', async () => {
    const { provider } = scripted(blocked, blocked, ok(), blocked, blocked);
    const { gateway } = setup(provider);
    for (const d of ['A01', 'A02', 'A03', 'A04', 'A05']) await gateway.fetch(q(d));
    expect(gateway.breakerState()).toBe('closed');
  });
});

describe('upstream gateway: limits', () => {
  it('never has more requests in flight than the concurrency cap', async () => {
    let inFlight = 0;
    let peak = 0;
    const provider: FlightProvider = {
      name: 'slow',
      demo: false,
      fetchFlights: async () => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return ok();
      },
    };
    // The timeout out of reach: on a loaded machine a 5 ms answer could pass the 30 ms timeout and be retried while
    // the abandoned call still counted here, a fourth 'in flight' the gateway had already let go of.
    const { gateway } = setup(provider, { concurrency: 3, timeoutMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => gateway.fetch({ ...Q, destination: `D${i}` })));
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    expect(peak).toBe(3);
  });

  it('paces requests to the requests-per-second cap once the burst is spent', async () => {
    const { provider, calls } = scripted(ok());
    const { gateway, sleeps } = setup(provider, { rps: 2 });
    for (let i = 0; i < 4; i++) await gateway.fetch({ ...Q, destination: `D${i}` });
    expect(calls).toHaveLength(4);
    // Two tokens in the bucket, then one every 500 ms.
    expect(sleeps).toEqual([500, 500]);
  });
});

describe('upstream gateway: hedged requests (decision 059)', () => {
  /** An airline whose answers per destination follow a script: 'hang' never answers (until cancelled). */
  function perDestination(script: Record<string, ('hang' | FlightFetchResult)[]>) {
    const calls: string[] = [];
    const cancelled: string[] = [];
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: (q, signal) => {
        const seen = calls.filter((d) => d === q.destination).length;
        calls.push(q.destination);
        const answers = script[q.destination] ?? [ok()];
        const a = answers[Math.min(seen, answers.length - 1)] as 'hang' | FlightFetchResult;
        if (a !== 'hang') return Promise.resolve(a);
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            cancelled.push(q.destination);
            reject(new Error('aborted'));
          }),
        );
      },
    };
    return { provider, calls, cancelled };
  }
  /** Enough timed answers for a p95. */
  const warm = async (gateway: { fetch(q: FlightQuery): Promise<unknown> }) => {
    for (let i = 0; i < 20; i++) await gateway.fetch({ ...Q, destination: `W${String(i).padStart(2, '0')}` });
  };
  const count = (calls: string[], d: string) => calls.filter((c) => c === d).length;

  it('sends one second attempt for a request still unanswered past the p95, takes its answer and cancels the first', async () => {
    const { provider, calls, cancelled } = perDestination({ HNG: ['hang', ok(7)] });
    const { gateway, sleeps, metric } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, timeoutMs: 60_000 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'HNG' })).toMatchObject({ status: 'ok', flights: [flight(7)] });
    expect(count(calls, 'HNG')).toBe(2);
    expect(cancelled).toEqual(['HNG']);
    // The fake answers take no time, so the hedge waits the floor of its delay.
    expect(sleeps).toContain(100);
    expect(await metric('flight_upstream_hedges_total', '{result="sent"}')).toBe(1);
    expect(await metric('flight_upstream_hedges_total', '{result="won"}')).toBe(1);
    expect(await metric('flight_upstream_requests_total', '{outcome="cancelled"}')).toBe(1);
  });

  it('never hedges a background query (hedge: false, the alert checker): one request however slow', async () => {
    const { provider, calls } = perDestination({ BKG: ['hang'] });
    const { gateway, metric } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 0 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'BKG' }, { hedge: false })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(count(calls, 'BKG')).toBe(1);
    expect(await metric('flight_upstream_hedges_total', '{result="sent"}')).toBe(0);
  });

  it('hedges each attempt at most once, its retries too (decision 162)', async () => {
    const { provider, calls } = perDestination({ HNG: ['hang'] });
    const { gateway, metric } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 1 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'HNG' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    // The first attempt, the retry and the last chance, each with its hedge.
    expect(count(calls, 'HNG')).toBe(6);
    expect(await metric('flight_upstream_hedges_total', '{result="sent"}')).toBe(3);
  });

  it('stops waiting for a hung first attempt when its hedge fails, and retries', async () => {
    const { provider, calls, cancelled } = perDestination({ HNG: ['hang', { kind: 'server-error', status: 502 }, ok(3)] });
    const { gateway } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 1, timeoutMs: 60_000 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'HNG' })).toMatchObject({ status: 'ok', flights: [flight(3)] });
    expect(count(calls, 'HNG')).toBe(3);
    expect(cancelled).toEqual(['HNG']);
  });

  it('keeps waiting for a hedge that is out when the first attempt fails', async () => {
    const first = deferred<FlightFetchResult>();
    const second = deferred<FlightFetchResult>();
    const answers = [first.promise, second.promise];
    let asked = 0;
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: (q) => (q.destination === 'SLW' ? (answers[asked++] ?? Promise.resolve(ok())) : Promise.resolve(ok())),
    };
    const { gateway } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 1, timeoutMs: 60_000 });
    await warm(gateway);
    const answer = gateway.fetch({ ...Q, destination: 'SLW' });
    for (let i = 0; i < 50 && asked < 2; i++) await new Promise((r) => setTimeout(r, 1));
    expect(asked).toBe(2);
    first.resolve({ kind: 'server-error', status: 502 });
    await new Promise((r) => setTimeout(r, 5));
    second.resolve(ok(9));
    expect(await answer).toMatchObject({ status: 'ok', flights: [flight(9)] });
    expect(asked).toBe(2);
  });

  it('keeps hedges near a tenth of the requests when many are slow at once', async () => {
    const slow = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`S${String(i).padStart(2, '0')}`, ['hang' as const]]));
    const { provider } = perDestination(slow);
    const { gateway, metric } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 0 });
    await warm(gateway);
    await Promise.all(Object.keys(slow).map((d) => gateway.fetch({ ...Q, destination: d })));
    // The allowance holds at most 10; the 30 first attempts, all out at once, cannot raise it past that.
    expect(await metric('flight_upstream_hedges_total', '{result="sent"}')).toBe(10);
  });

  it('does not hedge while the airline is throttling us', async () => {
    const { provider, calls } = perDestination({
      THR: [{ kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 10 }],
      HNG: ['hang'],
    });
    const { gateway, metric } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 0, rpsFloor: 1 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'THR' })).toMatchObject({ status: 'failed', reason: 'throttled' });
    expect(await gateway.fetch({ ...Q, destination: 'HNG' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(count(calls, 'HNG')).toBe(1);
    expect(await metric('flight_upstream_hedges_total', '{result="sent"}')).toBe(0);
  });

  it('does not hedge while failures come together (decision 162)', async () => {
    const failing = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`F${i}`, [{ kind: 'server-error', status: 502 } as FlightFetchResult]]),
    );
    const { provider, calls } = perDestination({ ...failing, HNG: ['hang'] });
    const { gateway, metric } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 0 });
    await warm(gateway);
    for (const d of Object.keys(failing)) await gateway.fetch({ ...Q, destination: d });
    expect(await gateway.fetch({ ...Q, destination: 'HNG' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(count(calls, 'HNG')).toBe(1);
    expect(await metric('flight_upstream_hedges_total', '{result="sent"}')).toBe(0);
  });

  it('does not hedge before it has timed enough answers', async () => {
    const { provider, calls } = perDestination({ HNG: ['hang'] });
    const { gateway } = setup(provider, { hedge: { minSamples: 20, minDelayMs: 100 }, retries: 0 });
    expect(await gateway.fetch({ ...Q, destination: 'HNG' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(count(calls, 'HNG')).toBe(1);
  });
});

describe('upstream gateway: the early cut (decision 220)', () => {
  type Step = 'good' | 'silent' | 'page-is-first' | FlightFetchResult;
  /**
   * A fake airline in fake time: `good` answers the redirect at once and the page L = 300 ms later; `silent` sends
   * nothing (a 5xx the site takes its time over, or a hang) until cut; `page-is-first` is a good answer whose first
   * HTTP answer is the page itself (a scraping service).
   */
  function timedAirline(clock: { advance(ms: number): void }, script: Record<string, Step[]>) {
    const calls: string[] = [];
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: (q, signal, progress) => {
        const seen = calls.filter((d) => d === q.destination).length;
        calls.push(q.destination);
        const steps = script[q.destination] ?? ['good'];
        const step = steps[Math.min(seen, steps.length - 1)] as Step;
        if (step === 'good' || step === 'page-is-first') {
          if (step === 'good') progress?.firstAnswer();
          clock.advance(300);
          if (step === 'page-is-first') progress?.firstAnswer();
          return Promise.resolve(ok(seen + 1));
        }
        if (step !== 'silent') return Promise.resolve(step);
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    };
    return { provider, calls };
  }
  const warm = async (gateway: { fetch(q: FlightQuery): Promise<unknown> }, n = 20) => {
    for (let i = 0; i < n; i++) await gateway.fetch({ ...Q, destination: `W${String(i).padStart(2, '0')}` });
  };
  const count = (calls: string[], d: string) => calls.filter((c) => c === d).length;
  /** The gateway with a clock its fake airline can move. */
  function cutSetup(script: Record<string, Step[]>, overrides: Partial<GatewayOptions> = {}) {
    let advance: (ms: number) => void = () => undefined;
    const airline = timedAirline({ advance: (ms) => advance(ms) }, script);
    const s = setup(airline.provider, { earlyCut: {}, timeoutMs: 30, ...overrides });
    advance = (ms) => s.clock.advance(ms);
    return { ...s, calls: airline.calls };
  }

  it('cuts an attempt whose site has not begun answering past the p95 of first answers, and retries it at once', async () => {
    const { gateway, calls, sleeps, metric } = cutSetup({ SLO: ['silent', 'good'] });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'SLO' })).toMatchObject({ status: 'ok', flights: [flight(2)] });
    expect(count(calls, 'SLO')).toBe(2);
    // First answers come at once here, so the cut waits its floor (150 ms; armed for each attempt), and the retry no
    // back-off at all.
    expect(sleeps).toEqual([150, 150]);
    expect(await metric('flight_upstream_early_cuts_total')).toBe(1);
    expect(await metric('flight_upstream_requests_total', '{outcome="timeout"}')).toBe(1);
  });

  it('sizes the cut from the first answers of good attempts only, past their p95 by the margin', async () => {
    // Good answers' redirects come 150 ms in (p95 150, times 1.2: 180 ms); slow 5xx answers must not count.
    let advance: (ms: number) => void = () => undefined;
    const calls: string[] = [];
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: (q, signal, progress) => {
        calls.push(q.destination);
        if (q.destination.startsWith('E')) {
          advance(900);
          progress?.firstAnswer();
          return Promise.resolve({ kind: 'server-error', status: 503 });
        }
        if (q.destination === 'SLO' && calls.filter((d) => d === 'SLO').length === 1)
          return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
        advance(150);
        progress?.firstAnswer();
        advance(450);
        return Promise.resolve(ok());
      },
    };
    const s = setup(provider, { earlyCut: {}, retries: 1, timeoutMs: 30 });
    advance = (ms) => s.clock.advance(ms);
    await warm(s.gateway);
    for (let i = 0; i < 2; i++) await s.gateway.fetch({ ...Q, destination: `E${i}` });
    s.sleeps.length = 0;
    expect(await s.gateway.fetch({ ...Q, destination: 'SLO' })).toMatchObject({ status: 'ok' });
    expect(calls.filter((d) => d === 'SLO')).toHaveLength(2);
    expect(s.sleeps).toEqual([180, 180]);
  });

  it('does not cut before it has timed enough good attempts', async () => {
    const { gateway, calls, metric } = cutSetup({ SLO: ['silent'] }, { retries: 0 });
    await warm(gateway, 19);
    expect(await gateway.fetch({ ...Q, destination: 'SLO' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(count(calls, 'SLO')).toBe(1);
    expect(await metric('flight_upstream_early_cuts_total')).toBe(0);
  });

  it('does not cut where the first answer is the page itself (a scraping service): that is the hedge’s job', async () => {
    const script: Record<string, Step[]> = { SLO: ['silent'] };
    for (let i = 0; i < 20; i++) script[`W${String(i).padStart(2, '0')}`] = ['page-is-first'];
    const { gateway, sleeps, metric } = cutSetup(script, { retries: 0 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'SLO' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(sleeps).toEqual([]);
    expect(await metric('flight_upstream_early_cuts_total')).toBe(0);
  });

  it('never cuts a background query (hedge: false, the alert checker)', async () => {
    const { gateway, calls, metric } = cutSetup({ BKG: ['silent'] }, { retries: 0 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'BKG' }, { hedge: false })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(count(calls, 'BKG')).toBe(1);
    expect(await metric('flight_upstream_early_cuts_total')).toBe(0);
  });

  it('does not cut while failures come together, and backs off instead (decision 162)', async () => {
    const failing: Record<string, Step[]> = {};
    for (let i = 0; i < 20; i++) failing[`F${i}`] = [{ kind: 'server-error', status: 502 }];
    const { gateway, calls, sleeps, metric } = cutSetup({ ...failing, SLO: ['silent', 'good'] }, { retries: 1 });
    await warm(gateway);
    for (const d of Object.keys(failing)) await gateway.fetch({ ...Q, destination: d });
    const before = sleeps.length;
    expect(await gateway.fetch({ ...Q, destination: 'SLO' })).toMatchObject({ status: 'ok' });
    expect(count(calls, 'SLO')).toBe(2);
    expect(await metric('flight_upstream_early_cuts_total')).toBe(0);
    // No cut armed: the first attempt ran to its time-out, and the retry waited the back-off (base 200 ms, jitter 0.5).
    expect(sleeps.slice(before)).toEqual([150]);
  });

  it('is off with earlyCut: false', async () => {
    const { gateway, calls } = cutSetup({ SLO: ['silent'] }, { earlyCut: false, retries: 0 });
    await warm(gateway);
    expect(await gateway.fetch({ ...Q, destination: 'SLO' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(count(calls, 'SLO')).toBe(1);
  });
});
