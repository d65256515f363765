import { GOOD_PRICE_RULES, LIKELIHOOD_RULES } from '@gowild/contract/observations';
import { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { CliUsageError } from '../../lib/app-module';
import { manualClock } from '../../lib/clock';
import { createFlightProvider } from '../../providers/flights';
import { type ObservationBridge, createFlightsEngine } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import { sweepMetrics } from './sweeps.metrics';
import { createSweepsRepository } from './sweeps.repository';
import { createSweeper } from './sweeps.service';

export interface DemoSeedDeps {
  config: Config;
  db: Db;
  reference: Pick<ReferenceService, 'routes' | 'isBlackout' | 'destinationsFrom' | 'originsTo'>;
  /**
   * The observation store: the seed's answers are kept there at their simulated instants. `flush` waits for its
   * queue, so a step's answers are written before the next step fills it again.
   */
  observations?: ObservationBridge & { flush?(ms?: number): Promise<void> };
}

/**
 * How much demo history `sweeps:seed-demo` writes unless told (docs/product/sweeps.md#demo-history): enough for every
 * figure to show on a fresh demo. The good-price badge needs the most, GOOD_PRICE_RULES.minObservedDays days of a
 * route's fares (the likelihood needs LIKELIHOOD_RULES.minObservedDays); two days more, since a run's first and last
 * days are partial and a thin route may miss a day. A week (the old default) gave the grid and the likelihood but
 * never a good price.
 */
export const DEMO_SEED_DEFAULTS = {
  days: Math.max(GOOD_PRICE_RULES.minObservedDays, LIKELIHOOD_RULES.minObservedDays) + 2,
  everyHours: 6,
} as const;

export interface DemoSeedOptions {
  /** Days of history, ending now. */
  days: number;
  /** Simulated hours between two sweeps. */
  everyHours: number;
  origin?: string;
  /** Where the simulated history ends (now). */
  now: Date;
  out: (line: string) => void;
}

/**
 * Days of sweeps on the demo clock (docs/product/sweeps.md#demo-history; decision 191): the in-process emulator
 * and a gateway of their own run on a simulated clock that steps from `days` ago to now, `everyHours` at a time, and
 * a sweep runs at each step. The emulator's fares, seats and GoWild offers drift from one time bucket to the next, so
 * the answers make a real history. Every run is recorded with trigger `demo-seed` and `demo` set; the emulator's
 * answers are demo answers wherever they are kept. Refused against the real airline: this is demo data only.
 */
export async function seedDemoSweeps(deps: DemoSeedDeps, opts: DemoSeedOptions) {
  const { config } = deps;
  if (config.FLIGHTS_PROVIDER !== 'emulator')
    throw new CliUsageError('the demo seed runs on the emulator only (FLIGHTS_PROVIDER=emulator): it makes demo data');
  const stepMs = opts.everyHours * 3_600_000;
  const start = new Date(opts.now.getTime() - opts.days * 86_400_000);
  const clock = manualClock(start);
  // The emulator at full speed and without faults: the history is of fares and seats, not of outages.
  const quiet: Config = {
    ...config,
    EMULATOR_LATENCY_MS: 0,
    EMULATOR_JITTER_MS: 0,
    EMULATOR_ERROR_RATE: 0,
    EMULATOR_BLOCK_RATE: 0,
    EMULATOR_THROTTLE_RATE: 0,
    EMULATOR_HANG_RATE: 0,
    EMULATOR_NOT_ACCEPTABLE_RATE: 0,
    EMULATOR_PAGE_CHANGE_RATE: 0,
    EMULATOR_MALFORMED_RATE: 0,
    UPSTREAM_RPS: Math.max(config.UPSTREAM_RPS, 500),
  };
  const registry = new Registry();
  const bundle = await createFlightProvider(quiet, { clock, reference: deps.reference, metrics: registry });
  try {
    const engine = createFlightsEngine({
      config: quiet,
      clock,
      metrics: registry,
      reference: deps.reference,
      provider: bundle.provider,
      observations: deps.observations,
    });
    const sweeper = createSweeper({
      repo: createSweepsRepository(deps.db),
      flights: engine,
      reference: deps.reference,
      clock,
      metrics: sweepMetrics(registry),
      settings: { budgetPerHour: 0, refreshMs: stepMs, laterMs: stepMs, runEveryMs: stepMs, concurrency: 20 },
      sweeperId: 'demo-seed',
    });
    let runs = 0;
    let requests = 0;
    for (let t = start.getTime(); t <= opts.now.getTime(); t += stepMs) {
      clock.set(new Date(t));
      const r = await sweeper.run({ trigger: 'demo-seed', filter: { force: true, origin: opts.origin } });
      await deps.observations?.flush?.(60_000);
      runs += 1;
      requests += r.requests;
      opts.out(`${new Date(t).toISOString()}: ${r.swept} slots swept, ${r.requests} emulator requests, ${r.failed} failed`);
    }
    opts.out(`demo history: ${runs} sweeps over ${opts.days} days, ${requests} emulator requests (labelled demo, trigger demo-seed)`);
    return { runs, requests };
  } finally {
    await bundle.close();
  }
}
