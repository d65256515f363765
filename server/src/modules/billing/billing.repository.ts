import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingDemoObjects, billingEvents, billingSubscriptions } from '../../db/schema';
import type { DemoRecord, DemoStore } from '../../providers/billing/demo';
import type { ProviderSubscription } from '../../providers/billing/billing.provider';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

export function createBillingRepository(db: Db) {
  return {
    /**
     * Stores a subscription as read from the provider at `readAt` (ms). A row read later is never overwritten by
     * one read earlier, so two handlers racing on the same subscription leave the newer read. True when stored.
     */
    async saveSubscription(sub: ProviderSubscription, userId: string, readAt: number, now: Date): Promise<boolean> {
      const values = {
        id: sub.id,
        userId,
        customerId: sub.customerId,
        status: sub.status,
        plan: sub.plan,
        trialEnd: sub.trialEnd,
        currentPeriodEnd: sub.currentPeriodEnd,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        endedAt: sub.endedAt,
        readAt,
        updatedAt: now,
      };
      const { id: _id, ...changes } = values;
      const rows = await db
        .insert(billingSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: billingSubscriptions.id,
          set: changes,
          setWhere: sql`${billingSubscriptions.readAt} <= ${readAt}`,
        })
        .returning({ id: billingSubscriptions.id });
      return rows.length > 0;
    },
    async subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId))
        .orderBy(desc(billingSubscriptions.readAt));
    },
    /** The trial is offered once per user: any subscription of theirs that had one counts. */
    async hadTrial(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: billingSubscriptions.id })
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.userId, userId), sql`${billingSubscriptions.trialEnd} is not null`))
        .limit(1);
      return row !== undefined;
    },
    /**
     * Trials that end within `withinSeconds` of `nowSeconds`, will charge (not set to cancel), and have had no
     * reminder for this trial end (decision 076).
     */
    async dueTrialReminders(nowSeconds: number, withinSeconds: number): Promise<SubscriptionRow[]> {
      const s = billingSubscriptions;
      return db
        .select()
        .from(s)
        .where(
          and(
            eq(s.status, 'trialing'),
            eq(s.cancelAtPeriodEnd, false),
            gt(s.trialEnd, nowSeconds),
            lte(s.trialEnd, nowSeconds + withinSeconds),
            or(isNull(s.trialRemindedFor), sql`${s.trialRemindedFor} <> ${s.trialEnd}`),
          ),
        );
    },
    /** Takes the reminder for this trial end; false when another run took it (or the end moved meanwhile). */
    async claimTrialReminder(id: string, trialEnd: number): Promise<boolean> {
      const s = billingSubscriptions;
      const rows = await db
        .update(s)
        .set({ trialRemindedFor: trialEnd })
        .where(and(eq(s.id, id), eq(s.trialEnd, trialEnd), sql`${s.trialRemindedFor} is distinct from ${trialEnd}`))
        .returning({ id: s.id });
      return rows.length > 0;
    },
    /** Gives a reminder back after its e-mail failed, so the next run sends it. */
    async releaseTrialReminder(id: string, trialEnd: number): Promise<void> {
      const s = billingSubscriptions;
      await db
        .update(s)
        .set({ trialRemindedFor: null })
        .where(and(eq(s.id, id), eq(s.trialRemindedFor, trialEnd)));
    },
    /** Takes an event for handling; false when it was already taken (a duplicate delivery). */
    async claimEvent(id: string, type: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(billingEvents)
        .values({ id, type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return rows.length > 0;
    },
    /** Gives an event back after its handling failed, so Stripe's retry handles it again. */
    async releaseEvent(id: string): Promise<void> {
      await db.delete(billingEvents).where(eq(billingEvents.id, id));
    },
    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id));
      return row !== undefined;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;

/** The demo provider's records, as JSON rows (they outlive a restart and are shared with the CLI). */
export function createDemoStore(db: Db): DemoStore {
  return {
    async get<T extends DemoRecord>(id: string): Promise<T | undefined> {
      const [row] = await db.select({ data: billingDemoObjects.data }).from(billingDemoObjects).where(eq(billingDemoObjects.id, id));
      return row?.data as T | undefined;
    },
    async put(record: DemoRecord): Promise<void> {
      await db
        .insert(billingDemoObjects)
        .values({ id: record.id, kind: record.kind, customerId: record.customerId, data: record })
        .onConflictDoUpdate({ target: billingDemoObjects.id, set: { data: record, customerId: record.customerId } });
    },
    async list<T extends DemoRecord>(kind: T['kind'], customerId: string): Promise<T[]> {
      const rows = await db
        .select({ data: billingDemoObjects.data })
        .from(billingDemoObjects)
        .where(and(eq(billingDemoObjects.kind, kind), eq(billingDemoObjects.customerId, customerId)));
      return rows.map((r) => r.data as T);
    },
  };
}
