import { and, asc, count, eq, getTableColumns, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import type { UserRow } from '../accounts/accounts.module';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** How stale `last_used_at` may get before a call writes it again: one write a minute per key, not one per call. */
export const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * The api_keys table (decision 268). Keys are found by the SHA-256 of what the caller sent; the table never holds a
 * key itself.
 */
export function createApiKeysRepository(db: Db) {
  return {
    async insert(row: { userId: string; name: string; keyHash: string; prefix: string }): Promise<ApiKeyRow> {
      const [created] = await db.insert(apiKeys).values(row).returning();
      return created!;
    },

    /** The user's live keys, oldest first. */
    listLive(userId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(asc(apiKeys.createdAt));
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return Number(row?.n ?? 0);
    },

    /** A live key by its hash, with its owner's account row (one query on every keyed call). */
    /** The live keys among these hashes, by hash, each with its owner (one query for a batch of callers). */
    async findLiveByHashes(keyHashes: string[]): Promise<Map<string, { key: ApiKeyRow; user: UserRow }>> {
      const rows = await db
        .select({ key: getTableColumns(apiKeys), user: getTableColumns(users) })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(inArray(apiKeys.keyHash, keyHashes), isNull(apiKeys.revokedAt)));
      return new Map(rows.map((r) => [r.key.keyHash, r]));
    },

    /** Revokes the user's own live key; false when there is none of theirs. */
    async revokeOwn(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    /** Notes a use, at most once a minute per key (the list's "last used" is to the minute). */
    async touch(id: string, at: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - LAST_USED_GRANULARITY_MS))),
          ),
        );
    },

    /** Every key with its owner's e-mail, for the admin read (never the hash). */
    listAllForAdmin(): Promise<(Omit<ApiKeyRow, 'keyHash'> & { email: string })[]> {
      const { keyHash: _hash, ...columns } = getTableColumns(apiKeys);
      return db
        .select({ ...columns, email: users.email })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .orderBy(asc(apiKeys.createdAt))
        .limit(1000);
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
