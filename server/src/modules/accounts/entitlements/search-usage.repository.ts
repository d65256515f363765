import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { searchUsage } from '../../../db/schema';

export function createSearchUsageRepository(db: Db) {
  return {
    /**
     * Takes one search from the day's allowance in a single statement: the row is created at 1 or incremented only
     * while under `limit`, under the row lock, so concurrent requests cannot overspend. True when reserved.
     */
    async reserve(userId: string, day: string, limit: number): Promise<boolean> {
      if (limit <= 0) return false;
      const rows = await db
        .insert(searchUsage)
        .values({ userId, day, count: 1 })
        .onConflictDoUpdate({
          target: [searchUsage.userId, searchUsage.day],
          set: { count: sql`${searchUsage.count} + 1` },
          setWhere: sql`${searchUsage.count} < ${limit}`,
        })
        .returning({ count: searchUsage.count });
      return rows.length > 0;
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
