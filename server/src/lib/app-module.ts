import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** An operator command, `npm run cli -- <name> [args]`. Each module lists its own in `<feature>.cli.ts`. */
export interface CliCommand {
  usage: string;
  run(args: string[], out: (line: string) => void): Promise<void>;
}

/** An operator's mistake (bad argument, unknown account): the CLI prints it with the usage and exits 2. */
export class CliUsageError extends Error {}

/** A command that could not do its work for a reason the operator can act on (a missing file): one line, exit 1. */
export class CliFailure extends Error {}

/**
 * Work a module wants done on a schedule. The module says what and how often; the runner in jobs/ decides how
 * (in-process timers today, a queue such as pg-boss later), so `run` must be idempotent and safe to run in several
 * processes at once.
 */
export interface Job {
  /** Stable across releases: a queue keys its schedule and its runs by it. */
  name: string;
  /**
   * How often it runs. The interval runner runs it at start and then every `everyMs`; the pg-boss runner on a cron of
   * that period (whole minutes dividing an hour, or hours dividing a day), once per tick across all processes.
   */
  everyMs: number;
  /** A failure is the runner's to log; the next tick tries again. `signal` aborts when the runner stops: wind down. */
  run(log: FastifyBaseLogger, signal?: AbortSignal): Promise<void>;
  /**
   * Work a dead process left half done outside this job's runs (deliveries it was sending when it died). The
   * pg-boss runner asks every few seconds on PostgreSQL and runs the job at once when it answers true, instead of at
   * its next tick (decision 247).
   */
  leftBehind?(): Promise<boolean>;
}

/**
 * The one face every module shows the composition root (deps.ts), from `create<Feature>Module(deps)`: its services
 * (what other modules and tests may call), its routes (registered by app.ts in one encapsulated plugin), its jobs
 * (started by the runner in jobs/), its operator commands (collected by cli.ts), its metric handles (registered on
 * the app's registry) and what it must close at shutdown.
 */
export interface AppModule<Services extends object = object> {
  name: string;
  services: Services;
  routes?: FastifyPluginAsyncZod;
  jobs?: readonly Job[];
  cli?: Readonly<Record<string, CliCommand>>;
  metrics?: object;
  close?(): Promise<void>;
}
