import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { HttpError } from './http-error';
import {
  type RateLimitStore,
  assertUnderLimit,
  consumeLimit,
  createFallbackRateLimitStore,
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
} from './rate-limit';

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

async function refusal(p: Promise<unknown>): Promise<HttpError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HttpError);
  return e as HttpError;
}

function contract(name: string, make: () => RateLimitStore, advance?: (ms: number) => void) {
  describe(name, () => {
    it('lets `limit` hits through per window, then 429 with Retry-After within the window', async () => {
      const store = make();
      for (let i = 0; i < 3; i++) await consumeLimit(store, rule, 'k', 'slow down');
      const e = await refusal(consumeLimit(store, rule, 'k', 'slow down'));
      expect(e.statusCode).toBe(429);
      expect(e.message).toBe('slow down');
      const retry = Number(e.headers['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
      // Other keys are untouched.
      await consumeLimit(store, rule, 'other', 'slow down');
    });

    it('peeking does not count', async () => {
      const store = make();
      for (let i = 0; i < 5; i++) await assertUnderLimit(store, rule, 'p', 'no');
      expect((await store.peek('test:p')).count).toBe(0);
      await store.hit('test:p', rule.windowMs);
      expect((await store.peek('test:p')).count).toBe(1);
      await store.reset('test:p');
      expect((await store.peek('test:p')).count).toBe(0);
    });

    it('counts concurrent hits exactly', async () => {
      const store = make();
      const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit('test:c', 60_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    if (advance) {
      it('starts a new window when the old one ends', async () => {
        const store = make();
        for (let i = 0; i < 3; i++) await consumeLimit(store, rule, 'w', 'x');
        await refusal(consumeLimit(store, rule, 'w', 'x'));
        advance(60_001);
        await consumeLimit(store, rule, 'w', 'x');
        expect((await store.peek('test:w')).count).toBe(1);
      });
    }
  });
}

const clock = manualClock();
contract(
  'memory store',
  () => createMemoryRateLimitStore(clock),
  (ms) => clock.advance(ms),
);

it('the memory store stays bounded under a flood of keys', async () => {
  const store = createMemoryRateLimitStore(manualClock(), 100);
  for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 60_000);
  expect((await store.peek('k0')).count).toBe(0);
  expect((await store.peek('k999')).count).toBe(1);
});

describe('Redis with memory to fall back on (decision 050)', () => {
  /** A primary that fails every call, as Redis does while its connection is down. */
  const failing: RateLimitStore = {
    kind: 'redis',
    hit: () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    peek: () => Promise.reject(new Error('Connection is closed.')),
    reset: () => Promise.reject(new Error('Connection is closed.')),
  };

  it('counts in memory when Redis fails or is known to be away, and reports each call served from memory', async () => {
    for (const available of [true, false]) {
      let fallbacks = 0;
      const store = createFallbackRateLimitStore(failing, createMemoryRateLimitStore(manualClock()), {
        available: () => available,
        onFallback: () => fallbacks++,
      });
      expect(store.kind).toBe('redis');
      for (let i = 0; i < 3; i++) await consumeLimit(store, rule, 'f', 'slow down');
      expect((await refusal(consumeLimit(store, rule, 'f', 'slow down'))).statusCode).toBe(429);
      await store.reset('test:f');
      expect((await store.peek('test:f')).count).toBe(0);
      expect(fallbacks).toBe(6);
    }
  });

  it('uses Redis while it answers', async () => {
    const primary = createMemoryRateLimitStore(manualClock());
    let fallbacks = 0;
    const store = createFallbackRateLimitStore(primary, createMemoryRateLimitStore(manualClock()), {
      available: () => true,
      onFallback: () => fallbacks++,
    });
    await store.hit('test:u', 60_000);
    expect((await primary.peek('test:u')).count).toBe(1);
    expect(fallbacks).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
type TestRedis = Redis & { testPrefix: string };
const clients: TestRedis[] = [];
afterAll(async () => {
  for (const c of clients) {
    const keys = await c.keys(`${c.testPrefix}*`);
    if (keys.length) await c.del(...keys);
    await c.quit();
  }
});
describe.skipIf(!redisUrl)('with Redis', () => {
  const make = () => {
    const client = new Redis(redisUrl!) as TestRedis;
    client.testPrefix = `gw:test:rl:${randomBytes(4).toString('hex')}:`;
    clients.push(client);
    return createRedisRateLimitStore(client, client.testPrefix);
  };
  contract('redis store', make);

  it('two processes share one count', async () => {
    const a = make();
    const prefix = clients.at(-1)!.testPrefix;
    const other = new Redis(redisUrl!) as TestRedis;
    other.testPrefix = prefix;
    clients.push(other);
    const b = createRedisRateLimitStore(other, prefix);
    await a.hit('test:shared', 60_000);
    await b.hit('test:shared', 60_000);
    expect((await a.peek('test:shared')).count).toBe(2);
    const ttl = (await b.peek('test:shared')).resetMs;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
