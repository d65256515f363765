import type { Clock } from '../../../lib/clock';
import type { UserRow } from '../users/users.repository';

interface OpenSessions {
  findOpenMany(sessionIds: readonly string[], now: Date): Promise<{ sessionId: string; user: UserRow }[]>;
}

interface Waiter {
  userId: string;
  resolve(user: UserRow | undefined): void;
  reject(err: unknown): void;
}

/** Most session ids asked for in one query. */
const MAX_BATCH = 500;

/**
 * Session lookups, batched (decision 065): one query at a time, for every request that arrived while the previous
 * one ran. A request never shares a read that started before it arrived, so a session revoked (or an account
 * switched off) before a request arrives is never honoured for it: the same guarantee as one query per request,
 * in one round trip for many. Under load the batch holds every concurrent request; when idle a lookup waits only
 * for the end of the current turn of the event loop.
 */
export function createSessionLookup(sessions: OpenSessions, clock: Clock) {
  let waiting = new Map<string, Waiter[]>();
  let running = false;

  async function runBatches(): Promise<void> {
    try {
      while (waiting.size > 0) {
        const batch = waiting;
        waiting = new Map();
        const ids = [...batch.keys()];
        for (let i = 0; i < ids.length; i += MAX_BATCH) {
          const chunk = ids.slice(i, i + MAX_BATCH);
          try {
            const rows = await sessions.findOpenMany(chunk, clock.now());
            const found = new Map(rows.map((r) => [r.sessionId, r.user]));
            for (const id of chunk) {
              const user = found.get(id);
              for (const w of batch.get(id) ?? []) w.resolve(user && user.id === w.userId ? user : undefined);
            }
          } catch (err) {
            for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(err);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** The session's user when the session is open (not revoked, not expired) and belongs to `userId`. */
    findOpen(sessionId: string, userId: string): Promise<UserRow | undefined> {
      return new Promise<UserRow | undefined>((resolve, reject) => {
        const list = waiting.get(sessionId);
        if (list) list.push({ userId, resolve, reject });
        else waiting.set(sessionId, [{ userId, resolve, reject }]);
        // The first query waits for the end of this turn of the event loop, so every request read from the network
        // in the same turn shares it (the embedded database answers within the turn, so without this wait each
        // request would have a query of its own).
        if (!running) {
          running = true;
          setImmediate(() => void runBatches());
        }
      });
    },
  };
}
export type SessionLookup = ReturnType<typeof createSessionLookup>;
