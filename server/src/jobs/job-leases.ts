import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { holderAlive, rowsOf } from '../db/liveness';

/** A job's run as the other processes see it. */
export interface RunState {
  name: string;
  /** This process holds it. */
  mine: boolean;
  /** Its holder still beats. */
  alive: boolean;
}

/**
 * Who runs each job now (decision 247), in `job_runs`: a run is held by a process (`job_workers` id) until it
 * finishes or its process stops beating. Taking a run is one upsert whose condition is checked under the row's lock,
 * so of two processes asking at once exactly one gets it.
 */
export function createJobLeases(db: Db, holder: string) {
  return {
    /**
     * Takes `name`'s run for this process unless a living process holds an unfinished one; then notes that a tick
     * came (`rerun`), so the holder runs it again when it ends. True when taken.
     */
    async acquire(name: string): Promise<boolean> {
      const taken = await rowsOf<{ name: string }>(
        db,
        sql`
          insert into job_runs (name, holder, started_at, finished_at, resumed, rerun)
          values (${name}, ${holder}, now(), null, false, false)
          on conflict (name) do update
            set holder = excluded.holder, started_at = now(), finished_at = null, resumed = false, rerun = false
            where job_runs.finished_at is not null or not ${holderAlive(sql`job_runs.holder`)}
          returning name`,
      );
      if (taken.length > 0) return true;
      await db.execute(sql`update job_runs set rerun = true where name = ${name} and finished_at is null`);
      return false;
    },

    /**
     * Takes over a run whose holder died. A run that was itself a takeover is freed instead of run a third time: a
     * run that kills its process would otherwise kill every worker in turn. Answers 'run', 'freed', or 'held'
     * (someone else got there first, or the holder came back).
     */
    async takeOver(name: string): Promise<'run' | 'freed' | 'held'> {
      const [row] = await rowsOf<{ run: boolean }>(
        db,
        sql`
          update job_runs
            set holder = ${holder}, started_at = now(), rerun = false,
                finished_at = case when resumed then now() else null end, resumed = true
            where name = ${name} and finished_at is null and not ${holderAlive(sql`job_runs.holder`)}
          returning finished_at is null as run`,
      );
      return row ? (row.run ? 'run' : 'freed') : 'held';
    },

    /** Ends this process's run; true when a tick came meanwhile (the job should run again now). */
    async finish(name: string): Promise<boolean> {
      const [row] = await rowsOf<{ rerun: boolean }>(
        db,
        sql`
          with old as (select rerun from job_runs where name = ${name} and holder = ${holder} and finished_at is null for update)
          update job_runs set finished_at = now(), rerun = false
          where name = ${name} and holder = ${holder} and finished_at is null
          returning (select rerun from old) as rerun`,
      );
      return row?.rerun ?? false;
    },

    /** The unfinished runs of these jobs: whose they are and whether their holder lives. */
    async unfinished(names: readonly string[]): Promise<RunState[]> {
      if (names.length === 0) return [];
      return rowsOf<RunState>(
        db,
        sql`
          select name, holder = ${holder} as mine, ${holderAlive(sql`job_runs.holder`)} as alive
          from job_runs
          where finished_at is null and name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`,
      );
    },
  };
}
export type JobLeases = ReturnType<typeof createJobLeases>;
