import { Counter, Histogram, type Registry } from 'prom-client';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/** The traveller's searches' metrics, registered once per registry (an app, or a test). */
export function searchMetrics(registry: Registry) {
  const registers = [registry];
  return {
    searchesWithoutAirline: once(registry, 'flight_searches_without_airline_total', () => {
      const help = 'Searches whose every query was answered fresh from the flight cache or kept observations: no airline request';
      return new Counter({ name: 'flight_searches_without_airline_total', help, registers });
    }),
    searchDuration: once(
      registry,
      'flight_search_duration_seconds',
      () =>
        new Histogram({
          name: 'flight_search_duration_seconds',
          help: 'Flight search time by kind and result',
          labelNames: ['kind', 'result'] as const,
          buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
          registers,
        }),
    ),
  };
}
export type SearchMetrics = ReturnType<typeof searchMetrics>;
