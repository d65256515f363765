import type { Clock } from '../../../lib/clock';
import { createBatchedLookup } from '../../../lib/batched-lookup';
import type { UserRow } from '../users/users.repository';

interface OpenSessions {
  findOpenMany(sessionIds: readonly string[], now: Date): Promise<{ sessionId: string; user: UserRow }[]>;
}

/**
 * Session lookups, batched (decision 065; lib/batched-lookup.ts): every request that arrives while a query runs
 * shares the next one, and none shares a read that started before it arrived, so a session revoked (or an account
 * switched off) before a request arrives is never honoured for it.
 */
export function createSessionLookup(sessions: OpenSessions, clock: Clock) {
  const lookup = createBatchedLookup<string, UserRow>(async (ids) => {
    const rows = await sessions.findOpenMany(ids, clock.now());
    return new Map(rows.map((r) => [r.sessionId, r.user]));
  });
  return {
    /** The session's user when the session is open (not revoked, not expired) and belongs to `userId`. */
    async findOpen(sessionId: string, userId: string): Promise<UserRow | undefined> {
      const user = await lookup.get(sessionId);
      return user && user.id === userId ? user : undefined;
    },
  };
}
export type SessionLookup = ReturnType<typeof createSessionLookup>;
