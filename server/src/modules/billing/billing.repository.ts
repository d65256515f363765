import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingCheckoutSessions, billingDemoObjects, billingEvents, billingSubscriptions, billingTrials } from '../../db/schema';
import type { DemoRecord, DemoStore } from '../../providers/billing/demo';
import type { ProviderSubscription } from '../../providers/billing/billing.provider';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type CheckoutSessionRow = typeof billingCheckoutSessions.$inferSelect;

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
    /** The trial is offered once per user: a trial recorded for them, or any subscription of theirs that had one. */
    async hadTrial(userId: string): Promise<boolean> {
      const [trial] = await db.select({ id: billingTrials.userId }).from(billingTrials).where(eq(billingTrials.userId, userId));
      if (trial) return true;
      const [row] = await db
        .select({ id: billingSubscriptions.id })
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.userId, userId), sql`${billingSubscriptions.trialEnd} is not null`))
        .limit(1);
      return row !== undefined;
    },
    /**
     * Records that the user's one trial is this subscription's, unless one is recorded already (one statement, so two
     * processes cannot both record one). Answers the subscription that holds the trial (decision 122).
     */
    async claimTrial(userId: string, subscriptionId: string, now: Date): Promise<string> {
      await db.insert(billingTrials).values({ userId, subscriptionId, startedAt: now }).onConflictDoNothing();
      const [row] = await db
        .select({ subscriptionId: billingTrials.subscriptionId })
        .from(billingTrials)
        .where(eq(billingTrials.userId, userId));
      return row?.subscriptionId ?? subscriptionId;
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
    /** Notes why a handled event changed nothing (e.g. 'unconfirmed'), for whoever reads the table. */
    async markEvent(id: string, outcome: string): Promise<void> {
      await db.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, id));
    },
    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id));
      return row !== undefined;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;

/** The checkout sessions we opened (decision 121). */
export function createCheckoutSessionRepository(db: Db) {
  const s = billingCheckoutSessions;
  return {
    /** The user's newest open session for this plan and trial that is still valid at `validAt`. */
    async openSessionFor(userId: string, plan: string, trialDays: number, validAt: Date): Promise<CheckoutSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(s)
        .where(and(eq(s.userId, userId), eq(s.plan, plan), eq(s.trialDays, trialDays), eq(s.status, 'open'), gt(s.expiresAt, validAt)))
        .orderBy(desc(s.createdAt))
        .limit(1);
      return row;
    },
    /** How many sessions the user has ever opened: the generation of their next one (its idempotency key). */
    async countOf(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(eq(s.userId, userId));
      return row?.n ?? 0;
    },
    async record(row: typeof s.$inferInsert): Promise<void> {
      await db.insert(s).values(row).onConflictDoNothing();
    },
    /**
     * Takes a session's completion once: the session becomes complete with this subscription, unless it already has
     * another ('other-subscription'); 'unknown' for a session we did not open (or opened before this table).
     */
    async complete(id: string, subscriptionId: string, now: Date): Promise<'recorded' | 'unknown' | 'other-subscription'> {
      const rows = await db
        .update(s)
        .set({ status: 'complete', subscriptionId, completedAt: now })
        .where(and(eq(s.id, id), or(isNull(s.subscriptionId), eq(s.subscriptionId, subscriptionId))))
        .returning({ id: s.id });
      if (rows.length > 0) return 'recorded';
      const [row] = await db.select({ id: s.id }).from(s).where(eq(s.id, id));
      return row ? 'other-subscription' : 'unknown';
    },
    async expire(id: string): Promise<void> {
      await db
        .update(s)
        .set({ status: 'expired' })
        .where(and(eq(s.id, id), eq(s.status, 'open')));
    },
  };
}
export type CheckoutSessionRepository = ReturnType<typeof createCheckoutSessionRepository>;

/** The demo provider's records, as JSON rows (they outlive a restart and are shared with the CLI). */
export function createDemoStore(db: Db): DemoStore {
  return {
    async get<T extends DemoRecord>(id: string): Promise<T | undefined> {
      const [row] = await db.select({ data: billingDemoObjects.data }).from(billingDemoObjects).where(eq(billingDemoObjects.id, id));
      return row?.data as T | undefined;
    },
    async create(record: DemoRecord): Promise<boolean> {
      const rows = await db
        .insert(billingDemoObjects)
        .values({ id: record.id, kind: record.kind, customerId: record.customerId, data: record })
        .onConflictDoNothing()
        .returning({ id: billingDemoObjects.id });
      return rows.length > 0;
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
