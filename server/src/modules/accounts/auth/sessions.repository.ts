import { type SQL, and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pushSubscriptions, sessions, users } from '../../../db/schema';
import type { UserRow } from '../users/users.repository';

/** A database or a transaction: what ending sessions needs of either. */
type Writer = Pick<Db, 'update' | 'delete'>;

/**
 * Ends the open sessions that `which` selects and deletes the push subscriptions they made (decision 246), so a
 * browser's alerts stop with the session that turned them on: after a logout, a reset, a deactivation, or a session
 * ended from another device, the next person on that browser gets none. Every way a session is ended goes through
 * here (an expired session's subscriptions are never delivered to, and go with the session when it is purged).
 * Returns the ids of the sessions ended.
 */
export async function endSessions(db: Writer, which: SQL | undefined, now: Date): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const ids = ended.map((s) => s.id);
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, ids));
  return ids;
}

export function createSessionsRepository(db: Db) {
  return {
    async create(values: {
      id: string;
      userId: string;
      ip: string | null;
      userAgent: string | null;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(sessions).values(values);
    },
    /** The session's user when the session is open (not revoked, not expired); activity is checked by the caller. */
    async findOpen(sessionId: string, userId: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row?.user;
    },
    /** The open sessions among `sessionIds`, each with its user (one query for a batch of lookups, decision 065). */
    async findOpenMany(sessionIds: readonly string[], now: Date): Promise<{ sessionId: string; user: UserRow }[]> {
      if (sessionIds.length === 0) return [];
      return db
        .select({ sessionId: sessions.id, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    },
    async revoke(sessionId: string, now: Date): Promise<void> {
      await db.transaction((tx) => endSessions(tx, eq(sessions.id, sessionId), now));
    },
    async revokeAllForUser(userId: string, now: Date): Promise<number> {
      return (await db.transaction((tx) => endSessions(tx, eq(sessions.userId, userId), now))).length;
    },
    /** Deletes sessions that expired before `cutoff` (revoked ones included); returns how many. */
    async deleteExpiredBefore(cutoff: Date): Promise<number> {
      const rows = await db.delete(sessions).where(lt(sessions.expiresAt, cutoff)).returning({ id: sessions.id });
      return rows.length;
    },
    /** Whether this address has ever signed in to this account: such an address is not held to the per-account cap. */
    async hasSignedInFrom(userId: string, ip: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
