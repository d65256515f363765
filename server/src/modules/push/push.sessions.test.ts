import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import { manualClock } from '../../lib/clock';
import { findResetLink, readOutbox } from '../../providers/email/outbox-reader';
import { fakeBrowserKeys, startFakePushService } from '../../test/fake-push-service';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';

/**
 * A browser's push subscription belongs to the session that made it (decision 246): whichever way that session ends
 * (logout, ended from elsewhere, a password reset, deactivation, expiry), the server keeps no subscription of it, lists
 * none and delivers to none, so the next person on a shared browser gets none of this user's alerts. The user's other
 * sessions keep theirs.
 */
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };
const clock = manualClock(new Date('2026-05-10T08:00:00Z'));
const DAY = 24 * 3_600_000;

let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;
let service: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  service = await startFakePushService();
  ({ app, deps, dataDir } = await buildAccountsTestApp({ deps: { jobs: noJobs, clock }, env: { PUSH_TEST_HOSTS: service.host } }));
}, 120_000);
afterAll(async () => {
  await app.close();
  await service.close();
});

let endpoints = 0;
const post = (url: string, headers: Record<string, string>, payload?: object) => app.inject({ method: 'POST', url, headers, payload });
const subscribe = async (who: { headers: Record<string, string> }) => {
  const endpoint = `${service.url}/push/session-device-${++endpoints}`;
  const res = await post('/api/push/subscriptions', who.headers, fakeBrowserKeys().subscription(endpoint));
  expect(res.statusCode, res.body).toBe(201);
  return endpoint;
};
const rowsOf = (userId: string) => deps.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const endpointsOf = async (userId: string) => (await rowsOf(userId)).map((r) => r.endpoint).sort();

/** A second session of the same user (another browser of theirs). */
async function secondSession(who: SignedIn): Promise<{ headers: Record<string, string> }> {
  const res = await post('/api/auth/login', {}, { email: who.user!.email, password: who.user!.password });
  return { headers: { authorization: `Bearer ${(res.json() as { token: string }).token}` } };
}

/** One user with two browsers subscribed, one per session. */
async function twoBrowsers() {
  const here = await signInAs(app, deps, 'premium');
  const elsewhere = await secondSession(here);
  const hereEndpoint = await subscribe(here);
  const elsewhereEndpoint = await subscribe(elsewhere);
  expect(await endpointsOf(here.user!.id)).toEqual([hereEndpoint, elsewhereEndpoint].sort());
  return { here, elsewhere, hereEndpoint, elsewhereEndpoint, userId: here.user!.id };
}

describe('a push subscription goes with the session that made it', () => {
  it('each subscription is saved with its session', async () => {
    const { userId } = await twoBrowsers();
    const rows = await rowsOf(userId);
    expect(new Set(rows.map((r) => r.sessionId)).size).toBe(2);
    expect(rows.every((r) => typeof r.sessionId === 'string')).toBe(true);
  });

  it('the Log out button (or the same session logged out from another device): that browser’s subscription goes, the other stays', async () => {
    const { here, elsewhereEndpoint, userId } = await twoBrowsers();
    expect((await post('/api/auth/logout', here.headers)).statusCode).toBe(200);
    expect(await endpointsOf(userId)).toEqual([elsewhereEndpoint]);
    expect((await deps.pushChannel.targetsFor(userId)).length).toBe(1);
  });

  it('a password reset ends every session and removes every subscription', async () => {
    const { here, userId } = await twoBrowsers();
    expect((await post('/api/auth/forgot-password', {}, { email: here.user!.email })).statusCode).toBe(200);
    await deps.auth.idle();
    const mail = (await readOutbox(dataDir, { to: here.user!.email })).at(-1)!;
    const token = new URL(findResetLink(mail)!).searchParams.get('token')!;
    expect((await post('/api/auth/reset-password', {}, { token, password: 'Aisle-seat-83' })).statusCode).toBe(200);
    expect(await endpointsOf(userId)).toEqual([]);
    expect(await deps.pushChannel.targetsFor(userId)).toEqual([]);
  });

  it("an admin's deactivation removes every subscription of the account", async () => {
    const { userId } = await twoBrowsers();
    const admin = await signInAs(app, deps, 'admin');
    expect((await post(`/api/admin/users/${userId}/actions`, admin.headers, { action: 'deactivate' })).statusCode).toBe(200);
    expect(await endpointsOf(userId)).toEqual([]);
  });

  it('an expired session’s subscription is neither listed nor delivered to, while a newer session’s is', async () => {
    const old = await signInAs(app, deps, 'premium');
    const oldEndpoint = await subscribe(old);
    const [oldTarget] = await deps.pushChannel.targetsFor(old.user!.id);
    clock.advance(deps.config.SESSION_TTL_DAYS * DAY - DAY);
    const fresh = await secondSession(old);
    const freshEndpoint = await subscribe(fresh);
    clock.advance(2 * DAY);
    // The first session has expired; the second has not.
    expect((await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: old.headers })).statusCode).toBe(401);
    const listed = await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: fresh.headers });
    expect((listed.json() as { devices: unknown[] }).devices).toHaveLength(1);
    const targets = await deps.pushChannel.targetsFor(old.user!.id);
    expect(targets.map((t) => t.id)).not.toContain(oldTarget!.id);
    expect(targets).toHaveLength(1);
    // A delivery queued for it before the expiry finds it gone.
    const outcome = await deps.pushChannel.deliver(
      oldTarget!,
      { kind: 'test', title: 'T', text: 'x', url: 'http://localhost:3000/' },
      'd-1',
    );
    expect(outcome.status).toBe('gone');
    expect(await endpointsOf(old.user!.id)).toContain(freshEndpoint);
    expect(oldEndpoint).not.toBe(freshEndpoint);
  });

  it('the same browser subscribing under a new session belongs to the new one', async () => {
    const first = await signInAs(app, deps, 'premium');
    const endpoint = await subscribe(first);
    const second = await secondSession(first);
    const res = await post('/api/push/subscriptions', second.headers, fakeBrowserKeys().subscription(endpoint));
    expect(res.statusCode).toBe(201);
    expect((await post('/api/auth/logout', first.headers)).statusCode).toBe(200);
    expect(await endpointsOf(first.user!.id)).toEqual([endpoint]);
  });
});
