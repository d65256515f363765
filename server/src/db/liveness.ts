import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';

/** How often a process says it is alive. */
export const HEARTBEAT_MS = 2000;
/**
 * A process whose last heartbeat is older than this is dead (decision 247): four beats missed. What it held (a job's
 * run, an outbox row's lease) may then be taken at once. Short enough that a worker killed mid-delivery is replaced
 * within 15 s; long enough that a busy event loop or a slow database round trip does not pass for a death.
 */
export const DEAD_AFTER_MS = 8000;
/** Rows of processes dead this long are deleted (a crash leaves its row behind). */
const FORGET_AFTER_MS = 3_600_000;

type Rows<T> = { rows: T[] };

/**
 * SQL that is true when `holder` (a process id) beat within the last `DEAD_AFTER_MS`, by the database's clock, so
 * hosts whose clocks differ still agree on who is alive.
 */
export function holderAlive(holder: SQL | string): SQL {
  const ref = typeof holder === 'string' ? sql.raw(holder) : holder;
  return sql`exists (select 1 from job_workers w where w.id = ${ref} and w.heartbeat_at > now() - make_interval(secs => ${DEAD_AFTER_MS / 1000}))`;
}

export interface Liveness {
  /** This process's id: `host:pid:random`, written on what it holds. */
  readonly id: string;
  /** Writes the first heartbeat (so nothing is held before the process counts as alive) and keeps beating. */
  start(log?: FastifyBaseLogger): Promise<void>;
  /** Stops beating and deletes the row: what this process still held is free at once. */
  stop(): Promise<void>;
  /** Whether the last heartbeat was written (false while the database is out of reach). */
  healthy(): boolean;
}

/**
 * The process heartbeat of decision 247, on PostgreSQL where several processes share the work: one row in
 * `job_workers`, its `heartbeat_at` renewed every `HEARTBEAT_MS`. A heartbeat that fails is logged and tried at the
 * next beat; once it has failed for `DEAD_AFTER_MS` the others treat this process as dead, which is what it is to
 * them while it cannot reach the database.
 */
export function createLiveness(db: Db, opts: { id?: string; heartbeatMs?: number } = {}): Liveness {
  const id = opts.id ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let ok = false;
  let beats = 0;
  let log: FastifyBaseLogger | undefined;

  async function beat() {
    try {
      await db.execute(sql`
        insert into job_workers (id, started_at, heartbeat_at) values (${id}, now(), now())
        on conflict (id) do update set heartbeat_at = now()`);
      if (!ok && beats > 0) log?.info({ worker: id }, 'heartbeat written again');
      ok = true;
      // Now and then, the rows crashed processes left behind.
      if (beats++ % 900 === 0)
        await db.execute(sql`delete from job_workers where heartbeat_at < now() - make_interval(secs => ${FORGET_AFTER_MS / 1000})`);
    } catch (err) {
      if (ok) log?.warn({ err, worker: id }, 'heartbeat not written: other workers will take over what this one holds');
      ok = false;
    }
  }

  return {
    id,
    async start(l) {
      log = l;
      await beat();
      if (timer) return;
      timer = setInterval(() => void beat(), opts.heartbeatMs ?? HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await db.execute(sql`delete from job_workers where id = ${id}`).catch(() => undefined);
    },
    healthy: () => ok,
  };
}

/** Rows of a query, whichever driver ran it. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}
