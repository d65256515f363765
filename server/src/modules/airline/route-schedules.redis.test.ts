import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { type AskSchedule, createRedisSharedSchedules, createRouteSchedules } from './route-schedules';

const url = process.env.TEST_REDIS_URL;
const prefix = `gw:test:schedules:${process.pid}:${Date.now()}:`;
const SAID = { disabledDates: ['2026-04-03'], lastAvailableDate: '2026-06-30' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An airline counting the schedule asks; each answers after `ms` with `answer`. */
function airline(answer: typeof SAID | 'no answer' = SAID, ms = 20) {
  const asks: string[] = [];
  const ask: AskSchedule = async (route) => {
    asks.push(`${route.origin}-${route.destination}`);
    await pause(ms);
    return answer === 'no answer' ? undefined : answer;
  };
  return { ask, asks };
}

describe.skipIf(!url)('route schedules shared by processes through Redis (TEST_REDIS_URL; decision 242)', () => {
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

  /**
   * One API process's schedules: its own connection, on a key prefix of this test's own. The connection is made first,
   * as the app's is by the time it serves: the store gives Redis 250 ms a command, and a connection opened on a busy
   * machine can take longer than that, which would make the store answer "unknown" for reasons this test is not about.
   */
  async function apiProcess(test: string, opts: { backOffMs?: number; lookAgainMs?: number } = {}) {
    const redis = new Redis(url as string, { maxRetriesPerRequest: 1 });
    connections.push(redis);
    await redis.ping();
    return createRouteSchedules({
      clock: systemClock,
      shared: createRedisSharedSchedules(redis, { prefix: `${prefix}${test}:` }),
      ...opts,
    });
  }

  it('asks a route once when two processes want it at the same moment; both end up with the read', async () => {
    const [a, b] = await Promise.all([apiProcess('once'), apiProcess('once')]);
    const { ask, asks } = airline();
    const route = { origin: 'DEN', destination: 'LAS' };
    // The process that lost the claim does not wait for the other's read; it finds it on its next look.
    const got = await Promise.all([a.learn(route, ask), b.learn(route, ask)]);
    expect(got.filter((s) => s !== undefined)).toHaveLength(1);
    expect(asks).toHaveLength(1);
    expect(await a.learn(route, ask)).toMatchObject(SAID);
    expect(await b.learn(route, ask)).toMatchObject(SAID);
    expect(asks).toHaveLength(1);
  });

  it("a third process started later reads the route's schedule and does not ask", async () => {
    const route = { origin: 'MCO', destination: 'ATL' };
    const { ask, asks } = airline();
    await (await apiProcess('later')).learn(route, ask);
    expect(await (await apiProcess('later')).known(route)).toMatchObject(SAID);
    expect(asks).toHaveLength(1);
  });

  it('holds a route that failed for the back-off in every process, then lets one ask again', async () => {
    const route = { origin: 'DEN', destination: 'SEA' };
    // A back-off long against the pauses below, so a machine slowed by other work cannot outlast it between the
    // checks (with 400 ms it once ran out before b's third look, on a CI machine 97 % busy).
    const BACK_OFF_MS = 3000;
    const settings = { backOffMs: BACK_OFF_MS, lookAgainMs: 100 };
    const [a, b] = await Promise.all([apiProcess('failed', settings), apiProcess('failed', settings)]);
    const failing = airline('no answer');
    expect(await a.learn(route, failing.ask)).toBeUndefined();
    // The back-off began before this instant.
    const failedBy = Date.now();
    expect(await b.learn(route, failing.ask)).toBeUndefined();
    // Past b's own pause, the shared back-off still holds the route.
    await pause(150);
    expect(await b.learn(route, failing.ask)).toBeUndefined();
    expect(failing.asks).toHaveLength(1);
    await pause(Math.max(0, failedBy + BACK_OFF_MS + 100 - Date.now()));
    const working = airline();
    expect(await b.learn(route, working.ask)).toMatchObject(SAID);
    expect(working.asks).toHaveLength(1);
  });
});

describe('route schedules with Redis unreachable', () => {
  it('work per process, within a bounded wait, and never throw', async () => {
    // Nothing listens on port 1; no offline queue, so commands fail at once as the app's client does (lib/redis.ts).
    const redis = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true });
    redis.on('error', () => {});
    const schedules = createRouteSchedules({ clock: systemClock, shared: createRedisSharedSchedules(redis, { commandTimeoutMs: 100 }) });
    const { ask, asks } = airline();
    const route = { origin: 'DEN', destination: 'LAS' };
    const started = performance.now();
    expect(await schedules.known(route)).toBeUndefined();
    expect(await schedules.learn(route, ask)).toMatchObject(SAID);
    expect(await schedules.learn(route, ask)).toMatchObject(SAID);
    expect(asks).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2000);
    redis.disconnect();
  });
});
