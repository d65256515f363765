/**
 * A second process for the airline-budget test: spends `COUNT` requests of `OWNER`'s budget (limit `LIMIT`) in Redis
 * at `REDIS_URL` under `PREFIX`, and prints how many were allowed.
 */
import { Redis } from 'ioredis';
import { createRedisRateLimitStore } from '../lib/rate-limit';
import { createRequestBudget } from '../lib/upstream/request-budget';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const redis = new Redis(env('REDIS_URL'));
const budget = createRequestBudget(createRedisRateLimitStore(redis, env('PREFIX')));
const spent = await Promise.all(Array.from({ length: Number(env('COUNT')) }, () => budget.spend(env('OWNER'), Number(env('LIMIT')))));
console.log(JSON.stringify({ allowed: spent.filter((s) => s.ok).length }));
await redis.quit();
