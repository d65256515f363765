import type { RememberedFilters } from '@gowild/contract/favourites';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favourites } from '../../db/schema';

export type FavouritesRow = typeof favourites.$inferSelect;

/** The parts of a save: a part left undefined keeps what the row holds. */
export interface FavouritesPatch {
  homeAirports?: string[];
  favouriteAirports?: string[];
  filters?: RememberedFilters | null;
}

/** Favourites storage (decision 283): one row per traveller, written whole or in part in one statement. */
export function createFavouritesRepository(db: Db) {
  return {
    async read(userId: string): Promise<FavouritesRow | undefined> {
      const [row] = await db.select().from(favourites).where(eq(favourites.userId, userId));
      return row;
    },

    /**
     * Writes the parts given and keeps the others, in one upsert, so two devices saving different parts at once
     * (a star on the phone, filters on the laptop) both keep theirs. Answers the row as it now is.
     */
    async save(userId: string, patch: FavouritesPatch, now: Date): Promise<FavouritesRow> {
      const set: Partial<typeof favourites.$inferInsert> = { updatedAt: now };
      if (patch.homeAirports !== undefined) set.homeAirports = patch.homeAirports;
      if (patch.favouriteAirports !== undefined) set.favouriteAirports = patch.favouriteAirports;
      if (patch.filters !== undefined) set.filters = patch.filters;
      const [row] = await db
        .insert(favourites)
        .values({
          userId,
          homeAirports: patch.homeAirports ?? [],
          favouriteAirports: patch.favouriteAirports ?? [],
          filters: patch.filters ?? null,
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: favourites.userId, set })
        .returning();
      return row!;
    },

    /** Home airports first, then favourite airports (city values left out): the digest's suggested origins. */
    async originsOf(userId: string): Promise<string[]> {
      const [row] = await db
        .select({ origins: sql<string[]>`${favourites.homeAirports} || ${favourites.favouriteAirports}` })
        .from(favourites)
        .where(eq(favourites.userId, userId));
      return [...new Set((row?.origins ?? []).filter((o) => /^[A-Z]{3}$/.test(o)))];
    },
  };
}
export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
