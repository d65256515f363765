import { Counter, Gauge, type Registry } from 'prom-client';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/** The observation store's metrics (docs/product/observations.md#metrics), registered once per registry. */
export function observationMetrics(registry: Registry) {
  const registers = [registry];
  return {
    recorded: once(
      registry,
      'observations_recorded_total',
      () =>
        new Counter({
          name: 'observations_recorded_total',
          help: 'Flights of airline answers kept, by result (new: a new row; seen_again: identical to the last, only its time moved)',
          labelNames: ['result'] as const,
          registers,
        }),
    ),
    dropped: once(
      registry,
      'observations_dropped_total',
      () =>
        new Counter({
          name: 'observations_dropped_total',
          help: 'Airline answers not kept, by reason (queue_full: the write queue was full; write_failed: the database refused or was away)',
          labelNames: ['reason'] as const,
          registers,
        }),
    ),
    queueDepth: once(
      registry,
      'observations_queue_depth',
      () => new Gauge({ name: 'observations_queue_depth', help: 'Airline answers waiting to be written as observations', registers }),
    ),
    readFailures: once(
      registry,
      'observations_read_failures_total',
      () =>
        new Counter({
          name: 'observations_read_failures_total',
          help: 'Look-ups of kept answers that failed or took too long (the search then asked the airline as before)',
          registers,
        }),
    ),
    ribbonFigures: once(
      registry,
      'observations_ribbon_figures_total',
      () =>
        new Counter({
          name: 'observations_ribbon_figures_total',
          help:
            "(route, date) lowest fares taken from results pages' 7-day ribbons, by result (new: the first for its route and date; " +
            'changed: a new figure; seen_again: the same figure, its time moved; late: older than the one kept; dropped: not kept)',
          labelNames: ['result'] as const,
          registers,
        }),
    ),
    ribbonFilled: once(
      registry,
      'observations_ribbon_filled_total',
      () =>
        new Counter({
          name: 'observations_ribbon_filled_total',
          help:
            'Figures served only thanks to ribbon fares, by figure (grid_cell: a grid cell with no kept answer; ' +
            'history_point: a price history point; good_price: a good-price verdict too thin without them)',
          labelNames: ['figure'] as const,
          registers,
        }),
    ),
    served: once(
      registry,
      'flight_queries_from_observations_total',
      () =>
        new Counter({
          name: 'flight_queries_from_observations_total',
          help: 'Search queries answered from a kept observation within the flight cache fresh time, with no airline request',
          registers,
        }),
    ),
  };
}
export type ObservationMetrics = ReturnType<typeof observationMetrics>;
