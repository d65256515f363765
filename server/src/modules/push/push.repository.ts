import { and, asc, eq, getTableColumns, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, sessions } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/** A subscribed browser as the list and the channel read it (which session made it is this repository's business). */
export type PushSubscriptionRow = Omit<typeof pushSubscriptions.$inferSelect, 'sessionId'>;

/**
 * The push_subscriptions table (decision 210): one row per browser endpoint, each belonging to the session that
 * subscribed it (decision 246). Only a row whose session is still open is listed or delivered to: a session that
 * ended deletes its rows (sessions.repository's endSessions), and one that expired stops counting at its expiry.
 */
export function createPushRepository(db: Db, clock: Clock) {
  /** The session is open (not revoked, not expired); a row written with no session (tests) belongs to none. */
  const liveSession = () => or(isNull(pushSubscriptions.sessionId), and(isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())));
  const live = () =>
    db.select(getTableColumns(pushSubscriptions)).from(pushSubscriptions).leftJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId));
  return {
    /**
     * Saves the browser's subscription for this user and session. An endpoint already known (the same browser
     * subscribing again, or another account signing in on it) becomes this user's and this session's, with the keys it
     * has now and no broken mark.
     */
    async upsert(sub: {
      userId: string;
      sessionId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      label: string;
    }): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(sub)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: sub.userId, sessionId: sub.sessionId, p256dh: sub.p256dh, auth: sub.auth, label: sub.label, brokenReason: null },
        })
        .returning();
      return row!;
    },

    /** The user's browsers whose session is open, oldest first: the device list and the alert channel's targets. */
    listFor(userId: string): Promise<PushSubscriptionRow[]> {
      return live()
        .where(and(eq(pushSubscriptions.userId, userId), liveSession()))
        .orderBy(asc(pushSubscriptions.createdAt));
    },

    /** One browser, while its session is open: a delivery to one whose session has ended finds it gone. */
    async find(id: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await live().where(and(eq(pushSubscriptions.id, id), liveSession()));
      return row;
    },

    /** Deletes the user's own subscription by id; false when there is none of theirs. */
    async deleteOwn(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** Deletes the user's own subscription by endpoint; false when there is none of theirs. */
    async deleteOwnEndpoint(userId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** The push service said the subscription is gone (404, 410). */
    async delete(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async markDelivered(id: string, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSuccessAt: at, brokenReason: null }).where(eq(pushSubscriptions.id, id));
    },

    async markBroken(id: string, reason: string): Promise<void> {
      await db.update(pushSubscriptions).set({ brokenReason: reason }).where(eq(pushSubscriptions.id, id));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
