import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from './config';
import type { Database } from './db/client';
import { createGeoProvider } from './providers/geo';
import { type Clock, systemClock } from './lib/clock';
import { type AccountDeps, createAccountDeps } from './modules/accounts/auth/account-deps';
import { type FlightsEngine, createFlightsEngine } from './modules/flights/flights.module';
import { type LocationService, createLocationService } from './modules/location/location.service';
import { createReferenceRepository } from './modules/reference/reference.repository';
import { type ReferenceService, createReferenceService } from './modules/reference/reference.service';
import { type WeatherService, createWeatherService } from './modules/weather/weather.service';
import { createMetricsRegistry } from './plugins/metrics';
import { createWeatherProvider } from './providers/weather';

/**
 * Everything the routes need, built once per process (or per test). Modules receive what they use as arguments;
 * tests override single pieces. `dispose` closes what was opened here, in reverse order.
 */
export interface AppDeps extends AccountDeps {
  config: Config;
  database: Database;
  clock: Clock;
  metrics: Registry;
  redis?: Redis;
  reference: ReferenceService;
  location: LocationService;
  /** Flight engine: provider (Frontier adapter, to the in-process emulator by default), gateway, search service. */
  flights: FlightsEngine;
  weather: WeatherService;
  disposers: (() => Promise<void>)[];
}

export async function createAppDeps(config: Config, database: Database, overrides: Partial<AppDeps> = {}): Promise<AppDeps> {
  const disposers: (() => Promise<void>)[] = [];
  const clock = overrides.clock ?? systemClock;
  const metrics = overrides.metrics ?? createMetricsRegistry();
  let redis = overrides.redis;
  if (!redis && config.REDIS_URL) {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
    redis = client;
    disposers.push(async () => void (await client.quit()));
  }
  const reference = overrides.reference ?? (await createReferenceService(createReferenceRepository(database.db)));
  const location = overrides.location ?? createLocationService(createGeoProvider(config));
  let flights = overrides.flights;
  if (!flights) {
    const engine = await createFlightsEngine({ config, clock, metrics, redis, reference });
    disposers.push(() => engine.close());
    flights = engine;
  }
  const weather = overrides.weather ?? createWeatherService({ provider: createWeatherProvider(config), clock });
  const accounts = createAccountDeps({ config, database, clock, metrics, redis, disposers }, overrides);
  return { config, database, clock, metrics, redis, reference, location, flights, weather, ...accounts, disposers, ...overrides };
}

export async function disposeAppDeps(deps: AppDeps): Promise<void> {
  for (const d of [...deps.disposers].reverse()) await d();
}
