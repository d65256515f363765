import { count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchLogs, users } from '../../db/schema';
import type { UserRow } from '../accounts/accounts.module';

export interface Page {
  limit: number;
  offset: number;
}

export function createAdminRepository(db: Db) {
  return {
    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    /** Newest first, each with the number of searches it made. */
    async listUsers(page: Page): Promise<{ user: UserRow; searchCount: number }[]> {
      return db
        .select({
          user: users,
          // Spelled out: drizzle leaves columns unqualified in a single-table select, which would make "id" bind
          // to search_logs inside the subquery.
          searchCount: sql<number>`(select count(*) from "search_logs" s where s."user_id" = "users"."id")::int`,
        })
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset);
    },
    async countSearches(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(searchLogs);
      return row?.n ?? 0;
    },
    /** Newest first, with the searching user when there was one. */
    async listSearches(page: Page) {
      return db
        .select({
          log: searchLogs,
          user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
        })
        .from(searchLogs)
        .leftJoin(users, eq(users.id, searchLogs.userId))
        .orderBy(desc(searchLogs.createdAt), desc(searchLogs.id))
        .limit(page.limit)
        .offset(page.offset);
    },
    async searchesByType(): Promise<Record<string, number>> {
      const rows = await db.select({ type: searchLogs.searchType, n: count() }).from(searchLogs).groupBy(searchLogs.searchType);
      return Object.fromEntries(rows.map((r) => [r.type, r.n]));
    },
    async searchesByOutcome(): Promise<Record<string, number>> {
      const rows = await db.select({ outcome: searchLogs.outcome, n: count() }).from(searchLogs).groupBy(searchLogs.outcome);
      return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
    },
    async searchesSince(since: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(searchLogs).where(gt(searchLogs.createdAt, since));
      return row?.n ?? 0;
    },
    async topOrigins(limit: number): Promise<{ airport: string; count: number }[]> {
      return db
        .select({ airport: searchLogs.originAirport, count: count() })
        .from(searchLogs)
        .groupBy(searchLogs.originAirport)
        .orderBy(desc(count()), searchLogs.originAirport)
        .limit(limit);
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
