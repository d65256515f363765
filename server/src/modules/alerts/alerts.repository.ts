import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertEmails, notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
type NewNotification = typeof notifications.$inferInsert;
export type AlertEmailRow = typeof alertEmails.$inferSelect;
export type AlertEmailKind = 'confirmation' | 'match';

/** An e-mail to queue: rendered when queued, so the sender needs nothing but the row. */
export interface QueuedEmail {
  kind: AlertEmailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

/** An alert the checker watches, with what it needs of its owner. */
export interface OpenAlert {
  id: string;
  userId: string;
  originAirport: string;
  destinationAirport: string;
  travelDates: string[];
  maxPrice: number;
  gowildOnly: boolean;
  ownerEmail: string;
  ownerFirstName: string;
  /** The owner may still use alerts (an active premium account); otherwise the alert waits, unchecked. */
  ownerEntitled: boolean;
}

/** What a match stores on the alert. */
export interface FoundFare {
  price: number;
  travelDate: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** Large id lists go to the database in slices (one statement's parameters stay well under the protocol's limit). */
const SLICE = 1000;
function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

const open = and(eq(notifications.isActive, true), eq(notifications.isCompleted, false));

/** One outbox row: an e-mail due at once, for the alert it belongs to (decision 068). */
function outboxRow(notificationId: string, email: QueuedEmail, now: Date) {
  return {
    notificationId,
    kind: email.kind,
    recipient: email.recipient,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    nextAttemptAt: now,
    createdAt: now,
  };
}

export function createAlertsRepository(db: Db) {
  function queueEmail(tx: Executor, notificationId: string, email: QueuedEmail, now: Date) {
    return tx
      .insert(alertEmails)
      .values(outboxRow(notificationId, email, now))
      .onConflictDoNothing();
  }

  return {
    /**
     * Creates an alert unless its owner already holds `max` open ones, with its confirmation e-mail queued in the
     * same transaction. The owner's user row is locked first (SELECT … FOR UPDATE), so concurrent creates by one
     * user take turns and the count they see is the count they write against, on PostgreSQL and PGlite alike.
     */
    async createWithinLimit(
      values: Omit<NewNotification, 'id'>,
      max: number,
      confirmation: (row: NotificationRow) => QueuedEmail,
    ): Promise<NotificationRow | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, values.userId), open));
        if ((held?.n ?? 0) >= max) return 'limit' as const;
        const [row] = await tx.insert(notifications).values(values).returning();
        await queueEmail(tx, row!.id, confirmation(row!), values.createdAt ?? new Date());
        return row!;
      });
    },

    /** The owner's alerts, newest first; completed ones only when asked. */
    async listForUser(userId: string, includeCompleted: boolean): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), includeCompleted ? undefined : eq(notifications.isCompleted, false)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id));
    },

    async findOwned(userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      return row;
    },

    /** Deletes the owner's alert if it is not completed; false when it was completed (or gone) meanwhile. */
    async deleteOpen(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.isCompleted, false)))
        .returning({ id: notifications.id });
      return deleted.length > 0;
    },

    // ---- The checker ----

    /** Every active alert not completed, oldest first, with its owner. */
    async openAlerts(): Promise<OpenAlert[]> {
      const rows = await db
        .select({
          id: notifications.id,
          userId: notifications.userId,
          originAirport: notifications.originAirport,
          destinationAirport: notifications.destinationAirport,
          travelDates: notifications.travelDates,
          maxPrice: notifications.maxPrice,
          gowildOnly: notifications.gowildOnly,
          ownerEmail: users.email,
          ownerFirstName: users.firstName,
          ownerActive: users.isActive,
          ownerPremium: users.isPremium,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(open)
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
      return rows.map(({ ownerActive, ownerPremium, ...r }) => ({ ...r, ownerEntitled: ownerActive && ownerPremium }));
    },

    /** Sets last_checked_at on alerts still open. */
    async markChecked(ids: readonly string[], now: Date): Promise<void> {
      for (const part of slices(ids)) {
        await db
          .update(notifications)
          .set({ lastCheckedAt: now })
          .where(and(inArray(notifications.id, part), open));
      }
    },

    /** Completes alerts whose every date has passed, with no price ('Date Passed'). Returns how many it completed. */
    async completeDatesPassed(ids: readonly string[], now: Date): Promise<number> {
      let done = 0;
      for (const part of slices(ids)) {
        const rows = await db
          .update(notifications)
          .set({ isCompleted: true, completedAt: now, lastCheckedAt: now })
          .where(and(inArray(notifications.id, part), open))
          .returning({ id: notifications.id });
        done += rows.length;
      }
      return done;
    },

    /**
     * Completes alerts on their matches and queues each one's e-mail, in one transaction: an alert's completion and
     * its e-mail are stored together or not at all. Only alerts still open are completed, so two runs (or a run and
     * a delete) never both act on one. Returns the ids it completed.
     */
    async completeWithMatches(matches: readonly { id: string; found: FoundFare; email: QueuedEmail }[], now: Date): Promise<string[]> {
      if (matches.length === 0) return [];
      return db.transaction(async (tx) => {
        // One statement for the batch: each open alert gets its own price and date.
        const values = sql.join(
          matches.map((m) => sql`(${m.id}::uuid, ${m.found.price}::numeric, ${m.found.travelDate}::date)`),
          sql`, `,
        );
        const result = (await tx.execute(sql`
          update ${notifications} as n
          set is_completed = true, found_price = v.price, found_travel_date = v.travel_date, completed_at = ${now}, last_checked_at = ${now}
          from (values ${values}) as v(id, price, travel_date)
          where n.id = v.id and n.is_active and not n.is_completed
          returning n.id`)) as unknown as { rows: { id: string }[] };
        const done = new Set(result.rows.map((r) => r.id));
        const emails = matches.filter((m) => done.has(m.id));
        if (emails.length > 0)
          await tx
            .insert(alertEmails)
            .values(emails.map(({ id, email }) => outboxRow(id, email, now)))
            .onConflictDoNothing();
        return emails.map((m) => m.id);
      });
    },

    // ---- The outbox ----

    /**
     * Takes up to `limit` due e-mails for this sender: each gets a lease (`locked_until`) and one more attempt
     * counted. Rows another sender holds are skipped (SKIP LOCKED, and the lease), so no two senders take one row.
     */
    async claimDueEmails(now: Date, leaseMs: number, limit: number): Promise<AlertEmailRow[]> {
      const due = db
        .select({ id: alertEmails.id })
        .from(alertEmails)
        .where(
          and(
            isNull(alertEmails.sentAt),
            isNull(alertEmails.failedAt),
            lte(alertEmails.nextAttemptAt, now),
            or(isNull(alertEmails.lockedUntil), lte(alertEmails.lockedUntil, now)),
          ),
        )
        .orderBy(asc(alertEmails.nextAttemptAt), asc(alertEmails.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(alertEmails)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${alertEmails.attempts} + 1` })
        .where(inArray(alertEmails.id, due))
        .returning();
    },

    /** The sent marker, and for a match the alert's notification_sent, in one statement. */
    async markSent(email: Pick<AlertEmailRow, 'id'>, now: Date): Promise<void> {
      await db.execute(sql`
        with sent as (
          update ${alertEmails} set sent_at = ${now}, locked_until = null, last_error = null
          where id = ${email.id}
          returning notification_id, kind
        )
        update ${notifications} as n set notification_sent = true
        from sent where n.id = sent.notification_id and sent.kind = 'match'`);
    },

    /** A failed attempt: try again at `retryAt`, or give up (`retryAt` null). */
    async markAttemptFailed(id: string, error: string, now: Date, retryAt: Date | null): Promise<void> {
      await db
        .update(alertEmails)
        .set(
          retryAt
            ? { lockedUntil: null, nextAttemptAt: retryAt, lastError: error.slice(0, 500) }
            : { lockedUntil: null, failedAt: now, lastError: error.slice(0, 500) },
        )
        .where(eq(alertEmails.id, id));
    },

    async pendingEmails(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(alertEmails)
        .where(and(isNull(alertEmails.sentAt), isNull(alertEmails.failedAt)));
      return row?.n ?? 0;
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
