import { setMaxListeners } from 'node:events';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from './config';
import type { Database } from './db/client';
import { type JobRunner, createIntervalJobRunner } from './jobs/job-runner';
import { createPgBossJobRunner } from './jobs/pg-boss-runner';
import type { AppModule } from './lib/app-module';
import { type Clock, clockFromConfig } from './lib/clock';
import { dependencyMetrics } from './lib/dependency-metrics';
import type { DependencyStatus } from './lib/dependency-status';
import { type RateLimitStore, createRateLimitStore } from './lib/rate-limit';
import { openRedis } from './lib/redis';
import { type AccountsDeps, type AccountsModule, createAccountsModule } from './modules/accounts/accounts.module';
import { type AdminModule, createAdminModule } from './modules/admin/admin.module';
import { type AlertsModule, createAlertsModule } from './modules/alerts/alerts.module';
import { type BillingModule, createBillingModule } from './modules/billing/billing.module';
import { type DestinationExtrasModule, createDestinationExtrasModule } from './modules/destination-extras/destination-extras.module';
import { type FlightsModule, createFlightsModule } from './modules/flights/flights.module';
import { createHealthModule } from './modules/health/health.module';
import { type LocationModule, createLocationModule } from './modules/location/location.module';
import { createPublicConfigModule } from './modules/public-config/public-config.module';
import { createTripsModule } from './modules/trips/trips.module';
import { type ReferenceModule, createReferenceModule } from './modules/reference/reference.module';
import { createRouteMapModule } from './modules/route-map/route-map.module';
import { type WeatherModule, createWeatherModule } from './modules/weather/weather.module';
import { createMetricsRegistry } from './plugins/metrics';
import { createBillingProvider } from './providers/billing';
import { createCarProvider } from './providers/cars';
import { createEmailProvider } from './providers/email';
import type { EmailProvider } from './providers/email/email.provider';
import { createFlightProvider } from './providers/flights';
import { createGeoProvider } from './providers/geo';
import { createHotelProvider } from './providers/hotels';
import { createWeatherProvider } from './providers/weather';

/** Every module's services side by side, as routes, commands, tests and benches reach them. */
type AppServices = ReferenceModule['services'] &
  AccountsModule['services'] &
  FlightsModule['services'] &
  WeatherModule['services'] &
  LocationModule['services'] &
  AlertsModule['services'] &
  AdminModule['services'] &
  BillingModule['services'] &
  DestinationExtrasModule['services'];

/**
 * The composition root: the one place that reads configuration, opens the shared infrastructure (Redis, metrics,
 * providers) and builds the modules in dependency order. app.ts registers the modules' routes, cli.ts collects their
 * commands, the job runner starts their jobs. `dispose` closes what was opened here, in reverse order.
 */
export interface AppDeps extends AppServices {
  config: Config;
  database: Database;
  clock: Clock;
  metrics: Registry;
  redis?: Redis;
  /** Set when this process opened Redis from REDIS_URL: up or down as its connection comes and goes. */
  redisStatus?: DependencyStatus;
  email: EmailProvider;
  /** The account limits' counters (login, register, forgot-password). */
  rateLimits: RateLimitStore;
  /** The per-address request limit's counters (plugins/security.ts). */
  requestRateLimits: RateLimitStore;
  jobs: JobRunner;
  /**
   * The app-wide shutdown signal's controller: app.ts aborts it when the app starts closing, so open searches end at
   * once with the server-restarting event and the airline requests they wait on are aborted (docs/decisions/057).
   */
  shutdown: AbortController;
  modules: readonly AppModule[];
  disposers: (() => Promise<void>)[];
}

/** What a test or a bench may swap: shared pieces, any module's service, and the accounts module's knobs. */
export type AppOverrides = Partial<
  Pick<AppDeps, 'clock' | 'metrics' | 'redis' | 'email' | 'rateLimits' | 'jobs' | 'shutdown'> &
    AppServices &
    Pick<AccountsDeps, 'passwordHasher' | 'googleKeys' | 'authLimits'>
>;

