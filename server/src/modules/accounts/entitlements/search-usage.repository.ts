import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { searchPaid, searchUsage } from '../../../db/schema';

/** How a free user's search was let in: first time today (one taken from the allowance), a repeat (free), or not. */
export type Reservation = 'new' | 'repeat' | 'refused';

export function createSearchUsageRepository(db: Db) {
  /** The allowance statement, on the pool or inside a transaction. */
  async function take(q: Pick<Db, 'insert'>, userId: string, day: string, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    const rows = await q
      .insert(searchUsage)
      .values({ userId, day, count: 1 })
      .onConflictDoUpdate({
        target: [searchUsage.userId, searchUsage.day],
        set: { count: sql`${searchUsage.count} + 1` },
        setWhere: sql`${searchUsage.count} < ${limit}`,
      })
      .returning({ count: searchUsage.count });
    return rows.length > 0;
  }
  return {
    /**
     * Takes one search from the day's allowance in a single statement: the row is created at 1 or incremented only
     * while under `limit`, under the row lock, so concurrent requests cannot overspend. True when reserved.
     */
    async reserve(userId: string, day: string, limit: number): Promise<boolean> {
      return take(db, userId, day, limit);
    },
    /**
     * Lets in a search named by `key` (decision 100): a search already paid for on `day` is a free repeat; otherwise
     * the key is claimed and one search taken from the allowance, in one transaction, so either both happen or
     * neither. The key's primary key makes concurrent first requests for the same search wait on each other (on
     * PostgreSQL the second insert blocks until the first commits, then finds it; PGlite runs one transaction at a
     * time): exactly one of them pays, the others are repeats.
     */
    async reserveSearch(userId: string, day: string, key: string, limit: number): Promise<Reservation> {
      const RefusedError = class extends Error {};
      try {
        return await db.transaction(async (tx) => {
          const claimed = await tx
            .insert(searchPaid)
            .values({ userId, day, searchKey: key })
            .onConflictDoNothing()
            .returning({ key: searchPaid.searchKey });
          if (claimed.length === 0) return 'repeat' as const;
          if (!(await take(tx, userId, day, limit))) throw new RefusedError();
          return 'new' as const;
        });
      } catch (err) {
        if (err instanceof RefusedError) return 'refused';
        throw err;
      }
    },
    /** Gives back a search reserved by `reserveSearch`: the allowance and the key, so repeating it costs again. */
    async refundSearch(userId: string, day: string, key: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(searchPaid).where(and(eq(searchPaid.userId, userId), eq(searchPaid.day, day), eq(searchPaid.searchKey, key)));
        await tx
          .update(searchUsage)
          .set({ count: sql`${searchUsage.count} - 1` })
          .where(and(eq(searchUsage.userId, userId), eq(searchUsage.day, day), gt(searchUsage.count, 0)));
      });
    },
    /** Gives back a reservation of a search that did not run. */
    async refund(userId: string, day: string): Promise<void> {
      await db
        .update(searchUsage)
        .set({ count: sql`${searchUsage.count} - 1` })
        .where(and(eq(searchUsage.userId, userId), eq(searchUsage.day, day), gt(searchUsage.count, 0)));
    },
    async used(userId: string, day: string): Promise<number> {
      const [row] = await db
        .select({ count: searchUsage.count })
        .from(searchUsage)
        .where(and(eq(searchUsage.userId, userId), eq(searchUsage.day, day)));
      return row?.count ?? 0;
    },
  };
}
export type SearchUsageRepository = ReturnType<typeof createSearchUsageRepository>;
