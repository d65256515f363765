import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Job } from '../lib/app-module';
import type { JobRunner } from './job-runner';

/**
 * The cron expression (UTC) for "every `everyMs`": a whole number of minutes that divides an hour, or of hours that
 * divides a day. pg-boss's schedules have a resolution of one minute.
 */
/**
 * How often a worker asks its queue for a run: a twelfth of the job's period, between 2 s and 30 s. A minute's job
 * starts within 5 s of its tick, an hourly one within 30 s. Polling every queue every 2 s kept PGlite (in the
 * server's own thread) busy with 2–3 queue queries a second, which showed in every search's time.
 */
export function pollingSecondsFor(everyMs: number): number {
  return Math.min(30, Math.max(2, Math.round(everyMs / 12_000)));
}

export function cronFor(everyMs: number): string {
  const minutes = everyMs / 60_000;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0)
    return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  throw new Error(`no cron schedule runs every ${everyMs} ms (use whole minutes dividing an hour, or hours dividing a day)`);
}

/**
 * pg-boss's SQL through the embedded PGlite client: statements with parameters go through `query` (one statement,
 * extended protocol), those without through `exec` (pg-boss sends whole scripts, BEGIN … COMMIT, to install its
 * schema and to run its maintenance under an advisory lock). The answer has pg's shape, `{ rows }`.
 */
export function pgliteExecutor(client: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
      if (values && values.length > 0) return client.query(text, values as unknown[]);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

export interface PgBossRunnerOptions {
  database: Pick<Database, 'kind' | 'pglite'>;
  /** PostgreSQL: pg-boss opens its own small pool to it. Unset: PGlite through `database.pglite`. */
  databaseUrl?: string;
  /** Test knobs: how often each process looks at the schedules, and how often a worker polls its queue. */
  cronMonitorIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /** How long `stop` waits for runs in progress before giving up on them (they expire and the next tick redoes the work). */
  stopTimeoutMs?: number;
}

/**
 * Jobs on pg-boss@10 (decision 066): each job is a queue with a cron schedule, so however many processes share the
 * database, one of them runs each tick and the others skip it. The queue's `stately` policy keeps at most one run
 * active and one waiting, so a slow run never piles up ticks behind it; a run that dies with its process expires
 * after two intervals and the next tick runs. `start` returns at once (installing pg-boss's schema on a fresh
 * database takes seconds) and `started()` resolves when the schedules are in place.
 */
export function createPgBossJobRunner(opts: PgBossRunnerOptions): JobRunner & { started(): Promise<void>; boss(): PgBoss | undefined } {
  let boss: PgBoss | undefined;
  let startup: Promise<void> | undefined;
  let controller = new AbortController();
  let stopping = false;

  function connect(): PgBoss {
    const common = {
      application_name: 'gowild-jobs',
      ...(opts.cronMonitorIntervalSeconds
        ? { cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: 1 }
        : {}),
    };
    if (opts.databaseUrl) return new PgBoss({ ...common, connectionString: opts.databaseUrl, max: 4 });
    if (!opts.database.pglite) throw new Error('the pg-boss runner needs DATABASE_URL or the embedded database');
    return new PgBoss({ ...common, db: pgliteExecutor(opts.database.pglite) });
  }

  /**
   * Creates the queue unless it exists. Two processes starting at once may both create it, and PostgreSQL can pick
   * one of them as a deadlock victim (the queue's partition is attached to pg-boss's job table): the loser tries
   * again after a moment and finds the queue there.
   */
  async function ensureQueue(b: PgBoss, name: string, queue: Omit<PgBoss.Queue, 'name'>) {
    for (let attempt = 1; ; attempt++) {
      if (await b.getQueue(name)) break;
      try {
        await b.createQueue(name, { name, ...queue });
        break;
      } catch (err) {
        if (attempt >= 5) throw err;
        // Not lib/upstream's back-off, which doubles: two racing creators need only a random gap, 100 ms + ≤ 400 ms × attempt.
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 400 * attempt));
      }
    }
    await b.updateQueue(name, { name, ...queue });
  }

  async function schedule(b: PgBoss, job: Job, log: FastifyBaseLogger) {
    await ensureQueue(b, job.name, {
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: Math.max(60, Math.ceil((2 * job.everyMs) / 1000)),
    });
    await b.schedule(job.name, cronFor(job.everyMs), undefined, { tz: 'UTC' });
    await b.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? pollingSecondsFor(job.everyMs) }, async () => {
      const t = performance.now();
      await job.run(log, controller.signal);
      log.debug({ job: job.name, ms: Math.round(performance.now() - t) }, 'job ran');
    });
  }

  return {
    async start(jobs, log) {
      controller = new AbortController();
      stopping = false;
      startup = (async () => {
        const b = connect();
        b.on('error', (err) => log.warn({ err }, 'job queue error'));
        await b.start();
        if (stopping) {
          // Stopped while starting: this queue never served.
          await b.stop({ graceful: false, wait: true, timeout: 1000 });
          return;
        }
        boss = b;
        for (const job of jobs) {
          if (stopping) return;
          await schedule(b, job, log);
        }
        log.info({ jobs: jobs.map((j) => `${j.name} ${cronFor(j.everyMs)}`) }, 'jobs scheduled on pg-boss');
      })();
      // Not awaited: the app is ready before the queue is. A failure is logged; the jobs then do not run here.
      startup.catch((err: unknown) => log.error({ err }, 'the job queue did not start'));
    },
    async stop() {
      stopping = true;
      controller.abort();
      // A start still installing pg-boss's schema (a fresh database) is not waited for past a moment: shutdown must
      // stay quick. Whatever it left undone is redone at the next start.
      await Promise.race([startup?.catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
      const b = boss;
      boss = undefined;
      startup = undefined;
      await b?.stop({ graceful: true, wait: true, timeout: opts.stopTimeoutMs ?? 8000 });
    },
    started: async () => {
      await startup;
    },
    boss: () => boss,
  };
}
