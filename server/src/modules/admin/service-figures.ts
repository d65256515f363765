import type { AdminDashboard } from '@gowild/contract/admin';
import type { Registry } from 'prom-client';

type Labels = Record<string, string | number>;

/** The sum of a metric's values whose labels match `where` (0 when the metric is not registered in this process). */
async function sum(registry: Registry, name: string, where: Labels = {}): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(where).every(([k, want]) => (v.labels as Labels)[k] === want))
    .reduce((n, v) => n + v.value, 0);
}

const BREAKER = ['closed', 'half_open', 'open'] as const;

/**
 * What an operator watches, read from this process's own Prometheus metrics (the names /metrics serves; the flights
 * and alerts modules register them): airline requests, the flight cache, the breaker, the alert checker and its e-mails.
 */
export function createServiceFigures(registry: Registry, startedAt: Date) {
  return async (): Promise<AdminDashboard['service']> => {
    const [requests, cancelled, ok, noFlights, hits, misses, breaker, runsOk, runsFailed, sent, failed, pending] = await Promise.all([
      sum(registry, 'flight_upstream_requests_total'),
      sum(registry, 'flight_upstream_requests_total', { outcome: 'cancelled' }),
      sum(registry, 'flight_upstream_requests_total', { outcome: 'ok' }),
      sum(registry, 'flight_upstream_requests_total', { outcome: 'no_flights' }),
      sum(registry, 'flight_cache_hits_total'),
      sum(registry, 'flight_cache_misses_total'),
      sum(registry, 'flight_breaker_state'),
      sum(registry, 'alerts_checker_runs_total', { result: 'ok' }),
      sum(registry, 'alerts_checker_runs_total', { result: 'failed' }),
      sum(registry, 'alerts_emails_total', { result: 'sent' }),
      sum(registry, 'alerts_emails_total', { result: 'failed' }),
      sum(registry, 'alerts_emails_pending'),
    ]);
    // The losing half of a hedge is not a request the airline failed, nor one an operator paid for twice.
    const airline = requests - cancelled;
    const runs = runsOk + runsFailed;
    return {
      since: startedAt.toISOString(),
      airline_requests: airline,
      airline_requests_failed: airline - ok - noFlights,
      cache_hits: hits,
      cache_misses: misses,
      cache_hit_ratio: hits + misses > 0 ? hits / (hits + misses) : null,
      breaker_state: BREAKER[Math.round(breaker)] ?? 'closed',
      checker_runs: runs,
      checker_runs_failed: runsFailed,
      emails_sent: sent,
      emails_failed: failed,
      emails_pending: pending,
    };
  };
}
