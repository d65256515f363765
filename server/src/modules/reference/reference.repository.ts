import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blackoutDates, routes } from '../../db/schema';

export interface RouteRow {
  origin: string;
  destination: string;
}
interface BlackoutRow {
  date: string;
  label: string;
}

export function createReferenceRepository(db: Db) {
  return {
    async listRoutes(): Promise<RouteRow[]> {
      return db
        .select({ origin: routes.origin, destination: routes.destination })
        .from(routes)
        .orderBy(asc(routes.origin), asc(routes.destination));
    },
    async countRoutes(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(routes);
      return row?.n ?? 0;
    },
    /** Replaces the whole network in one transaction, so readers never see half a refresh. */
    async replaceRoutes(rows: RouteRow[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(routes);
        for (let i = 0; i < rows.length; i += 500) await tx.insert(routes).values(rows.slice(i, i + 500));
      });
    },
    async listBlackouts(): Promise<BlackoutRow[]> {
      return db.select({ date: blackoutDates.date, label: blackoutDates.label }).from(blackoutDates).orderBy(asc(blackoutDates.date));
    },
    async countBlackouts(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(blackoutDates);
      return row?.n ?? 0;
    },
    async addBlackouts(rows: BlackoutRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(blackoutDates)
        .values(rows)
        .onConflictDoUpdate({ target: blackoutDates.date, set: { label: sql`excluded.label` } });
    },
    async removeBlackout(date: string): Promise<boolean> {
      const deleted = await db
        .delete(blackoutDates)
        .where(sql`${blackoutDates.date} = ${date}`)
        .returning({ date: blackoutDates.date });
      return deleted.length > 0;
    },
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
