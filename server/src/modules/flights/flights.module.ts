import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { networkFromReference } from '../../providers/flights/emulator/network';
import type { FrontierEmulator } from '../../providers/flights/emulator/server';
import type { FlightProvider } from '../../providers/flights/flights.provider';
import { createFlightProvider } from '../../providers/flights';
import { LIMITS } from '@gowild/contract/limits';
import type { ReferenceService } from '../reference/reference.service';
import { type FlightCache, createMemoryFlightCache, createRedisFlightCache } from './flight-cache';
import { type PlanContext, type SearchPlan, planInbound, planOutbound } from './flight-search.plan';
import { type FlightSearchService, createFlightSearchService } from './flight-search.service';
import { flightMetrics } from './flights.metrics';
import { type GatewayOptions, type UpstreamGateway, createUpstreamGateway } from './upstream/upstream-gateway';

/** The flight engine on AppDeps: provider, gateway and search service, built once per process. */
export interface FlightsEngine {
  provider: FlightProvider;
  gateway: UpstreamGateway;
  search: FlightSearchService;
  cache: FlightCache;
  /** Set when FLIGHTS_PROVIDER=emulator: the in-process emulator the adapter talks to. */
  emulator?: FrontierEmulator;
  planOutbound(input: Parameters<typeof planOutbound>[0], opts: { requireDestination: boolean }): SearchPlan;
  planInbound(input: Parameters<typeof planInbound>[0]): SearchPlan;
  close(): Promise<void>;
}

export interface FlightsEngineOptions {
  config: Config;
  clock: Clock;
  metrics: Registry;
  redis?: Redis;
  reference: Pick<ReferenceService, 'routes' | 'isBlackout' | 'destinationsFrom' | 'originsTo'>;
  /** Tests pass a fake airline; otherwise the configured one (emulator or Frontier) is built. */
  provider?: FlightProvider;
  cache?: FlightCache;
  gateway?: Partial<Pick<GatewayOptions, 'sleep' | 'random' | 'monotonic' | 'retryBaseMs' | 'retryMaxMs'>>;
}

export async function createFlightsEngine(opts: FlightsEngineOptions): Promise<FlightsEngine> {
  const { config, clock, reference } = opts;
  const bundle = opts.provider
    ? { provider: opts.provider, emulator: undefined, close: async () => {} }
    : await createFlightProvider(config, { clock, network: networkFromReference(reference) });
  const metrics = flightMetrics(opts.metrics);
  const cache = opts.cache ?? (opts.redis ? createRedisFlightCache(opts.redis) : createMemoryFlightCache());
  const gateway = createUpstreamGateway({
    provider: bundle.provider,
    cache,
    clock,
    metrics,
    freshSeconds: config.FLIGHT_CACHE_TTL_SECONDS,
    staleSeconds: config.FLIGHT_CACHE_STALE_SECONDS,
    concurrency: config.UPSTREAM_CONCURRENCY,
    rps: config.UPSTREAM_RPS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    retries: config.UPSTREAM_RETRIES,
    breakerThreshold: config.BREAKER_THRESHOLD,
    breakerCooldownMs: config.BREAKER_COOLDOWN_MS,
    ...opts.gateway,
  });
  const search = createFlightSearchService({ gateway, clock, metrics, demo: bundle.provider.demo });
  const context = (): PlanContext => ({
    now: clock.now(),
    destinationsFrom: (o) => reference.destinationsFrom(o),
    originsTo: (d) => reference.originsTo(d),
    maxWorkersCap: Math.min(LIMITS.maxWorkersCap, config.UPSTREAM_CONCURRENCY),
  });
  return {
    provider: bundle.provider,
    gateway,
    search,
    cache,
    emulator: bundle.emulator,
    planOutbound: (input, o) => planOutbound(input, context(), o),
    planInbound: (input) => planInbound(input, context()),
    close: () => bundle.close(),
  };
}
