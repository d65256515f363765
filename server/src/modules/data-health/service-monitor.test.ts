import { describe, expect, it } from 'vitest';
import type { FetchProgress, FlightProvider } from '../../providers/flights/flights.provider';
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
