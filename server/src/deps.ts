import { setMaxListeners } from 'node:events';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from './config';
import type { Database } from './db/client';
import { type JobRunner, createIntervalJobRunner } from './jobs/job-runner';
import { type Liveness, createLiveness } from './db/liveness';
import { createPgBossJobRunner } from './jobs/pg-boss-runner';
import type { AppModule } from './lib/app-module';
import { type Clock, clockFromConfig } from './lib/clock';
import { dependencyMetrics } from './lib/dependency-metrics';
import type { DependencyStatus } from './lib/dependency-status';
import { type RateLimitStore, createRateLimitStore } from './lib/rate-limit';
import { openRedis } from './lib/redis';
import { type AccountsDeps, type AccountsModule, type SearchGate, createAccountsModule } from './modules/accounts/accounts.module';
import { type AdminModule, createAdminModule } from './modules/admin/admin.module';
import { type AlertsModule, createAlertsModule } from './modules/alerts/alerts.module';
import { type ApiKeysModule, createApiKeysModule } from './modules/api-keys/api-keys.module';
import { type BillingModule, createBillingModule } from './modules/billing/billing.module';
import {
  type MonitoredService,
  type ServiceMonitor,
  type UnreadablePages,
  type DataHealthModule,
  createDataHealthModule,
  createServiceMonitor,
  createUnreadablePagesKeeper,
  observeFlightProvider,
  observeMethods,
} from './modules/data-health/data-health.module';

import { type DestinationExtrasModule, createDestinationExtrasModule } from './modules/destination-extras/destination-extras.module';
import { type DigestDeps, type DigestModule, createDigestModule } from './modules/digest/digest.module';
import { type FavouritesModule, createFavouritesModule } from './modules/favourites/favourites.module';
import { resolveJwtSecret } from './modules/accounts/auth/tokens';
import { type FlightsModule, createFlightsModule } from './modules/flights/flights.module';
import { type PremiumSearchesModule, createPremiumSearchesModule } from './modules/premium-searches/premium-searches.module';
import { createHealthModule } from './modules/health/health.module';
import { type ObservationStoreFor, createObservationStoreFor } from './modules/observations/observations.module';
import { type LocationModule, createLocationModule } from './modules/location/location.module';
import { createPublicConfigModule } from './modules/public-config/public-config.module';
import { type PushModule, createPushModule } from './modules/push/push.module';
import type { FlightQuery } from './providers/flights/flights.provider';
import { type SweepsModule, createSweepsModule } from './modules/sweeps/sweeps.module';
import { createTripsModule } from './modules/trips/trips.module';
import { type ReferenceModule, type ReferenceService, createReferenceModule } from './modules/reference/reference.module';
import { createRouteMapModule } from './modules/route-map/route-map.module';
import { type WeatherModule, createWeatherModule } from './modules/weather/weather.module';
import { createMetricsRegistry } from './plugins/metrics';
import { createBillingProvider } from './providers/billing';
import { createCarProvider } from './providers/cars';
import { createEmailProvider } from './providers/email';
import type { EmailProvider } from './providers/email/email.provider';
import { createFlightProvider } from './providers/flights';
import { createGeoProvider } from './providers/geo';
import type { GeoProvider } from './providers/geo/geo.provider';
import { createHotelProvider } from './providers/hotels';
import { createWeatherProvider } from './providers/weather';
import type { WeatherProvider } from './providers/weather/weather.provider';

/** Every module's services side by side, as routes, commands, tests and benches reach them. */
type AppServices = ReferenceModule['services'] &
  AccountsModule['services'] &
  FlightsModule['services'] &
  PremiumSearchesModule['services'] &
  WeatherModule['services'] &
  LocationModule['services'] &
  AlertsModule['services'] &
  PushModule['services'] &
  ApiKeysModule['services'] &
  DigestModule['services'] &
  FavouritesModule['services'] &
  SweepsModule['services'] &
  AdminModule['services'] &
  BillingModule['services'] &
  DestinationExtrasModule['services'] &
  DataHealthModule['services'];

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
  /** Every outside service's calls of the last hour, for the data-health page (modules/data-health). */
  serviceMonitor: ServiceMonitor;
  /** The account limits' counters (login, register, forgot-password). */
  rateLimits: RateLimitStore;
  /** The per-address request limit's counters (plugins/security.ts). */
  requestRateLimits: RateLimitStore;
  jobs: JobRunner;
  /**
   * PostgreSQL: this process's heartbeat (decision 247), so what it holds (a job's run, an outbox row) is taken over
   * within seconds of its death. Unset on the embedded database (one process).
   */
  liveness?: Liveness;
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

