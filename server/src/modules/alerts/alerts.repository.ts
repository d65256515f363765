import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertDeliveries, alertDeliveryAttempts, channelTargetHealth, notifications, users } from '../../db/schema';
import type { AlertMessage, ChannelTarget } from './channels/alert-channel';

export type NotificationRow = typeof notifications.$inferSelect;
type NewNotification = typeof notifications.$inferInsert;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type AlertEmailKind = 'confirmation' | 'match' | 'window_open';

/** An e-mail to queue: rendered when queued, so the sender needs nothing but the row. */
export interface QueuedEmail {
  kind: AlertEmailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Where a click goes (the alerts page, or the matching search). */
  url: string;
}

/** A message for the outbox: what every channel renders, and the e-mail's HTML body for the e-mail channel. */
export interface OutboxMessage extends AlertMessage {
  html?: string;
}

/** The outbox message of a rendered alert e-mail: its subject is the title every channel shows. */
export function outboxMessageOf(email: QueuedEmail): OutboxMessage {
  return { kind: email.kind, title: email.subject, text: email.text, url: email.url, html: email.html };
}

/** An alert the check watches (every kind), with what it needs of its owner. */
export interface OpenAlert {
  id: string;
  userId: string;
  kind: string;
  originAirport: string;
  /** 'ANY' for an origin-wide alert. */
  destinationAirport: string;
  travelDates: string[];
  /** US cents: a price alert's maximum (null for the other kinds). */
  maxPriceCents: number | null;
  gowildOnly: boolean;
  /** A seat-count alert's N. */
  maxSeats: number | null;
  /** A chain alert's flights. */
  legs: NotificationRow['legs'];
  /** A window-open alert's next opening: due from then (decision 231). */
  opensAt: Date | null;
  ownerEmail: string;
  ownerFirstName: string;
  /** The channels the owner chose for this alert. */
  channels: string[];
  /** The owner may still use alerts (an active premium account); otherwise the alert waits, unchecked. */
  ownerEntitled: boolean;
}

/** What a match stores on the alert. */
export interface FoundFare {
  /** None when a window-open alert completes with GoWild not offered. */
  price: number | null;
  travelDate: string | null;
  /** GoWild seats left on what was found, when the kind tells them (seat count, chain). */
  seats?: number | null;
  /** Where an origin-wide alert found GoWild. */
  destination?: string;
  /** A window-open alert's result. */
  windowResult?: 'gowild' | 'not_offered';
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Large id lists go to the database in slices (one statement's parameters stay well under the protocol's limit). */
const SLICE = 1000;
function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

const open = and(eq(notifications.isActive, true), eq(notifications.isCompleted, false));

/**
 * Queues one alert message in the outbox, in the caller's transaction: one delivery row per channel target, each due
 * at once (decisions 068, 205). The targets are read before the transaction (`AlertOutbox.targetsForAlert`): a
 * channel's own lookups must not wait on the transaction's connection. Once per (alert, kind, channel, target): a
 * message queued twice is stored once. This is the one enqueue function every alert kind uses.
 */
export async function enqueueAlertMessage(
  tx: Executor,
  notificationId: string,
  message: OutboxMessage,
  targets: readonly ChannelTarget[],
  now: Date,
): Promise<void> {
  if (targets.length === 0) return;
  await tx
    .insert(alertDeliveries)
    .values(targets.map((target) => deliveryRow(notificationId, message, target, now)))
    .onConflictDoNothing();
}

function deliveryRow(notificationId: string, message: OutboxMessage, target: ChannelTarget, now: Date) {
  const email = target.channel === 'email';
  return {
    notificationId,
    kind: message.kind,
    channel: target.channel,
    targetId: target.id,
    targetLabel: target.label,
    title: message.title,
    textBody: message.text,
    url: message.url,
    recipient: email ? target.label : null,
    htmlBody: email ? (message.html ?? null) : null,
    nextAttemptAt: now,
    createdAt: now,
  };
}

/** The traveller's alerts: create within the limit (with its confirmation e-mail), list, find, delete. */
function travellerAlerts(db: Db) {
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
      targets: readonly ChannelTarget[],
    ): Promise<NotificationRow | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, values.userId), open));
        if ((held?.n ?? 0) >= max) return 'limit' as const;
        const [row] = await tx.insert(notifications).values(values).returning();
        await enqueueAlertMessage(tx, row!.id, outboxMessageOf(confirmation(row!)), targets, values.createdAt ?? new Date());
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
  };
}

