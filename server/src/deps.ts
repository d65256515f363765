import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from './config';
import type { Database } from './db/client';
import { type JobRunner, createIntervalJobRunner } from './jobs/job-runner';
import { createPgBossJobRunner } from './jobs/pg-boss-runner';
import type { AppModule } from './lib/app-module';
import { type Clock, clockFromConfig } from './lib/clock';
import { type RateLimitStore, createRateLimitStore } from './lib/rate-limit';
import { type AccountsDeps, type AccountsModule, createAccountsModule } from './modules/accounts/accounts.module';
import { type AdminModule, createAdminModule } from './modules/admin/admin.module';
import { type AlertsModule, createAlertsModule } from './modules/alerts/alerts.module';
import { type FlightsModule, createFlightsModule } from './modules/flights/flights.module';
import { createHealthModule } from './modules/health/health.module';
import { type LocationModule, createLocationModule } from './modules/location/location.module';
import { createPublicConfigModule } from './modules/public-config/public-config.module';
import { type ReferenceModule, createReferenceModule } from './modules/reference/reference.module';
import { type WeatherModule, createWeatherModule } from './modules/weather/weather.module';
import { createMetricsRegistry } from './plugins/metrics';
import { createEmailProvider } from './providers/email';
import type { EmailProvider } from './providers/email/email.provider';
import { createFlightProvider } from './providers/flights';
import { createGeoProvider } from './providers/geo';
import { createWeatherProvider } from './providers/weather';

/** Every module's services side by side, as routes, commands, tests and benches reach them. */
type AppServices = ReferenceModule['services'] &
  AccountsModule['services'] &
  FlightsModule['services'] &
  WeatherModule['services'] &
  LocationModule['services'] &
  AlertsModule['services'] &
  AdminModule['services'];

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
  email: EmailProvider;
  rateLimits: RateLimitStore;
  jobs: JobRunner;
  modules: readonly AppModule[];
  disposers: (() => Promise<void>)[];
}

/** What a test or a bench may swap: shared pieces, any module's service, and the accounts module's knobs. */
export type AppOverrides = Partial<
  Pick<AppDeps, 'clock' | 'metrics' | 'redis' | 'email' | 'rateLimits' | 'jobs'> &
    AppServices &
    Pick<AccountsDeps, 'passwordHasher' | 'googleKeys' | 'authLimits'>
>;

export async function createAppDeps(config: Config, database: Database, overrides: AppOverrides = {}): Promise<AppDeps> {
  const disposers: (() => Promise<void>)[] = [];
  const db = database.db;
  const clock = overrides.clock ?? clockFromConfig(config);
  const metrics = overrides.metrics ?? createMetricsRegistry();
  let redis = overrides.redis;
  if (!redis && config.REDIS_URL) {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
    redis = client;
    disposers.push(async () => void (await client.quit()));
  }
  const email = overrides.email ?? createEmailProvider(config);
  disposers.push(() => email.close());
  const rateLimits = overrides.rateLimits ?? createRateLimitStore({ redis, clock });

  // In dependency order: each module gets what it uses, including the services of modules built before it.
  const reference = await createReferenceModule({ db }, overrides);
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
  const admin = createAdminModule({ db, clock, auth: accounts.services.auth }, overrides);
  const modules: AppModule[] = [
    createHealthModule({ database }),
    createPublicConfigModule({ config }),
    reference,
    accounts,
    flights,
    weather,
    location,
    alerts,
    admin,
  ];
  for (const m of modules) if (m.close) disposers.push(m.close);

  return {
    config,
    database,
    clock,
    metrics,
    redis,
    email,
    rateLimits,
    // One run per tick across every process on the database (decision 066); tests use in-process timers.
    jobs:
      overrides.jobs ??
      (config.JOBS_RUNNER === 'pg-boss'
        ? createPgBossJobRunner({ database, databaseUrl: config.DATABASE_URL })
        : createIntervalJobRunner()),
    modules,
    disposers,
    ...reference.services,
    ...accounts.services,
    ...flights.services,
    ...weather.services,
    ...location.services,
    ...alerts.services,
    ...admin.services,
  };
}

export async function disposeAppDeps(deps: AppDeps): Promise<void> {
  for (const d of [...deps.disposers].reverse()) await d();
}
