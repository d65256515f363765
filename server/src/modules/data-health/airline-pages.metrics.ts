import { Counter, type Registry } from 'prom-client';

/** An airline results page: read (flights, or the airline's "no flights") or unreadable (the page changed). */
export type AirlinePageOutcome = 'read' | 'unreadable';

const NAME = 'flight_airline_pages_total';

/**
 * `flight_airline_pages_total{outcome}`, registered once per registry. Both outcomes start at 0, so the share read
 * (ops/prometheus/alerts.yml, GoWildAirlinePagesUnread) has both series from the first scrape on.
 */
export function airlinePagesCounter(registry: Registry): Counter<'outcome'> {
  const known = registry.getSingleMetric(NAME) as Counter<'outcome'> | undefined;
  if (known) return known;
  const counter = new Counter({
    name: NAME,
    help: 'Airline results pages by whether the adapter read them: read (flights, or "no flights"), unreadable (the page changed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['read', 'unreadable'] as const) counter.inc({ outcome }, 0);
  return counter;
}
