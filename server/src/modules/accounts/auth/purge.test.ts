import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { findResetLink, readOutbox } from '../../../providers/email/outbox-reader';
import { buildAccountsTestApp, createUser, signInAs } from '../../../test/factories';
import { RESET_TOKEN_RETENTION_MS, SESSION_RETENTION_MS } from './auth.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;
beforeAll(async () => {
  ({ app, deps, dataDir } = await buildAccountsTestApp({ env: { SESSION_TTL_DAYS: '30' }, deps: { clock } }));
  // A stand-in search route on the real gate, so the quota count holds whatever the flight engine does.
  app.get('/test/search', async (request) => {
    const ticket = await deps.searchGate.admit(request, 'search');
    await ticket.settle({
      end: 'complete',
      destinations: 1,
      checked: 1,
      failed: 0,
      origin: 'DEN',
      destination: null,
      date: '2026-04-02',
      resultsFound: 1,
      totalFlights: 1,
    });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });

async function metric(name: string): Promise<string[]> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  return text.split('\n').filter((l) => l.startsWith(name));
}

describe('purge of expired sessions and reset links', () => {
  it('keeps live and recently dead rows, deletes sessions a month past expiry and reset links a day past expiry', async () => {
    const db = deps.database.db;
    const old = await signInAs(app, deps, 'free');
    await post('/api/auth/logout', {}, old.headers);
    const oldUser = await createUser(deps);
    expect((await post('/api/auth/forgot-password', { email: oldUser.email })).statusCode).toBe(200);
    await deps.auth.idle();

    // 30 days (the session TTL) + the retention, minus an hour: the old session is dead but still remembered.
    clock.advance(30 * DAY + SESSION_RETENTION_MS - HOUR);
    const fresh = await signInAs(app, deps, 'free');
    const freshUser = await createUser(deps);
    await post('/api/auth/forgot-password', { email: freshUser.email });
    await deps.auth.idle();
    const freshToken = new URL(findResetLink((await readOutbox(dataDir, { to: freshUser.email }))[0]!)!).searchParams.get('token');

    expect(await deps.auth.purgeExpired()).toEqual({ sessions: 0, resetTokens: 1 });
    expect((await db.query.sessions.findMany()).map((s) => s.userId).sort()).toEqual([old.user!.id, fresh.user!.id].sort());

    // What is left still works: the live session and the live link.
    expect((await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: fresh.headers })).statusCode).toBe(200);
    expect((await post('/api/auth/verify-reset-token', { token: freshToken })).json()).toMatchObject({ valid: true });

    clock.advance(2 * HOUR);
    expect(await deps.auth.purgeExpired()).toEqual({ sessions: 1, resetTokens: 0 });
    expect((await db.query.sessions.findMany()).map((s) => s.userId)).toEqual([fresh.user!.id]);
    expect(await db.query.passwordResetTokens.findMany()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: fresh.headers })).statusCode).toBe(200);

    clock.advance(RESET_TOKEN_RETENTION_MS);
    expect(await deps.auth.purgeExpired()).toEqual({ sessions: 0, resetTokens: 1 });
    expect(await metric('auth_records_purged_total{kind="reset_tokens"}')).toEqual(['auth_records_purged_total{kind="reset_tokens"} 2']);
  });
});

describe('account metrics on /metrics', () => {
  it('counts sign-ins by outcome', async () => {
    const user = await createUser(deps);
    const count = async (outcome: string) => {
      const [line] = await metric(`auth_logins_total{method="password",outcome="${outcome}"}`);
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const [ok0, bad0] = [await count('success'), await count('invalid')];
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: 'wrong-password-1' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'nobody-here@example.com', password: 'wrong-password-1' })).statusCode).toBe(401);
    expect(await count('success')).toBe(ok0 + 1);
    expect(await count('invalid')).toBe(bad0 + 2);
  });

  it('counts searches refused for the daily quota', async () => {
    const refusals = async () => Number((await metric('search_quota_refusals_total '))[0]?.split(' ').at(-1));
    expect(await refusals()).toBe(0);
    const { headers } = await signInAs(app, deps, 'free');
    // Distinct searches (another date each): a repeat of one paid for today is free (decision 100).
    const search = (n: number) => app.inject({ method: 'GET', url: `/test/search?origin=DEN&date=2026-04-${10 + n}`, headers });
    for (let i = 0; i < deps.config.FREE_SEARCHES_PER_DAY; i++) expect((await search(i)).statusCode).toBe(200);
    expect(await refusals()).toBe(0);
    expect((await search(0)).statusCode).toBe(200);
    expect((await search(7)).statusCode).toBe(429);
    expect((await search(8)).statusCode).toBe(429);
    expect(await refusals()).toBe(2);
    // Premium callers are never counted.
    const premium = await signInAs(app, deps, 'premium');
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'GET', url: '/test/search', headers: premium.headers })).statusCode).toBe(200);
    expect(await refusals()).toBe(2);
  });
});

describe('purge schedule', () => {
  it("is the accounts module's hourly job, and a run purges through the service and logs what it deleted", async () => {
    const job = deps.modules.find((m) => m.name === 'accounts')?.jobs?.find((j) => j.name === 'accounts.purge-expired');
    expect(job?.everyMs).toBe(HOUR);
    const lines: unknown[] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    const user = await signInAs(app, deps, 'free');
    await post('/api/auth/logout', {}, user.headers);
    await job!.run(log);
    expect(lines).toEqual([]);
    clock.advance(31 * DAY + SESSION_RETENTION_MS);
    await job!.run(log);
    expect(lines).toEqual([
      [{ purged: { sessions: expect.any(Number), resetTokens: expect.any(Number) } }, 'purged expired sessions and reset links'],
    ]);
  });
});