/** Which open alerts one run of the check takes (decision 307). */
export interface DueAlerts {
  kinds: readonly string[];
  /** Only those whose opening (`opens_at`) is at or before this, the earliest first; else every one, oldest first. */
  openedBy?: Date;
  limit?: number;
}

/** The check's reads and writes: the due alerts, and their completion, reschedule or last check (decisions 067, 307). */
function checkerAlerts(db: Db) {
  return {
    /** The active alerts not completed that a run takes, with their owner. */
    async openAlerts(due: DueAlerts): Promise<OpenAlert[]> {
      const query = db
        .select({
          id: notifications.id,
          userId: notifications.userId,
          kind: notifications.kind,
          originAirport: notifications.originAirport,
          destinationAirport: notifications.destinationAirport,
          travelDates: notifications.travelDates,
          maxPriceCents: notifications.maxPriceCents,
          gowildOnly: notifications.gowildOnly,
          maxSeats: notifications.maxSeats,
          legs: notifications.legs,
          opensAt: notifications.opensAt,
          ownerEmail: users.email,
          ownerFirstName: users.firstName,
          ownerActive: users.isActive,
          ownerPremium: users.isPremium,
          channels: notifications.channels,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(and(open, inArray(notifications.kind, [...due.kinds]), due.openedBy ? lte(notifications.opensAt, due.openedBy) : undefined))
        .orderBy(...(due.openedBy ? [asc(notifications.opensAt)] : [asc(notifications.createdAt)]), asc(notifications.id))
        .$dynamic();
      const rows = await (due.limit ? query.limit(due.limit) : query);
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

    /** A window still to open (a connection's later segment, a range's next date): the alert is due again then. */
    async reschedule(id: string, opensAt: Date, now: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ opensAt, lastCheckedAt: now })
        .where(and(eq(notifications.id, id), open));
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
     * The one completion of every kind (decision 307): completes alerts on their matches and queues each one's e-mail, in one transaction: an alert's completion and
     * its e-mail are stored together or not at all. Only alerts still open are completed, so two runs (or a run and
     * a delete) never both act on one. Returns the ids it completed.
     */
    async completeWithMatches(
      matches: readonly { id: string; found: FoundFare; email: QueuedEmail; targets: readonly ChannelTarget[] }[],
      now: Date,
    ): Promise<string[]> {
      if (matches.length === 0) return [];
      return db.transaction(async (tx) => {
        // One statement for the batch: each open alert gets its own price and date.
        const values = sql.join(
          matches.map(
            (m) =>
              sql`(${m.id}::uuid, ${m.found.price === null ? null : Math.round(m.found.price * 100)}::integer, ${m.found.travelDate}::date, ${m.found.seats ?? null}::integer, ${m.found.destination ?? null}::text, ${m.found.windowResult ?? null}::text)`,
          ),
          sql`, `,
        );
        const result = (await tx.execute(sql`
          update ${notifications} as n
          set is_completed = true, found_price_cents = v.price, found_travel_date = v.travel_date, found_seats = v.seats,
            found_destination = v.destination, window_result = v.window_result, completed_at = ${now}, last_checked_at = ${now}
          from (values ${values}) as v(id, price, travel_date, seats, destination, window_result)
          where n.id = v.id and n.is_active and not n.is_completed
          returning n.id`)) as unknown as { rows: { id: string }[] };
        const done = new Set(result.rows.map((r) => r.id));
        const completed = matches.filter((m) => done.has(m.id));
        const rows = completed.flatMap(({ id, email, targets }) => targets.map((t) => deliveryRow(id, outboxMessageOf(email), t, now)));
        if (rows.length > 0) await tx.insert(alertDeliveries).values(rows).onConflictDoNothing();
        return completed.map((m) => m.id);
      });
    },
  };
}

/** How many deliveries in a row may fail before a target is marked broken (decision 207). */
export const BROKEN_AFTER_FAILURES = 5;

/** The outbox (decisions 068, 205): claiming due deliveries under a lease, and what became of each attempt. */
function alertOutbox(db: Db) {
  return {
    /**
     * Takes up to `limit` due deliveries for this sender: each gets a lease (`locked_until`) and one more attempt
     * counted. Rows another sender holds are skipped (SKIP LOCKED, and the lease), so no two senders take one row.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<AlertDeliveryRow[]> {
      const due = db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(
          and(
            isNull(alertDeliveries.deliveredAt),
            isNull(alertDeliveries.failedAt),
            lte(alertDeliveries.nextAttemptAt, now),
            or(isNull(alertDeliveries.lockedUntil), lte(alertDeliveries.lockedUntil, now)),
          ),
        )
        .orderBy(asc(alertDeliveries.nextAttemptAt), asc(alertDeliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(alertDeliveries)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${alertDeliveries.attempts} + 1` })
        .where(inArray(alertDeliveries.id, due))
        .returning();
    },

    /** The delivered marker, and for a match the alert's notification_sent, in one statement; the attempt logged. */
    async markDelivered(row: Pick<AlertDeliveryRow, 'id' | 'attempts'>, now: Date): Promise<void> {
      await db.execute(sql`
        with sent as (
          update ${alertDeliveries} set delivered_at = ${now}, locked_until = null, last_error = null
          where id = ${row.id}
          returning notification_id, kind
        )
        update ${notifications} as n set notification_sent = true
        from sent where n.id = sent.notification_id and sent.kind in ('match', 'window_open')`);
      await db.insert(alertDeliveryAttempts).values({ deliveryId: row.id, attempt: row.attempts, outcome: 'delivered', at: now });
    },

    /** A failed attempt: try again at `retryAt`, or give up (`retryAt` null); the attempt logged. */
    async markAttemptFailed(
      row: Pick<AlertDeliveryRow, 'id' | 'attempts'>,
      outcome: 'retry' | 'permanent' | 'gone' | 'exhausted' | 'broken',
      error: string,
      now: Date,
      retryAt: Date | null,
    ): Promise<void> {
      const lastError = error.slice(0, 500);
      await db
        .update(alertDeliveries)
        .set(retryAt ? { lockedUntil: null, nextAttemptAt: retryAt, lastError } : { lockedUntil: null, failedAt: now, lastError })
        .where(eq(alertDeliveries.id, row.id));
      await db.insert(alertDeliveryAttempts).values({ deliveryId: row.id, attempt: row.attempts, outcome, reason: lastError, at: now });
    },

    /** Deliveries not yet delivered nor given up, by channel. */
    async pendingByChannel(): Promise<{ channel: string; n: number }[]> {
      return db
        .select({ channel: alertDeliveries.channel, n: count() })
        .from(alertDeliveries)
        .where(and(isNull(alertDeliveries.deliveredAt), isNull(alertDeliveries.failedAt)))
        .groupBy(alertDeliveries.channel);
    },

    /** The broken mark of one target, if it has one. */
    async brokenReason(channel: string, targetId: string): Promise<string | null> {
      const [row] = await db
        .select({ reason: channelTargetHealth.brokenReason })
        .from(channelTargetHealth)
        .where(
          and(
            eq(channelTargetHealth.channel, channel),
            eq(channelTargetHealth.targetId, targetId),
            isNotNull(channelTargetHealth.brokenAt),
          ),
        );
      return row ? (row.reason ?? 'broken') : null;
    },

    /** The broken targets among a user's (channel and target id → reason and when). */
    async brokenTargets(userId: string): Promise<Map<string, { reason: string; at: Date }>> {
      const rows = await db
        .select()
        .from(channelTargetHealth)
        .where(and(eq(channelTargetHealth.userId, userId), isNotNull(channelTargetHealth.brokenAt)));
      return new Map(rows.map((r) => [`${r.channel}:${r.targetId}`, { reason: r.brokenReason ?? 'broken', at: r.brokenAt! }]));
    },

    /** A delivery arrived: the target's run of failures ends. */
    async targetDelivered(channel: string, targetId: string, now: Date): Promise<void> {
      await db
        .update(channelTargetHealth)
        .set({ consecutiveFailures: 0, updatedAt: now })
        .where(
          and(eq(channelTargetHealth.channel, channel), eq(channelTargetHealth.targetId, targetId), isNull(channelTargetHealth.brokenAt)),
        );
    },

    /**
     * A delivery ended in failure (permanent, or retries exhausted): one more in the target's run, and the broken mark
     * with `reason` when the run reaches BROKEN_AFTER_FAILURES. True when this call marked it broken.
     */
    async targetFailed(target: { channel: string; targetId: string; userId: string }, reason: string, now: Date): Promise<boolean> {
      const result = (await db.execute(sql`
        insert into ${channelTargetHealth} (channel, target_id, user_id, consecutive_failures, updated_at)
        values (${target.channel}, ${target.targetId}, ${target.userId}::uuid, 1, ${now})
        on conflict (channel, target_id) do update set consecutive_failures = ${channelTargetHealth.consecutiveFailures} + 1, updated_at = ${now}
        returning consecutive_failures, broken_at`)) as unknown as { rows: { consecutive_failures: number; broken_at: unknown }[] };
      const row = result.rows[0];
      if (!row || row.broken_at !== null || row.consecutive_failures < BROKEN_AFTER_FAILURES) return false;
      await db
        .update(channelTargetHealth)
        .set({ brokenAt: now, brokenReason: reason.slice(0, 500) })
        .where(and(eq(channelTargetHealth.channel, target.channel), eq(channelTargetHealth.targetId, target.targetId)));
      return true;
    },

    /** Forgets a target's record (it was removed, or set up again). */
    async clearTargetHealth(channel: string, targetId: string): Promise<void> {
      await db.delete(channelTargetHealth).where(and(eq(channelTargetHealth.channel, channel), eq(channelTargetHealth.targetId, targetId)));
    },

    /** The owner of an alert and the channels chosen for it. */
    async alertAudience(notificationId: string): Promise<{ userId: string; channels: string[] } | undefined> {
      const [row] = await db
        .select({ userId: notifications.userId, channels: notifications.channels })
        .from(notifications)
        .where(eq(notifications.id, notificationId));
      return row;
    },

    /** The delivery history of a user's alerts (one alert when `notificationId` is given), newest first. */
    async deliveriesForUser(userId: string, notificationId?: string, limit = 200): Promise<AlertDeliveryRow[]> {
      const rows = await db
        .select({ d: alertDeliveries })
        .from(alertDeliveries)
        .innerJoin(notifications, eq(notifications.id, alertDeliveries.notificationId))
        .where(and(eq(notifications.userId, userId), notificationId ? eq(alertDeliveries.notificationId, notificationId) : undefined))
        .orderBy(desc(alertDeliveries.createdAt), asc(alertDeliveries.channel), asc(alertDeliveries.id))
        .limit(limit);
      return rows.map((r) => r.d);
    },
  };
}

/** The alerts tables, by the three use cases that read and write them. */
export function createAlertsRepository(db: Db) {
  return { ...travellerAlerts(db), ...checkerAlerts(db), ...alertOutbox(db) };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
