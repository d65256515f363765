import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import type { UserRow } from '../users/users.repository';

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
    async findUsable(tokenHash: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
      return row?.user;
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
