import { Counter, Gauge, type Registry } from 'prom-client';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/** The sweep's metrics (docs/operations.md#sweeps), registered once per registry (an app, or a test). */
export function sweepMetrics(registry: Registry) {
  const registers = [registry];
  return {
    runs: once(
      registry,
      'sweep_runs_total',
      () =>
        new Counter({
          name: 'sweep_runs_total',
          help: 'Sweep runs by trigger (schedule, cli, demo-seed) and result (ok, breaker, failed)',
          labelNames: ['trigger', 'result'] as const,
          registers,
        }),
    ),
    requests: once(
      registry,
      'sweep_airline_requests_total',
      () => new Counter({ name: 'sweep_airline_requests_total', help: 'Airline requests the sweep made', registers }),
    ),
    slots: once(
      registry,
      'sweep_slots_total',
      () =>
        new Counter({
          name: 'sweep_slots_total',
          help: '(route, date) slots swept by outcome: upstream (the airline answered), cache (already fresh), schedule (a day the route does not fly, decision 242), failed',
          labelNames: ['outcome'] as const,
          registers,
        }),
    ),
    skippedBudget: once(
      registry,
      'sweep_skipped_budget_total',
      () =>
        new Counter({
          name: 'sweep_skipped_budget_total',
          help: 'Due slots a run left for later because the hourly airline budget (SWEEP_BUDGET_PER_HOUR) was spent',
          registers,
        }),
    ),
    stoppedByBreaker: once(
      registry,
      'sweep_stopped_by_breaker_total',
      () =>
        new Counter({
          name: 'sweep_stopped_by_breaker_total',
          help: 'Sweep runs stopped (or not started) because the airline circuit breaker was open',
          registers,
        }),
    ),
    demandDropped: once(
      registry,
      'sweep_demand_dropped_total',
      () =>
        new Counter({
          name: 'sweep_demand_dropped_total',
          help: "Travellers' searches whose demand could not be recorded (the database refused the write)",
          registers,
        }),
    ),
    lastRun: once(
      registry,
      'sweep_last_run_timestamp_seconds',
      () => new Gauge({ name: 'sweep_last_run_timestamp_seconds', help: 'When the last sweep run ended', registers }),
    ),
  };
}
export type SweepMetrics = ReturnType<typeof sweepMetrics>;