/** The shared infrastructure every module may use, opened before the modules and closed after them. */
type Infrastructure = Pick<
  AppDeps,
  | 'config'
  | 'database'
  | 'clock'
  | 'metrics'
  | 'redis'
  | 'redisStatus'
  | 'email'
  | 'serviceMonitor'
  | 'rateLimits'
  | 'requestRateLimits'
  | 'shutdown'
  | 'disposers'
  | 'liveness'
>;

/** Opens Redis (waiting at most its connect time-out), the metrics registry, e-mail, the rate-limit stores and the shutdown signal. */
async function openInfrastructure(config: Config, database: Database, overrides: AppOverrides): Promise<Infrastructure> {
  const disposers: (() => Promise<void>)[] = [];
  // First, so it stops last: what this process holds stays its own until the modules have closed.
  let liveness: Liveness | undefined;
  if (database.kind === 'postgres') {
    const l = createLiveness(database.db);
    await l.start();
    disposers.push(() => l.stop());
    liveness = l;
  }
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
  const serviceMonitor = createServiceMonitor(() => clock.now().getTime(), metrics);
  const email = overrides.email ?? observeMethods(createEmailProvider(config), 'email', ['send'], serviceMonitor);
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
  return {
    config,
    database,
    clock,
    metrics,
    redis,
    redisStatus,
    email,
    serviceMonitor,
    rateLimits,
    requestRateLimits,
    shutdown,
    disposers,
    liveness,
  };
}

/** The flights module, its airline provider wrapped so every answer feeds the data-health figures and unreadable pages are kept. */
async function buildFlightsModule(
  infra: Infrastructure,
  overrides: AppOverrides,
  deps: {
    observations: ObservationStoreFor['store'];
    reference: ReferenceService;
    searchGate: SearchGate;
    unreadablePages: ReturnType<typeof createUnreadablePagesKeeper>;
    onSearch: (queries: readonly FlightQuery[]) => void;
  },
) {
  const { config, clock, metrics, redis, shutdown, serviceMonitor: monitor } = infra;
  return createFlightsModule(
    {
      config,
      observations: deps.observations,
      onSearch: deps.onSearch,
      clock,
      metrics,
      redis,
      reference: deps.reference,
      searchGate: deps.searchGate,
      stopping: shutdown.signal,
      openProvider: async () => {
        const opened = await createFlightProvider(config, {
          clock,
          reference: deps.reference,
          metrics,
          onUnreadablePage: (page) => deps.unreadablePages.keep(page),
        });
        return { ...opened, provider: observeFlightProvider(opened.provider, monitor) };
      },
    },
    overrides,
  );
}

/** Hotels and rental cars at the destination, each provider watched by the status page. */
function buildDestinationExtras(
  infra: Infrastructure,
  overrides: AppOverrides,
  auth: Parameters<typeof createDestinationExtrasModule>[0]['auth'],
) {
  const { config, clock, metrics, shutdown, serviceMonitor: monitor } = infra;
  const hotelProvider = observeMethods(createHotelProvider(config), 'hotels', ['search'], monitor);
  const carProvider = observeMethods(createCarProvider(config), 'cars', ['locations', 'availability'], monitor);
  const extras = createDestinationExtrasModule(
    { config, clock, metrics, auth, hotelProvider, carProvider, stopping: shutdown.signal },
    overrides,
  );
  return { extras, hotelProvider, carProvider };
}

