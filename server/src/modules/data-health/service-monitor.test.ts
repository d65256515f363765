import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { FetchProgress, FlightFetchResult, FlightProvider } from '../../providers/flights/flights.provider';
import { createServiceMonitor, observeFlightProvider } from './service-monitor';

describe('observeFlightProvider', () => {
  it("passes the gateway's progress listener through to the provider (the early cut hears the first answer)", async () => {
    let heard = 0;
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: async (_q, _signal, progress) => {
        progress?.firstAnswer();
        return { kind: 'flights', flights: [] };
      },
    };
    const observed = observeFlightProvider(
      provider,
      createServiceMonitor(() => 0),
    );
    const progress: FetchProgress = { firstAnswer: () => heard++ };
    await observed.fetchFlights({ origin: 'DEN', destination: 'LAS', date: '2026-04-02' }, new AbortController().signal, progress);
    expect(heard).toBe(1);
  });
});

describe('the airline results pages read', () => {
  const query = { origin: 'DEN', destination: 'LAS', date: '2026-04-02' };
  const answers: FlightFetchResult[] = [
    { kind: 'flights', flights: [] },
    { kind: 'flights', flights: [], malformed: [{ field: 'legs', detail: 'x' }] },
    { kind: 'page-changed', detail: 'no FlightData assignment on the page' },
    { kind: 'blocked', status: 403, reason: 'perimeterx' },
    { kind: 'server-error', status: 502 },
    { kind: 'http-error', status: 404 },
  ];

  function setup() {
    let now = Date.parse('2026-07-15T12:00:00Z');
    const registry = new Registry();
    const monitor = createServiceMonitor(() => now, registry);
    let next = 0;
    const provider: FlightProvider = { name: 'fake', demo: false, fetchFlights: async () => answers[next++ % answers.length]! };
    const observed = observeFlightProvider(provider, monitor);
    const fetchAll = async () => {
      for (let i = 0; i < answers.length; i++) await observed.fetchFlights(query, new AbortController().signal);
    };
    const counted = async () => {
      const metric = await registry.getSingleMetric('flight_airline_pages_total')!.get();
      return Object.fromEntries(metric.values.map((v) => [v.labels.outcome, v.value]));
    };
    return { monitor, fetchAll, counted, advance: (ms: number) => void (now += ms) };
  }

  it('counts results pages, "no flights" as read, a changed page as not; blocks and HTTP errors are no page', async () => {
    const { monitor, fetchAll, counted } = setup();
    expect(await counted()).toEqual({ read: 0, unreadable: 0 });
    await fetchAll();
    expect(monitor.pagesRead(60)).toEqual({ read: 2, total: 3 });
    expect(await counted()).toEqual({ read: 2, unreadable: 1 });
  });

  it('keeps the window to the last hour; the counter keeps counting', async () => {
    const { monitor, fetchAll, counted, advance } = setup();
    await fetchAll();
    advance(30 * 60_000);
    await fetchAll();
    expect(monitor.pagesRead(60)).toEqual({ read: 4, total: 6 });
    advance(45 * 60_000);
    expect(monitor.pagesRead(60)).toEqual({ read: 2, total: 3 });
    advance(30 * 60_000);
    expect(monitor.pagesRead(60)).toEqual({ read: 0, total: 0 });
    expect(await counted()).toEqual({ read: 4, unreadable: 2 });
  });

  it('does not count a request we aborted', async () => {
    const registry = new Registry();
    const monitor = createServiceMonitor(() => 0, registry);
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: async () => {
        throw new Error('aborted');
      },
    };
    const abort = new AbortController();
    abort.abort();
    await expect(observeFlightProvider(provider, monitor).fetchFlights(query, abort.signal)).rejects.toThrow('aborted');
    expect(monitor.pagesRead(60)).toEqual({ read: 0, total: 0 });
  });
});
