import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions, userIdentities, users } from '../../../db/schema';
import { endSessions } from '../auth/sessions.repository';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The flags an operator may change (premium has its own calls: it has two sources, decision 073). */
type UserFlags = Partial<Pick<UserRow, 'isAdmin' | 'isActive'>>;

/** What a subscription gives a user (billing's entitlements mapping, docs/product/billing.md#subscription-states). */
export interface SubscriptionFlags {
  premium: boolean;
  isTrial: boolean;
  trialEnd: number | null;
}
type ProfileChanges = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'phoneNumber'>>;

/** E-mail as stored and compared: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Postgres unique_violation, as both drivers report it (drizzle may wrap the driver error in `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return true;
  }
  return false;
}

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
      return row;
    },
    /** Throws a unique violation (see isUniqueViolation) when the e-mail is taken. */
    async insert(values: NewUser): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: normalizeEmail(values.email) })
        .returning();
      return row!;
    },
    async updateProfile(id: string, changes: ProfileChanges): Promise<UserRow | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(id);
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },
    async updateFlags(id: string, flags: UserFlags): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(flags).where(eq(users.id, id)).returning();
      return row;
    },
    /** The operator's premium, on or off; `is_premium` stays on while a subscription gives it (decision 073). */
    async setPremiumGranted(id: string, granted: boolean): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ premiumGranted: granted, isPremium: granted ? true : sql`${users.subscriptionPremium}` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    /** Billing's part of the flags; an operator's grant keeps `is_premium` on whatever the subscription says. */
    async applySubscription(id: string, flags: SubscriptionFlags): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          subscriptionPremium: flags.premium,
          isPremium: sql`${users.premiumGranted} or ${flags.premium}`,
          isTrial: flags.isTrial,
          trialEnd: flags.trialEnd,
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async findByStripeCustomer(customerId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
      return row;
    },
    /**
     * Records the user's Stripe customer unless one is already recorded, in one statement, and answers the one that is
     * (a concurrent request may have won): a user has one customer.
     */
    async linkStripeCustomer(id: string, customerId: string): Promise<string | null> {
      const [row] = await db
        .update(users)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(users.id, id), sql`${users.stripeCustomerId} is null`))
        .returning({ stripeCustomerId: users.stripeCustomerId });
      if (row) return row.stripeCustomerId;
      return (await this.findById(id))?.stripeCustomerId ?? null;
    },
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
    async touchLastLogin(id: string, at: Date): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ lastLogin: at }).where(eq(users.id, id)).returning();
      return row;
    },
    async findByIdentity(provider: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row?.user;
    },
    /** Links an outside identity to a user; a second link of the same identity is ignored. */
    async linkIdentity(provider: string, subject: string, userId: string, email: string | null): Promise<void> {
      await db.insert(userIdentities).values({ provider, subject, userId, email }).onConflictDoNothing();
    },
    /** Deactivation ends every session at once, not at the token's expiry, and the push subscriptions they made. */
    async deactivate(id: string, at: Date): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ isActive: false }).where(eq(users.id, id)).returning();
        await endSessions(tx, eq(sessions.userId, id), at);
        return row;
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
