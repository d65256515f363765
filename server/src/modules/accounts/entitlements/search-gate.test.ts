import { SEARCH_MESSAGES, dailyLimitMessage } from '@gowild/contract/flights';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import type { SearchEnd } from './quota';
import type { SearchKind } from './search-gate';
import { buildAccountsTestApp, signInAs } from '../../../test/factories';

/**
 * The gate on a stand-in search route, so these tests hold whatever the flight engine does: `then` says whether the
 * "search" ran (settled as `end`, default complete), did not (cancel), or both were called; `checked`, `failed` and
 * `found` say what the client was sent (default: 7 destinations told about, none failed, 4 with flights).
 */
function addGateRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{
    Params: { kind: SearchKind };
    Querystring: { then?: string; origin?: string; end?: SearchEnd; checked?: string; failed?: string; found?: string };
  }>('/test/search/:kind', async (request) => {
    const ticket = await deps.searchGate.admit(request, request.params.kind);
    const q = request.query;
    const then = q.then ?? 'complete';
    let charged: boolean | null = null;
    if (then === 'cancel') await ticket.cancel();
    else {
      ({ charged } = await ticket.settle({
        origin: q.origin ?? 'DEN',
        destination: request.params.kind === 'search' ? null : 'MCO',
        date: '2026-03-02',
        end: q.end ?? 'complete',
        destinations: 7,
        checked: Number(q.checked ?? 7),
        failed: Number(q.failed ?? 0),
        resultsFound: Number(q.found ?? 4),
        totalFlights: 9,
      }));
      if (then === 'complete-then-cancel') await ticket.cancel();
    }
    return { caller: ticket.caller, charged };
  });
}

/** Tests that build their own app: a loaded CI machine can take a while to start one. */
const BUILD_TIMEOUT = 90_000;

// 22:00 UTC: two hours before the free allowance starts over.
const clock = manualClock(new Date('2026-03-01T22:00:00Z'));
let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock } }));
  addGateRoute(app, deps);
});
afterAll(async () => {
  await app.close();
});

/** Each call a different search (its date), so none is a free repeat of another (decision 100). */
let seq = 0;
const search = (headers: Record<string, string>, kind: SearchKind = 'search', then = 'complete') =>
  app.inject({ method: 'GET', url: `/test/search/${kind}?then=${then}&date=2026-03-${seq++}`, headers });
const usage = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).json();

