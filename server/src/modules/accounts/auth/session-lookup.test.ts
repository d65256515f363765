import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import type { UserRow } from '../users/users.repository';
import { createSessionLookup } from './session-lookup';

const user = (id: string) => ({ id, email: `${id}@example.com`, isActive: true }) as UserRow;

/** Open sessions in memory; each query waits until the test releases it, so batches can be observed. */
function fakeSessions(open: Record<string, string>) {
  const queries: string[][] = [];
  const pending: (() => void)[] = [];
  return {
    queries,
    open,
    release: () => pending.splice(0).forEach((go) => go()),
    findOpenMany: (ids: readonly string[]) =>
      new Promise<{ sessionId: string; user: UserRow }[]>((resolve) => {
        queries.push([...ids]);
        // The read happens when the query is made: what is open now.
        const rows = ids.filter((id) => open[id]).map((id) => ({ sessionId: id, user: user(open[id]!) }));
        pending.push(() => resolve(rows));
      }),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('session lookups', () => {
  it('answers every request that waited during a query with one query', async () => {
    const sessions = fakeSessions({ s1: 'u1', s2: 'u2' });
    const lookup = createSessionLookup(sessions, manualClock());
    const first = lookup.findOpen('s1', 'u1');
    await settle();
    expect(sessions.queries).toEqual([['s1']]);
    const waiting = [lookup.findOpen('s1', 'u1'), lookup.findOpen('s2', 'u2'), lookup.findOpen('s1', 'u1'), lookup.findOpen('s3', 'u3')];
    await settle();
    expect(sessions.queries).toHaveLength(1);
    sessions.release();
    expect((await first)?.id).toBe('u1');
    await settle();
    expect(sessions.queries).toEqual([['s1'], ['s1', 's2', 's3']]);
    sessions.release();
    expect((await Promise.all(waiting)).map((u) => u?.id)).toEqual(['u1', 'u2', 'u1', undefined]);
  });

  it('never answers a request with a read that started before it arrived: a revoked session is refused', async () => {
    const sessions = fakeSessions({ s1: 'u1' });
    const lookup = createSessionLookup(sessions, manualClock());
    const before = lookup.findOpen('s1', 'u1');
    await settle();
    // Signed out while the first query is in flight; the next request must not ride on that query.
    delete sessions.open.s1;
    const after = lookup.findOpen('s1', 'u1');
    sessions.release();
    expect((await before)?.id).toBe('u1');
    await settle();
    sessions.release();
    expect(await after).toBeUndefined();
  });

  it("refuses a session id presented with another user's id", async () => {
    const sessions = fakeSessions({ s1: 'u1' });
    const lookup = createSessionLookup(sessions, manualClock());
    const p = lookup.findOpen('s1', 'u2');
    await settle();
    sessions.release();
    expect(await p).toBeUndefined();
  });

  it('passes a failed query to every request of its batch, and carries on', async () => {
    let fail = true;
    const lookup = createSessionLookup(
      {
        findOpenMany: async (ids) => {
          if (fail) throw new Error('database unavailable');
          return ids.map((id) => ({ sessionId: id, user: user('u1') }));
        },
      },
      manualClock(),
    );
    await expect(Promise.all([lookup.findOpen('s1', 'u1'), lookup.findOpen('s1', 'u1')])).rejects.toThrow('database unavailable');
    fail = false;
    expect((await lookup.findOpen('s1', 'u1'))?.id).toBe('u1');
  });
});
