import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { networkFromReference } from './emulator/network';
import { type FrontierEmulator, emulatorOptionsFromConfig, startFrontierEmulator } from './emulator/server';
import { createFrontierProvider } from './frontier';
import type { FlightProvider } from './flights.provider';
import { createTransport } from './transports/create-transport';
import type { UnreadablePageListener } from './unreadable-page';

export interface FlightProviderBundle {
  provider: FlightProvider;
  /** The in-process emulator, when FLIGHTS_PROVIDER=emulator. */
  emulator?: FrontierEmulator;
  close(): Promise<void>;
  /** Where the transport's notes go (a proxy rested, a browser page that failed its check); none until set. */
  useLog(log: { warn(message: string): void }): void;
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
    /** Where the transport's metrics go (the app's registry). */
    metrics: Registry;
    /** Told of every airline answer the adapter could not read (the data-health module keeps them). */
    onUnreadablePage?: UnreadablePageListener;
  },
): Promise<FlightProviderBundle> {
  let log: { warn(message: string): void } | undefined;
  const transportFor = (baseUrl: string) =>
    createTransport(config, { baseUrl, registry: ctx.metrics, log: (message) => log?.warn(message) });
  const useLog = (l: { warn(message: string): void }) => {
    log = l;
  };
  const common = {
    bookingBaseUrl: config.FRONTIER_BASE_URL,
    dateFormat: config.FRONTIER_DATE_FORMAT,
    timeZoneOf: (code: string) => findAirport(code)?.timezone,
    goWildKind: {
      countryOf: (code: string) => findAirport(code)?.countryCode,
      isBlackout: (date: string) => ctx.reference.isBlackout(date),
    },
    now: () => ctx.clock.now(),
    onUnreadablePage: ctx.onUnreadablePage,
  };
  if (config.FLIGHTS_PROVIDER === 'frontier') {
    const provider = createFrontierProvider({
      ...common,
      baseUrl: config.FRONTIER_BASE_URL,
      transport: transportFor(config.FRONTIER_BASE_URL),
    });
    return { provider, close: () => provider.close(), useLog };
  }
  const emulator = await startFrontierEmulator({
    ...emulatorOptionsFromConfig(config),
    network: networkFromReference(ctx.reference),
    clock: ctx.clock,
    host: '127.0.0.1',
  });
  const provider = createFrontierProvider({
    ...common,
    baseUrl: emulator.url,
    demo: true,
    name: 'frontier-emulator',
    transport: transportFor(emulator.url),
  });
  return {
    provider,
    emulator,
    useLog,
    close: async () => {
      await provider.close();
      await emulator.close();
    },
  };
}