describe('search gate', () => {
  it('sends visitors to log in', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(SEARCH_MESSAGES.loginRequired);
  });

  it('refuses premium kinds to free users with the premium texts, without spending quota', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    const expected: [SearchKind, string][] = [
      ['inbound', SEARCH_MESSAGES.inboundPremium],
      ['single', SEARCH_MESSAGES.singlePremium],
    ];
    for (const [kind, message] of expected) {
      const res = await search(headers, kind);
      expect(res.statusCode, kind).toBe(403);
      expect(res.json()).toMatchObject({ error: message, code: 'PREMIUM_REQUIRED' });
    }
    expect((await usage(headers)).searches_remaining).toBe(3);
  });

  it('gives free users 3 searches per UTC day, then 429 with the daily-limit text and Retry-After to midnight UTC', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    for (let i = 0; i < 3; i++) expect((await search(headers)).statusCode).toBe(200);
    expect(await usage(headers)).toEqual({ search_limit: 3, searches_remaining: 0, is_premium: false });
    const res = await search(headers);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: dailyLimitMessage(3), message: dailyLimitMessage(3), code: 'QUOTA_EXCEEDED' });
    expect(res.headers['retry-after']).toBe(String(2 * 3600));
  });

  it('of 20 concurrent searches with 3 left, exactly 3 run', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    const results = await Promise.all(Array.from({ length: 20 }, () => search(headers)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
    expect((await usage(headers)).searches_remaining).toBe(0);
  });

  it('counts only searches that ran: a cancelled search gives its reservation back', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    for (let i = 0; i < 5; i++) expect((await search(headers, 'search', 'cancel')).statusCode).toBe(200);
    expect((await usage(headers)).searches_remaining).toBe(3);
    // Settling twice does not refund a search that ran.
    await search(headers, 'search', 'complete-then-cancel');
    expect((await usage(headers)).searches_remaining).toBe(2);
  });

  it(
    'starts over at the next UTC day',
    async () => {
      const local = manualClock(new Date('2026-04-10T23:59:00Z'));
      const built = await buildAccountsTestApp({ deps: { clock: local } });
      try {
        addGateRoute(built.app, built.deps);
        const { headers } = await signInAs(built.app, built.deps, 'free');
        for (let i = 0; i < 3; i++) await built.app.inject({ method: 'GET', url: `/test/search/search?date=2026-03-${seq++}`, headers });
        const spent = await built.app.inject({ method: 'GET', url: `/test/search/search?date=2026-03-${seq++}`, headers });
        expect(spent.statusCode).toBe(429);
        expect(spent.headers['retry-after']).toBe('60');
        local.advance(61_000);
        expect((await built.app.inject({ method: 'GET', url: `/test/search/search?date=2026-03-${seq++}`, headers })).statusCode).toBe(200);
      } finally {
        await built.app.close();
      }
    },
    BUILD_TIMEOUT,
  );

  it('lets premium users search without limit, every kind', async () => {
    const { headers } = await signInAs(app, deps, 'premium');
    for (let i = 0; i < 8; i++) expect((await search(headers)).statusCode).toBe(200);
    for (const kind of ['single', 'inbound'] as const) expect((await search(headers, kind)).statusCode).toBe(200);
    expect(await usage(headers)).toEqual({ search_limit: null, searches_remaining: null, is_premium: true });
  });

  it('refuses a deactivated account', async () => {
    const { headers } = await signInAs(app, deps, 'deactivated');
    expect((await search(headers)).statusCode).toBe(401);
  });

  it('hands the flight engine the caller, for stripping seat counts', async () => {
    const free = await signInAs(app, deps, 'free');
    expect((await search(free.headers)).json().caller).toEqual({
      userId: free.user!.id,
      email: free.user!.email,
      isPremium: false,
      isAdmin: false,
    });
    const premium = await signInAs(app, deps, 'premium');
    expect((await search(premium.headers)).json().caller).toMatchObject({ isPremium: true });
  });

  it('writes the search log for searches that ran, not for cancelled ones', async () => {
    const { headers, user } = await signInAs(app, deps, 'premium');
    await app.inject({ method: 'GET', url: '/test/search/inbound?origin=LAS', headers });
    await app.inject({ method: 'GET', url: '/test/search/search?then=cancel&origin=PHX', headers });
    const logs = (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === user!.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      originAirport: 'LAS',
      destinationAirport: 'MCO',
      searchType: 'inbound',
      searchDate: '2026-03-02',
      resultsFound: 4,
      totalFlights: 9,
      outcome: 'complete',
      charged: true,
      destinationsTotal: 7,
      destinationsChecked: 7,
      destinationsFailed: 0,
    });
  });

  it('charges a free user by what was delivered, and logs every search that ran with its outcome and charge', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    const run = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/test/search/search?${query}`, headers })).json().charged as boolean;
    // The client left after 5 destinations, 3 of them with flights: it got its results, so the search counts.
    expect(await run('origin=A1&end=abandoned&checked=5&found=3')).toBe(true);
    expect((await usage(headers)).searches_remaining).toBe(2);
    // The client left before any destination with flights reached it: given back.
    expect(await run('origin=A2&end=abandoned&checked=2&found=0')).toBe(false);
    // The server shut down after one destination with flights, but 3 of the 4 sent had failed: given back.
    expect(await run('origin=A3&end=interrupted&checked=4&failed=3&found=1')).toBe(false);
    // Ran to its end with 6 of 7 destinations failed: still answered (partial), not charged.
    expect(await run('origin=A4&end=partial&failed=6&found=1')).toBe(false);
    // Every airline query failed.
    expect(await run('origin=A5&end=failed&found=0')).toBe(false);
    expect((await usage(headers)).searches_remaining).toBe(2);
    // Half failed is not "mostly failures": it counts.
    expect(await run('origin=A6&end=partial&checked=6&failed=3&found=3')).toBe(true);
    expect((await usage(headers)).searches_remaining).toBe(1);

    const logs = (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === user!.id);
    const byOrigin = Object.fromEntries(
      logs.map((l) => [l.originAirport, [l.outcome, l.charged, l.destinationsChecked, l.destinationsFailed]]),
    );
    expect(byOrigin).toEqual({
      A1: ['abandoned', true, 5, 0],
      A2: ['abandoned', false, 2, 0],
      A3: ['interrupted', false, 4, 3],
      A4: ['partial', false, 7, 6],
      A5: ['failed', false, 7, 0],
      A6: ['partial', true, 6, 3],
    });
  });

  it('records the same outcome and charge for premium users, whose searches are unlimited', async () => {
    const { headers, user } = await signInAs(app, deps, 'premium');
    const res = await app.inject({ method: 'GET', url: '/test/search/search?end=abandoned&checked=1&found=0', headers });
    expect(res.json().charged).toBe(false);
    const [log] = (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === user!.id);
    expect(log).toMatchObject({ outcome: 'abandoned', charged: false });
    expect(await usage(headers)).toEqual({ search_limit: null, searches_remaining: null, is_premium: true });
  });
});

describe('quota setting', () => {
  it.each([
    ['5', 5],
    ['1', 1],
  ])(
    'FREE_SEARCHES_PER_DAY=%s is the limit and the 429 text',
    async (setting, n) => {
      const built = await buildAccountsTestApp({ env: { FREE_SEARCHES_PER_DAY: setting } });
      try {
        addGateRoute(built.app, built.deps);
        const { headers } = await signInAs(built.app, built.deps, 'free');
        for (let i = 0; i < n; i++)
          expect((await built.app.inject({ method: 'GET', url: `/test/search/search?date=2026-03-${seq++}`, headers })).statusCode).toBe(
            200,
          );
        const res = await built.app.inject({ method: 'GET', url: `/test/search/search?date=2026-03-${seq++}`, headers });
        expect(res.statusCode).toBe(429);
        expect(res.json().error).toBe(dailyLimitMessage(n));
      } finally {
        await built.app.close();
      }
    },
    BUILD_TIMEOUT,
  );

  it(
    'FREE_SEARCHES_PER_DAY=0 means free accounts cannot search',
    async () => {
      const built = await buildAccountsTestApp({ env: { FREE_SEARCHES_PER_DAY: '0' } });
      try {
        addGateRoute(built.app, built.deps);
        const { headers } = await signInAs(built.app, built.deps, 'free');
        expect((await built.app.inject({ method: 'GET', url: `/test/search/search?date=2026-03-${seq++}`, headers })).statusCode).toBe(429);
        expect((await built.app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).json().searches_remaining).toBe(0);
      } finally {
        await built.app.close();
      }
    },
    BUILD_TIMEOUT,
  );
});
