import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { networkFromReference } from './emulator/network';
import { type FrontierEmulator, emulatorOptionsFromConfig, startFrontierEmulator } from './emulator/server';
import { createFrontierProvider } from './frontier';
import type { FlightProvider } from './flights.provider';

export interface FlightProviderBundle {
  provider: FlightProvider;
  /** The in-process emulator, when FLIGHTS_PROVIDER=emulator. */
  emulator?: FrontierEmulator;
  close(): Promise<void>;
}

/**
 * Picks the flight source from configuration. Both choices run the same Frontier adapter over real HTTP; with
 * `emulator` (the default) it talks to an emulator started here on loopback, with `frontier` to FRONTIER_BASE_URL.
 * Booking links always point at FRONTIER_BASE_URL.
 */
export async function createFlightProvider(
  config: Config,
  ctx: {
    clock: Clock;
    /** The route network and blackout dates as the app holds them: the in-process emulator flies them, so operator edits show up at once. */
    reference: Parameters<typeof networkFromReference>[0];
  },
): Promise<FlightProviderBundle> {
  const common = {
    bookingBaseUrl: config.FRONTIER_BASE_URL,
    dateFormat: config.FRONTIER_DATE_FORMAT,
    timeZoneOf: (code: string) => findAirport(code)?.timezone,
    now: () => ctx.clock.now(),
  };
  if (config.FLIGHTS_PROVIDER === 'frontier') {
    const provider = createFrontierProvider({ ...common, baseUrl: config.FRONTIER_BASE_URL });
    return { provider, close: async () => provider.close() };
  }
  const emulator = await startFrontierEmulator({
    ...emulatorOptionsFromConfig(config),
    network: networkFromReference(ctx.reference),
    clock: ctx.clock,
    host: '127.0.0.1',
  });
  const provider = createFrontierProvider({ ...common, baseUrl: emulator.url, demo: true, name: 'frontier-emulator' });
  return {
    provider,
    emulator,
    close: async () => {
      provider.close();
      await emulator.close();
    },
  };
}
