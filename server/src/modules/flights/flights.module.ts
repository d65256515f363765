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
import { type PlanContext, type SearchPlan, planInbound, planOutbound } from './flight-search.plan';
import { type FlightSearchService, createFlightSearchService } from './flight-search.service';
import { findAirport } from '../../lib/reference-data/airports';
import { flightsCommands } from './flights.cli';
import { createOnSale } from './on-sale';

/** The airline's sales close (decision 151), for other modules that offer flights (alerts). */
export { createOnSale };
/** The in-process flight cache, for a caller that sizes it (decision 295's tests). */
export { createMemoryFlightCache } from '../airline/airline.module';
import { createRouteRefresh } from './route-refresh';
import { searchMetrics } from './flights.metrics';
import { flightRoutes } from './flights.routes';
import { createSearchSession } from './search-session';
import {
  type AirlineMetrics,
  type FlightCache,
  type GatewayOverrides,
  type ObservationBridge,
  type UpstreamGateway,
  createAirlineGateway,
} from '../airline/airline.module';
import type { SearchMetrics } from './flights.metrics';

export type { ObservationBridge };
/** The airline gateway's metrics and the searches' own. */
export type FlightMetrics = AirlineMetrics & SearchMetrics;

export { planOutbound, readAirports } from './flight-search.plan';
export type { PlanContext, SearchPlan } from './flight-search.plan';
export type { OnSale } from './on-sale';
// The search machinery the premium searches (modules/premium-searches) run on, as the traveller's search does.
export { clientGone, searchAdmission } from './search-admission';
export { flightSearchRunner } from './search-runners';
export { createSearchSession } from './search-session';
export { flightsCsv, sendCsv, waysHomeCsv } from './flights-csv';
export type { SearchRunner, SearchSession } from './search-session';
export { streamSearch, streamedGroups } from './search-stream';

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
  /** What a plan is checked against now: the day, the route network, the most queries at once (the premium searches' plans too). */
  planContext(): PlanContext;
  /** The observation store the gateway writes (decisions 180-181), for the searches built on this engine. */
  observations?: ObservationBridge;
  /** The route network this engine plans with, for the searches built on it. */
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo'>;
}

/** A gateway fetch as a live re-check: neither the flight cache nor a kept observation may answer it (decision 183). */
export { fetchLive } from '../airline/airline.module';

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
  gateway?: GatewayOverrides;
  /** The observation store (decisions 180-181): every airline answer kept, and searches served from it when fresh. */
  observations?: ObservationBridge;
  /** Told of every traveller's search as it starts, for the sweep's demand (decision 226). */
  onSearch?: (queries: readonly FlightQuery[]) => void;
}

export function createFlightsEngine(opts: FlightsEngineOptions): FlightsEngine {
  const { config, clock, reference, provider } = opts;
  const airline = createAirlineGateway(opts);
  const { gateway, cache } = airline;
  const metrics: FlightMetrics = { ...airline.metrics, ...searchMetrics(opts.metrics) };
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
    planContext: context,
    observations: opts.observations,
    reference,
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