export async function createAppDeps(config: Config, database: Database, overrides: AppOverrides = {}): Promise<AppDeps> {
  const disposers: (() => Promise<void>)[] = [];
  const db = database.db;
  const clock = overrides.clock ?? clockFromConfig(config);
  const metrics = overrides.metrics ?? createMetricsRegistry();
  let redis = overrides.redis;
  let redisStatus: DependencyStatus | undefined;
  if (!redis && config.REDIS_URL) {
    // Start-up waits for the first connection (at most the connect time-out) and goes on degraded without it.
    const connection = openRedis(config.REDIS_URL, {
      connectTimeoutMs: config.REDIS_CONNECT_TIMEOUT_MS,
      commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
    });
    await connection.settled;
    redis = connection.client;
    redisStatus = connection.status;
    disposers.push(() => connection.close());
  }
  const dependencies = dependencyMetrics(metrics, { database: database.status, redis: redisStatus });
  const email = overrides.email ?? createEmailProvider(config);
  disposers.push(() => email.close());
  const rateLimits =
    overrides.rateLimits ?? createRateLimitStore({ redis, clock, onFallback: () => dependencies.rateLimitFallback('account') });
  const requestRateLimits = createRateLimitStore({
    redis,
    clock,
    prefix: 'gw-rl-',
    onFallback: () => dependencies.rateLimitFallback('request'),
  });
  const shutdown = overrides.shutdown ?? new AbortController();
  // Every airline request in flight listens on it (the alert checker alone keeps 40): not a leak, so no warning.
  setMaxListeners(0, shutdown.signal);

  // In dependency order: each module gets what it uses, including the services of modules built before it.
  const reference = await createReferenceModule({ db, startupLock: database.withStartupLock }, overrides);
  const accounts = createAccountsModule(
    {
      config,
      db,
      clock,
      metrics,
      email,
      rateLimits,
      passwordHasher: overrides.passwordHasher,
      googleKeys: overrides.googleKeys,
      authLimits: overrides.authLimits,
    },
    overrides,
  );
  const flights = await createFlightsModule(
    {
      config,
      clock,
      metrics,
      redis,
      reference: reference.services.reference,
      searchGate: accounts.services.searchGate,
      stopping: shutdown.signal,
      openProvider: () => createFlightProvider(config, { clock, reference: reference.services.reference }),
    },
    overrides,
  );
  const weather = createWeatherModule({ provider: createWeatherProvider(config), clock }, overrides);
  const location = createLocationModule({ geo: createGeoProvider(config) }, overrides);
  const alerts = createAlertsModule({
    config,
    db,
    clock,
    metrics,
    email,
    auth: accounts.services.auth,
    reference: reference.services.reference,
    flights: flights.services.flights,
  });
  const trips = createTripsModule({ auth: accounts.services.auth, flights: flights.services.flights });
  const admin = createAdminModule(
    {
      db,
      clock,
      auth: accounts.services.auth,
      users: accounts.services.users,
      reference: reference.services.reference,
      routeRefresh: flights.services.routeRefresh,
      metrics,
    },
    overrides,
  );
  const billing = createBillingModule(
    {
      config,
      db,
      clock,
      email,
      auth: accounts.services.auth,
      users: accounts.services.users,
      openProvider: (demoStore) => createBillingProvider(config, { clock, demoStore }),
    },
    overrides,
  );
  const hotelProvider = createHotelProvider(config);
  const carProvider = createCarProvider(config);
  const extras = createDestinationExtrasModule(
    { config, clock, metrics, auth: accounts.services.auth, hotelProvider, carProvider, stopping: shutdown.signal },
    overrides,
  );
  const modules: AppModule[] = [
    createHealthModule({ database, redis, redisStatus }),
    createPublicConfigModule({ config, live: { hotels: !hotelProvider.demo, cars: !carProvider.demo } }),
    reference,
    accounts,
    flights,
    weather,
    location,
    alerts,
    trips,
    admin,
    billing,
    extras,
    createRouteMapModule({ auth: accounts.services.auth, reference: reference.services.reference }),
  ];
  for (const m of modules) if (m.close) disposers.push(m.close);

  return {
    config,
    database,
    clock,
    metrics,
    redis,
    redisStatus,
    email,
    rateLimits,
    requestRateLimits,
    // One run per tick across every process on the database (decision 066); tests use in-process timers.
    jobs:
      overrides.jobs ??
      (config.JOBS_RUNNER === 'pg-boss'
        ? createPgBossJobRunner({ database, databaseUrl: config.DATABASE_URL })
        : createIntervalJobRunner()),
    shutdown,
    modules,
    disposers,
    ...reference.services,
    ...accounts.services,
    ...flights.services,
    ...weather.services,
    ...location.services,
    ...alerts.services,
    ...trips.services,
    ...admin.services,
    ...billing.services,
    ...extras.services,
  };
}

export async function disposeAppDeps(deps: AppDeps): Promise<void> {
  for (const d of [...deps.disposers].reverse()) await d();
}
