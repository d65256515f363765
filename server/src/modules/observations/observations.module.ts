import { addDays, addMonths, monthStart, todayUtc } from '@gowild/contract/dates';
import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule, Job } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../accounts/accounts.module';
import { readAirports } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import { type ObservationStore, createObservationStore } from './observation-store';
import { type ObservationMetrics, observationMetrics } from './observations.metrics';
import { type ObservationsRepository, createObservationsRepository } from './observations.repository';
import { createObservationsService } from './observations.service';
import { observationsRoutes } from './observations.routes';

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
/** Month partitions kept made ahead of today (decision 182): the search books a year ahead. */
const MONTHS_AHEAD = 13;

/**
 * Every airline answer is kept (decisions 180-181): the store is built before the flights module (whose gateway
 * records into it and reads its latest answers), the module after it. In the app's module list the module comes
 * before flights: modules close in reverse order, so the searches end before the answers they queued are written.
 */
export function createObservationStoreFor(deps: {
  db: Db;
  metrics: Registry;
  config: ObservationsConfig;
  clock: Clock;
  /** The embedded database: one process owns it, so this store is its only writer (decision 295). */
  soleWriter?: boolean;
}) {
  const repository = createObservationsRepository(deps.db);
  const store = createObservationStore({
    repository,
    metrics: observationMetrics(deps.metrics),
    writeDelayMs: deps.config.OBSERVATION_WRITE_DELAY_MS,
    // The embedded database's statements run on the API's thread: written while it waits for the airline (decision 295).
    shadowMs: deps.soleWriter ? 100 : 0,
    soleWriter: deps.soleWriter
      ? { since: deps.clock.now().getTime(), newestBefore: repository.newestCheck().then((d) => d?.getTime()) }
      : undefined,
  });
  return {
    store,
    module: (auth: ModuleDeps['auth'], reference: ModuleDeps['reference'], demo: boolean) =>
      createObservationsModule({
        config: deps.config,
        clock: deps.clock,
        auth,
        reference,
        observations: { store, repository, metrics: observationMetrics(deps.metrics) },
        demo,
      }),
  };
}

/** The retention job's work: the months ahead made, then everything older than the retention removed. */
export async function pruneObservations(repository: ObservationsRepository, today: string, retentionDays: number) {
  const first = monthStart(today);
  const months = Array.from({ length: MONTHS_AHEAD + 2 }, (_, i) => addMonths(first, i - 1));
  const partitions = await repository.ensurePartitions(months);
  const pruned = await repository.prune(addDays(today, -retentionDays), addDays(today, -2));
  return { ...pruned, createdPartitions: partitions.created, failedPartitions: partitions.failed };
}

type ObservationsConfig = Pick<Config, 'OBSERVATION_RETENTION_DAYS' | 'OBSERVATION_WRITE_DELAY_MS'>;
interface ModuleDeps {
  config: ObservationsConfig;
  clock: Clock;
  auth: Pick<AuthService, 'requireUser' | 'requirePremium'>;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'isBlackout'>;
  observations: { store: ObservationStore; repository: ObservationsRepository; metrics: ObservationMetrics };
  /** Whether the flights come from the emulator (the answers kept are demo data). */
  demo: boolean;
}

/** Grid, likelihood, price history and good price from kept observations (docs/product/observations.md), and their retention. */
function createObservationsModule(deps: ModuleDeps) {
  const { store, repository } = deps.observations;
  const service = createObservationsService({
    repository,
    clock: deps.clock,
    reference: deps.reference,
    readAirports,
    demo: () => deps.demo,
    metrics: deps.observations.metrics,
  });
  const prune: Job = {
    name: 'observations.prune',
    everyMs: PRUNE_EVERY_MS,
    async run(log) {
      const r = await pruneObservations(repository, todayUtc(deps.clock.now()), deps.config.OBSERVATION_RETENTION_DAYS);
      if (r.failedPartitions.length > 0)
        log.warn(
          { months: r.failedPartitions },
          'observations: month partitions not made (rows for them already in the default partition)',
        );
      if (r.deletedRows + r.deletedAnswers + r.deletedRibbons + r.droppedPartitions.length + r.createdPartitions.length > 0)
        log.info(r, 'observations pruned');
    },
  };
  return {
    name: 'observations',
    services: { observations: service },
    routes: async (app) => {
      store.useLog(app.log);
      await observationsRoutes(app, { auth: deps.auth, service });
    },
    jobs: [prune],
    // The answers still queued are written before the database closes.
    close: () => store.flush(),
  } satisfies AppModule;
}
export type ObservationStoreFor = ReturnType<typeof createObservationStoreFor>;
