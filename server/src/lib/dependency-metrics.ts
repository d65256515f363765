import { Counter, Gauge, type Registry } from 'prom-client';
import type { DependencyStatus } from './dependency-status';

export type RateLimiterName = 'account' | 'request';

/**
 * `database_up` and, with Redis configured, `redis_up` (1 or 0, read at scrape time), and
 * `rate_limit_fallback_total{limiter}`: limit checks counted in this process's memory because Redis was away.
 */
export function dependencyMetrics(registry: Registry, statuses: { database: DependencyStatus; redis?: DependencyStatus }) {
  for (const status of [statuses.database, statuses.redis]) {
    if (!status) continue;
    new Gauge({
      name: `${status.name}_up`,
      help: `1 while the ${status.name} is reachable, 0 while it is not`,
      registers: [registry],
      collect() {
        this.set(status.isUp() ? 1 : 0);
      },
    });
  }
  const fallbacks = new Counter({
    name: 'rate_limit_fallback_total',
    help: 'Rate-limit checks counted in process memory because Redis was unreachable, by limiter',
    labelNames: ['limiter'] as const,
    registers: [registry],
  });
  return { rateLimitFallback: (limiter: RateLimiterName) => fallbacks.inc({ limiter }) };
}
