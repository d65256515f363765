import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { createRateLimitStore } from '../../lib/rate-limit';
import { createRequestBudget } from '../../lib/upstream/request-budget';
import type { FlightProvider } from '../../providers/flights/flights.provider';
import { type AirlineMetrics, airlineMetrics } from './airline.metrics';
import { type FlightCache, createMemoryFlightCache, createRedisFlightCache } from './flight-cache';
import { createRedisSharedSchedules, createRouteSchedules } from './route-schedules';
import { createRedisSharedUpstream } from './shared-upstream';
import type { ObservationBridge } from './stages/observe';
import { type GatewayOptions, type UpstreamGateway, createUpstreamGateway } from './upstream-gateway';

export type { AirlineMetrics } from './airline.metrics';
export type { FlightCache } from './flight-cache';
export { createMemoryFlightCache } from './flight-cache';
export type { GatewayCaller, GatewayResult, UpstreamGateway } from './upstream-gateway';
export type { ObservationBridge } from './stages/observe';
/** A gateway fetch as a live re-check: neither the flight cache nor a kept observation may answer it (decision 183). */
export { fetchLive } from './stages/observe';

/** What a test or a bench may set on the gateway beyond the configuration: waiting, randomness, time, shared state. */
export type GatewayOverrides = Partial<
  Pick<
    GatewayOptions,
    'sleep' | 'random' | 'monotonic' | 'retryBaseMs' | 'retryMaxMs' | 'hedge' | 'earlyCut' | 'shared' | 'budget' | 'schedules'
  >
>;

export interface AirlineGatewayOptions {
  config: Config;
  clock: Clock;
  metrics: Registry;
  redis?: Redis;
  /** The airline: the configured one (Frontier adapter, to the emulator by default), or a fake in tests. */
  provider: FlightProvider;
  cache?: FlightCache;
  /** The app-wide shutdown signal: airline requests in flight are aborted when it fires. */
  stopping?: AbortSignal;
  gateway?: GatewayOverrides;
  /** The observation store (decisions 180-181): every airline answer kept, and searches served from it when fresh. */
  observations?: ObservationBridge;
}

/** The airline gateway (decision 012): the only way to the airline, with its cache and metrics, built from the configuration. */
export function createAirlineGateway(opts: AirlineGatewayOptions): {
  gateway: UpstreamGateway;
  cache: FlightCache;
  metrics: AirlineMetrics;
} {
  const { config, clock, provider } = opts;
  const metrics = airlineMetrics(opts.metrics);
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
  return { gateway, cache, metrics };
}
