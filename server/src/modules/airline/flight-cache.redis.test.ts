import type { Flight } from '@gowild/contract/flights';
import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import type { FlightProvider } from '../../providers/flights/flights.provider';
import { createRedisFlightCache } from './flight-cache';
import { airlineMetrics } from './airline.metrics';
import { createUpstreamGateway } from './upstream-gateway';

const url = process.env.TEST_REDIS_URL;
const prefix = `gw:test:${process.pid}:${Date.now()}:`;

describe.skipIf(!url)('flight cache in Redis (TEST_REDIS_URL)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(url as string, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('keeps an entry for the fresh + stale window and reads it back', async () => {
    const cache = createRedisFlightCache(redis, { prefix });
    const value = { fetchedAt: 1_775_000_000_000, flights: [{ flight_number: 'F9 1' } as Flight] };
    await cache.set('DEN-LAS-2026-04-02', value, 4_200_000);
    expect(await cache.get('DEN-LAS-2026-04-02')).toEqual(value);
    const ttl = await redis.pttl(`${prefix}DEN-LAS-2026-04-02`);
    expect(ttl).toBeGreaterThan(4_100_000);
    expect(ttl).toBeLessThanOrEqual(4_200_000);
    expect(await cache.get('DEN-MCO-2026-04-02')).toBeUndefined();
  });

  it('shares airline answers between processes: a second gateway does not ask the airline again', async () => {
    let calls = 0;
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: async () => {
        calls++;
        return { kind: 'flights', flights: [{ flight_number: 'F9 7' } as Flight] };
      },
    };
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const gateway = () =>
      createUpstreamGateway({
        provider,
        cache: createRedisFlightCache(redis, { prefix }),
        clock,
        metrics: airlineMetrics(new Registry()),
        freshSeconds: 600,
        staleSeconds: 3600,
        concurrency: 5,
        rps: 100,
        timeoutMs: 1000,
        retries: 0,
        breakerThreshold: 5,
        breakerCooldownMs: 1000,
      });
    const q = { origin: 'DEN', destination: 'ATL', date: '2026-04-02' };
    expect(await gateway().fetch(q)).toMatchObject({ status: 'ok', source: 'upstream' });
    expect(await gateway().fetch(q)).toMatchObject({ status: 'ok', source: 'cache', flights: [{ flight_number: 'F9 7' }] });
    expect(calls).toBe(1);
  });

  it('treats an unreachable Redis as a miss, not as a failed search', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    const errors: unknown[] = [];
    const cache = createRedisFlightCache(down, { prefix, onError: (e) => errors.push(e) });
    expect(await cache.get('DEN-LAS-2026-04-02')).toBeUndefined();
    await cache.set('DEN-LAS-2026-04-02', { fetchedAt: 0, flights: [] }, 1000);
    expect(errors).toHaveLength(2);
    down.disconnect();
  });
});
