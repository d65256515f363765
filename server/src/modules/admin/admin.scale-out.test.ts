import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { type ApiProcesses, call, login, startApiProcesses } from '../../test/api-processes';
import { createUser } from '../../test/factories';

/**
 * The last-admin guard across two API processes on one PostgreSQL database (decision 120): two admins who remove
 * each other at the same moment, each through a different process, must leave one admin. Runs in the PostgreSQL
 * suite.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the last active admin, over two API processes', () => {
  let api: ApiProcesses;
  beforeAll(async () => {
    api = await startApiProcesses();
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  const activeAdmins = async () =>
    (
      await api.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    ).length;

  it('20 trials of two admins removing each other (admin removal and deactivation) at once: an active admin after each', async () => {
    const deps = { database: api.database, clock: systemClock };
    const lockedOut: string[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const action = trial % 2 === 0 ? 'revoke_admin' : 'deactivate';
      const a = await createUser(deps, { isAdmin: true });
      const b = await createUser(deps, { isAdmin: true });
      // Only these two are admins, so each is the other's last colleague.
      await api.database.db
        .update(users)
        .set({ isAdmin: false })
        .where(notInArray(users.id, [a.id, b.id]));
      const [tokenA, tokenB] = await Promise.all([login(api.urls[0], a.email, a.password), login(api.urls[1], b.email, b.password)]);
      const [byA, byB] = await Promise.all([
        call(api.urls[0], 'POST', `/api/admin/users/${b.id}/actions`, { token: tokenA, body: { action } }),
        call(api.urls[1], 'POST', `/api/admin/users/${a.id}/actions`, { token: tokenB, body: { action } }),
      ]);
      const left = await activeAdmins();
      if (left < 1) lockedOut.push(`trial ${trial} (${action}): ${byA.status} and ${byB.status}, ${left} admins`);
      else {
        // One succeeds; the other is refused: signed out by the deactivation (401), no longer an admin (403), or the other is the last one (409).
        expect([byA.status, byB.status].sort()).toContainEqual(200);
        expect([byA.status, byB.status].filter((s) => s !== 200)).toHaveLength(1);
        expect([401, 403, 409]).toContain([byA.status, byB.status].find((s) => s !== 200));
      }
    }
    expect(lockedOut).toEqual([]);
  }, 180_000);
});
