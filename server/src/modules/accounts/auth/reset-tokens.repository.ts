import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passwordResetTokens, sessions, users } from '../../../db/schema';
import type { UserRow } from '../users/users.repository';
import { endSessions } from './sessions.repository';

export function createResetTokensRepository(db: Db) {
  return {
    /** Voids the user's earlier links and stores the new one, in one transaction. */
    async replace(userId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({ tokenHash, userId, createdAt: now, expiresAt });
      });
    },
    /** Deletes links that expired before `cutoff` (a used link expires within the hour too); returns how many. */
    async deleteExpiredBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, cutoff))
        .returning({ tokenHash: passwordResetTokens.tokenHash });
      return rows.length;
    },
    async findUsable(tokenHash: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(
          and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
        );
      return row?.user;
    },
    /**
     * Spends the link and sets the new password in one transaction: the link is marked used by a single conditional
     * UPDATE, so of two simultaneous uses exactly one finds it unused. Every other link of the user is voided and every
     * session ended, with the push subscriptions the sessions made. Returns the user id, or null when the link is
     * unknown, used, expired or its account inactive.
     */
    async redeem(tokenHash: string, passwordHash: string, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [spent] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
              sql`exists (select 1 from ${users} where ${users.id} = ${passwordResetTokens.userId} and ${users.isActive})`,
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!spent) return null;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
        await endSessions(tx, eq(sessions.userId, spent.userId), now);
        return spent.userId;
      });
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
