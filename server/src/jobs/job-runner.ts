import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../lib/app-module';

/**
 * Runs the modules' jobs. app.ts starts it when the app is ready and stops it when the app closes. The interval
 * runner below keeps every job in this process; the pg-boss runner (`pg-boss-runner.ts`, decision 066) implements
 * the same two calls by scheduling `job.name` every `job.everyMs` and working it with `job.run`.
 */
export interface JobRunner {
  start(jobs: readonly Job[], log: FastifyBaseLogger): Promise<void>;
  /** Stops scheduling and waits for runs in progress. */
  stop(): Promise<void>;
}

/**
 * Each job runs at start and then every `everyMs`, never overlapping itself; a failed run is logged and the next
 * tick tries again. The timers never keep the process alive.
 */
export function createIntervalJobRunner(): JobRunner {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  let controller = new AbortController();
  return {
    async start(jobs, log) {
      stopped = false;
      controller = new AbortController();
      for (const job of jobs) {
        let current: Promise<void> | undefined;
        const tick = () => {
          if (stopped || current) return;
          const run: Promise<void> = job
            .run(log, controller.signal)
            .catch((err: unknown) => log.warn({ err, job: job.name }, `job ${job.name} failed`))
            .finally(() => {
              current = undefined;
              running.delete(run);
            });
          current = run;
          running.add(run);
        };
        tick();
        const timer = setInterval(tick, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      controller.abort();
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.all([...running]);
    },
  };
}
