import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { type ApiProcesses, call, login, startApiProcesses } from '../../test/api-processes';
import { createUser } from '../../test/factories';

/**
 * A key's day quota across two API processes on one PostgreSQL database and one Redis (decision 268): a free key with
 * 100 calls left, 150 calls at once split over both processes, exactly 100 served. Runs in the PostgreSQL suite with
 * TEST_REDIS_URL; the counter's Redis entry is the key's own (its id), so the shared Redis is never flushed.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)('a key quota over two API processes', () => {
  let api: ApiProcesses;
  const redis = new Redis(process.env.TEST_REDIS_URL ?? '', { lazyConnect: true });
  let keyId = '';
  beforeAll(async () => {
    // 150 sockets from one address: the per-address cap (64 by default) is not what this test is about.
    api = await startApiProcesses({ API_KEY_CALLS_PER_DAY_FREE: '100', MAX_CONNECTIONS_PER_IP: '0' });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    if (keyId) {
      await redis.connect();
      const left = await redis.keys(`*apikey:${keyId}:*`);
      if (left.length > 0) await redis.del(...left);
      await redis.quit();
    }
  });

  it('serves exactly 100 of 150 concurrent calls, the rest 429 with Retry-After', async () => {
    const user = await createUser({ database: api.database, clock: systemClock });
    const token = await login(api.urls[0], user.email, user.password);
    const made = await call(api.urls[0], 'POST', '/api/account/api-keys', { token, body: { name: 'scale' } });
    expect(made.status).toBe(201);
    const key = made.body.key as string;
    keyId = (made.body.api_key as { id: string }).id;
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        fetch(`${api.urls[i % 2]}/api/gowild/blackout-dates`, { headers: { 'x-api-key': key } }).then(async (r) => {
          await r.arrayBuffer();
          return { status: r.status, retryAfter: r.headers.get('retry-after'), remaining: r.headers.get('ratelimit-remaining') };
        }),
      ),
    );
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(served.length, api.output().slice(-2000)).toBe(100);
    expect(refused.length).toBe(50);
    expect(refused.every((a) => Number(a.retryAfter) > 0 && a.remaining === '0')).toBe(true);
    // Every remaining count from 99 down to 0 was handed out once.
    expect(new Set(served.map((a) => a.remaining)).size).toBe(100);
  }, 120_000);
});