/** Accounts: users, sessions, sign-in and the search gate every paid search passes (decision 055). */
function buildAccounts(infra: Infrastructure, overrides: AppOverrides) {
  const { config, database, clock, metrics, email, rateLimits } = infra;
  return createAccountsModule(
    {
      config,
      db: database.db,
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
}

/** Billing, with its provider's calls watched by the service monitor like every outside service's. */
function buildBilling(
  infra: Infrastructure,
  overrides: AppOverrides,
  accounts: Pick<Parameters<typeof createBillingModule>[0], 'auth' | 'users'>,
) {
  const { config, database, clock, email, rateLimits, serviceMonitor: monitor } = infra;
  return createBillingModule(
    {
      config,
      db: database.db,
      clock,
      email,
      rateLimits,
      ...accounts,
      openProvider: (demoStore) => observeMethods(createBillingProvider(config, { clock, demoStore }), 'billing', BILLING_CALLS, monitor),
    },
    overrides,
  );
}

/** Builds the modules in dependency order: each gets what it uses, including the services of modules built before it. */
/** `observing`: the store every airline answer is kept in (decisions 180-181), which the flights module's gateway writes. */
async function createModules(infra: Infrastructure, overrides: AppOverrides, observing: ObservationStoreFor) {
  const { config, database, clock, metrics, redis, email, rateLimits, serviceMonitor: monitor } = infra;
  const db = database.db;
  // Airline pages the adapter cannot read are kept from the first request on (docs/product/status.md).
  const unreadablePages = createUnreadablePagesKeeper({ config, db, clock, email });
  // Travellers' searches are the sweep's demand (decision 226); the sweeper is built after the flights it sweeps.
  const demand = { note: (_queries: readonly FlightQuery[]): void => {} };
  const reference = await createReferenceModule({ db, startupLock: database.withStartupLock }, overrides);
  const accounts = buildAccounts(infra, overrides);
  const flights = await buildFlightsModule(infra, overrides, {
    observations: observing.store,
    reference: reference.services.reference,
    searchGate: accounts.services.searchGate,
    unreadablePages,
    onSearch: (queries) => demand.note(queries),
  });
  const weatherProvider = createWeatherProvider(config, (a) => observeMethods(a, 'weather', ['daily'], monitor));
  const weather = createWeatherModule({ provider: weatherProvider, clock }, overrides);
  const geoProvider = createGeoProvider(config, undefined, (a) => observeMethods(a, 'geo', ['lookup'], monitor, geoOutcome));
  const location = createLocationModule({ geo: geoProvider }, overrides);
  const { auth, users } = accounts.services;
  // Web push (issue 25): the browsers' subscriptions and `pushChannel`, the channel the alert outbox delivers through;
  // made before the alerts module so the outbox can be given it.
  const push = createPushModule({ config, db, clock, auth, rateLimits });
  // Personal API keys (decision 268): each key's calls a day counted in the shared rate-limit store.
  const apiKeys = createApiKeysModule({ config, db, clock, auth, counters: rateLimits });
  const alerts = createAlertsModule({
    config,
    db,
    clock,
    metrics,
    email,
    auth,
    reference: reference.services.reference,
    flights: flights.services.flights,
    // E-mail, Telegram and Discord are the alerts module's own; web push is the push module's.
    extraChannels: [push.services.pushChannel],
    workerId: infra.liveness?.id,
  });
  const sweeps = createSweepsModule({
    config,
    db,
    clock,
    metrics,
    reference: reference.services.reference,
    flights: flights.services.flights,
    // The demo seed's own gateway keeps its answers in the same store.
    observations: observing.store,
    workerId: infra.liveness?.id,
  });
  demand.note = (queries) => void sweeps.services.sweeper.noteDemand(queries);
  const trips = createTripsModule({ auth, flights: flights.services.flights });
  // Via a hub, get me home, the trip finder, anywhere, and connections of up to three flights (decision 263, reading
  // the kept observations): the premium searches, asking through the flights engine's gateway.
  const premiumSearches = createPremiumSearchesModule(
    {
      config,
      db,
      clock,
      flights: flights.services.flights,
      reference: reference.services.reference,
      searchGate: accounts.services.searchGate,
      stopping: infra.shutdown.signal,
    },
    overrides,
  );
  const observations = observing.module(auth, reference.services.reference, flights.services.flights.provider.demo);
  // Favourites (issue 31, decision 283): home airports, favourite origins, remembered filters; the digest suggests them.
  const favourites = createFavouritesModule({ db, clock, auth, reference: reference.services.reference });
  const digest = buildDigest(infra, { auth, channels: alerts.services.alertMailer.channels, observations, reference, favourites });
  const admin = createAdminModule(
    { db, clock, auth, users, reference: reference.services.reference, routeRefresh: flights.services.routeRefresh, metrics },
    overrides,
  );
  const billing = buildBilling(infra, overrides, { auth, users });
  const { extras, hotelProvider, carProvider } = buildDestinationExtras(infra, overrides, auth);
  const dataHealth = createDataHealth(infra, {
    auth,
    pages: unreadablePages,
    isBlackout: (date) => reference.services.reference.isBlackout(date),
    airline: flights.services.flights,
    extras: { hotels: hotelProvider, cars: carProvider, breakers: extras.services.extrasBreakers },
    weather: weatherProvider,
    geo: geoProvider,
  });
  const modules: AppModule[] = [
    createHealthModule({ database, redis, redisStatus: infra.redisStatus }),
    createPublicConfigModule({ config, live: { hotels: !hotelProvider.demo, cars: !carProvider.demo } }),
    reference,
    accounts,
    observations,
    flights,
    premiumSearches,
    weather,
    location,
    alerts,
    push,
    apiKeys,
    digest,
    favourites,
    sweeps,
    trips,
    admin,
    billing,
    extras,
    createRouteMapModule({ auth, reference: reference.services.reference }),
    dataHealth,
  ];
  const services: AppServices = {
    ...reference.services,
    ...accounts.services,
    ...flights.services,
    ...premiumSearches.services,
    ...weather.services,
    ...location.services,
    ...alerts.services,
    ...push.services,
    ...apiKeys.services,
    ...digest.services,
    ...favourites.services,
    ...sweeps.services,
    ...trips.services,
    ...admin.services,
    ...billing.services,
    ...extras.services,
    ...dataHealth.services,
  };
  return { modules, services };
}

/** The digest (issue 33): reads the kept observations, delivers on the alert channels. */
function buildDigest(
  infra: Infrastructure,
  parts: {
    auth: AccountsModule['services']['auth'];
    channels: DigestDeps['channels'];
    observations: { services: { observations: DigestDeps['observations'] } };
    reference: ReferenceModule;
    favourites: FavouritesModule;
  },
) {
  return createDigestModule({
    config: infra.config,
    secret: resolveJwtSecret(infra.config),
    db: infra.database.db,
    clock: infra.clock,
    email: infra.email,
    auth: parts.auth,
    channels: parts.channels,
    observations: parts.observations.services.observations,
    reference: parts.reference.services.reference,
    favourites: parts.favourites.services.favourites,
    workerId: infra.liveness?.id,
  });
}

/** The data-health module: the page's services as the composition root built them (docs/product/status.md). */
function createDataHealth(
  infra: Infrastructure,
  parts: {
    auth: AccountsModule['services']['auth'];
    pages: UnreadablePages;
    isBlackout(date: string): boolean;
    airline: FlightsModule['services']['flights'];
    extras: { hotels: { demo: boolean }; cars: { demo: boolean }; breakers: DestinationExtrasModule['services']['extrasBreakers'] };
    weather: WeatherProvider;
    geo: GeoProvider;
  },
) {
  const { config, clock, database, redis, serviceMonitor: monitor } = infra;
  return createDataHealthModule({
    config,
    clock,
    auth: parts.auth,
    monitor,
    pages: parts.pages,
    isBlackout: parts.isBlackout,
    services: monitoredServices(infra, {
      airline: { demo: parts.airline.provider.demo, breaker: () => parts.airline.gateway.breakerState() },
      hotels: { demo: parts.extras.hotels.demo, breaker: parts.extras.breakers.hotels },
      cars: { demo: parts.extras.cars.demo, breaker: parts.extras.breakers.cars },
      weather: { demo: parts.weather.demo, breaker: parts.weather.breakerState },
      geo: { demo: parts.geo.mode === 'demo', breaker: parts.geo.breakerState },
      billing: { demo: !config.STRIPE_SECRET_KEY },
    }),
    probes: {
      database: () => database.ping(),
      ...(redis ? { redis: async () => void (await redis.ping()) } : {}),
    },
  });
}

/** The billing provider's calls that reach Stripe (the webhook's signature check is local). */
const BILLING_CALLS = [
  'createCustomer',
  'createCheckoutSession',
  'retrieveCheckoutSession',
  'endTrialNow',
  'createPortalSession',
  'retrieveSubscription',
] as const;

/** A geolocation answer that is a failure without throwing: rate limited, or the lookup failed. */
function geoOutcome(value: unknown) {
  const r = value as { found?: boolean; reason?: string };
  if (r.found !== false) return 'ok' as const;
  if (r.reason === 'RateLimited') return 'throttled' as const;
  return r.reason === 'Lookup failed' || /HTTP 5\d\d/.test(r.reason ?? '') ? ('failed' as const) : ('ok' as const);
}

type Breaker = () => 'closed' | 'open' | 'half-open';

/** What the data-health page lists, in its order: each service's name, role, whether it is the offline default, its breaker. */
function monitoredServices(
  infra: Infrastructure,
  seen: Record<'airline' | 'hotels' | 'cars' | 'weather' | 'geo' | 'billing', { demo: boolean; breaker?: Breaker }>,
): MonitoredService[] {
  const mode = (demo: boolean, offline: 'emulator' | 'demo' = 'demo') => (demo ? offline : 'live');
  // FRONTIER_TRANSPORT comes with the transports (issue 22); until a process has it, requests go direct.
  const transport = (infra.config as { FRONTIER_TRANSPORT?: string }).FRONTIER_TRANSPORT ?? 'direct';
  const list: MonitoredService[] = [
    {
      id: 'airline',
      name: 'Frontier Airlines',
      role: 'Flights and GoWild fares',
      mode: mode(seen.airline.demo, 'emulator'),
      breaker: seen.airline.breaker,
      transport,
    },
    {
      id: 'hotels',
      name: 'Hotels (Booking.com)',
      role: 'Hotel offers at the destination',
      mode: mode(seen.hotels.demo),
      breaker: seen.hotels.breaker,
    },
    {
      id: 'cars',
      name: 'Rental cars',
      role: 'Rental-car offers at the destination',
      mode: mode(seen.cars.demo),
      breaker: seen.cars.breaker,
    },
    {
      id: 'weather',
      name: 'Weather (Open-Meteo)',
      role: 'Forecasts at the destination',
      mode: mode(seen.weather.demo),
      breaker: seen.weather.breaker,
    },
    { id: 'geo', name: 'IP location', role: 'The nearest airport to suggest', mode: mode(seen.geo.demo), breaker: seen.geo.breaker },
    { id: 'email', name: 'E-mail', role: 'Alert, account and billing e-mails', mode: mode(infra.email.kind === 'outbox') },
    { id: 'billing', name: 'Payments (Stripe)', role: 'Checkout and subscriptions', mode: mode(seen.billing.demo) },
    { id: 'database', name: 'Database', role: 'Accounts, alerts and the search log', mode: 'live', connection: infra.database.status },
  ];
  if (infra.redisStatus) {
    list.push({
      id: 'redis',
      name: 'Redis',
      role: 'Shared cache and limits across processes',
      mode: 'live',
      connection: infra.redisStatus,
    });
  }
  return list;
}

/** One run per tick across every process on the database (decision 066); tests use in-process timers. */
function createJobRunner(config: Config, database: Database, liveness: Liveness | undefined): JobRunner {
  return config.JOBS_RUNNER === 'pg-boss'
    ? createPgBossJobRunner({ database, databaseUrl: config.DATABASE_URL, liveness })
    : createIntervalJobRunner();
}

/**
 * Opens the infrastructure, then the modules; whichever role the process has (decision 137), every module is built,
 * since a worker's jobs use the same services the routes do.
 */
export async function createAppDeps(config: Config, database: Database, overrides: AppOverrides = {}): Promise<AppDeps> {
  const infra = await openInfrastructure(config, database, overrides);
  const observing = createObservationStoreFor({ ...infra, db: database.db, soleWriter: database.kind === 'pglite' });
  const { modules, services } = await createModules(infra, overrides, observing);
  for (const m of modules) if (m.close) infra.disposers.push(m.close);
  return { ...infra, ...services, jobs: overrides.jobs ?? createJobRunner(config, database, infra.liveness), modules };
}

export async function disposeAppDeps(deps: AppDeps): Promise<void> {
  for (const d of [...deps.disposers].reverse()) await d();
}
