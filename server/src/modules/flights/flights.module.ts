import { LIMITS } from '@gowild/contract/limits';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { FlightProviderBundle } from '../../providers/flights';
import type { FrontierEmulator } from '../../providers/flights/emulator/server';
import type { FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import type { SearchGate } from '../accounts/accounts.module';
import type { ReferenceService } from '../reference/reference.module';
import { type AnswerCache, createAnswerCache } from './answer-cache';
import { type FlightCache, createMemoryFlightCache, createRedisFlightCache } from './flight-cache';
import { type PlanContext, type SearchPlan, planInbound, planOutbound } from './flight-search.plan';
import { type FlightSearchService, createFlightSearchService } from './flight-search.service';
import { type HubPlan, type HubSearch, createHubSearch } from './hub-search';
import { type HubPlanInput, planHub } from './hub-search.plan';
import { type GetHome, createGetHome } from './get-home';
import { type GetHomeInput, type GetHomePlan, planGetHome } from './get-home.plan';
import { type TripFinder, createTripFinder } from './trip-finder';
import { type TripPlanInput, type TripPlan, planTrips } from './trip-finder.plan';
import { premiumSearchRoutes } from './premium-search.routes';
import { type AnywherePlan, type AnywherePlanInput, planAnywhere } from './anywhere/anywhere.plan';
import { anywhereRoutes } from './anywhere/anywhere.routes';
import { goWildRouteKind } from '@gowild/contract/gowild-window';
import { findAirport } from '../../lib/reference-data/airports';
import { flightsCommands } from './flights.cli';
import { createOnSale } from './on-sale';

/** The airline's sales close (decision 151), for other modules that offer flights (alerts). */
export { createOnSale };
/** The in-process flight cache, for a caller that sizes it (decision 295's tests). */
export { createMemoryFlightCache } from './flight-cache';
import { createRouteRefresh } from './route-refresh';
import { type FlightMetrics, flightMetrics } from './flights.metrics';
import { flightRoutes } from './flights.routes';
import { createSearchSession } from './search-session';
import { createRateLimitStore } from '../../lib/rate-limit';
import { createRequestBudget } from '../../lib/upstream/request-budget';
import { createRedisSharedUpstream } from './upstream/shared-upstream';
import { createRedisSharedSchedules, createRouteSchedules } from './upstream/route-schedules';
import { type GatewayOptions, type UpstreamGateway, createUpstreamGateway } from './upstream/upstream-gateway';
import type { ObservationBridge } from './upstream/stages/observe';

export type { ObservationBridge };

export { readAirports } from './flight-search.plan';

/** The flight engine: provider, gateway and search service, built once per process. */
export interface FlightsEngine {
  provider: FlightProvider;
  gateway: UpstreamGateway;
  search: FlightSearchService;
  cache: FlightCache;
  /** Assembled answers, one per search and entitlement view, for the flight cache's fresh time (decision 063). */
  answers: AnswerCache;
  metrics: FlightMetrics;
  /** Set when FLIGHTS_PROVIDER=emulator: the in-process emulator the adapter talks to. */
  emulator?: FrontierEmulator;
  planOutbound(input: Parameters<typeof planOutbound>[0]): SearchPlan;
  planInbound(input: Parameters<typeof planInbound>[0]): SearchPlan;
  /** Two-flight GoWild trips through a hub (docs/product/search.md#via-a-hub). */
  hub: HubSearch;
  planHub(input: HubPlanInput): HubPlan;
  /** "Get me home": the way home from near the traveller today and tomorrow (docs/product/get-me-home.md). */
  home: GetHome;
  planHome(input: GetHomeInput): GetHomePlan;
  /** The trip finder: GoWild round trips and day trips over a range of dates (docs/product/trip-finder.md). */
  trips: TripFinder;
  planTrips(input: TripPlanInput): TripPlan;
  /** Every destination over a range of days (docs/product/anywhere.md). */
  planAnywhere(input: AnywherePlanInput): AnywherePlan;
}

/** A gateway fetch as a live re-check: neither the flight cache nor a kept observation may answer it (decision 183). */
export { fetchLive } from './upstream/stages/observe';

interface FlightsEngineOptions {
  config: Config;
  clock: Clock;
  metrics: Registry;
  redis?: Redis;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo'>;
  /** The airline: the configured one (Frontier adapter, to the emulator by default), or a fake in tests. */
  provider: FlightProvider;
  emulator?: FrontierEmulator;
  cache?: FlightCache;
  /** The app-wide shutdown signal: airline requests in flight are aborted when it fires. */
  stopping?: AbortSignal;
  gateway?: Partial<
    Pick<
      GatewayOptions,
      'sleep' | 'random' | 'monotonic' | 'retryBaseMs' | 'retryMaxMs' | 'hedge' | 'earlyCut' | 'shared' | 'budget' | 'schedules'
    >
  >;
  /** The observation store (decisions 180-181): every airline answer kept, and searches served from it when fresh. */
  observations?: ObservationBridge;
  /** Told of every traveller's search as it starts, for the sweep's demand (decision 226). */
  onSearch?: (queries: readonly FlightQuery[]) => void;
}

export function createFlightsEngine(opts: FlightsEngineOptions): FlightsEngine {
  const { config, clock, reference, provider } = opts;
  const metrics = flightMetrics(opts.metrics);
  const cache =
    opts.cache ?? (opts.redis ? createRedisFlightCache(opts.redis) : createMemoryFlightCache(undefined, () => clock.now().getTime()));
  const gateway = createUpstreamGateway({
    provider,
    cache,
    clock,
    metrics,
    freshSeconds: config.FLIGHT_CACHE_TTL_SECONDS,
    staleSeconds: config.FLIGHT_CACHE_STALE_SECONDS,
    concurrency: config.UPSTREAM_CONCURRENCY,
    rps: config.UPSTREAM_RPS,
    rpsFloor: Math.min(config.UPSTREAM_RPS_FLOOR, config.UPSTREAM_RPS),
    rpsStep: config.UPSTREAM_RPS_STEP,
    hedge: config.UPSTREAM_HEDGE ? {} : false,
    earlyCut: config.UPSTREAM_EARLY_CUT ? {} : false,
    // With Redis, one airline request per (route, date) and one circuit breaker across processes (decision 060).
    shared: opts.redis ? createRedisSharedUpstream(opts.redis) : undefined,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    retries: config.UPSTREAM_RETRIES,
    breakerThreshold: config.BREAKER_THRESHOLD,
    breakerCooldownMs: config.BREAKER_COOLDOWN_MS,
    // Counted in real time (not the app clock a test may freeze), in Redis when there is one (decision 117).
    budget: {
      store: createRequestBudget(createRateLimitStore({ redis: opts.redis, prefix: 'gw:airline-budget:' })),
      limits: { free: config.AIRLINE_BUDGET_FREE_PER_MINUTE, premium: config.AIRLINE_BUDGET_PREMIUM_PER_MINUTE },
    },
    stopping: opts.stopping,
    observations: opts.observations,
    // The airline's route schedules, read at most once a day per route across processes with Redis (decision 242).
    schedules: config.FRONTIER_SCHEDULE_FILTER
      ? createRouteSchedules({ clock, shared: opts.redis ? createRedisSharedSchedules(opts.redis) : undefined })
      : undefined,
    ...opts.gateway,
  });
  const timeZoneOf = (code: string) => findAirport(code)?.timezone;
  const onSale = createOnSale(timeZoneOf);
  const search = createFlightSearchService({
    gateway,
    clock,
    metrics,
    demo: provider.demo,
    onSale,
    onSearch: opts.onSearch,
    // A streamed search answers at once from what was last seen, then confirms it (docs/product/search.md#answer-at-once).
    observations: opts.observations,
    freshSeconds: config.FLIGHT_CACHE_TTL_SECONDS,
  });
  const answers = createAnswerCache({
    clock,
    freshSeconds: config.FLIGHT_CACHE_TTL_SECONDS,
    maxBytes: config.ANSWER_CACHE_MAX_MB * 1024 * 1024,
    metrics: opts.metrics,
  });
  const context = (): PlanContext => ({
    now: clock.now(),
    destinationsFrom: (o) => reference.destinationsFrom(o),
    originsTo: (d) => reference.originsTo(d),
    maxWorkersCap: Math.min(LIMITS.maxWorkersCap, config.UPSTREAM_CONCURRENCY),
  });
  const hub = createHubSearch({
    gateway,
    clock,
    demo: provider.demo,
    destinationsFrom: (o) => reference.destinationsFrom(o),
    timeZoneOf,
  });
  return {
    provider,
    gateway,
    search,
    cache,
    answers,
    metrics,
    emulator: opts.emulator,
    planOutbound: (input) => planOutbound(input, context()),
    planInbound: (input) => planInbound(input, context()),
    hub,
    planHub: (input) => planHub(input, context()),
    home: createGetHome({
      gateway,
      hub,
      clock,
      demo: provider.demo,
      onSale,
      destinationsFrom: (o) => reference.destinationsFrom(o),
      timeZoneOf,
    }),
    planHome: (input) => planGetHome(input, context()),
    trips: createTripFinder({
      gateway,
      observations: opts.observations,
      freshSeconds: config.FLIGHT_CACHE_TTL_SECONDS,
      clock,
      demo: provider.demo,
      onSale,
      timeZoneOf,
      kindOf: (o, d) => goWildRouteKind(findAirport(o)?.countryCode, findAirport(d)?.countryCode),
    }),
    planTrips: (input) => planTrips(input, context()),
    planAnywhere: (input) => planAnywhere(input, context()),
  };
}

interface FlightsDeps {
  config: Config;
  clock: Clock;
  metrics: Registry;
  redis?: Redis;
  reference: ReferenceService;
  searchGate: SearchGate;
  /**
   * The app-wide shutdown signal (deps.ts; fired when the app starts closing): open searches end with the
   * server-restarting event and the airline requests they wait on are aborted (docs/decisions/057).
   */
  stopping: AbortSignal;
  /** The observation store (the observations module's), handed to the gateway. */
  observations?: ObservationBridge;
  /** Told of every traveller's search as it starts, for the sweep's demand (decision 226). */
  onSearch?: (queries: readonly FlightQuery[]) => void;
  /** Opens the configured airline (and the in-process emulator); called only when no engine is given. */
  openProvider: () => Promise<FlightProviderBundle>;
}

/** Flight search (docs/product/search.md#search-api) behind the search gate, and the operator's route refresh from the airline. */
export async function createFlightsModule(deps: FlightsDeps, overrides: { flights?: FlightsEngine } = {}) {
  const { config, reference, searchGate } = deps;
  let opened: FlightProviderBundle | undefined;
  let flights = overrides.flights;
  if (!flights) {
    opened = await deps.openProvider();
    flights = createFlightsEngine({ ...deps, provider: opened.provider, emulator: opened.emulator });
  }
  const engine = flights;
  // Every paid search runs in the session: close waits for those open to settle (charge or refund, search log).
  const session = createSearchSession({ stopping: deps.stopping, budgetLeft: (caller) => engine.gateway.budgetLeft(caller) });
  const routeRefresh = createRouteRefresh({ reference, provider: engine.provider, timeoutMs: config.UPSTREAM_TIMEOUT_MS });
  return {
    name: 'flights',
    services: { flights: engine, routeRefresh },
    routes: async (app) => {
      engine.gateway.useLog(app.log);
      opened?.useLog(app.log);
      await flightRoutes(app, { flights: engine, searchGate, session });
      await premiumSearchRoutes(app, { flights: engine, searchGate, session });
      await anywhereRoutes(app, { flights: engine, searchGate, session });
    },
    cli: flightsCommands({ routeRefresh }),
    metrics: engine.metrics,
    close: async () => {
      await session.close();
      await opened?.close();
    },
  } satisfies AppModule;
}
export { RouteRefreshError, diffRoutes } from './route-refresh';
export type { RouteRefresh } from './route-refresh';
export type FlightsModule = Awaited<ReturnType<typeof createFlightsModule>>;
