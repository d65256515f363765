import { and, asc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/liveness';
import { claimable, leftInFlight, previousWasSending } from '../../db/outbox';
import { digestDeliveries, digestSettings, searchLogs, users } from '../../db/schema';

export type DigestSettingsRow = typeof digestSettings.$inferSelect;
export type DigestDeliveryRow = typeof digestDeliveries.$inferSelect;
export type NewDigestDelivery = typeof digestDeliveries.$inferInsert;

/** The traveller facts a digest needs: the greeting, the address, the plan. */
export interface DigestReader {
  id: string;
  email: string;
  firstName: string;
  premium: boolean;
  active: boolean;
}

/** A delivery taken for one more attempt, and whether the attempt before it had handed the message over (decision 287). */
export type ClaimedDigest = DigestDeliveryRow & { wasSending: boolean };

/** The opt-ins: read, written, switched off, and taken when due with the batch that plans them. */
function settingsTable(db: Db) {
  return {
    async settings(userId: string): Promise<DigestSettingsRow | undefined> {
      return (await db.select().from(digestSettings).where(eq(digestSettings.userId, userId)))[0];
    },

    /** Writes the whole opt-in; a change of timing or origins starts afresh from `nextDueAt`. */
    async saveSettings(
      userId: string,
      values: Pick<
        DigestSettingsRow,
        'enabled' | 'origins' | 'channels' | 'frequency' | 'weekday' | 'localHour' | 'timeZone' | 'nextDueAt'
      >,
      now: Date,
    ): Promise<DigestSettingsRow> {
      const [row] = await db
        .insert(digestSettings)
        .values({ userId, ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: digestSettings.userId, set: { ...values, updatedAt: now } })
        .returning();
      return row!;
    },

    /** Switches the digest off (the one-click unsubscribe); false when there was nothing to switch off. */
    async disable(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(digestSettings)
        .set({ enabled: false, nextDueAt: null, updatedAt: now })
        .where(and(eq(digestSettings.userId, userId), eq(digestSettings.enabled, true)))
        .returning({ userId: digestSettings.userId });
      return rows.length > 0;
    },

    /** The origin of the traveller's latest search by airport code (the form's suggestion when the traveller has no favourites). */
    async lastSearchedOrigin(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ origin: searchLogs.originAirport })
        .from(searchLogs)
        .where(and(eq(searchLogs.userId, userId), sql`${searchLogs.originAirport} ~ '^[A-Z]{3}$'`))
        .orderBy(sql`${searchLogs.createdAt} desc`)
        .limit(1);
      return row?.origin ?? undefined;
    },

    async readers(userIds: readonly string[], now: Date): Promise<Map<string, DigestReader>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          premium: sql<boolean>`${users.isPremium} or (${users.isTrial} and coalesce(${users.trialEnd}, 0) > ${Math.floor(now.getTime() / 1000)})`,
          active: users.isActive,
        })
        .from(users)
        .where(inArray(users.id, [...userIds]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * Takes up to `limit` opt-ins due at `now` for planning: their `next_due_at` moves to `leaseUntil`, so another
     * worker skips them (SKIP LOCKED now, the later due time after), and a planner that dies leaves them due again then.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DigestSettingsRow[]> {
      const due = db
        .select({ userId: digestSettings.userId })
        .from(digestSettings)
        .where(and(eq(digestSettings.enabled, true), lte(digestSettings.nextDueAt, now)))
        .orderBy(asc(digestSettings.nextDueAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db.update(digestSettings).set({ nextDueAt: leaseUntil }).where(inArray(digestSettings.userId, due)).returning();
    },

    /**
     * Writes one planned batch at once: each traveller's deliveries (a period's row exists once: a second writer's
     * insert does nothing) and their next due time and reported fares, but only for opt-ins still held by this
     * planner's lease (a traveller who saved new settings meanwhile is planned from those).
     */
    async commitPlanned(
      batch: readonly {
        userId: string;
        leaseUntil: Date;
        nextDueAt: Date;
        sentAt: Date | null;
        lastSeen: Record<string, number> | null;
        deliveries: NewDigestDelivery[];
      }[],
    ): Promise<number> {
      if (batch.length === 0) return 0;
      return db.transaction(async (tx) => {
        let queued = 0;
        // One statement for the whole batch: the opt-ins this planner still holds move on to their next slot.
        const moves = batch.map((p) => ({
          user_id: p.userId,
          lease: p.leaseUntil.toISOString(),
          next_due_at: p.nextDueAt.toISOString(),
          sent_at: p.sentAt?.toISOString() ?? null,
          last_seen: p.lastSeen,
        }));
        const held = await rowsOf<{ user_id: string }>(
          tx as unknown as Db,
          sql`update digest_settings s set next_due_at = v.next_due_at,
            last_sent_at = coalesce(v.sent_at, s.last_sent_at), last_seen = coalesce(v.last_seen, s.last_seen)
          from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
            as v(user_id uuid, lease timestamptz, next_due_at timestamptz, sent_at timestamptz, last_seen jsonb)
          where s.user_id = v.user_id and s.next_due_at = v.lease
          returning s.user_id`,
        );
        const kept = new Set(held.map((h) => h.user_id));
        const rows = batch.filter((p) => kept.has(p.userId)).flatMap((p) => p.deliveries);
        for (let i = 0; i < rows.length; i += 500) {
          const inserted = await tx
            .insert(digestDeliveries)
            .values(rows.slice(i, i + 500))
            .onConflictDoNothing({
              target: [digestDeliveries.userId, digestDeliveries.period, digestDeliveries.channel, digestDeliveries.targetId],
            })
            .returning({ id: digestDeliveries.id });
          queued += inserted.length;
        }
        return queued;
      });
    },
  };
}

/** The digest outbox and its leases (decision 271; the alert outbox's rules, decision 247). */
function outboxTable(db: Db) {
  return {
    /**
     * Takes up to `limit` due deliveries for `holder` (the alert outbox's rule, decision 247): free, lease run out, or
     * held by a process that stopped beating. Each gets a lease and one more attempt counted.
     */
    async claimDeliveries(now: Date, leaseMs: number, limit: number, holder: string | undefined): Promise<ClaimedDigest[]> {
      const due = db
        .select({ id: digestDeliveries.id })
        .from(digestDeliveries)
        .where(claimable(digestDeliveries, now))
        // The due index's order alone: a tie-break on id would sort every due row on each claim (a worst hour's 100,000).
        .orderBy(asc(digestDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(digestDeliveries)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), lockedBy: holder ?? null, attempts: sql`${digestDeliveries.attempts} + 1` })
        .where(inArray(digestDeliveries.id, due))
        .returning({
          ...getTableColumns(digestDeliveries),
          wasSending: previousWasSending(digestDeliveries),
        });
    },

    /** Notes that this attempt's message is being handed to the channel (a crash after it is "maybe sent"). */
    async markSending(row: Pick<DigestDeliveryRow, 'id' | 'attempts'>): Promise<void> {
      await db
        .update(digestDeliveries)
        .set({ sendingAttempt: row.attempts })
        .where(and(eq(digestDeliveries.id, row.id), eq(digestDeliveries.attempts, row.attempts)));
    },

    async markDelivered(row: Pick<DigestDeliveryRow, 'id' | 'attempts'>, now: Date): Promise<void> {
      await db
        .update(digestDeliveries)
        .set({ deliveredAt: now, lockedUntil: null, lockedBy: null, lastError: null })
        .where(and(eq(digestDeliveries.id, row.id), eq(digestDeliveries.attempts, row.attempts)));
    },

    /** One round trip for two rows: `done` delivered, and `next` (the same sender's next row) about to be handed over. */
    async markDeliveredThenSending(
      done: Pick<DigestDeliveryRow, 'id' | 'attempts'>,
      now: Date,
      next: Pick<DigestDeliveryRow, 'id' | 'attempts'>,
    ): Promise<void> {
      await db.execute(sql`update digest_deliveries set
          delivered_at = case when id = ${done.id} then ${now} else delivered_at end,
          locked_until = case when id = ${done.id} then null else locked_until end,
          locked_by = case when id = ${done.id} then null else locked_by end,
          last_error = case when id = ${done.id} then null else last_error end,
          sending_attempt = case when id = ${next.id} then ${next.attempts} else sending_attempt end
        where (id = ${done.id} and attempts = ${done.attempts}) or (id = ${next.id} and attempts = ${next.attempts})`);
    },

    async markRetry(row: Pick<DigestDeliveryRow, 'id' | 'attempts'>, reason: string, nextAt: Date): Promise<void> {
      await db
        .update(digestDeliveries)
        // The channel answered (it refused): the next attempt is no "maybe sent".
        .set({ nextAttemptAt: nextAt, lockedUntil: null, lockedBy: null, sendingAttempt: null, lastError: reason.slice(0, 500) })
        .where(and(eq(digestDeliveries.id, row.id), eq(digestDeliveries.attempts, row.attempts)));
    },

    async markFailed(row: Pick<DigestDeliveryRow, 'id' | 'attempts'>, reason: string, now: Date): Promise<void> {
      await db
        .update(digestDeliveries)
        .set({ failedAt: now, lockedUntil: null, lockedBy: null, lastError: reason.slice(0, 500) })
        .where(and(eq(digestDeliveries.id, row.id), eq(digestDeliveries.attempts, row.attempts)));
    },

    /** A traveller's latest digest deliveries, newest first (the delivery history). */
    async deliveriesForUser(userId: string, limit = 50): Promise<DigestDeliveryRow[]> {
      return db
        .select()
        .from(digestDeliveries)
        .where(eq(digestDeliveries.userId, userId))
        .orderBy(sql`${digestDeliveries.createdAt} desc`)
        .limit(limit);
    },

    /** Whether a dead process left a delivery in flight (the run job then starts at once). */
    async leftBehind(): Promise<boolean> {
      const [row] = await db.select({ id: digestDeliveries.id }).from(digestDeliveries).where(leftInFlight(digestDeliveries)).limit(1);
      return row !== undefined;
    },
  };
}
/** The digest's tables: the opt-ins, their due scan, and the digest outbox with its leases (decision 271). */
export function createDigestRepository(db: Db) {
  return { ...settingsTable(db), ...outboxTable(db) };
}
export type DigestRepository = ReturnType<typeof createDigestRepository>;
