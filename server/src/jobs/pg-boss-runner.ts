import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Job } from '../lib/app-module';
import type { JobRunner } from './job-runner';
import { type JobLeases, createJobLeases } from './job-leases';
import { HEARTBEAT_MS, type Liveness } from '../db/liveness';
import { retryLoop } from '../lib/upstream/retry-loop';

/**
 * How often a worker asks its queue for a run: a twelfth of the job's period, between 2 s and 30 s. A minute's job
 * starts within 5 s of its tick, an hourly one within 30 s. Polling every queue every 2 s kept PGlite (in the
 * server's own thread) busy with 2–3 queue queries a second, which showed in every search's time.
 */
export function pollingSecondsFor(everyMs: number): number {
  return Math.min(30, Math.max(2, Math.round(everyMs / 12_000)));
}

/**
 * The cron expression (UTC) for "every `everyMs`": a whole number of minutes that divides an hour, or of hours that
 * divides a day. pg-boss's schedules have a resolution of one minute.
 */
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
  database: Pick<Database, 'kind' | 'pglite' | 'db'>;
  /** PostgreSQL: pg-boss opens its own small pool to it. Unset: PGlite through `database.pglite`. */
  databaseUrl?: string;
  /**
   * PostgreSQL: this process's heartbeat (decision 247). With it each run is held in `job_runs` under this process's
   * id, a run whose process died is taken over by a living worker within seconds, and jobs with `leftBehind` are run
   * as soon as a dead process left them work. Without it (the embedded database: one process) runs are only kept
   * from overlapping in this process.
   */
  liveness?: Liveness;
  /** How often this worker looks for runs and work dead processes left (default: the heartbeat's period). */
  superviseMs?: number;
  /** Test knobs: how often each process looks at the schedules, and how often a worker polls its queue. */
  cronMonitorIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /** How long `stop` waits for runs in progress before giving up on them (another worker then takes them over). */
  stopTimeoutMs?: number;
}

/**
 * How long pg-boss keeps a tick's queue job before expiring it: the handler only takes the run's lease and returns
 * (the run goes on outside the queue), so a tick is active for milliseconds, and only a process that dies in those
 * milliseconds leaves one behind; the queue is then blocked until pg-boss's maintenance (every 2 minutes) expires it.
 */
export const TICK_EXPIRE_SECONDS = 30;

interface LocalRun {
  promise: Promise<void>;
  controller: AbortController;
  /** When this process last took the run's lease (undefined between a finish and the next take). */
  heldSince: number | undefined;
}

/**
 * The runs of one process: each job runs at most once at a time here, and with leases at most once across processes;
 * a tick that comes during a run makes it run again when it ends (as pg-boss's `stately` queue used to keep one).
 */
