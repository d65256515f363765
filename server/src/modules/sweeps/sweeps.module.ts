import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule, Job } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { FlightsEngine } from '../flights/flights.module';
import type { DemoSeedDeps } from './demo-seed';
import type { ReferenceService } from '../reference/reference.module';
import { createCoverageReader } from './coverage.repository';
import { sweepsCommands } from './sweeps.cli';
import { sweepMetrics } from './sweeps.metrics';
import { createSweepsRepository } from './sweeps.repository';
import { type SweepSettings, createSweeper } from './sweeps.service';

/** The scheduled run's period: every minute, so a window that opens is swept within a minute or two. */
export const SWEEP_RUN_EVERY_MS = 60_000;
/** The grid's fortnight: the days from today the targeted plan keeps a lowest fare for, by ribbons (decision 258). */
export const SWEEP_COVER_DAYS = 14;
/** How often a worker forgets past slots and old runs. */
const PURGE_EVERY_MS = 3_600_000;

/** The settings as the sweeper uses them (docs/operations.md#sweeps). */
export function sweepSettings(config: Config): SweepSettings {
  const budgetPerHour = config.SWEEP_BUDGET_PER_HOUR ?? (config.DATABASE_URL ? 2400 : 600);
  return {
    budgetPerHour,
    plan: config.SWEEP_PLAN,
    departureMs: config.SWEEP_DEPARTURE_MINUTES * 60_000,
    coverDays: SWEEP_COVER_DAYS,
    refreshMs: config.SWEEP_REFRESH_MINUTES * 60_000,
    laterMs: config.SWEEP_LATER_REFRESH_MINUTES * 60_000,
    runEveryMs: SWEEP_RUN_EVERY_MS,
    concurrency: Math.min(config.SWEEP_CONCURRENCY, config.UPSTREAM_CONCURRENCY),
    freshMs: config.FLIGHT_CACHE_TTL_SECONDS * 1000,
    // No sweeping, no demand to count.
    demandMin: budgetPerHour > 0 ? config.SWEEP_DEMAND_MIN_SEARCHES : 0,
  };
}

export interface SweepsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  metrics: Registry;
  reference: Pick<ReferenceService, 'routes' | 'isBlackout' | 'destinationsFrom' | 'originsTo'>;
  /** The flight engine: the sweep asks the airline only through its gateway (background lane). */
  flights: Pick<FlightsEngine, 'gateway'>;
  /** The observation store, for the demo seed's own gateway (the app's gateway has it already). */
  observations?: DemoSeedDeps['observations'];
  /**
   * This process's heartbeat id (db/liveness.ts; PostgreSQL only): the sweeper signs its claims with it, so another
   * worker takes a dead one's claimed slots within seconds (decision 269).
   */
  workerId?: string;
}

/** Sweeps (docs/product/sweeps.md): the scheduled sweep of the network's open GoWild dates, and its CLI. */
export function createSweepsModule(deps: SweepsDeps) {
  const settings = sweepSettings(deps.config);
  const repo = createSweepsRepository(deps.db, { holdersBeat: deps.workerId !== undefined });
  const metrics = sweepMetrics(deps.metrics);
  const sweeper = createSweeper({
    repo,
    flights: deps.flights,
    reference: deps.reference,
    clock: deps.clock,
    metrics,
    settings,
    sweeperId: deps.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    coverage: createCoverageReader(deps.db),
  });
  let lastPurge = 0;
  const jobs: Job[] =
    settings.budgetPerHour > 0
      ? [
          {
            name: 'sweeps.run',
            everyMs: SWEEP_RUN_EVERY_MS,
            async run(log, signal) {
              await sweeper.run({ trigger: 'schedule', log, signal });
              if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
                lastPurge = Date.now();
                await sweeper.purge();
              }
            },
          },
        ]
      : [];
  return {
    name: 'sweeps',
    services: { sweeper },
    jobs,
    cli: sweepsCommands({
      sweeper,
      demoSeed: { config: deps.config, db: deps.db, reference: deps.reference, observations: deps.observations },
      clock: deps.clock,
    }),
    metrics,
  } satisfies AppModule;
}
export type SweepsModule = ReturnType<typeof createSweepsModule>;
