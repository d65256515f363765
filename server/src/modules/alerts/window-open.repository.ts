import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { AlertMessage, ChannelTarget } from './channels/alert-channel';
import { type Executor, enqueueAlertMessage, outboxMessageOf } from './alerts.repository';
import { alertMessageEmail } from './window-open-emails';

/** A window-open alert that is due: its window has opened (or its next segment's has). */
export interface DueWindowAlert {
  id: string;
  originAirport: string;
  destinationAirport: string;
  /** One date, or a range of up to 7 (decision 274). */
  travelDates: string[];
  opensAt: Date;
  ownerEmail: string;
  ownerFirstName: string;
  ownerEntitled: boolean;
}

/** What the check stores on a window-open alert it completes: for GoWild, on which of its dates. */
export type WindowOutcome = { result: 'gowild'; priceCents: number; seats: number | null; date: string } | { result: 'not_offered' };

const openWindow = and(eq(notifications.kind, 'window_open'), eq(notifications.isActive, true), eq(notifications.isCompleted, false));

/**
 * The one place a window-open alert's message is queued, in the caller's transaction (decision 233): one delivery per
 * target of the alert's channels, read before the transaction (decision 205), once per (alert, kind, target).
 */
export async function enqueueWindowOpenMessage(
  tx: Executor,
  notificationId: string,
  message: AlertMessage & { kind: 'window_open' },
  owner: { email: string; firstName: string; supportEmail: string },
  targets: readonly ChannelTarget[],
  now: Date,
): Promise<void> {
  const email = alertMessageEmail(owner.email, owner.firstName, message, owner.supportEmail);
  await enqueueAlertMessage(tx, notificationId, outboxMessageOf(email), targets, now);
}

/** The window-open job's reads and writes (window-open-check.ts). */
export function createWindowOpenRepository(db: Db) {
  return {
    /** Window-open alerts due at `now`, the earliest opening first. */
    async dueWindowAlerts(now: Date, limit: number): Promise<DueWindowAlert[]> {
      const rows = await db
        .select({
          id: notifications.id,
          originAirport: notifications.originAirport,
          destinationAirport: notifications.destinationAirport,
          travelDates: notifications.travelDates,
          opensAt: notifications.opensAt,
          ownerEmail: users.email,
          ownerFirstName: users.firstName,
          ownerActive: users.isActive,
          ownerPremium: users.isPremium,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(and(openWindow, lte(notifications.opensAt, now)))
        .orderBy(asc(notifications.opensAt), asc(notifications.id))
        .limit(limit);
      return rows.map(({ ownerActive, ownerPremium, opensAt, ...r }) => ({
        ...r,
        opensAt: opensAt!,
        ownerEntitled: ownerActive && ownerPremium,
      }));
    },

    /** A connection whose later segment opens later: the alert is due again then. */
    async reschedule(id: string, opensAt: Date, now: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ opensAt, lastCheckedAt: now })
        .where(and(eq(notifications.id, id), openWindow));
    },

    /** Alerts whose date passed before they could be checked (the owner was not premium): 'Date Passed', no message. */
    async completePassed(ids: readonly string[], now: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(notifications)
        .set({ isCompleted: true, completedAt: now, lastCheckedAt: now })
        .where(and(inArray(notifications.id, [...ids]), openWindow))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * Completes the alert with what the check found and queues its message, in one transaction, only if it is still
     * open: two workers (or a retried job) that check the same alert complete it once and queue one message.
     */
    async complete(
      alert: DueWindowAlert,
      outcome: WindowOutcome,
      message: AlertMessage & { kind: 'window_open' },
      supportEmail: string,
      targets: readonly ChannelTarget[],
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(notifications)
          .set({
            isCompleted: true,
            completedAt: now,
            lastCheckedAt: now,
            windowResult: outcome.result,
            foundPriceCents: outcome.result === 'gowild' ? outcome.priceCents : null,
            foundSeats: outcome.result === 'gowild' ? outcome.seats : null,
            foundTravelDate: outcome.result === 'gowild' ? outcome.date : null,
          })
          .where(and(eq(notifications.id, alert.id), openWindow))
          .returning({ id: notifications.id });
        if (done.length === 0) return false;
        await enqueueWindowOpenMessage(
          tx,
          alert.id,
          message,
          { email: alert.ownerEmail, firstName: alert.ownerFirstName, supportEmail },
          targets,
          now,
        );
        return true;
      });
    },

    /** Window-open alerts still waiting (the bench and the metrics read it). */
    async waitingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(openWindow);
      return row?.n ?? 0;
    },
  };
}
export type WindowOpenRepository = ReturnType<typeof createWindowOpenRepository>;
