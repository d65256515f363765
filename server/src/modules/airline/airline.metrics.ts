import { Counter, Gauge, type Registry } from 'prom-client';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/** The counters of the queries answered without a request: the schedule filter (decision 242) and sales closed (327). */
function scheduleMetrics(registry: Registry) {
  const registers = [registry];
  return {
    scheduleSkips: once(registry, 'flight_schedule_skips_total', () => {
      const help =
        "Queries answered 'no flights' with no airline request because the route's schedule says it does not fly that day (decision 242), by lane";
      return new Counter({ name: 'flight_schedule_skips_total', help, labelNames: ['lane'] as const, registers });
    }),
    scheduleRequests: once(registry, 'flight_schedule_requests_total', () => {
      const help = "Airline requests for a route's schedule (RetrieveSchedule, decision 242) by outcome (ok, blocked, timeout, …)";
      return new Counter({ name: 'flight_schedule_requests_total', help, labelNames: ['outcome'] as const, registers });
    }),
    salesClosedSkips: once(registry, 'flight_sales_closed_skips_total', () => {
      const help =
        "Queries for today answered 'no flights' with no airline request because every flight of the latest kept answer has stopped selling (decision 327), by lane";
      return new Counter({ name: 'flight_sales_closed_skips_total', help, labelNames: ['lane'] as const, registers });
    }),
  };
}

/** The airline gateway's metrics, registered once per registry (an app, or a test). */
export function airlineMetrics(registry: Registry) {
  return { ...gatewayMetrics(registry), ...scheduleMetrics(registry) };
}

/** The gateway's requests, cache, coalescing, breaker, pacing, hedges and shared state. */
function gatewayMetrics(registry: Registry) {
  const registers = [registry];
  return {
    upstreamRequests: once(
      registry,
      'flight_upstream_requests_total',
      () =>
        new Counter({
          name: 'flight_upstream_requests_total',
          help: 'Airline requests by outcome (ok, no_flights, blocked, throttled, not_acceptable, server_error, http_error, timeout, network_error, page_changed, cancelled: the losing half of a hedge)',
          labelNames: ['outcome'] as const,
          registers,
        }),
    ),
    cacheHits: once(
      registry,
      'flight_cache_hits_total',
      () => new Counter({ name: 'flight_cache_hits_total', help: 'Queries answered from fresh cache', registers }),
    ),
    cacheMisses: once(
      registry,
      'flight_cache_misses_total',
      () => new Counter({ name: 'flight_cache_misses_total', help: 'Queries with no fresh cache entry', registers }),
    ),
    cacheStale: once(
      registry,
      'flight_cache_stale_served_total',
      () =>
        new Counter({
          name: 'flight_cache_stale_served_total',
          help: 'Queries answered from a stale entry because the airline failed',
          registers,
        }),
    ),
    coalesced: once(
      registry,
      'flight_upstream_coalesced_total',
      () =>
        new Counter({
          name: 'flight_upstream_coalesced_total',
          help: 'Queries that joined an identical airline request already in flight',
          registers,
        }),
    ),
    breakerRejections: once(
      registry,
      'flight_breaker_rejections_total',
      () =>
        new Counter({ name: 'flight_breaker_rejections_total', help: 'Queries not sent because the circuit breaker was open', registers }),
    ),
    breakerState: once(
      registry,
      'flight_breaker_state',
      () => new Gauge({ name: 'flight_breaker_state', help: 'Airline circuit breaker: 0 closed, 1 half-open, 2 open', registers }),
    ),
    malformedFlights: once(
      registry,
      'flight_upstream_malformed_flights_total',
      () =>
        new Counter({
          name: 'flight_upstream_malformed_flights_total',
          help: 'Flights of a well-formed airline page left out because a field did not read, by field',
          labelNames: ['field'] as const,
          registers,
        }),
    ),
    requestRate: once(
      registry,
      'flight_upstream_rate_rps',
      () =>
        new Gauge({
          name: 'flight_upstream_rate_rps',
          help: 'Airline requests a second the gateway currently allows (halved on a 429 or 406, recovering on good answers)',
          registers,
        }),
    ),
    hedges: once(
      registry,
      'flight_upstream_hedges_total',
      () =>
        new Counter({
          name: 'flight_upstream_hedges_total',
          help: 'Second attempts sent for a request still unanswered past the observed p95 latency, by which attempt answered (won: the hedge)',
          labelNames: ['result'] as const,
          registers,
        }),
    ),
    earlyCuts: once(registry, 'flight_upstream_early_cuts_total', () => {
      const help =
        'Attempts cut because the site had not begun answering past the p95 of its first answers, retried at once (decision 220)';
      return new Counter({ name: 'flight_upstream_early_cuts_total', help, registers });
    }),
    sharedUnavailable: once(
      registry,
      'flight_upstream_shared_unavailable_total',
      () =>
        new Counter({
          name: 'flight_upstream_shared_unavailable_total',
          help: 'Calls to the shared upstream state (Redis) that failed; the gateway then works per process',
          registers,
        }),
    ),
  };
}
export type AirlineMetrics = ReturnType<typeof airlineMetrics>;
