import { Counter, type Registry } from 'prom-client';
import type { Config } from '../../config';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import { type ServiceClientEvent, createServiceClient } from '../../lib/upstream/service-client';
import type { CarProvider } from '../../providers/cars/cars.provider';
import type { HotelProvider } from '../../providers/hotels/hotels.provider';
import type { AuthService } from '../accounts/accounts.module';
import { type CarsService, createCarsService } from './cars.service';
import { destinationExtrasRoutes } from './destination-extras.routes';
import { type HotelsService, createHotelsService } from './hotels.service';

export type { CarsService } from './cars.service';
export type { HotelsService } from './hotels.service';

export interface DestinationExtrasDeps {
  config: Config;
  clock: Clock;
  metrics: Registry;
  auth: Pick<AuthService, 'requirePremium'>;
  hotelProvider: HotelProvider;
  carProvider: CarProvider;
  /** The app-wide shutdown signal: calls in flight are aborted. */
  stopping?: AbortSignal;
}

function extrasCounter(registry: Registry) {
  const name = 'destination_extras_calls_total';
  return (
    (registry.getSingleMetric(name) as Counter<'service' | 'event'> | undefined) ??
    new Counter({
      name,
      help: 'Hotel and rental-car calls by service and event (hit, miss, coalesced, ok, retry, failed, breaker-open)',
      labelNames: ['service', 'event'] as const,
      registers: [registry],
    })
  );
}

/** Hotels and rental cars at the destination (premium), each through its own outside-service client. */
export function createDestinationExtrasModule(deps: DestinationExtrasDeps, overrides: { hotels?: HotelsService; cars?: CarsService } = {}) {
  const { config, clock } = deps;
  const counter = extrasCounter(deps.metrics);
  const client = (service: string) =>
    createServiceClient({
      name: service,
      clock,
      freshMs: config.EXTRAS_CACHE_SECONDS * 1000,
      concurrency: config.EXTRAS_CONCURRENCY,
      rps: config.EXTRAS_RPS,
      timeoutMs: config.EXTRAS_TIMEOUT_MS,
      retries: config.EXTRAS_RETRIES,
      breakerThreshold: config.EXTRAS_BREAKER_THRESHOLD,
      breakerCooldownMs: config.EXTRAS_BREAKER_COOLDOWN_MS,
      stopping: deps.stopping,
      onEvent: (event: ServiceClientEvent) => counter.inc({ service, event }),
    });
  const hotelClient = client('hotels');
  const carClient = client('cars');
  const hotels = overrides.hotels ?? createHotelsService({ provider: deps.hotelProvider, client: hotelClient, clock });
  const cars =
    overrides.cars ??
    createCarsService({ provider: deps.carProvider, client: carClient, clock, bookingUrlTemplate: config.CAR_BOOKING_URL_TEMPLATE });
  return {
    name: 'destination-extras',
    // Each client's circuit breaker, for the data-health page.
    services: { hotels, cars, extrasBreakers: { hotels: () => hotelClient.breakerState(), cars: () => carClient.breakerState() } },
    routes: (app) => destinationExtrasRoutes(app, { auth: deps.auth, hotels, cars }),
  } satisfies AppModule;
}
export type DestinationExtrasModule = ReturnType<typeof createDestinationExtrasModule>;