function localRuns(leases: JobLeases | undefined, log: () => FastifyBaseLogger) {
  const running = new Map<string, LocalRun>();
  const again = new Set<string>();
  let stopping = false;
  let stopController = new AbortController();

  async function runOnce(job: Job, signal: AbortSignal) {
    const t = performance.now();
    try {
      await job.run(log(), signal);
      log().debug({ job: job.name, ms: Math.round(performance.now() - t) }, 'job ran');
    } catch (err) {
      log().warn({ err, job: job.name }, `job ${job.name} failed`);
    }
  }

  /** Starts `job` in the background; its lease (when there are leases) is already this process's. */
  function launch(job: Job) {
    const controller = new AbortController();
    const onStop = () => controller.abort();
    stopController.signal.addEventListener('abort', onStop, { once: true });
    const entry: LocalRun = { promise: Promise.resolve(), controller, heldSince: performance.now() };
    entry.promise = (async () => {
      for (let more = true; more;) {
        await runOnce(job, controller.signal);
        entry.heldSince = undefined;
        if (!leases) {
          more = !stopping && again.delete(job.name);
          continue;
        }
        const rerun = await leases.finish(job.name).catch(() => false);
        more =
          (again.delete(job.name) || rerun) &&
          !stopping &&
          !controller.signal.aborted &&
          (await leases.acquire(job.name).catch(() => false));
        if (more) entry.heldSince = performance.now();
      }
    })().finally(() => {
      stopController.signal.removeEventListener('abort', onStop);
      running.delete(job.name);
    });
    running.set(job.name, entry);
  }

  return {
    running,
    /** A tick (from the schedule, or work left behind): runs the job unless a run of it is under way somewhere. */
    async tick(job: Job): Promise<void> {
      if (stopping) return;
      if (!leases) {
        if (running.has(job.name)) again.add(job.name);
        else launch(job);
        return;
      }
      if (running.has(job.name)) {
        again.add(job.name);
        return;
      }
      if (!(await leases.acquire(job.name))) return;
      if (stopping) await leases.finish(job.name);
      else launch(job);
    },
    /** A run whose holder died: run it here, once. */
    async takeOver(job: Job): Promise<void> {
      if (stopping || !leases || running.has(job.name)) return;
      const taken = await leases.takeOver(job.name);
      if (taken === 'run') {
        log().warn({ job: job.name }, `job ${job.name}: its worker died during a run; run again here`);
        launch(job);
      } else if (taken === 'freed')
        log().error({ job: job.name }, `job ${job.name}: a run taken over from a dead worker died too; not run again before its next tick`);
    },
    reset() {
      stopping = false;
      stopController = new AbortController();
    },
    /** Aborts every run and waits for them, at most `timeoutMs`; what is left is taken over once this process's row is gone. */
    async stop(timeoutMs: number) {
      stopping = true;
      stopController.abort();
      const all = Promise.all([...running.values()].map((r) => r.promise));
      await Promise.race([all, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
  };
}

/**
 * Every few seconds (decision 247): runs whose holder died are taken over; a run of this process whose lease another
 * took (this process's heartbeat lapsed, so it passed for dead) is aborted; a job whose `leftBehind` says a dead
 * process left it work is ticked at once.
 */
function supervisor(jobs: readonly Job[], leases: JobLeases, runs: ReturnType<typeof localRuns>, log: FastifyBaseLogger) {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  let busy = false;
  return async function supervise() {
    if (busy) return;
    busy = true;
    try {
      const asked = performance.now();
      const states = await leases.unfinished([...byName.keys()]);
      for (const s of states) if (!s.alive && !s.mine) await runs.takeOver(byName.get(s.name)!);
      const mine = new Set(states.filter((s) => s.mine).map((s) => s.name));
      for (const [name, run] of runs.running)
        if (run.heldSince !== undefined && run.heldSince < asked && !mine.has(name)) {
          log.warn({ job: name }, `job ${name}: another worker took this run over (this one passed for dead); aborted here`);
          run.controller.abort();
        }
      for (const job of jobs)
        if (job.leftBehind && !runs.running.has(job.name) && (await job.leftBehind())) {
          log.warn({ job: job.name }, `job ${job.name}: a dead worker left work behind; run now`);
          await runs.tick(job);
        }
    } catch (err) {
      log.warn({ err }, 'job supervision failed');
    } finally {
      busy = false;
    }
  };
}

/**
 * Creates the queue unless it exists. Two processes starting at once may both create it, and PostgreSQL can pick one
 * of them as a deadlock victim (the queue's partition is attached to pg-boss's job table): the loser tries again after
 * a moment (lib/upstream's retry loop, five attempts) and finds the queue there. A failed look-up is not retried.
 */
export async function ensureQueue(
  b: Pick<PgBoss, 'getQueue' | 'createQueue' | 'updateQueue'>,
  name: string,
  queue: Omit<PgBoss.Queue, 'name'>,
  /** Injected for tests. */
  wait: { sleep?: (ms: number) => Promise<void>; random?: () => number } = {},
) {
  const random = wait.random ?? Math.random;
  const failure = await retryLoop(
    async (): Promise<{ err: unknown } | undefined> => {
      if (await b.getQueue(name)) return undefined;
      try {
        await b.createQueue(name, { name, ...queue });
        return undefined;
      } catch (err) {
        return { err };
      }
    },
    {
      retries: 4,
      // Not lib/upstream's back-off, which doubles: two racing creators need only a random gap, 100 ms + ≤ 400 ms × attempt.
      delay: (retry) => 100 + random() * 400 * (retry + 1),
      done: (outcome) => outcome === undefined,
      sleep: wait.sleep,
    },
  );
  if (failure) throw failure.err;
  await b.updateQueue(name, { name, ...queue });
}

/**
 * Jobs on pg-boss@10 (decisions 066, 247): each job is a queue with a cron schedule, so however many processes share
 * the database, one of them gets each tick. The tick's handler only takes the run's lease (`job_runs`) and starts the
 * run in the background, so pg-boss never holds a job for the length of a run: before, a run that died with its
 * process kept its queue blocked until pg-boss expired it (2 to 4 minutes). A run's lease lasts while its process
 * beats (db/liveness.ts); a living worker takes over a dead one's run within `DEAD_AFTER_MS` + a supervision
 * period. `start` returns at once (installing pg-boss's schema on a fresh database takes seconds) and `started()`
 * resolves when the schedules are in place.
 */
export function createPgBossJobRunner(opts: PgBossRunnerOptions): JobRunner & { started(): Promise<void>; boss(): PgBoss | undefined } {
  let boss: PgBoss | undefined;
  let startup: Promise<void> | undefined;
  let stopping = false;
  let supervision: NodeJS.Timeout | undefined;
  let currentLog: FastifyBaseLogger | undefined;
  const leases = opts.liveness ? createJobLeases(opts.database.db, opts.liveness.id) : undefined;
  const runs = localRuns(leases, () => currentLog!);

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

  async function schedule(b: PgBoss, job: Job) {
    await ensureQueue(b, job.name, { policy: 'stately', retryLimit: 0, expireInSeconds: TICK_EXPIRE_SECONDS });
    await b.schedule(job.name, cronFor(job.everyMs), undefined, { tz: 'UTC' });
    await b.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? pollingSecondsFor(job.everyMs) }, () => runs.tick(job));
  }

  return {
    async start(jobs, log) {
      currentLog = log;
      stopping = false;
      runs.reset();
      if (leases) {
        const supervise = supervisor(jobs, leases, runs, log);
        supervision = setInterval(() => void supervise(), opts.superviseMs ?? HEARTBEAT_MS);
        supervision.unref();
      }
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
          await schedule(b, job);
        }
        log.info({ jobs: jobs.map((j) => `${j.name} ${cronFor(j.everyMs)}`) }, 'jobs scheduled on pg-boss');
      })();
      // Not awaited: the app is ready before the queue is. A failure is logged; the jobs then do not run here.
      startup.catch((err: unknown) => log.error({ err }, 'the job queue did not start'));
    },
    async stop() {
      stopping = true;
      if (supervision) clearInterval(supervision);
      supervision = undefined;
      // A start still installing pg-boss's schema (a fresh database) is not waited for past a moment: shutdown must
      // stay quick. Whatever it left undone is redone at the next start.
      await Promise.race([startup?.catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
      const b = boss;
      boss = undefined;
      startup = undefined;
      await runs.stop(opts.stopTimeoutMs ?? 8000);
      // The queue's handlers return as soon as a run is started, so none is left by now.
      await b?.stop({ graceful: true, wait: true, timeout: 2000 });
    },
    started: async () => {
      await startup;
    },
    boss: () => boss,
  };
}
