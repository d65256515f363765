import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertDeliveries, alertDeliveryAttempts } from '../../db/schema';
import { claimable, leftInFlight, previousWasSending } from '../../db/outbox';
import type { AlertDeliveryRow } from './alerts.repository';

/** A row taken for one more attempt, with what became of the attempt before it. */
export type ClaimedDelivery = AlertDeliveryRow & {
  /** The previous attempt has no outcome: its sender died (or lost the row) before recording one. */
  interrupted: boolean;
  /** … and it had handed the message to the channel: it may have arrived. */
  wasSending: boolean;
};

/**
 * The outbox's leases (decisions 068, 247, 248): which process holds a row, whether the request of the attempt was
 * handed to the channel, and the rows a dead process left in flight. Beside the alerts repository, which records
 * what each attempt came to.
 */
export function createOutboxLeases(db: Db) {
  return {
    /**
     * Takes up to `limit` due deliveries for `holder`: each gets a lease (`locked_until`, and `locked_by` when the
     * process beats) and one more attempt counted. A row is taken when no one holds it, its lease ran out, or its
     * holder stopped beating (decision 247: a dead sender's rows are free within seconds, not when the lease ends).
     * Rows another sender is taking are skipped (SKIP LOCKED), so no two senders take one row.
     */
    async claimDue(now: Date, leaseMs: number, limit: number, holder: string | undefined): Promise<ClaimedDelivery[]> {
      const due = db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(claimable(alertDeliveries, now))
        .orderBy(asc(alertDeliveries.nextAttemptAt), asc(alertDeliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      // RETURNING sees the new attempt count: the previous attempt is `attempts - 1`.
      return db
        .update(alertDeliveries)
        .set({
          lockedUntil: new Date(now.getTime() + leaseMs),
          lockedBy: holder ?? null,
          attempts: sql`${alertDeliveries.attempts} + 1`,
        })
        .where(inArray(alertDeliveries.id, due))
        .returning({
          ...getTableColumns(alertDeliveries),
          // Qualified by hand: drizzle writes an UPDATE's columns unqualified, and in the subquery "id" would be the attempt's.
          interrupted: sql<boolean>`alert_deliveries.attempts > 1 and not exists (
            select 1 from alert_delivery_attempts a
            where a.delivery_id = alert_deliveries.id and a.attempt = alert_deliveries.attempts - 1)`,
          wasSending: previousWasSending(alertDeliveries),
        });
    },

    /** Notes, just before the channel is called, that this attempt's message is being handed over (decision 248). */
    async markSending(row: Pick<AlertDeliveryRow, 'id' | 'attempts'>): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ sendingAttempt: row.attempts })
        .where(and(eq(alertDeliveries.id, row.id), eq(alertDeliveries.attempts, row.attempts)));
    },

    /** The history's line for an attempt its sender did not live to record. */
    async noteInterrupted(row: Pick<AlertDeliveryRow, 'id' | 'attempts'>, reason: string, now: Date): Promise<void> {
      await db
        .insert(alertDeliveryAttempts)
        .values({ deliveryId: row.id, attempt: row.attempts - 1, outcome: 'interrupted', reason, at: now });
    },

    /** Whether a dead process left a row in flight (a worker then drains at once: decision 247). */
    async leftBehind(): Promise<boolean> {
      const [row] = await db.select({ id: alertDeliveries.id }).from(alertDeliveries).where(leftInFlight(alertDeliveries)).limit(1);
      return row !== undefined;
    },
  };
}
export type OutboxLeases = ReturnType<typeof createOutboxLeases>;
