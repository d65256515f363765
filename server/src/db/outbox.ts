import { type AnyColumn, type SQL, and, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { holderAlive } from './liveness';

/**
 * The outbox mechanics the alerts (decisions 068, 247, 248) and the digest (decisions 271, 287) share: which rows a
 * sender may take, whether the attempt before had handed its message to the channel, which rows a dead process left
 * in flight, and the drain that one process runs at a time. Each outbox keeps its own table, its own retries and its
 * own record of outcomes.
 */

/** What one drain did. */
export interface DrainReport {
  /** Delivered. */
  sent: number;
  retrying: number;
  /** Given up (refused for good, retries exhausted or past their expiry, target gone or broken). */
  failed: number;
}

/** What an outbox row is in a delivery history (docs/product/alerts.md#delivery-history), alert or digest alike. */
export interface DeliveryHistoryFields {
  id: string;
  target_label: string;
  title: string;
  /** delivered; pending (not tried yet, or being sent); retrying (failed, will try again); failed (given up). */
  status: 'delivered' | 'pending' | 'retrying' | 'failed';
  attempts: number;
  retries: number;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  failed_at: string | null;
  next_attempt_at: string | null;
}

export function historyFields(row: {
  id: string;
  targetLabel: string;
  title: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
  nextAttemptAt: Date;
}): DeliveryHistoryFields {
  const status = row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : row.lastError ? 'retrying' : 'pending';
  return {
    id: row.id,
    target_label: row.targetLabel,
    title: row.title,
    status,
    attempts: row.attempts,
    retries: Math.max(0, row.attempts - 1),
    last_error: row.deliveredAt ? null : row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    failed_at: row.failedAt?.toISOString() ?? null,
    next_attempt_at: status === 'retrying' || status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** An outbox table's lease columns. */
export interface OutboxColumns {
  deliveredAt: AnyColumn;
  failedAt: AnyColumn;
  nextAttemptAt: AnyColumn;
  lockedUntil: AnyColumn;
  lockedBy: AnyColumn;
  sendingAttempt: AnyColumn;
  attempts: AnyColumn;
}

/** Held by a process that stopped beating (decision 247): free within seconds, not when the lease ends. */
function holderDead(t: OutboxColumns): SQL | undefined {
  return and(isNotNull(t.lockedBy), not(holderAlive(sql`${t.lockedBy}`)));
}

/** A row a sender may take at `now`: not finished, due, and held by no one, by a lease run out, or by a dead process. */
export function claimable(t: OutboxColumns, now: Date): SQL | undefined {
  return and(
    isNull(t.deliveredAt),
    isNull(t.failedAt),
    lte(t.nextAttemptAt, now),
    or(isNull(t.lockedUntil), lte(t.lockedUntil, now), holderDead(t)),
  );
}

/** A row a dead process was holding (the send job then runs at once: decision 247). */
export function leftInFlight(t: OutboxColumns): SQL | undefined {
  return and(isNull(t.deliveredAt), isNull(t.failedAt), isNotNull(t.lockedUntil), holderDead(t));
}

/**
 * In a claim's RETURNING (which sees the new attempt count): the previous attempt had handed its message to the
 * channel when its sender stopped, so it may have arrived (decision 248).
 */
export function previousWasSending(t: OutboxColumns): SQL<boolean> {
  return sql<boolean>`coalesce(${t.sendingAttempt} = ${t.attempts} - 1, false)`;
}

/**
 * One process's drain of an outbox: `pass` delivers every row due; a call while a drain runs waits for it and that
 * drain takes one more pass, so a row committed after its last claim is not left to the next tick. A call that came
 * after the last pass checked gets a drain of its own.
 */
export function createDrainLoop(opts: {
  pass(log?: FastifyBaseLogger): Promise<DrainReport>;
  /** Said with the error of a drain started without waiting (`kick`). */
  failure: string;
  log?: FastifyBaseLogger;
}) {
  let running: Promise<DrainReport> | undefined;
  let again = false;
  const loop = {
    drain(log?: FastifyBaseLogger): Promise<DrainReport> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        const total: DrainReport = { sent: 0, retrying: 0, failed: 0 };
        do {
          again = false;
          const r = await opts.pass(log);
          total.sent += r.sent;
          total.retrying += r.retrying;
          total.failed += r.failed;
        } while (again);
        return total;
      })().finally(() => {
        running = undefined;
        if (again) loop.kick(log);
      });
      return running;
    },
    /** Starts a drain without waiting (after a commit that queued a message); failures are logged, the job retries. */
    kick(log?: FastifyBaseLogger): void {
      loop.drain(log).catch((err: unknown) => (log ?? opts.log)?.error({ err }, opts.failure));
    },
    /** Waits for a drain in progress (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running.catch(() => undefined);
    },
  };
  return loop;
}
