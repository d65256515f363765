import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The push_subscriptions table (decision 210): one row per browser endpoint. */
export function createPushRepository(db: Db) {
  return {
    /**
     * Saves the browser's subscription for this user. An endpoint already known (the same browser subscribing again,
     * or another account signing in on it) becomes this user's, with the keys it has now and no broken mark.
     */
    async upsert(sub: { userId: string; endpoint: string; p256dh: string; auth: string; label: string }): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(sub)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: sub.userId, p256dh: sub.p256dh, auth: sub.auth, label: sub.label, brokenReason: null },
        })
        .returning();
      return row!;
    },

    listFor(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
    },

    async find(id: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
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
