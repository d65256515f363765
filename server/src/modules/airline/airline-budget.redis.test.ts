import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimitStore } from '../../lib/rate-limit';
import { startEntry } from '../../test/server-process';
import { createRequestBudget } from '../../lib/upstream/request-budget';

const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('request budget shared over Redis by two processes', () => {
  const redis = new Redis(url ?? '');
  const prefix = `gw:test:budget:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("lets one user spend their minute's budget once across both processes", async () => {
    const budget = createRequestBudget(createRedisRateLimitStore(redis, prefix));
    const other = startEntry('src/test/budget-spender-child.ts', [], {
      REDIS_URL: url!,
      PREFIX: prefix,
      OWNER: 'ann',
      COUNT: '40',
      LIMIT: '50',
    });
    const here = await Promise.all(Array.from({ length: 40 }, () => budget.spend('ann', 50)));
    expect(await other.exited).toBe(0);
    const there = JSON.parse(other.output().trim().split('\n').at(-1)!) as { allowed: number };
    expect(here.filter((s) => s.ok).length + there.allowed).toBe(50);
    expect(await budget.left('ann', 50)).toMatchObject({ left: 0 });
    const refused = await budget.spend('ann', 50);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterMs).toBeGreaterThan(50_000);
  });
});
