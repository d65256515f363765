import { Registry } from 'prom-client';
import { airlineMetrics } from '../modules/airline/airline.metrics';
import { createMemoryFlightCache } from '../modules/airline/flight-cache';
import { type GatewayOptions, createUpstreamGateway } from '../modules/airline/upstream-gateway';
import { manualClock } from '../lib/clock';
import type { FlightProvider } from '../providers/flights/flights.provider';

type ManualClock = ReturnType<typeof manualClock>;

/**
 * The airline gateway as its tests build it: a fake airline, a hand-moved clock at `start` (waits move it
 * rather than pass), a fresh time of ten minutes, no retries and no hedges; `overrides` (or a function of the clock
 * giving them) add what a test is about. `metric` reads one sample of the gateway's metrics (0 when absent).
 */
export function testGateway(
  provider: FlightProvider,
  start: Date,
  overrides: Partial<GatewayOptions> | ((clock: ManualClock) => Partial<GatewayOptions>) = {},
) {
  const clock = manualClock(start);
  const registry = new Registry();
  const gateway = createUpstreamGateway({
    provider,
    cache: createMemoryFlightCache(),
    clock,
    metrics: airlineMetrics(registry),
    freshSeconds: 600,
    staleSeconds: 3600,
    concurrency: 50,
    rps: 1000,
    timeoutMs: 50,
    retries: 0,
    breakerThreshold: 2,
    breakerCooldownMs: 30_000,
    sleep: async (ms) => clock.advance(ms),
    monotonic: () => clock.now().getTime(),
    hedge: false,
    ...(typeof overrides === 'function' ? overrides(clock) : overrides),
  });
  const metric = async (name: string, labels = '') => {
    const text = await registry.metrics();
    const m = new RegExp(`^${name}${labels.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text);
    return m ? Number(m[1]) : 0;
  };
  return { gateway, clock, metric };
}
